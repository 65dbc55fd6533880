import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLog } from "../../../test/patient-data.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";

/**
 * Grace, of Northbridge Heart (UK; temperatures 36–38 °C), saw the nurse on 1 March 2026. Since
 * then: nausea at grade 1, then 3 (a danger grade, an alert the nurse closed by calling her), then
 * 2; a temperature of 38.6 °C; an EQ-5D answered on 8 March whose VAS fell from 70 to 50; one
 * missed on 5 March; a note "Could not keep breakfast down". Before the visit, a grade-4 nausea
 * that the summary leaves out. Lena is Lakeside's patient.
 */
describe("the pre-visit summary", () => {
  let t: TestApp;
  let heart: string;
  let lakeside: string;
  let graceId = "";
  let lenaId = "";
  const tokens: Record<string, string> = {};
  const summary = (token: string, programId: string, userId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/pre-visit-summary`,
      token,
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-02-01T10:00:00Z");
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakesideOrg = await insertOrganisation(t, "Lakeside");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: "Lakeside Oncology" });
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: 36, temperatureMax: 38 })
      .where("id", "=", heart)
      .execute();
    const admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    const clerk = await staffSession(t, { email: "carl@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, clerk.id, northbridge, "clinician_team_member");
    await changePermissions(t, clerk.id, { revoke: ["view_user_dashboard"] });
    const outsider = await staffSession(t, { email: "omar@lakeside.test", role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, lakesideOrg, "clinical_project_admin");
    const adminToken = (await signIn(t, "cara@clinic.test")).accessToken;
    const outsiderToken = (await signIn(t, "omar@lakeside.test")).accessToken;
    for (const [programId, token, first, last, email] of [
      [heart, adminToken, "Grace", "Hopper", "grace@patients.test"],
      [lakeside, outsiderToken, "Lena", "Lake", "lena@patients.test"],
    ] as const) {
      expect(
        (await addPatient(t, token, newPatient(programId, { firstName: first, lastName: last, email }))).statusCode,
      ).toBe(201);
      const patientToken = await acceptInvite(t, email, { firstName: first, lastName: last });
      expect((await giveConsent(t, patientToken, programId)).statusCode).toBe(200);
    }
    graceId = await userIdOf(t, "grace@patients.test");
    lenaId = await userIdOf(t, "lena@patients.test");
    const grace = { programId: heart, patientId: graceId };
    await t.ctx.db
      .insertInto("nurseVisitAppointments")
      .values({
        programId: heart,
        patientId: graceId,
        appointmentType: "NURSE_APPOINTMENT",
        date: "2026-03-01",
        startTime: "10:00",
        endTime: "10:30",
        isDraft: false,
        mode: "FACE_TO_FACE",
        status: "COMPLETED",
        withWhom: "Sister Okafor",
        notes: null,
        startsAt: "2026-03-01T10:00:00Z",
        endsAt: "2026-03-01T10:30:00Z",
        createdBy: admin.id,
        createdAt: "2026-02-20T10:00:00Z",
        updatedAt: "2026-02-20T10:00:00Z",
      })
      .execute();
    await insertLog(t, grace, { logClass: "SYMPTOMS", at: "2026-02-20T09:00:00+00:00", logTypeId: NAUSEA, grade: 4 });
    await insertLog(t, grace, { logClass: "SYMPTOMS", at: "2026-03-02T09:00:00+00:00", logTypeId: NAUSEA, grade: 1 });
    const severe = await insertLog(t, grace, {
      logClass: "SYMPTOMS",
      at: "2026-03-04T09:00:00+00:00",
      logTypeId: NAUSEA,
      grade: 3,
      note: "Could not keep breakfast down",
    });
    await insertLog(t, grace, { logClass: "SYMPTOMS", at: "2026-03-06T09:00:00+00:00", logTypeId: NAUSEA, grade: 2 });
    await insertLog(t, grace, { logClass: "TEMPERATURE", at: "2026-03-05T08:00:00+00:00", value: 38.6, unit: "°C" });
    await insertLog(t, grace, { logClass: "TEMPERATURE", at: "2026-03-06T08:00:00+00:00", value: 37.0, unit: "°C" });
    const alert = await t.ctx.db
      .insertInto("alerts")
      .values({
        programId: heart,
        patientId: graceId,
        kind: "symptom",
        triggerKey: `symptom:${NAUSEA}`,
        logTypeId: NAUSEA,
        grade: 3,
        temperature: null,
        severity: 3,
        status: "closed",
        raisedAt: "2026-03-04T09:00:05Z",
        lastLogAt: "2026-03-04T09:00:00Z",
        ownerId: admin.id,
        takenAt: "2026-03-04T09:10:00Z",
        closedAt: "2026-03-04T09:40:00Z",
        closedBy: admin.id,
        closeAction: "called_patient",
        closeNote: "Antiemetic advised",
        escalatedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto("alertLogs").values({ alertId: alert.id, logId: severe, programId: heart }).execute();
    const schedule = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    const event = { programId: heart, patientId: graceId, scheduleId: schedule, questionnaireTypeId: EQ5D_TYPE_ID };
    const vas = (score: number) => [{ scale: "VAS", label: "EQ VAS", kind: "vas", score, mid: 7 }];
    await insertQuestionnaireEvent(t, {
      ...event,
      occurrence: 1,
      dueDate: "2026-02-20",
      state: "COMPLETED",
      scores: vas(70),
    });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 2, dueDate: "2026-03-05", state: "MISSED" });
    await insertQuestionnaireEvent(t, {
      ...event,
      occurrence: 3,
      dueDate: "2026-03-08",
      state: "COMPLETED",
      scores: vas(50),
    });
    t.clock.set("2026-03-12T12:00:00Z");
    for (const [key, email] of [
      ["admin", "cara@clinic.test"],
      ["clerk", "carl@clinic.test"],
      ["outsider", "omar@lakeside.test"],
    ] as const)
      tokens[key] = (await signIn(t, email)).accessToken;
  });
  afterAll(() => t.close());

  it("gathers the period since the last visit on one page, each figure with what links to its detail", async () => {
    const answer = await summary(tokens.admin!, heart, graceId);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      patientName: "Grace Hopper",
      programName: "Northbridge Heart",
      from: "2026-03-01",
      to: "2026-03-12",
      lastVisit: { date: "2026-03-01", appointmentType: "NURSE_APPOINTMENT" },
    });
    // The grade-4 nausea before the visit is not in the period; the course since is.
    expect(body.severeSymptoms).toEqual([
      {
        logTypeId: NAUSEA,
        name: "Nausea",
        worstGrade: 3,
        firstSevereDate: "2026-03-04",
        course: [
          { date: "2026-03-02", grade: 1, isDanger: false },
          { date: "2026-03-04", grade: 3, isDanger: true },
          { date: "2026-03-06", grade: 2, isDanger: false },
        ],
      },
    ]);
    expect(body.alerts).toEqual([
      expect.objectContaining({
        what: "Nausea grade 3",
        status: "closed",
        closeAction: "called_patient",
        closeNote: "Antiemetic advised",
      }),
    ]);
    expect(body.temperaturesOutOfRange).toEqual([expect.objectContaining({ date: "2026-03-05", celsius: 38.6 })]);
    expect(body.questionnaires).toEqual([
      expect.objectContaining({
        name: expect.any(String),
        changes: [
          {
            scale: "VAS",
            label: "EQ VAS",
            score: 50,
            previous: 70,
            change: -20,
            mid: 7,
            meaningful: true,
            direction: "worse",
          },
        ],
      }),
    ]);
    expect(body.missedQuestionnaires).toEqual([expect.objectContaining({ dueDate: "2026-03-05" })]);
    expect(body.notes).toEqual([
      expect.objectContaining({ date: "2026-03-04", note: "Could not keep breakfast down" }),
    ]);
    expect(await auditRows(t, "patient.summary.read")).toEqual([
      expect.objectContaining({ programId: heart, patientId: graceId, outcome: "success" }),
    ]);
  });

  it("refuses a team member without the dashboard permission, and answers 404 for another program's patient", async () => {
    expect((await summary(tokens.clerk!, heart, graceId)).statusCode).toBe(403);
    expect((await summary(tokens.outsider!, heart, graceId)).statusCode).toBe(404);
    // Lena is Lakeside's: not found through Heart, even for Heart's admin.
    expect((await summary(tokens.admin!, heart, lenaId)).statusCode).toBe(404);
    expect((await summary(tokens.admin!, heart, "not-a-uuid")).statusCode).toBe(404);
  });
});
