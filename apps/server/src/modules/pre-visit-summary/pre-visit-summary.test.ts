import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLog, insertSymptomAlert, insertVisit } from "../../../test/patient-data.js";
import { auditRows, consentedPatient } from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import { changePermissions, programWithStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";

/**
 * Grace, of Northbridge Heart (UK; temperatures 36–38 °C), saw the nurse on 1 March 2026. Since
 * then: nausea at grade 1, then 3 (a danger grade, an alert the nurse closed by calling her), then
 * 2; a temperature of 38.6 °C; an EQ-5D answered on 8 March whose VAS fell from 70 to 50; one
 * missed on 5 March; a note "Could not keep breakfast down". Before the visit, a grade-4 nausea
 * that the summary leaves out. Lena is Lakeside's patient. Each story builds this world anew.
 */
describe("the pre-visit summary", () => {
  let t: TestApp;
  const summary = (token: string, programId: string, userId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/pre-visit-summary`,
      token,
    });

  let n = 0;
  const graceSinceHerVisit = async () => {
    n++;
    const domain = uniqueMailDomain();
    t.clock.set("2026-02-01T10:00:00Z");
    const northbridge = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: `Northbridge Heart ${n}`,
      staff: {
        admin: { email: `cara@${domain}`, role: "clinical_project_admin" },
        clerk: { email: `carl@${domain}`, role: "clinician_team_member" },
      },
    });
    const heart = northbridge.programId;
    const { admin, clerk } = northbridge.staff;
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: 36, temperatureMax: 38 })
      .where("id", "=", heart)
      .execute();
    await changePermissions(t, clerk.id, { revoke: ["view_user_dashboard"] });
    const lakeside = await programWithStaff(t, {
      organisation: `Lakeside ${n}`,
      program: `Lakeside Oncology ${n}`,
      staff: { outsider: { email: `omar@lakeside-${domain}`, role: "clinical_project_admin" } },
    });
    const grace = await consentedPatient(t, admin.token, heart, {
      firstName: "Grace",
      lastName: "Hopper",
      email: `grace@${domain}`,
    });
    const lena = await consentedPatient(t, lakeside.staff.outsider.token, lakeside.programId, {
      firstName: "Lena",
      lastName: "Lake",
      email: `lena@${domain}`,
    });
    const owner = { programId: heart, patientId: grace.userId };
    await insertVisit(t, owner, {
      date: "2026-03-01",
      startTime: "10:00",
      endTime: "10:30",
      startsAt: "2026-03-01T10:00:00Z",
      endsAt: "2026-03-01T10:30:00Z",
      withWhom: "Sister Okafor",
      createdBy: admin.id,
      createdAt: "2026-02-20T10:00:00Z",
    });
    await insertLog(t, owner, { logClass: "SYMPTOMS", at: "2026-02-20T09:00:00+00:00", logTypeId: NAUSEA, grade: 4 });
    await insertLog(t, owner, { logClass: "SYMPTOMS", at: "2026-03-02T09:00:00+00:00", logTypeId: NAUSEA, grade: 1 });
    const severe = await insertLog(t, owner, {
      logClass: "SYMPTOMS",
      at: "2026-03-04T09:00:00+00:00",
      logTypeId: NAUSEA,
      grade: 3,
      note: "Could not keep breakfast down",
    });
    await insertLog(t, owner, { logClass: "SYMPTOMS", at: "2026-03-06T09:00:00+00:00", logTypeId: NAUSEA, grade: 2 });
    await insertLog(t, owner, { logClass: "TEMPERATURE", at: "2026-03-05T08:00:00+00:00", value: 38.6, unit: "°C" });
    await insertLog(t, owner, { logClass: "TEMPERATURE", at: "2026-03-06T08:00:00+00:00", value: 37.0, unit: "°C" });
    await insertSymptomAlert(t, owner, {
      logTypeId: NAUSEA,
      grade: 3,
      raisedAt: "2026-03-04T09:00:05Z",
      lastLogAt: "2026-03-04T09:00:00Z",
      logIds: [severe],
      closed: {
        by: admin.id,
        takenAt: "2026-03-04T09:10:00Z",
        closedAt: "2026-03-04T09:40:00Z",
        action: "called_patient",
        note: "Antiemetic advised",
      },
    });
    const schedule = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    const event = { ...owner, scheduleId: schedule, questionnaireTypeId: EQ5D_TYPE_ID };
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
    const tokens = {
      admin: (await signIn(t, `cara@${domain}`)).accessToken,
      clerk: (await signIn(t, `carl@${domain}`)).accessToken,
      outsider: (await signIn(t, `omar@lakeside-${domain}`)).accessToken,
    };
    return { heart, heartName: `Northbridge Heart ${n}`, graceId: grace.userId, lenaId: lena.userId, tokens };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gathers the period since the last visit on one page, each figure with what links to its detail", async () => {
    const { heart, heartName, graceId, tokens } = await graceSinceHerVisit();
    const answer = await summary(tokens.admin, heart, graceId);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      patientName: "Grace Hopper",
      programName: heartName,
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
    expect((await auditRows(t, "patient.summary.read")).filter((row) => row.programId === heart)).toEqual([
      expect.objectContaining({ programId: heart, patientId: graceId, outcome: "success" }),
    ]);
  });

  it("refuses a team member without the dashboard permission, and answers 404 for another program's patient", async () => {
    const { heart, graceId, lenaId, tokens } = await graceSinceHerVisit();
    expect((await summary(tokens.clerk, heart, graceId)).statusCode).toBe(403);
    expect((await summary(tokens.outsider, heart, graceId)).statusCode).toBe(404);
    // Lena is Lakeside's: not found through Heart, even for Heart's admin.
    expect((await summary(tokens.admin, heart, lenaId)).statusCode).toBe(404);
    expect((await summary(tokens.admin, heart, "not-a-uuid")).statusCode).toBe(404);
  });

  it("answers 404 for a patient whose data was erased, whose report still shows the kept clinical rows", async () => {
    const { heart, graceId, tokens } = await graceSinceHerVisit();
    const erased = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/users/${graceId}/erasure`,
      token: tokens.admin,
      payload: { reason: "no_legal_ground", confirm: true },
    });
    expect(erased.statusCode).toBe(200);
    expect((await summary(tokens.admin, heart, graceId)).statusCode).toBe(404);
    const pdf = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/pre-visit-summary/pdf`,
      token: tokens.admin,
    });
    expect(pdf.statusCode).toBe(404);
    expect((await auditRows(t, "patient.summary.read")).filter((row) => row.programId === heart)).toEqual([]);
    // The report reads the same enrolment, and keeps showing it under "Erased patient" (docs/exports.md).
    const report = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports?startDate=2026-03-01&endDate=2026-03-12`,
      token: tokens.admin,
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().senderData).toMatchObject({ firstName: "Erased patient", lastName: "" });
    expect(report.json().symptoms).toEqual([expect.objectContaining({ grade: 3, isDanger: true })]);
  });
});
