import { randomUUID } from "node:crypto";
import { adherenceOf, datesBetween, dosesExpectedOn, type MedicationFrequency } from "@openpro/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addConsentedNhsPatient } from "../../../test/consented-patients.js";
import { fieldErrors } from "../../../test/factories.js";
import { insertLogs, insertMedication, insertMedicationWithDoses, setValidation } from "../../../test/patient-data.js";
import { auditRows } from "../../../test/patients.js";
import {
  EQ5D_TYPE_ID,
  insertProgramSchedule,
  insertQuestionnaireEvent,
  type QuestionnaireState,
} from "../../../test/questionnaires.js";
import {
  changePermissions,
  insertOrganisation,
  insertProgram,
  organisationStaff,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";
const FATIGUE = "10016256";
/** A term the catalogue does not hold (one it held once): its logs stay and still show. */
const UNLISTED = "10099999";
const programData = ["view_project_symptom_data", "view_project_temperature_data"];

/**
 * A week of a small program, built by hand so every figure can be worked out on paper: Grace
 * (consented Monday 2 March) and Alan (Tuesday 3 March) take part; Wendy logged the worst of all
 * and then withdrew, so nothing of hers counts; one of Grace's logs was invalidated. Each story
 * builds its own week in a program of its own (`heartWeek()`); the staff are the organisation's.
 */
describe("the program dashboard sums up a program's week", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let researcher: { id: string; token: string };
  let plainNurse: { id: string; token: string };
  let withoutSchedules: { id: string; token: string };
  let northbridge: string;
  let lakeside: string;
  const week = { startDate: "2026-03-01", endDate: "2026-03-07" };

  const get = (token: string | undefined, path: string, query: Record<string, string>, programId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/reports/${path}?${new URLSearchParams(query)}`,
      ...(token ? { token } : {}),
    });

  let programs = 0;
  /** A Northbridge program of the story's own, started on Sunday 1 March, with no one in it yet. */
  const heartProgram = () =>
    insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${++programs}`, startDate: "2026-03-01" });

  /** A nurse of Northbridge, refused the program's data as plainNurse is, for a story that changes her grants. */
  const nurseWithoutProgramData = async () => {
    const session = await organisationStaff(t, northbridge, {
      email: `pat@${uniqueMailDomain()}`,
      role: "clinician_team_member",
    });
    await changePermissions(t, session.id, { revoke: programData });
    return { id: session.id, token: (await signIn(t, (await emailOf(session.id))!)).accessToken };
  };
  /** A patient's enrolment in the program moves to `status` (withdrawn, or consented again). */
  const setEnrolmentStatus = (programId: string, userId: string, status: string) =>
    t.ctx.db
      .updateTable("programPatients")
      .set({ status })
      .where("programId", "=", programId)
      .where("userId", "=", userId)
      .execute();
  const emailOf = async (userId: string) =>
    (await t.ctx.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst())?.email;

  /**
   * The week described above, in a program of its own: Grace, Alan and Wendy (added by the nurse,
   * consented on the days given), their logs and doses, Wendy withdrawn on Thursday; with the id of
   * Alan's once-a-day Omeprazole, for the story that changes it.
   */
  const heartWeek = async () => {
    const heart = await heartProgram();
    const domain = uniqueMailDomain("patients");
    const enrol = (firstName: string, lastName: string, consentedAt: string) =>
      addConsentedNhsPatient(
        t,
        nurse.token,
        heart,
        { firstName, lastName, email: `${firstName.toLowerCase()}@${domain}` },
        { dob: "1961-04-12", sex: "female", consentedAt },
      );
    const grace = await enrol("Grace", "Hopper", "2026-03-02T09:00:00Z");
    const wendy = await enrol("Wendy", "Withdrawn", "2026-03-02T09:30:00Z");
    const alan = await enrol("Alan", "Turing", "2026-03-03T09:00:00Z");

    const ofGrace = { programId: heart, patientId: grace };
    const ofAlan = { programId: heart, patientId: alan };
    const ofWendy = { programId: heart, patientId: wendy };
    await insertLogs(t, ofGrace, [
      { logClass: "SYMPTOMS", at: "2026-03-02T10:00:00Z", logTypeId: NAUSEA, grade: 1 },
      { logClass: "SYMPTOMS", at: "2026-03-03T10:00:00Z", logTypeId: NAUSEA, grade: 3 },
      {
        logClass: "SYMPTOMS",
        at: "2026-03-04T10:00:00Z",
        logTypeId: NAUSEA,
        grade: 4,
        validationStatus: "Removed",
        validationReason: "Incorrect symptom severity",
      },
      { logClass: "SYMPTOMS", at: "2026-03-04T11:00:00Z", logTypeId: FATIGUE, grade: 2 },
      { logClass: "TEMPERATURE", at: "2026-03-02T07:00:00Z", value: 37, unit: "C" },
      { logClass: "TEMPERATURE", at: "2026-03-03T07:00:00Z", value: 38, unit: "C" },
      { logClass: "TEMPERATURE", at: "2026-03-04T07:00:00Z", value: 41, unit: "C", validationStatus: "Removed" },
    ]);
    await insertLogs(t, ofAlan, [
      { logClass: "SYMPTOMS", at: "2026-03-03T12:00:00Z", logTypeId: NAUSEA, grade: 2 },
      // Half past midnight on Thursday where Alan was: Thursday is his day, not Wednesday.
      { logClass: "SYMPTOMS", at: "2026-03-05T00:30:00+01:00", logTypeId: NAUSEA, grade: 3 },
      { logClass: "TEMPERATURE", at: "2026-03-03T08:00:00Z", value: 36, unit: "C" },
    ]);
    await insertLogs(t, ofWendy, [
      { logClass: "SYMPTOMS", at: "2026-03-03T10:00:00Z", logTypeId: NAUSEA, grade: 4 },
      { logClass: "TEMPERATURE", at: "2026-03-03T07:00:00Z", value: 39.5, unit: "C" },
    ]);
    // Omeprazole once a day: Grace logs two, skips one and misses two before today (Saturday).
    await insertMedicationWithDoses(
      t,
      ofGrace,
      { name: "Omeprazole", frequency: "ONCE_DAILY", startDate: "2026-03-02" },
      { logged: ["2026-03-02T08:00:00Z", "2026-03-03T08:00:00Z"], skipped: ["2026-03-04T08:00:00Z"] },
    );
    const alanOmeprazole = await insertMedicationWithDoses(
      t,
      ofAlan,
      { name: "Omeprazole", frequency: "ONCE_DAILY", startDate: "2026-03-05" },
      { logged: ["2026-03-05T08:00:00Z", "2026-03-06T08:00:00Z"] },
    );
    await insertMedicationWithDoses(
      t,
      ofAlan,
      { name: "Ondansetron", frequency: "AS_NEEDED", startDate: "2026-03-03" },
      { logged: ["2026-03-04T14:00:00Z"] },
    );
    // Every other day from Monday (Monday, Wednesday, Friday): one logged on Wednesday, one on a day off.
    await insertMedicationWithDoses(
      t,
      ofAlan,
      { name: "Iron", frequency: "EVERY_OTHER_DAY", startDate: "2026-03-02" },
      { logged: ["2026-03-03T09:00:00Z", "2026-03-04T09:00:00Z"] },
    );
    // Weekly from Sunday 1 March, two days before Alan consented: no dose of it counts this week.
    await insertMedication(t, ofAlan, { name: "Methotrexate", frequency: "WEEKLY", startDate: "2026-03-01" });
    await insertMedication(t, ofWendy, { name: "Omeprazole", frequency: "TWICE_DAILY", startDate: "2026-03-02" });

    // Wendy withdraws on Thursday.
    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENT_WITHDRAWN", dateConsentRevoked: new Date("2026-03-05T09:00:00Z") })
      .where("programId", "=", heart)
      .where("userId", "=", wendy)
      .execute();
    return { heart, grace, alan, wendy, alanOmeprazole };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Read on Saturday morning, 7 March 2026.
    t.clock.set("2026-03-07T10:00:00Z");
    northbridge = await insertOrganisation(t, "Northbridge Health");
    const lake = await insertOrganisation(t, "Lakeside");
    lakeside = await insertProgram(t, { organisationId: lake, name: "Lakeside" });
    nurse = await organisationStaff(t, northbridge, { email: "nia@clinic.test", role: "clinician_team_member" });
    await changePermissions(t, nurse.id, { grant: programData });
    plainNurse = await organisationStaff(t, northbridge, { email: "pat@clinic.test", role: "clinician_team_member" });
    // A care-team role holds the program's data by default: this nurse has been refused it.
    await changePermissions(t, plainNurse.id, { revoke: programData });
    withoutSchedules = await organisationStaff(t, northbridge, {
      email: "sam@clinic.test",
      role: "clinician_team_member",
    });
    await changePermissions(t, withoutSchedules.id, { revoke: ["view_questionnaire_schedules"] });
    researcher = await organisationStaff(t, northbridge, {
      email: "rita@research.test",
      role: "life_sciences_team_member",
    });
    // The grants changed after signing in: each signs in again to carry them.
    for (const [staff, email] of [
      [nurse, "nia@clinic.test"],
      [plainNurse, "pat@clinic.test"],
      [researcher, "rita@research.test"],
      [withoutSchedules, "sam@clinic.test"],
    ] as const)
      staff.token = (await signIn(t, email)).accessToken;
    // Another organisation's program, where Lena logged a grade-4 nausea that no Northbridge figure shows.
    const lakeNurse = await organisationStaff(t, lake, { email: "lou@lakeside.test", role: "clinician_team_member" });
    const lena = await addConsentedNhsPatient(
      t,
      lakeNurse.token,
      lakeside,
      { firstName: "Lena", lastName: "Lake", email: "lena@patients.test" },
      { dob: "1970-01-01", sex: "female", consentedAt: "2026-03-02T09:00:00Z" },
    );
    await insertLogs(t, { programId: lakeside, patientId: lena }, [
      { logClass: "SYMPTOMS", at: "2026-03-03T10:00:00Z", logTypeId: NAUSEA, grade: 4 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("averages a symptom's grades per day, live logs of patients taking part only", async () => {
    const { heart } = await heartWeek();
    const response = await get(nurse.token, "symptoms/trends", { ...week, logTypeId: NAUSEA }, heart);
    expect(response.statusCode).toBe(200);
    const trend = response.json();
    expect(trend.logType.name).toBe("Nausea");
    expect(trend.logType.levels.map((l: { isDanger: boolean }) => l.isDanger)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(trend.logType.maxGradeDescriptionLength).toBeGreaterThan(10);
    // Tuesday: Grace 3 and Alan 2 (Wendy's 4 does not count); Wednesday: Grace's 4 was invalidated.
    expect(trend.daysGradesAvg).toEqual({ "2026-03-02": 1, "2026-03-03": 2.5, "2026-03-05": 3 });
    expect(trend.daysCounts).toEqual({ "2026-03-02": 1, "2026-03-03": 2, "2026-03-05": 1 });
    expect(Object.keys(trend.daysGradesAvg)).toEqual(["2026-03-02", "2026-03-03", "2026-03-05"]);
  });

  it("lines patients up by the day of their involvement when asked", async () => {
    const { heart } = await heartWeek();
    const response = await get(
      nurse.token,
      "symptoms/trends",
      { ...week, logTypeId: NAUSEA, axis: "involvementDay" },
      heart,
    );
    expect(response.statusCode).toBe(200);
    // Day 1: Grace's Monday (1) and Alan's Tuesday (2); day 2: Grace's Tuesday (3) and Alan's Wednesday:
    // nothing; day 3: Alan's Thursday (3).
    expect(response.json().daysGradesAvg).toEqual({ "1": 1.5, "2": 3, "3": 3 });
    expect(response.json().daysCounts).toEqual({ "1": 2, "2": 1, "3": 1 });
    // Only the range's logs: from Tuesday, Grace's day 1 is out.
    const fromTuesday = await get(
      nurse.token,
      "symptoms/trends",
      {
        startDate: "2026-03-03",
        endDate: "2026-03-07",
        logTypeId: NAUSEA,
        axis: "involvementDay",
      },
      heart,
    );
    expect(fromTuesday.json().daysGradesAvg).toEqual({ "1": 2, "2": 3, "3": 3 });
  });

  it("ranks the most logged symptoms, with severe logs and counts per grade", async () => {
    const { heart } = await heartWeek();
    const response = await get(nurse.token, "symptoms", week, heart);
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(
      results.map((r: { logType: { name: string }; count: number; severe: number }) => [
        r.logType.name,
        r.count,
        r.severe,
      ]),
    ).toEqual([
      ["Nausea", 4, 2],
      ["Fatigue", 1, 0],
    ]);
    expect(results[0].grades).toEqual([
      { grade: 0, count: 0, severe: false },
      { grade: 1, count: 1, severe: false },
      { grade: 2, count: 1, severe: false },
      { grade: 3, count: 2, severe: true },
      { grade: 4, count: 0, severe: true },
    ]);
    const top = await get(nurse.token, "symptoms", { ...week, orderBy: "severe", limit: "1" }, heart);
    expect(top.json().results.map((r: { logType: { name: string } }) => r.logType.name)).toEqual(["Nausea"]);
    const empty = await get(nurse.token, "symptoms", { startDate: "2026-02-01", endDate: "2026-02-07" }, heart);
    expect(empty.json().results).toEqual([]);
  });

  it("shows a symptom the catalogue no longer holds under its id, with neither CTCAE version nor category", async () => {
    const { heart, grace } = await heartWeek();
    await insertLogs(t, { programId: heart, patientId: grace }, [
      { logClass: "SYMPTOMS", at: "2026-03-05T10:00:00Z", logTypeId: UNLISTED, grade: 3 },
    ]);
    const response = await get(nurse.token, "symptoms", week, heart);
    expect(response.statusCode).toBe(200);
    const unlisted = response
      .json()
      .results.find((r: { logType: { logTypeId: string } }) => r.logType.logTypeId === UNLISTED);
    expect(unlisted).toMatchObject({
      logType: { name: UNLISTED, identifier: UNLISTED, ctcaeVersion: "", category: "" },
      count: 1,
      severe: 1,
    });
    expect(unlisted.grades).toEqual([
      { grade: 0, count: 0, severe: false },
      { grade: 1, count: 0, severe: false },
      { grade: 2, count: 0, severe: false },
      { grade: 3, count: 1, severe: true },
      { grade: 4, count: 0, severe: true },
    ]);
  });

  it("gives the temperatures' mean and spread per day with the normal band", async () => {
    const { heart } = await heartWeek();
    const response = await get(nurse.token, "temperature/trends", week, heart);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      axis: "date",
      days: {
        "2026-03-02": { mean: 37, stDev: 0, count: 1 },
        "2026-03-03": { mean: 37, stDev: 1, count: 2 },
      },
      normalMin: 36,
      normalMax: 37.5,
      highReadings: 1,
      lowReadings: 1,
    });
    const byDay = await get(nurse.token, "temperature/trends", { ...week, axis: "involvementDay" }, heart);
    // Grace's days 1 and 2 (37, 38), Alan's day 1 (36).
    expect(byDay.json().days).toEqual({
      "1": { mean: 36.5, stDev: 0.5, count: 2 },
      "2": { mean: 38, stDev: 0, count: 1 },
    });
  });

  it("counts medication adherence as each patient's dashboard does, without as-needed medicines", async () => {
    const { heart } = await heartWeek();
    const response = await get(nurse.token, "medication", week, heart);
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      // Alan consented on Tuesday 3 March: Iron's Monday dose and Methotrexate's Sunday one were
      // never his to log (doses count from the later of the start and the consent day).
      { medicationName: "Iron", adherence: 67, eventsMissed: 1, logged: 2, skipped: 0, patients: 1 },
      { medicationName: "Omeprazole", adherence: 57, eventsMissed: 2, logged: 4, skipped: 1, patients: 2 },
    ]);
    // The same figures as core's adherenceOf over each patient's doses, summed.
    const days = datesBetween(week.startDate, week.endDate);
    /** adherenceOf over the week, read on Saturday the 7th, of a medicine and its dose of each day, logged or skipped. */
    const overTheWeek = (
      medicine: Parameters<typeof adherenceOf>[0],
      doses: Record<string, "logged" | "skipped"> = {},
    ) =>
      adherenceOf(
        medicine,
        days,
        new Map(
          Object.entries(doses).map(([day, dose]) => [
            day,
            { logged: dose === "logged" ? 1 : 0, skipped: dose === "skipped" ? 1 : 0 },
          ]),
        ),
        "2026-03-07",
      );
    const graceTotals = overTheWeek(
      { frequency: "ONCE_DAILY", startDate: "2026-03-02", endDate: null },
      { "2026-03-02": "logged", "2026-03-03": "logged", "2026-03-04": "skipped" },
    );
    const alanTotals = overTheWeek(
      { frequency: "ONCE_DAILY", startDate: "2026-03-05", endDate: null },
      { "2026-03-05": "logged", "2026-03-06": "logged" },
    );
    expect(graceTotals.missed + alanTotals.missed).toBe(2);
    expect(graceTotals.logged + alanTotals.logged).toBe(4);
    const ironTotals = overTheWeek(
      { frequency: "EVERY_OTHER_DAY", startDate: "2026-03-02", endDate: null, countFrom: "2026-03-03" },
      { "2026-03-03": "logged", "2026-03-04": "logged" },
    );
    expect(ironTotals).toMatchObject({ logged: 2, missed: 1, adherence: 67 });
    const weekly = overTheWeek({
      frequency: "WEEKLY",
      startDate: "2026-03-01",
      endDate: null,
      countFrom: "2026-03-03",
    });
    expect(weekly).toMatchObject({ missed: 0, adherence: null });
  });

  it("lists the patients behind a figure, with links' ids, and audits whom it named", async () => {
    const { heart, grace, alan } = await heartWeek();
    const severe = await get(nurse.token, "patients", { ...week, figure: "severeSymptom", logTypeId: NAUSEA }, heart);
    expect(severe.statusCode).toBe(200);
    expect(severe.json()).toEqual({
      results: [
        { userId: grace, firstName: "Grace", lastName: "Hopper", count: 1, worst: 3 },
        { userId: alan, firstName: "Alan", lastName: "Turing", count: 1, worst: 3 },
      ],
      totalCount: 2,
    });
    const fever = await get(nurse.token, "patients", { ...week, figure: "highTemperature" }, heart);
    expect(fever.json().results.map((p: { userId: string; worst: number }) => [p.userId, p.worst])).toEqual([
      [grace, 38],
    ]);
    const missed = await get(
      nurse.token,
      "patients",
      {
        ...week,
        figure: "missedMedication",
        medicationName: "Omeprazole",
      },
      heart,
    );
    expect(missed.json().results.map((p: { userId: string; count: number }) => [p.userId, p.count])).toEqual([
      [grace, 2],
    ]);
    const rows = (await auditRows(t, "program.dashboard.patients.read")).filter((r) => r.programId === heart);
    expect(rows.length).toBe(3);
    expect(rows[0]).toMatchObject({ programId: heart, actorUserId: nurse.id, outcome: "success" });
    const details = await t.ctx.db
      .selectFrom("auditLog")
      .select("details")
      .where("action", "=", "program.dashboard.patients.read")
      // This story's program: another story may have named its own patients first.
      .where("programId", "=", heart)
      .orderBy("at")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(details.details)).toContain(grace);
    // The figures themselves are audited too, one row per read.
    for (const [path, extra] of [
      ["symptoms/trends", { logTypeId: NAUSEA }],
      ["symptoms", {}],
      ["temperature/trends", {}],
      ["medication", {}],
    ] as const)
      expect((await get(nurse.token, path, { ...week, ...extra }, heart)).statusCode).toBe(200);
    const figureReads = (await auditRows(t, "program.dashboard.read")).filter((r) => r.programId === heart);
    expect(figureReads.length).toBeGreaterThanOrEqual(4);
  });

  it("counts the questionnaires that fell due each week and the share completed once their window closed", async () => {
    const { heart, grace, alan, wendy } = await heartWeek();
    const scheduleId = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D-3L",
    });
    let occurrence = 0;
    const event = (patientId: string, dueDate: string, state: QuestionnaireState) =>
      insertQuestionnaireEvent(t, {
        programId: heart,
        patientId,
        scheduleId,
        questionnaireTypeId: EQ5D_TYPE_ID,
        occurrence: occurrence++,
        dueDate,
        state,
      });
    for (const [patientId, dueDate, state] of [
      // Calendar week from Monday 2 March.
      [grace, "2026-03-02", "COMPLETED"],
      // Started, not finished when its window closed.
      [grace, "2026-03-03", "IN_PROGRESS"],
      [grace, "2026-03-04", "MISSED"],
      // Never started, its window closed, not yet marked by the engine: missed all the same.
      [grace, "2026-03-06", "DUE"],
      [alan, "2026-03-05", "COMPLETED"],
      // Wendy withdrew: her questionnaires leave the program's figures.
      [wendy, "2026-03-04", "MISSED"],
      // Week from Monday 9 March: one done, one still open, and Alan's Monday (his first week's last day).
      [grace, "2026-03-10", "COMPLETED"],
      [grace, "2026-03-11", "IN_PROGRESS"],
      [alan, "2026-03-09", "MISSED"],
      // After today: not yet due.
      [grace, "2026-03-13", "DUE"],
    ] as const)
      await event(patientId, dueDate, state);
    const today = t.clock.now();
    // Wednesday 11 March, signed in again.
    t.clock.set("2026-03-11T12:00:00Z");
    try {
      const token = (await signIn(t, "nia@clinic.test")).accessToken;
      const range = { startDate: "2026-03-01", endDate: "2026-03-31" };
      const byDate = await get(token, "questionnaires/completion", range, heart);
      expect(byDate.statusCode).toBe(200);
      expect(byDate.json()).toEqual({
        axis: "date",
        weeks: [
          { key: "2026-03-02", delivered: 5, completed: 2, partial: 1, missed: 2, open: 0, rate: 40 },
          { key: "2026-03-09", delivered: 3, completed: 1, partial: 0, missed: 1, open: 1, rate: 50 },
        ],
      });
      // By involvement: Grace consented on Monday 2 March, Alan on Tuesday 3 March, so his
      // Monday 9 March still falls in his first week.
      const byInvolvement = await get(token, "questionnaires/completion", { ...range, axis: "involvementDay" }, heart);
      expect(byInvolvement.json().weeks).toEqual([
        { key: "1", delivered: 6, completed: 2, partial: 1, missed: 3, open: 0, rate: 33 },
        { key: "2", delivered: 2, completed: 1, partial: 0, missed: 0, open: 1, rate: 100 },
      ]);
      const rows = await auditRows(t, "program.dashboard.read");
      expect(rows.at(-1)).toMatchObject({ programId: heart, actorUserId: nurse.id, outcome: "success" });
    } finally {
      t.clock.set(today.toISOString());
    }
  });

  const endpoints: { path: string; extra: Record<string, string> }[] = [
    { path: "symptoms/trends", extra: { logTypeId: NAUSEA } },
    { path: "symptoms", extra: {} },
    { path: "temperature/trends", extra: {} },
    { path: "medication", extra: {} },
    { path: "patients", extra: { figure: "symptom", logTypeId: NAUSEA } },
    { path: "questionnaires/completion", extra: {} },
  ];

  it.each(endpoints)("$path refuses bad dates with the spec's message on the field", async ({ path, extra }) => {
    const heart = await heartProgram();
    const bad = await get(nurse.token, path, { ...extra, startDate: "2026-02-30", endDate: "2026-03-07" }, heart);
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual([{ field: "startDate", message: "Enter a date as YYYY-MM-DD" }]);
    const backwards = await get(nurse.token, path, { ...extra, startDate: "2026-03-07", endDate: "2026-03-01" }, heart);
    expect(backwards.statusCode).toBe(422);
    expect(fieldErrors(backwards)).toEqual([
      { field: "endDate", message: "The end date must not be before the start date" },
    ]);
    const missing = await get(nurse.token, path, { ...extra }, heart);
    expect(missing.statusCode).toBe(422);
  });

  it.each(endpoints)(
    "$path: 403 without the permission, 404 for another program, 401 anonymous",
    async ({ path, extra }) => {
      const heart = await heartProgram();
      const query = { ...week, ...extra };
      // Patients' names need the identifying list (researchers lack it); the figures need the program data.
      const refused =
        path === "patients" ? researcher : path === "questionnaires/completion" ? withoutSchedules : plainNurse;
      expect((await get(refused.token, path, query, heart)).statusCode).toBe(403);
      expect((await get(nurse.token, path, query, lakeside)).statusCode).toBe(404);
      expect((await get(nurse.token, path, query, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      expect((await get(undefined, path, query, heart)).statusCode).toBe(401);
    },
  );

  it("refuses a symptom that is not in the catalogue, and a figure without what it needs", async () => {
    const heart = await heartProgram();
    const plainNurse = await nurseWithoutProgramData();
    const unknown = await get(nurse.token, "symptoms/trends", { ...week, logTypeId: "999" }, heart);
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toEqual([{ field: "logTypeId", message: "This symptom is not in the symptom list" }]);
    const noSymptom = await get(nurse.token, "patients", { ...week, figure: "symptom" }, heart);
    expect(fieldErrors(noSymptom)).toEqual([{ field: "logTypeId", message: "You must fill in this field" }]);
    const noFigure = await get(nurse.token, "patients", { ...week, figure: "weather" }, heart);
    expect(noFigure.statusCode).toBe(422);
    expect(fieldErrors(noFigure).map((e) => e.field)).toEqual(["figure"]);
    // A nurse may name patients, but not behind temperatures without the temperature data permission.
    await changePermissions(t, plainNurse.id, { grant: ["view_project_symptom_data"] });
    const signedAgain = await get(plainNurse.token, "patients", { ...week, figure: "highTemperature" }, heart);
    expect(signedAgain.statusCode).toBe(403);
    expect(
      (await get(plainNurse.token, "patients", { ...week, figure: "symptom", logTypeId: NAUSEA }, heart)).statusCode,
    ).toBe(200);
  });

  it("keeps the medication roll-up equal to the doses through new doses, medication changes and withdrawal", async () => {
    const { heart, alan, alanOmeprazole } = await heartWeek();
    // The oracle: doses per medication and day straight from the events, covered by core's dosesExpectedOn.
    const fromEvents = async () => {
      const rows = (
        await sql<{
          name: string;
          frequency: MedicationFrequency;
          startDate: string;
          endDate: string | null;
          day: string;
          logged: number;
          skipped: number;
        }>`
          SELECT m.name, m.frequency, to_char(m.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(m.end_date, 'YYYY-MM-DD') AS end_date, to_char(e.local_date, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE e.status = 'LOGGED')::int AS logged, count(*) FILTER (WHERE e.status = 'SKIPPED')::int AS skipped
          FROM medication_events e JOIN patient_medications m ON m.id = e.medication_id
          JOIN program_patients pp ON pp.program_id = m.program_id AND pp.user_id = m.patient_id
          WHERE m.program_id = ${heart} AND m.frequency <> 'AS_NEEDED' AND pp.status IN ('CONSENTED', 'PROJECT_COMPLETED')
          GROUP BY m.id, e.local_date`.execute(t.ctx.db)
      ).rows;
      const days = new Map<string, { logged: number; skipped: number; covered: number }>();
      for (const r of rows) {
        const key = `${r.name} ${r.day}`;
        const day = days.get(key) ?? { logged: 0, skipped: 0, covered: 0 };
        day.logged += r.logged;
        day.skipped += r.skipped;
        day.covered += Math.min(r.logged + r.skipped, dosesExpectedOn(r, r.day));
        days.set(key, day);
      }
      return Object.fromEntries([...days].sort(([a], [b]) => (a < b ? -1 : 1)));
    };
    const rollUp = async () =>
      Object.fromEntries(
        (
          await sql<{ key: string; logged: number; skipped: number; covered: number }>`
            SELECT name || ' ' || to_char(local_date, 'YYYY-MM-DD') AS key, logged, skipped, covered
            FROM program_medication_days WHERE program_id = ${heart} AND (logged, skipped, covered) <> (0, 0, 0)
            ORDER BY 1`.execute(t.ctx.db)
        ).rows.map(({ key, ...counts }) => [key, counts]),
      );
    const medication = async () => (await get(nurse.token, "medication", week, heart)).json().results;
    expect(await rollUp()).toEqual(await fromEvents());
    // Two doses of a once-a-day medicine on Saturday in one statement, one on a day before it started.
    const event = (at: string, status: "LOGGED" | "SKIPPED") => ({
      programId: heart,
      patientId: alan,
      medicationId: alanOmeprazole,
      clientId: randomUUID(),
      status,
      takenAt: new Date(at),
      localDate: at.slice(0, 10),
      utcOffsetMinutes: 0,
      skipReason: null,
      notes: null,
      receivedAt: new Date(at),
    });
    await t.ctx.db
      .insertInto("medicationEvents")
      .values([
        event("2026-03-07T08:00:00Z", "LOGGED"),
        event("2026-03-07T20:00:00Z", "SKIPPED"),
        event("2026-03-04T08:00:00Z", "LOGGED"),
      ])
      .execute();
    expect(await rollUp()).toEqual(await fromEvents());
    // Renamed, then twice a day from Wednesday: its doses move with it.
    await t.ctx.db
      .updateTable("patientMedications")
      .set({ name: "Omeprazole 20 mg", frequency: "TWICE_DAILY", startDate: "2026-03-04" })
      .where("id", "=", alanOmeprazole)
      .execute();
    expect(await rollUp()).toEqual(await fromEvents());
    expect((await medication()).map((m: { medicationName: string }) => m.medicationName)).toContain("Omeprazole 20 mg");
    // A dose deleted; Alan withdraws (his doses leave) and consents again (they come back).
    await t.ctx.db.deleteFrom("medicationEvents").where("takenAt", "=", new Date("2026-03-07T20:00:00Z")).execute();
    expect(await rollUp()).toEqual(await fromEvents());
    await setEnrolmentStatus(heart, alan, "CONSENT_WITHDRAWN");
    expect(await rollUp()).toEqual(await fromEvents());
    expect((await medication()).map((m: { medicationName: string }) => m.medicationName)).toEqual(["Omeprazole"]);
    await setEnrolmentStatus(heart, alan, "CONSENTED");
    expect(await rollUp()).toEqual(await fromEvents());
    // The medication deleted takes its doses with it; the rebuild finds what the triggers kept.
    await t.ctx.db.deleteFrom("patientMedications").where("id", "=", alanOmeprazole).execute();
    expect(await rollUp()).toEqual(await fromEvents());
    const kept = await rollUp();
    await sql`SELECT program_dashboard_rebuild(${heart})`.execute(t.ctx.db);
    expect(await rollUp()).toEqual(kept);
  });

  it("keeps the trend's daily roll-up equal to the logs through invalidation, withdrawal and consent again", async () => {
    const { heart, grace, alan, wendy } = await heartWeek();
    const trend = async () =>
      (await get(nurse.token, "symptoms/trends", { ...week, logTypeId: NAUSEA }, heart)).json().daysGradesAvg;
    // The same figures straight from the logs, every symptom and day, by involvement day too.
    const fromLogs = async () =>
      (
        await sql<{ key: string; n: number; total: number; severe: number }>`
          SELECT l.log_type_id || ' ' || l.local_date || ' ' || (l.local_date - (pp.date_consent_given AT TIME ZONE 'Europe/London')::date + 1) AS key,
            count(*)::int AS n, sum(coalesce(l.grade, 0))::int AS total, count(*) FILTER (WHERE l.is_danger)::int AS severe
          FROM patient_logs l JOIN program_patients pp ON pp.program_id = l.program_id AND pp.user_id = l.patient_id
          WHERE l.program_id = ${heart} AND l.log_class = 'SYMPTOMS' AND l.validation_status IS DISTINCT FROM 'Removed'
            AND pp.status IN ('CONSENTED', 'PROJECT_COMPLETED')
          GROUP BY 1 ORDER BY 1`.execute(t.ctx.db)
      ).rows;
    const rollUp = async () =>
      (
        await sql<{ key: string; n: number; total: number; severe: number }>`
          SELECT log_type_id || ' ' || local_date || ' ' || (local_date - consent_date + 1) AS key,
            sum(grade0 + grade1 + grade2 + grade3 + grade4)::int AS n,
            sum(grade1 + 2 * grade2 + 3 * grade3 + 4 * grade4)::int AS total, sum(severe)::int AS severe
          FROM program_symptom_days WHERE program_id = ${heart}
          GROUP BY 1 HAVING sum(grade0 + grade1 + grade2 + grade3 + grade4) > 0 ORDER BY 1`.execute(t.ctx.db)
      ).rows;
    expect(await rollUp()).toEqual(await fromLogs());

    // Alan's Thursday log is invalidated: Thursday leaves the chart.
    const [thursday] = await t.ctx.db
      .selectFrom("patientLogs")
      .select("id")
      .where("patientId", "=", alan)
      .where("localDate", "=", "2026-03-05")
      .execute();
    await setValidation(t, thursday!.id, "Removed", "Incorrect date of log");
    expect(await trend()).toEqual({ "2026-03-02": 1, "2026-03-03": 2.5 });
    // Acknowledging one changes nothing.
    const [monday] = await t.ctx.db.selectFrom("patientLogs").select("id").where("patientId", "=", grace).execute();
    await setValidation(t, monday!.id, "Acknowledged");
    expect(await trend()).toEqual({ "2026-03-02": 1, "2026-03-03": 2.5 });
    // Grace withdraws: only Alan's Tuesday is left; Wendy consents again: her 4 counts.
    await setEnrolmentStatus(heart, grace, "CONSENT_WITHDRAWN");
    await setEnrolmentStatus(heart, wendy, "CONSENTED");
    expect(await trend()).toEqual({ "2026-03-03": 3 });
    expect(await rollUp()).toEqual(await fromLogs());
    // Temperatures follow too: Tuesday is Alan's 36 and Wendy's 39.5.
    const temperatures = async () => (await get(nurse.token, "temperature/trends", week, heart)).json();
    expect(await temperatures()).toMatchObject({
      days: { "2026-03-03": { mean: 37.75, stDev: 1.75, count: 2 } },
      highReadings: 1,
      lowReadings: 1,
    });
    // A log deleted (its patient's account removed) leaves too.
    await t.ctx.db.deleteFrom("patientLogs").where("patientId", "=", wendy).execute();
    expect(await trend()).toEqual({ "2026-03-03": 2 });
    expect(await rollUp()).toEqual(await fromLogs());
    expect((await temperatures()).days).toEqual({ "2026-03-03": { mean: 36, stDev: 0, count: 1 } });
    // An account deleted takes its logs and enrolment with it, and its figures.
    await t.ctx.db.deleteFrom("users").where("id", "=", alan).execute();
    expect(await trend()).toEqual({});
    expect(await rollUp()).toEqual(await fromLogs());
    // A program deleted (its enrolments first: they hold it) takes its roll-ups with it.
    await t.ctx.db.deleteFrom("programPatients").where("programId", "=", heart).execute();
    expect(await rollUp()).toEqual([]);
    await t.ctx.db.deleteFrom("programs").where("id", "=", heart).execute();
    const left = await sql<{ n: number }>`SELECT (SELECT count(*) FROM program_symptom_days WHERE program_id = ${heart})
      + (SELECT count(*) FROM program_temperature_days WHERE program_id = ${heart}) AS n`.execute(t.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
