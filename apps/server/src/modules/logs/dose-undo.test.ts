import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consentedPatient, signInPatient } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, programStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Issue 30 §4.3: "I took it" has an undo. The patient takes back a dose they recorded, on the day it
 * was taken; adherence follows at once; undoing again answers the same; a retried upload of the
 * dose from the phone's queue does not bring it back. Only the patient's own dose. Each story has a
 * world of its own (beforeEach): Northbridge Lung N, its nurse Nia, and Grace and Wendy, consented,
 * each with a once-daily Osimertinib from 27 November.
 */
describe("a patient undoes a dose recorded by mistake", () => {
  let t: TestApp;
  let n = 0;
  let domain: string;
  let lung: string;
  let people: Record<string, { id: string; medicine: string }>;

  const doseUrl = (clientId: string, programId = lung) =>
    `/api/v1/user/projects/${programId}/medication-events/${clientId}`;
  /** A fresh sign-in each time: the clock moves past a session's access token. */
  const tokenOf = (who: string) => signInPatient(t, `${who}@${domain}`);
  const undo = async (who: string, clientId: string, programId = lung) =>
    t.request({ method: "DELETE", url: doseUrl(clientId, programId), token: await tokenOf(who) });
  const takeDose = async (who: string, clientId: string, date: string) =>
    t.request({
      method: "POST",
      url: `/api/v1/user/projects/${lung}/medication-events`,
      token: await tokenOf(who),
      payload: { events: [{ clientId, medicationClientId: people[who]!.medicine, status: "LOGGED", date }] },
    });
  const dosesOf = (who: string) =>
    t.ctx.db.selectFrom("medicationEvents").select("clientId").where("patientId", "=", people[who]!.id).execute();
  /** Grace's adherence in the participant report, as her nurse reads it. */
  const adherence = async () => {
    const nurse = (await signIn(t, `nia@${domain}`)).accessToken as string;
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/users/${people.grace!.id}/reports?startDate=2026-11-27&endDate=2026-11-27`,
      token: nurse,
    });
    expect(response.statusCode).toBe(200);
    return response.json().medicationAdherence[0] as { logged: number; adherence: number | null };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    n++;
    domain = uniqueMailDomain();
    people = {};
    t.clock.set("2026-11-27T09:00:00Z");
    const organisationId = await insertOrganisation(t, `Northbridge Health ${n}`);
    lung = await insertProgram(t, { organisationId, name: `Northbridge Lung ${n}`, startDate: "2026-11-01" });
    const nurse = await programStaff(t, lung, { email: `nia@${domain}`, role: "clinician_team_member" }, [
      "view_project_symptom_data",
      "view_project_temperature_data",
    ]);
    for (const who of ["grace", "wendy"]) {
      const email = `${who}@${domain}`;
      const { userId, token } = await consentedPatient(t, nurse.token, lung, { email, firstName: who });
      const medicine = randomUUID();
      const added = await t.request({
        method: "POST",
        url: `/api/v1/user/projects/${lung}/medications`,
        token,
        payload: {
          medications: [{ clientId: medicine, name: "Osimertinib", frequency: "ONCE_DAILY", startDate: "2026-11-27" }],
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      people[who] = { id: userId, medicine };
    }
  });
  afterAll(() => t.close());

  it("takes a dose back on the day it was taken: adherence follows, audited, and undoing or sending it again changes nothing", async () => {
    t.clock.set("2026-11-27T12:00:00Z");
    const dose = randomUUID();
    expect((await takeDose("grace", dose, "2026-11-27T12:00:00+00:00")).statusCode).toBe(200);
    expect(await adherence()).toMatchObject({ logged: 1 });

    t.clock.set("2026-11-27T12:01:00Z");
    const undone = await undo("grace", dose);
    expect(undone.statusCode, undone.body).toBe(204);
    expect(await dosesOf("grace")).toEqual([]);
    expect(await adherence()).toMatchObject({ logged: 0 });
    const audited = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "patientId"])
      .where("action", "=", "medication-event.undo")
      .execute();
    expect(audited).toEqual([{ action: "medication-event.undo", patientId: people.grace!.id }]);

    // Idempotent: the same undo again answers the same; the phone's queue sending the dose again
    // does not bring it back.
    expect((await undo("grace", dose)).statusCode).toBe(204);
    const resent = await takeDose("grace", dose, "2026-11-27T12:00:00+00:00");
    expect(resent.statusCode).toBe(200);
    expect(resent.json().results).toEqual([{ clientId: dose, logId: dose, status: "undone" }]);
    expect(await dosesOf("grace")).toEqual([]);

    // The right dose, at the time she took it, counts again.
    expect((await takeDose("grace", randomUUID(), "2026-11-27T08:30:00+00:00")).statusCode).toBe(200);
    expect(await adherence()).toMatchObject({ logged: 1 });
  });

  it("refuses to undo a dose of an earlier day, another patient's dose, or without signing in", async () => {
    t.clock.set("2026-11-28T03:00:00Z");
    const dose = randomUUID();
    // Taken at 21:30 in New York on the 27th (02:30 UTC on the 28th).
    expect((await takeDose("wendy", dose, "2026-11-27T21:30:00-05:00")).statusCode).toBe(200);

    // Grace cannot touch Wendy's dose: as if it did not exist.
    expect((await undo("grace", dose)).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: doseUrl(dose) })).statusCode).toBe(401);

    // Past midnight where Wendy took it, the dose is a correction for the care team.
    t.clock.set("2026-11-28T05:30:00Z");
    const late = await undo("wendy", dose);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.doseUndoTooLate);
    expect((await dosesOf("wendy")).map((d) => d.clientId)).toContain(dose);
  });
});
