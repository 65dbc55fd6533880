import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { changePermissions, programWithStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("program settings: disclaimer, temperature alert and articles", () => {
  let t: TestApp;
  let programs = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world: a hospital of its own ("Northbridge Health 3") running "Northbridge Heart 3",
   * written as programs were before readiness (issue 30): nothing set; and Callum, its clinical
   * program admin with the role's default grants (a story may take some away).
   */
  const heartWithCallum = async () => {
    const n = ++programs;
    const name = `Northbridge Heart ${n}`;
    const { programId, staff } = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: name,
      ready: false,
      staff: { callum: { email: `callum@${uniqueMailDomain()}`, role: "clinical_project_admin" } },
    });
    const { callum } = staff;
    return {
      name,
      callum,
      get: (token: string) => t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}`, token }),
      patch: (token: string, payload: object) =>
        t.request({ method: "PATCH", url: `/api/v1/admin/projects/${programId}`, token, payload }),
    };
  };

  it("starts a program with no disclaimer, no thresholds and no articles", async () => {
    const { callum, get } = await heartWithCallum();
    const program = (await get(callum.token)).json();
    expect(program).toMatchObject({
      disclaimer: null,
      temperatureMin: null,
      temperatureMax: null,
      temperatureMessage: null,
      articles: [],
    });
  });

  it("saves each new field and reads it back, numbers as numbers", async () => {
    const { callum, get, patch } = await heartWithCallum();
    const saved = await patch(callum.token, {
      disclaimer: "  Not medical advice.  ",
      temperatureMin: 35.5,
      temperatureMax: "38.2",
      temperatureMessage: "Call the ward if your temperature is out of range.",
      consentMessage: "x".repeat(3000),
      articles: [
        { header: "Living with heart failure", url: "https://example.org/heart" },
        { header: "Diet", url: "http://example.org/diet" },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const program = (await get(callum.token)).json();
    expect(program).toMatchObject({
      disclaimer: "Not medical advice.",
      temperatureMin: 35.5,
      temperatureMax: 38.2,
      temperatureMessage: "Call the ward if your temperature is out of range.",
      consentMessage: "x".repeat(3000),
    });
    expect(program.articles).toHaveLength(2);
    expect(program.articles[0]).toMatchObject({
      header: "Living with heart failure",
      url: "https://example.org/heart",
    });
    expect(program.articles[0].articleId).toMatch(/^[0-9a-f-]{36}$/);

    // Ids survive a save that keeps the article; removing one and clearing the rest works too.
    const kept = program.articles[0];
    await patch(callum.token, { articles: [kept], temperatureMin: null, disclaimer: "" });
    const after = (await get(callum.token)).json();
    expect(after.articles).toEqual([kept]);
    expect(after.temperatureMin).toBeNull();
    expect(after.temperatureMax).toBe(38.2);
    expect(after.disclaimer).toBeNull();
  });

  it("puts the spec's messages on the fields it refuses", async () => {
    const { callum, patch } = await heartWithCallum();
    const cases: [object, { field: string; message: string }][] = [
      [{ name: " " }, { field: "name", message: messages.programNameRequired }],
      [{ temperatureMin: 19.9 }, { field: "temperatureMin", message: messages.minValue(20) }],
      [{ temperatureMax: 50.1 }, { field: "temperatureMax", message: messages.maxValue(50) }],
      [{ temperatureMin: "abc" }, { field: "temperatureMin", message: messages.notValidValue }],
      [{ temperatureMax: "-3" }, { field: "temperatureMax", message: messages.notValidValue }],
      [
        { temperatureMin: 40, temperatureMax: 36 },
        { field: "temperatureMax", message: messages.temperatureMinAboveMax },
      ],
      [{ disclaimer: "d".repeat(1001) }, { field: "disclaimer", message: messages.maxLength(1000) }],
      [{ consentMessage: "c".repeat(3001) }, { field: "consentMessage", message: messages.maxLength(3000) }],
      [
        { adverseEventReportingMessage: "a".repeat(501) },
        { field: "adverseEventReportingMessage", message: messages.maxLength(500) },
      ],
      [{ temperatureMessage: "t".repeat(501) }, { field: "temperatureMessage", message: messages.maxLength(500) }],
      [
        { articles: [{ header: " ", url: "https://example.org" }] },
        { field: "articles.0.header", message: messages.required },
      ],
      [
        { articles: [{ header: "A", url: "ftp://example.org" }] },
        { field: "articles.0.url", message: messages.invalidUrl },
      ],
      [
        { articles: Array.from({ length: 11 }, (_, i) => ({ header: `A${i}`, url: "https://example.org" })) },
        { field: "articles", message: messages.maxArticles(10) },
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await patch(callum.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(fieldErrors(response)).toContainEqual(error);
    }
  });

  it("sets the participation period as projectPeriod, and a blank clears it (empty numerics become null)", async () => {
    const { callum, get, patch } = await heartWithCallum();
    expect((await patch(callum.token, { projectPeriod: "12" })).statusCode).toBe(200);
    expect((await get(callum.token)).json().projectPeriod).toBe(12);
    const refused = await patch(callum.token, { projectPeriod: "twelve" });
    expect(fieldErrors(refused)).toEqual([{ field: "projectPeriod", message: messages.notValidValue }]);
    expect((await get(callum.token)).json().projectPeriod).toBe(12);
    expect((await patch(callum.token, { projectPeriod: " " })).statusCode).toBe(200);
    expect((await get(callum.token)).json().projectPeriod).toBeNull();
    await patch(callum.token, { projectPeriod: 8 });
    expect((await patch(callum.token, { projectPeriod: null })).statusCode).toBe(200);
    expect((await get(callum.token)).json().projectPeriod).toBeNull();
    // The old name is not part of the contract.
    const old = await patch(callum.token, { participationWeeks: 4 });
    expect(fieldErrors(old)).toEqual([
      { field: "participationWeeks", message: messages.unknownField("participationWeeks") },
    ]);
  });

  it("leaves out of the program each setting the caller may not view", async () => {
    const { name, callum, get, patch } = await heartWithCallum();
    await patch(callum.token, {
      patientProgramName: "My Heart Diary",
      consentMessage: "I agree to share my symptoms.",
      temperatureMin: 36,
      temperatureMax: 38,
      temperatureMessage: "Call the ward.",
      projectPeriod: 10,
      articles: [{ header: "Diet", url: "https://example.org/diet" }],
    });
    const gates: [string, Record<string, unknown>][] = [
      ["view_patient_program_name", { patientProgramName: null }],
      ["view_project_consent_message", { consentMessage: null }],
      [
        "view_project_temperature_severity_threshold",
        { temperatureMin: null, temperatureMax: null, temperatureMessage: null },
      ],
      ["view_patient_participation_duration", { projectPeriod: null }],
    ];
    for (const [permission, hidden] of gates) {
      await changePermissions(t, callum.id, { revoke: [permission] });
      const program = (await get(callum.token)).json();
      expect(program, permission).toMatchObject(hidden);
      // The rest is still there.
      expect(program.name).toBe(name);
      await changePermissions(t, callum.id, { grant: [permission] });
    }
    expect((await get(callum.token)).json()).toMatchObject({
      patientProgramName: "My Heart Diary",
      consentMessage: "I agree to share my symptoms.",
      temperatureMin: 36,
      temperatureMessage: "Call the ward.",
      projectPeriod: 10,
    });
    // Articles need their view permission or the right to edit the program.
    await changePermissions(t, callum.id, { revoke: ["view_project_articles", "edit_project"] });
    expect((await get(callum.token)).json().articles).toEqual([]);
    await changePermissions(t, callum.id, { grant: ["edit_project"] });
    expect((await get(callum.token)).json().articles).toHaveLength(1);
    await changePermissions(t, callum.id, { grant: ["view_project_articles"] });
  });

  it("checks a single threshold against the stored one", async () => {
    const { callum, get, patch } = await heartWithCallum();
    await patch(callum.token, { temperatureMin: 36, temperatureMax: 38 });
    const response = await patch(callum.token, { temperatureMin: 39 });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toContainEqual({ field: "temperatureMax", message: messages.temperatureMinAboveMax });
    expect((await get(callum.token)).json().temperatureMin).toBe(36);
  });

  it("refuses each gated field without its edit permission", async () => {
    const { callum, get, patch } = await heartWithCallum();
    const gated: [string, object][] = [
      ["edit_project_temperature_severity_threshold", { temperatureMin: 36 }],
      ["edit_project_temperature_severity_threshold", { temperatureMax: 38 }],
      ["edit_project_temperature_severity_threshold", { temperatureMessage: "Hot" }],
      ["edit_project_consent_message", { consentMessage: "Consent" }],
    ];
    for (const [permission, payload] of gated) {
      await changePermissions(t, callum.id, { revoke: [permission] });
      expect((await patch(callum.token, payload)).statusCode).toBe(403);
      await changePermissions(t, callum.id, { grant: [permission] });
      expect((await patch(callum.token, payload)).statusCode).toBe(200);
    }
    await changePermissions(t, callum.id, { revoke: ["edit_project"] });
    expect((await patch(callum.token, { articles: [] })).statusCode).toBe(403);
    expect((await patch(callum.token, { disclaimer: "Edited" })).statusCode).toBe(403);
    await changePermissions(t, callum.id, { grant: ["edit_project"] });
    expect((await get(callum.token)).json().disclaimer).toBeNull();
  });
});
