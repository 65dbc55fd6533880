import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";
const FEVER = "10016558";

/**
 * A link that names one alert (the pre-visit summary's, an e-mail's) opens that alert: the queue filtered
 * by its id, and never an alert outside the caller's reach.
 */
describe("the alert queue opened at one alert", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-04T12:00:00Z");
  });
  afterAll(() => t.close());

  /** A program of its own organisation with a nurse, and a consented patient who logged grade-3 nausea and grade-3 fever. */
  const programWithTwoAlerts = async (label: string) => {
    const org = await insertOrganisation(t, `${label} Health`);
    const programId = await insertProgram(t, { organisationId: org, name: `${label} Oncology` });
    const admin = await staffSession(t, { email: `admin@${label}.test`, role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, org, "clinical_project_admin");
    const nurse = await staffSession(t, { email: `nurse@${label}.test`, role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, org, "clinician_team_member");
    const email = `patient@${label}.test`;
    expect((await addPatient(t, admin.token, newPatient(programId, { email }))).statusCode).toBe(201);
    const patient = await acceptInvite(t, email);
    expect((await giveConsent(t, patient, programId)).statusCode).toBe(200);
    const logs = [NAUSEA, FEVER].map((logTypeId) => ({
      clientId: randomUUID(),
      logClass: "SYMPTOMS",
      date: "2026-03-04T11:00:00Z",
      logTypeId,
      grade: 3,
    }));
    const uploaded = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${programId}/logs`,
      token: patient,
      payload: { logs },
    });
    expect(uploaded.statusCode).toBeLessThan(300);
    const queue = await t.request({
      method: "GET",
      url: `/api/v1/admin/alerts?projectId=${programId}`,
      token: nurse.token,
    });
    const alertIds = (queue.json().results as { alertId: string }[]).map((a) => a.alertId);
    expect(alertIds).toHaveLength(2);
    return { programId, nurse, alertIds };
  };

  it("lists only the alert the link names", async () => {
    const { programId, nurse, alertIds } = await programWithTwoAlerts("harbour");
    const [first, second] = alertIds as [string, string];
    const one = await t.request({
      method: "GET",
      url: `/api/v1/admin/alerts?projectId=${programId}&alertId=${second}`,
      token: nurse.token,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().totalCount).toBe(1);
    expect(one.json().results.map((a: { alertId: string }) => a.alertId)).toEqual([second]);
    expect(second).not.toBe(first);
  });

  it("shows nothing of another hospital's alert, even by its exact id", async () => {
    const theirs = await programWithTwoAlerts("lakeside");
    const ours = await programWithTwoAlerts("northbridge");
    const across = await t.request({
      method: "GET",
      url: `/api/v1/admin/alerts?alertId=${theirs.alertIds[0]}`,
      token: ours.nurse.token,
    });
    expect(across.statusCode).toBe(200);
    expect(across.json()).toEqual({ results: [], totalCount: 0 });
  });

  it("refuses an alert id that is not an id, with the field named", async () => {
    const { nurse } = await programWithTwoAlerts("meadow");
    const bad = await t.request({ method: "GET", url: "/api/v1/admin/alerts?alertId=42", token: nurse.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: "alertId", message: messages.notFound }]);
  });
});
