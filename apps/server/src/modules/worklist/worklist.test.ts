import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { insertLog } from "../../../test/patient-data.js";
import {
  acceptInvite,
  addPatient,
  auditRows,
  giveConsent,
  newPatient,
  patientLogin,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

interface Row {
  patientId: string;
  patientName: string;
  reasons: { reason: string; since: string }[];
  quietSince: string;
  lastLogAt: string | null;
  lastContact: { outcome: string; note: string | null; contactedBy: { name: string } | null } | null;
  careTeamPhone: string | null;
}

/**
 * Northbridge Heart (UK) enrols four patients on 1 February 2026, who all consent that day. By
 * 12 March: Alan never opened the app; Grace logged every day to 26 February, then twice; Ada
 * logs every day but missed the questionnaire that closed on 5 March; Ben logs every day.
 * Lena is Lakeside's patient.
 */
describe("the worklist of patients gone quiet", () => {
  let t: TestApp;
  let heart: string;
  let lakeside: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const patientTokens: Record<string, string> = {};

  const day = (d: string, time = "09:00:00Z") => `${d}T${time}`;
  const eachDay = (from: string, to: string) => {
    const days: string[] = [];
    for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
      days.push(d.toISOString().slice(0, 10));
    return days;
  };
  const logOn = async (patient: string, days: string[]) => {
    for (const d of days)
      await insertLog(
        t,
        { programId: heart, patientId: ids[patient]! },
        { logClass: "SYMPTOMS", at: day(d), logTypeId: "10028813", grade: 1 },
      );
  };
  const worklist = async (token = tokens.nurse!, programId = heart) =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/worklist`, token });
  const rows = async () => {
    const response = await worklist();
    expect(response.statusCode).toBe(200);
    return response.json().results as Row[];
  };
  const row = async (name: string) => (await rows()).find((r) => r.patientName.startsWith(name));
  const contact = (patient: string, payload: unknown, token = tokens.nurse!, programId = heart) =>
    t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${programId}/worklist/${ids[patient]}/contacts`,
      token,
      payload: payload as Record<string, unknown>,
    });
  const contacts = (patient: string, token = tokens.nurse!, programId = heart) =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/users/${ids[patient]}/contacts`, token });
  const signInStaff = async () => {
    for (const [key, email] of [
      ["nurse", "nia@clinic.test"],
      ["admin", "cara@clinic.test"],
      ["outsider", "omar@lakeside.test"],
      ["clerk", "carl@clinic.test"],
    ] as const)
      tokens[key] = (await signIn(t, email)).accessToken;
  };

  /** The clock moves on; the staff sign in again (days apart, their sessions have ended). */
  const moveTo = async (instant: string) => {
    t.clock.set(instant);
    await signInStaff();
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-02-01T10:00:00Z");
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakesideOrg = await insertOrganisation(t, "Lakeside");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: "Lakeside Oncology" });
    await t.ctx.db
      .insertInto("careTeamContacts")
      .values({
        programId: heart,
        careTeamName: "Heart nurses",
        generalGuidance: "Call us",
        hoursOfOperation: "9-5",
        contactPhones: ["+44 20 7946 0018"],
        contactEmails: [],
        position: 0,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .execute();
    const admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    const nurse = await staffSession(t, {
      email: "nia@clinic.test",
      role: "clinician_team_member",
      firstName: "Nia",
      lastName: "Okafor",
    });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    const clerk = await staffSession(t, { email: "carl@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, clerk.id, northbridge, "clinician_team_member");
    await changePermissions(t, clerk.id, { revoke: ["view_project_users"] });
    const outsider = await staffSession(t, { email: "omar@lakeside.test", role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, lakesideOrg, "clinical_project_admin");
    await signInStaff();

    for (const [key, first, last, programId, token] of [
      ["alan", "Alan", "Turing", heart, tokens.admin!],
      ["grace", "Grace", "Hopper", heart, tokens.admin!],
      ["ada", "Ada", "Lovelace", heart, tokens.admin!],
      ["ben", "Ben", "Okri", heart, tokens.admin!],
      ["lena", "Lena", "Lake", lakeside, tokens.outsider!],
    ] as const) {
      const email = `${key}@patients.test`;
      const added = await addPatient(t, token, newPatient(programId, { firstName: first, lastName: last, email }));
      expect(added.statusCode).toBe(201);
      const patientToken = await acceptInvite(t, email, { firstName: first, lastName: last });
      expect((await giveConsent(t, patientToken, programId)).statusCode).toBe(200);
      ids[key] = await userIdOf(t, email);
    }
    // Everyone but Alan signs in to the app after consenting.
    t.clock.set("2026-02-01T18:00:00Z");
    for (const key of ["grace", "ada", "ben", "lena"]) {
      const login = await patientLogin(t, `${key}@patients.test`);
      expect(login.statusCode).toBe(200);
      patientTokens[key] = login.json().accessToken;
    }
    await logOn("grace", [...eachDay("2026-02-02", "2026-02-26"), "2026-02-28", "2026-03-10"]);
    await logOn("ada", eachDay("2026-02-02", "2026-03-12"));
    await logOn("ben", eachDay("2026-02-02", "2026-03-12"));
    const schedule = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    const event = { programId: heart, patientId: ids.ada!, scheduleId: schedule, questionnaireTypeId: EQ5D_TYPE_ID };
    await insertQuestionnaireEvent(t, { ...event, occurrence: 1, dueDate: "2026-02-22", state: "MISSED" });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 2, dueDate: "2026-02-26", state: "COMPLETED" });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 3, dueDate: "2026-03-05", state: "MISSED" });
    await moveTo("2026-03-12T12:00:00Z");
  });
  afterAll(() => t.close());

  it("lists who has gone quiet, longest first: the reason, since when, the last log, the last contact, the care-team phone", async () => {
    const list = await rows();
    expect(list.map((r) => [r.patientName, r.reasons])).toEqual([
      ["Alan Turing", [{ reason: "never_opened", since: "2026-02-01" }]],
      ["Grace Hopper", [{ reason: "reporting_dropped", since: "2026-02-27" }]],
      // The questionnaire missed before her last completed one does not count.
      ["Ada Lovelace", [{ reason: "missed_questionnaire", since: "2026-03-05" }]],
    ]);
    const grace = list[1]!;
    expect(grace.quietSince).toBe("2026-02-27");
    expect(grace.lastLogAt).toBe("2026-03-10T09:00:00.000Z");
    expect(grace.lastContact).toBeNull();
    expect(grace.careTeamPhone).toBe("+44 20 7946 0018");
    expect(list[0]!.lastLogAt).toBeNull();
    expect((await worklist()).json().totalCount).toBe(3);
    const audit = await auditRows(t, "worklist.list");
    expect(audit.at(-1)).toMatchObject({ programId: heart, outcome: "success" });
  });

  it("counts the patients on the worklists of the caller's programs for the side menu", async () => {
    const count = await t.request({ method: "GET", url: "/api/v1/admin/worklist/count", token: tokens.nurse! });
    expect(count.json()).toEqual({ quiet: 3 });
    // Lakeside's admin: Lena signed in and consented today weeks ago but never logged: no log for 7 days.
    const lakesideCount = await t.request({
      method: "GET",
      url: "/api/v1/admin/worklist/count",
      token: tokens.outsider!,
    });
    expect(lakesideCount.json()).toEqual({ quiet: 1 });
  });

  it("refuses a team member without the participant-list permission, and answers 404 for another program's worklist or patient", async () => {
    expect((await worklist(tokens.clerk)).statusCode).toBe(403);
    expect((await contact("grace", { outcome: "called" }, tokens.clerk)).statusCode).toBe(403);
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/worklist/count", token: tokens.clerk! })).statusCode,
    ).toBe(403);
    expect((await worklist(tokens.outsider)).statusCode).toBe(404);
    expect((await contact("grace", { outcome: "called" }, tokens.outsider)).statusCode).toBe(404);
    expect((await contacts("grace", tokens.outsider)).statusCode).toBe(404);
    // Lena is Lakeside's: not found through Heart, even for Heart's nurse.
    expect((await contact("lena", { outcome: "called" })).statusCode).toBe(404);
    expect((await contacts("lena")).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom("worklistContacts").selectAll().execute()).toEqual([]);
  });

  it("refuses a contact without an outcome or with a note too long, with the message on the field, recording nothing", async () => {
    const missing = await contact("grace", { note: "Rang twice" });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing)).toEqual([{ field: "outcome", message: messages.worklistContactOutcomeRequired }]);
    const unknown = await contact("grace", { outcome: "emailed" });
    expect(fieldErrors(unknown)).toEqual([{ field: "outcome", message: messages.worklistContactOutcomeRequired }]);
    const long = await contact("grace", { outcome: "called", note: "x".repeat(1001) });
    expect(fieldErrors(long)).toEqual([{ field: "note", message: messages.maxLength(1000) }]);
    expect(await t.ctx.db.selectFrom("worklistContacts").selectAll().execute()).toEqual([]);
  });

  it("takes the patient off the list after a recorded call, audited and on the dashboard, until quiet again", async () => {
    const recorded = await contact("alan", { outcome: "called", note: "Phone was new; installing the app tonight" });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      outcome: "called",
      note: "Phone was new; installing the app tonight",
      contactedAt: "2026-03-12T12:00:00.000Z",
      contactedBy: { name: "Nia Okafor" },
    });
    expect((await rows()).map((r) => r.patientName)).toEqual(["Grace Hopper", "Ada Lovelace"]);
    expect(await auditRows(t, "worklist.contact")).toEqual([
      expect.objectContaining({ programId: heart, patientId: ids.alan, outcome: "success" }),
    ]);
    const card = await contacts("alan");
    expect(card.statusCode).toBe(200);
    expect(card.json().results).toEqual([
      expect.objectContaining({ outcome: "called", contactedBy: expect.objectContaining({ name: "Nia Okafor" }) }),
    ]);

    // Two days on, Alan still has not opened the app: a new quiet period, since the call.
    await moveTo("2026-03-13T12:00:00Z");
    expect(await row("Alan")).toBeUndefined();
    await moveTo("2026-03-14T12:00:00Z");
    expect((await row("Alan"))?.reasons).toEqual([{ reason: "never_opened", since: "2026-03-12" }]);
    expect((await row("Alan"))?.lastContact).toMatchObject({ outcome: "called" });
    await moveTo("2026-03-12T12:00:00Z");
  });

  it("uses the program's N for no log, set by those who set the alert thresholds", async () => {
    // Grace last logged on 10 March: at N = 7, 17 March is her seventh day without a log.
    await moveTo("2026-03-16T12:00:00Z");
    expect((await row("Grace"))?.reasons.map((r) => r.reason)).toEqual(["reporting_dropped"]);
    await moveTo("2026-03-17T12:00:00Z");
    expect((await row("Grace"))?.reasons).toContainEqual({ reason: "no_log", since: "2026-03-11" });
    const bad = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/worklist-settings`,
      token: tokens.admin!,
      payload: { quietDays: 1 },
    });
    expect(fieldErrors(bad)).toEqual([{ field: "quietDays", message: messages.worklistQuietDaysInvalid }]);
    const refused = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/worklist-settings`,
      token: tokens.nurse!,
      payload: { quietDays: 10 },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/worklist-settings`,
      token: tokens.admin!,
      payload: { quietDays: 10 },
    });
    expect(saved.json()).toEqual({ quietDays: 10 });
    expect((await row("Grace"))?.reasons.map((r) => r.reason)).toEqual(["reporting_dropped"]);
    await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/worklist-settings`,
      token: tokens.admin!,
      payload: { quietDays: 7 },
    });
    await moveTo("2026-03-12T12:00:00Z");
  });

  it("lists nobody after withdrawal, nor after the program's end", async () => {
    const withdrawn = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${heart}/users/${ids.grace}/consent`,
      token: tokens.admin!,
      payload: { consentGiven: false },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await rows()).map((r) => r.patientName)).not.toContain("Grace Hopper");
    expect((await rows()).length).toBeGreaterThan(0);
    await setProgram(t, heart, { endedAt: new Date("2026-03-11T17:00:00Z") });
    expect(await rows()).toEqual([]);
    await setProgram(t, heart, { endedAt: null });
  });
});
