import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { insertLog } from "../../../test/patient-data.js";
import { acceptInvite, addPatient, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Riverside Lung (US: New York's days). On Monday 16 March 2026 its dashboard shows the last two
 * weeks, 2–8 and 9–15 March. Ann (consented in February) logged every day of the first week and
 * three of the second, answered the questionnaire due 5 March and missed the one due 12 March.
 * Bo consented at 22:00 on 11 March, New York time (already the 12th in UTC), logged the day
 * before (not counted) and on the 12th and 13th. Cy withdrew on 4 March and logged after (not
 * counted). Dee was invited and never consented. Lena is Lakeside's.
 */
describe("the program's reporting trend beside the worklist", () => {
  let t: TestApp;
  let riverside: string;
  let lakeside: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const trend = (token: string, programId: string, query = "?weeks=2") =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/worklist/trend${query}`, token });
  const logOn = async (who: string, days: string[]) => {
    for (const d of days)
      await insertLog(
        t,
        { programId: riverside, patientId: ids[who]! },
        { logClass: "SYMPTOMS", at: `${d}T09:00:00-05:00`, logTypeId: "10028813", grade: 1 },
      );
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-02-20T15:00:00Z");
    const org = await insertOrganisation(t, "Riverside Health");
    const otherOrg = await insertOrganisation(t, "Lakeside");
    riverside = await insertProgram(t, { organisationId: org, name: "Riverside Lung", territory: "US" });
    lakeside = await insertProgram(t, { organisationId: otherOrg, name: "Lakeside Oncology" });
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, nurse.id, org, "clinical_project_admin");
    const clerk = await staffSession(t, { email: "carl@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, clerk.id, org, "clinical_project_admin");
    await changePermissions(t, clerk.id, { revoke: ["view_project_users"] });
    const outsider = await staffSession(t, { email: "omar@lakeside.test", role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, otherOrg, "clinical_project_admin");
    const nurseToken = (await signIn(t, "nia@clinic.test")).accessToken;
    for (const who of ["Ann", "Bo", "Cy", "Dee"]) {
      const email = `${who.toLowerCase()}@patients.test`;
      expect(
        (await addPatient(t, nurseToken, newPatient(riverside, { firstName: who, lastName: "River", email })))
          .statusCode,
      ).toBe(201);
      if (who === "Dee") continue;
      const patientToken = await acceptInvite(t, email, { firstName: who, lastName: "River" });
      expect((await giveConsent(t, patientToken, riverside)).statusCode).toBe(200);
      ids[who] = await userIdOf(t, email);
    }
    await t.ctx.db
      .updateTable("programPatients")
      .set({ dateConsentGiven: new Date("2026-03-12T02:00:00Z") })
      .where("userId", "=", ids.Bo!)
      .execute();
    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENT_WITHDRAWN", dateConsentRevoked: new Date("2026-03-04T15:00:00Z") })
      .where("userId", "=", ids.Cy!)
      .execute();
    await logOn("Ann", ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    await logOn("Ann", ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-16"]);
    await logOn("Bo", ["2026-03-10", "2026-03-12", "2026-03-13"]);
    await logOn("Cy", ["2026-03-02", "2026-03-05"]);
    const scheduleId = await insertProgramSchedule(t, {
      programId: riverside,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    const event = { programId: riverside, patientId: ids.Ann!, scheduleId, questionnaireTypeId: EQ5D_TYPE_ID };
    await insertQuestionnaireEvent(t, { ...event, occurrence: 1, dueDate: "2026-03-05", state: "COMPLETED" });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 2, dueDate: "2026-03-12", state: "MISSED" });
    t.clock.set("2026-03-16T16:00:00Z");
    for (const [key, email] of [
      ["nurse", "nia@clinic.test"],
      ["clerk", "carl@clinic.test"],
      ["outsider", "omar@lakeside.test"],
    ] as const)
      tokens[key] = (await signIn(t, email)).accessToken;
  });
  afterAll(() => t.close());

  it("gives each week's share of days logged and of questionnaires answered, from consent to withdrawal, in the clinic's days", async () => {
    const answer = await trend(tokens.nurse!, riverside);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.weeks).toEqual([
      {
        from: "2026-03-02",
        to: "2026-03-08",
        // Ann's 7 days and Cy's 2 before withdrawing; Ann logged 7, Cy 1 (not the 5th).
        patients: 2,
        patientDays: 9,
        loggedDays: 8,
        loggingRate: 89,
        questionnairesDue: 1,
        questionnairesCompleted: 1,
        completionRate: 100,
      },
      {
        from: "2026-03-09",
        to: "2026-03-15",
        // Ann's 7 days (3 logged) and Bo's 5 from his consent on the 11th (2 logged; the 10th before it).
        patients: 2,
        patientDays: 12,
        loggedDays: 5,
        loggingRate: 42,
        questionnairesDue: 1,
        questionnairesCompleted: 0,
        completionRate: 0,
      },
    ]);
    // The worklist's count beside it is the worklist's own.
    const list = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${riverside}/worklist`,
      token: tokens.nurse!,
    });
    expect(body.quiet).toBe(list.json().totalCount);
    // Eight weeks unless asked.
    expect((await trend(tokens.nurse!, riverside, "")).json().weeks).toHaveLength(8);
  });

  it("refuses a number of weeks out of range in words, someone without the worklist's permission, and other programs", async () => {
    const bad = await trend(tokens.nurse!, riverside, "?weeks=100");
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual([{ field: "weeks", message: messages.notValidValue }]);
    expect((await trend(tokens.clerk!, riverside)).statusCode).toBe(403);
    expect((await trend(tokens.outsider!, riverside)).statusCode).toBe(404);
    expect((await trend(tokens.nurse!, lakeside)).statusCode).toBe(404);
  });
});
