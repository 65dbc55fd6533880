import {
  classifyDay,
  type DailyReport,
  type DayLog,
  type LogClass,
  type LogItem,
  logClasses,
  type MedicationEvent,
  type ParticipantReport,
  participantReportSchema,
} from "@openpro/core";
import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  insertLog,
  insertLogs,
  insertMedication,
  insertMedicationEvent,
  insertVisit,
} from "../../../test/patient-data.js";
import { addPatient, auditRows, consentedPatient, newPatient, userIdOf } from "../../../test/patients.js";
import { pdfText } from "../../../test/pdf.js";
import { pdfAttachment } from "../../../test/pdf-download.js";
import {
  changePermissions,
  heartWithNurse,
  organisationStaff,
  programWithStaff,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { toLogItem } from "../logs/service.js";
import { findLogsInRange, findParticipantReportParts, findReportPatient } from "./queries.js";
import { buildParticipantReport } from "./service.js";

const NAUSEA = "10028813";
const FATIGUE = "10016256";
/** A term the catalogue does not hold (one it held once): its logs stay and still show. */
const UNLISTED = "10099999";

describe("clinicians read a patient's week: dashboard report, one day, and the PDF", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let northbridgeId: string;
  let lakesideOrganisationId: string;
  let heart: string;
  let lakeside: string;
  let graceId: string;
  let alanId: string;
  let lakesideId: string;
  const ids: Record<string, string | undefined> = {};

  const report = (token: string, userId: string, query: Record<string, string>, programId = heart) =>
    t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/reports?${new URLSearchParams(query)}`,
      token,
    });
  const week = { startDate: "2026-03-02", endDate: "2026-03-08" };

  beforeAll(async () => {
    t = await createTestApp();
    // Grace and Lena are enrolled and consent on Sunday 1 March, before the week's first dose
    // (adherence counts doses from the consent day).
    t.clock.set("2026-03-01T09:00:00Z");
    const northbridge = await heartWithNurse(t);
    northbridgeId = northbridge.organisationId;
    heart = northbridge.heart;
    nurse = northbridge.nurse;
    const lake = await programWithStaff(t, {
      organisation: "Lakeside",
      program: "Lakeside",
      staff: { nurse: { email: "lou@lakeside.test", role: "clinician_team_member" } },
    });
    lakesideOrganisationId = lake.organisationId;
    lakeside = lake.programId;
    graceId = (await consentedPatient(t, nurse.token, heart, { email: "grace@patients.test" })).userId;
    const added = await addPatient(
      t,
      nurse.token,
      newPatient(heart, { firstName: "Alan", lastName: "Turing", email: "alan@patients.test" }),
    );
    expect(added.statusCode).toBe(201);
    alanId = await userIdOf(t, "alan@patients.test");
    lakesideId = (
      await consentedPatient(t, lake.staff.nurse.token, lakeside, {
        firstName: "Lena",
        lastName: "Lake",
        email: "lena@patients.test",
      })
    ).userId;
    // Read on Saturday morning in London: the week's Saturday and Sunday doses are still to come.
    t.clock.set("2026-03-07T10:00:00Z");
    nurse.token = (await signIn(t, northbridge.nurse.email)).accessToken;

    const grace = { programId: heart, patientId: graceId };
    [ids.nausea1, ids.nausea3, ids.fatigueEvening, ids.fatigueLate, ids.nauseaRemoved] = await insertLogs(t, grace, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:00:00Z", logTypeId: NAUSEA, grade: 1 },
      { logClass: "SYMPTOMS", at: "2026-03-03T09:00:00Z", logTypeId: NAUSEA, grade: 3 },
      {
        logClass: "SYMPTOMS",
        at: "2026-03-03T20:00:00Z",
        logTypeId: FATIGUE,
        grade: 1,
        validationStatus: "Acknowledged",
      },
      // Half past midnight on Wednesday where Grace was (still Tuesday in UTC).
      {
        logClass: "SYMPTOMS",
        at: "2026-03-04T00:30:00+01:00",
        logTypeId: FATIGUE,
        grade: 1,
        validationStatus: "Acknowledged",
      },
      {
        logClass: "SYMPTOMS",
        at: "2026-03-05T10:00:00Z",
        logTypeId: NAUSEA,
        grade: 4,
        validationStatus: "Removed",
        validationReason: "Incorrect symptom severity",
      },
    ]);
    [ids.temp1, ids.fever, ids.temp3] = await insertLogs(t, grace, [
      { logClass: "TEMPERATURE", at: "2026-03-02T07:00:00Z", value: 36.8, unit: "C" },
      { logClass: "TEMPERATURE", at: "2026-03-05T12:00:00Z", value: 38.2, unit: "C" },
      {
        logClass: "TEMPERATURE",
        at: "2026-03-06T07:00:00Z",
        value: 37.1,
        unit: "C",
        originalValue: 98.78,
        originalUnit: "F",
      },
    ]);
    [ids.weight1, ids.weight2, ids.weight3] = await insertLogs(t, grace, [
      { logClass: "WEIGHT", at: "2026-03-02T07:05:00Z", value: 70, unit: "kg" },
      { logClass: "WEIGHT", at: "2026-03-02T19:00:00Z", value: 71, unit: "kg" },
      {
        logClass: "WEIGHT",
        at: "2026-03-06T07:05:00Z",
        value: 69.4,
        unit: "kg",
        originalValue: 152.68,
        originalUnit: "lb",
      },
    ]);
    const activity = (at: string, data: Record<string, unknown>) => ({
      logClass: "ACTIVITY" as const,
      at,
      data: { source: "MANUAL", ...data },
    });
    await insertLogs(t, grace, [
      activity("2026-03-02T18:00:00Z", { activityType: "Steps", steps: 4000, source: "APPLE_HEALTH" }),
      activity("2026-03-03T12:00:00Z", { activityType: "Steps", steps: 6000, source: "APPLE_HEALTH" }),
      activity("2026-03-03T21:00:00Z", { activityType: "Steps", steps: 1500, source: "APPLE_HEALTH" }),
      activity("2026-03-02T17:00:00Z", { activityType: "Walking", durationMinutes: 30 }),
      activity("2026-03-04T16:00:00Z", { activityType: "Cycling", durationMinutes: 45 }),
      activity("2026-03-06T16:00:00Z", { activityType: "Walking", durationMinutes: 20 }),
      { logClass: "FEELING", at: "2026-03-06T09:00:00Z", value: 4 },
      // Outside the week: Sunday night before (in Grace's time zone) and the Monday after.
      { logClass: "SYMPTOMS", at: "2026-03-01T23:30:00-01:00", logTypeId: NAUSEA, grade: 2 },
      { logClass: "SYMPTOMS", at: "2026-03-09T08:00:00Z", logTypeId: NAUSEA, grade: 3 },
    ]);
    const ondansetron = await insertMedication(t, grace, {
      name: "Ondansetron",
      dosage: "8",
      dosageUnit: "mg",
      frequency: "ONCE_DAILY",
      startDate: "2026-03-01",
    });
    ids.ondansetron = ondansetron;
    for (const [at, status] of [
      ["2026-03-02T08:00:00Z", "LOGGED"],
      ["2026-03-03T08:00:00Z", "LOGGED"],
      ["2026-03-04T08:00:00Z", "SKIPPED"],
      // Thursday: nothing recorded.
      ["2026-03-06T08:00:00Z", "LOGGED"],
    ] as const) {
      await insertMedicationEvent(t, grace, {
        medicationId: ondansetron,
        status,
        at,
        ...(status === "SKIPPED" ? { skipReason: "FEELING_UNWELL", notes: "Felt sick" } : {}),
      });
    }
  });
  afterAll(() => t.close());

  it("fills the dashboard from the week's logs, as counted by hand", async () => {
    const response = await report(nurse.token, graceId, { ...week, symptomsSeperatedByStatus: "true" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ParticipantReport;

    expect(body.days).toEqual([
      { date: "2026-03-02", type: "LOGGED", acknowledged: false },
      { date: "2026-03-03", type: "DANGER", acknowledged: false },
      { date: "2026-03-04", type: "LOGGED", acknowledged: true },
      // Only an invalidated grade-4 log and a temperature: nothing that colours the day.
      { date: "2026-03-05", type: "DEFAULT", acknowledged: false },
      { date: "2026-03-06", type: "LOGGED", acknowledged: false },
      { date: "2026-03-07", type: "DEFAULT", acknowledged: false },
      { date: "2026-03-08", type: "DEFAULT", acknowledged: false },
    ]);

    const summary = (groups: ParticipantReport["symptoms"]) =>
      groups.map((g) => ({
        name: g.log.name,
        count: g.count,
        grade: g.grade,
        isDanger: g.isDanger,
        totals: g.totals,
        items: g.items.map((i) => i.logId),
      }));
    expect(summary(body.symptoms)).toEqual([
      {
        name: "Nausea",
        count: 2,
        grade: 3,
        isDanger: true,
        totals: { 0: 0, 1: 1, 2: 0, 3: 1, 4: 0 },
        // The invalidated log stays in the history, dimmed by the client.
        items: [ids.nausea1, ids.nausea3, ids.nauseaRemoved],
      },
      {
        name: "Fatigue",
        count: 2,
        grade: 1,
        isDanger: false,
        totals: { 0: 0, 1: 2, 2: 0, 3: 0, 4: 0 },
        items: [ids.fatigueEvening, ids.fatigueLate],
      },
    ]);
    expect(summary(body.symptomsNew).map((g) => [g.name, g.count, g.items])).toEqual([
      ["Nausea", 2, [ids.nausea1, ids.nausea3]],
    ]);
    expect(summary(body.symptomsAcknowledged).map((g) => [g.name, g.count])).toEqual([["Fatigue", 2]]);
    expect(summary(body.symptomsRemoved)).toEqual([
      {
        name: "Nausea",
        count: 1,
        grade: 4,
        isDanger: true,
        totals: { 0: 0, 1: 0, 2: 0, 3: 0, 4: 1 },
        items: [ids.nauseaRemoved],
      },
    ]);
    const removed = body.symptoms[0]!.items[2]!;
    expect(removed).toMatchObject({
      validationStatus: "Removed",
      validationReason: "Incorrect symptom severity",
      level: { grade: 4, isDanger: true },
    });
    expect(body.symptoms[1]!.items[1]!).toMatchObject({ localDate: "2026-03-04", date: "2026-03-03T23:30:00.000Z" });
    expect(body.mostLoggedSymptoms.map((m) => [m.logType.name, m.count, m.grades])).toEqual([
      [
        "Nausea",
        2,
        [
          { grade: 0, count: 0, severe: false },
          { grade: 1, count: 1, severe: false },
          { grade: 2, count: 0, severe: false },
          { grade: 3, count: 1, severe: true },
          { grade: 4, count: 0, severe: true },
        ],
      ],
      ["Fatigue", 2, expect.any(Array)],
    ]);

    expect(body.temperatures.map((i) => [i.logId, i.data.value])).toEqual([
      [ids.temp1, 36.8],
      [ids.fever, 38.2],
      [ids.temp3, 37.1],
    ]);
    expect(body.temperatures[2]!.data).toMatchObject({
      value: 37.1,
      unit: "C",
      originalValue: 98.78,
      originalUnit: "F",
    });
    expect(body.weights).toEqual({
      unit: "kg",
      avg: 70.13,
      dayAvg: [
        { date: "2026-03-02", avg: 70.5 },
        { date: "2026-03-06", avg: 69.4 },
      ],
      items: expect.any(Array),
      count: 3,
    });
    expect(body.weights.items.map((i) => i.logId)).toEqual([ids.weight1, ids.weight2, ids.weight3]);
    expect(body.steps).toEqual([
      { date: "2026-03-02", total: 4000 },
      { date: "2026-03-03", total: 7500 },
    ]);
    expect(body.stepsTotal).toEqual({ total: 11500, dailyAvg: 5750 });
    expect(body.activitiesTotal).toEqual({ total: 95, dailyAvg: 31.7 });
    expect(body.activities).toEqual([
      { activityType: "Walking", count: 2, totalMinutes: 50 },
      { activityType: "Cycling", count: 1, totalMinutes: 45 },
    ]);
    // 5 symptoms, 3 temperatures, 3 weights, 6 activities, 1 feeling; not the two outside the week.
    expect(body.logs).toHaveLength(18);
    expect(body.appointments).toEqual([]);
    expect(body.senderData).toMatchObject({
      userId: graceId,
      firstName: "Grace",
      lastName: "Hopper",
      dateConsentGiven: "2026-03-01T09:00:00.000Z",
      dateConsentRevoked: null,
      reportsEarliestDate: "2026-03-01",
      reportsLatestDate: "2026-03-09",
    });

    expect(body.medicationAdherence).toHaveLength(1);
    const [ondansetron] = body.medicationAdherence;
    expect(ondansetron).toMatchObject({
      medication: {
        medicationId: ids.ondansetron,
        name: "Ondansetron",
        dosage: "8",
        dosageUnit: "mg",
        frequency: "ONCE_DAILY",
      },
      logged: 3,
      skipped: 1,
      missed: 1,
      total: 5,
      adherence: 60,
    });
    expect(ondansetron!.events.map((e) => [e.date.slice(0, 10), e.status, e.medicationEventId !== null])).toEqual([
      ["2026-03-02", "LOGGED", true],
      ["2026-03-03", "LOGGED", true],
      ["2026-03-04", "SKIPPED", true],
      ["2026-03-05", "MISSED", false],
      ["2026-03-06", "LOGGED", true],
      ["2026-03-07", "SCHEDULED", false],
      ["2026-03-08", "SCHEDULED", false],
    ]);
    expect(ondansetron!.events[2]).toMatchObject({
      skipReasonNotes: "Felt sick",
      displaySkipReasonType: "Feeling unwell",
      displayMedication: { name: "Ondansetron", dosage: "8", dosageUnit: "mg", snomedId: null },
    });

    const reads = await auditRows(t, "patient.report.read");
    expect(reads.at(-1)).toMatchObject({
      programId: heart,
      patientId: graceId,
      actorUserId: nurse.id,
      outcome: "success",
    });
  });

  it("leaves the status split empty unless asked for", async () => {
    const body = (await report(nurse.token, graceId, week)).json() as ParticipantReport;
    expect(body.symptoms).toHaveLength(2);
    expect([body.symptomsNew, body.symptomsAcknowledged, body.symptomsRemoved]).toEqual([[], [], []]);
  });

  it("answers JSON with instants and days written as before (UTC instants to the millisecond, plain days)", async () => {
    const response = await report(nurse.token, graceId, { ...week, symptomsSeperatedByStatus: "true" });
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = participantReportSchema.parse(response.json());
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const items = [
      ...body.logs,
      ...body.temperatures,
      ...body.weights.items,
      ...[body.symptoms, body.symptomsNew, body.symptomsAcknowledged, body.symptomsRemoved]
        .flat()
        .flatMap((g) => g.items),
    ];
    expect(items.length).toBeGreaterThan(body.logs.length);
    for (const item of items) {
      expect(item.date).toMatch(instant);
      expect(item.localDate).toMatch(day);
    }
    const recorded = body.medicationAdherence.flatMap((m) => m.events).filter((e) => e.medicationEventId);
    expect(recorded).toHaveLength(4);
    for (const event of recorded) expect(event.date).toMatch(instant);
    expect(body.senderData.dateConsentGiven).toMatch(instant);
    // Numbers stay numbers, whatever the column type: 36.8 °C, not "36.80".
    expect(body.temperatures.map((i) => i.data.value)).toEqual([36.8, 38.2, 37.1]);
  });

  it("lists each dose of the week in the range report exactly as the day reports list them", async () => {
    const range = (await report(nurse.token, graceId, week)).json() as ParticipantReport;
    const fromDays: MedicationEvent[] = [];
    for (let day = 2; day <= 8; day++) {
      const response = await t.request({
        method: "GET",
        url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/2026-03-0${day}`,
        token: nurse.token,
      });
      fromDays.push(...(response.json() as DailyReport).medicationEvents);
    }
    expect(fromDays).toHaveLength(7);
    expect(range.medicationAdherence.flatMap((m) => m.events)).toEqual(fromDays);
  });

  it("answers a range without any data with empty widgets and default days", async () => {
    const body = (await report(nurse.token, graceId, { startDate: "2026-02-01", endDate: "2026-02-03" })).json();
    expect(body).toMatchObject({
      days: [
        { date: "2026-02-01", type: "DEFAULT", acknowledged: false },
        { date: "2026-02-02", type: "DEFAULT", acknowledged: false },
        { date: "2026-02-03", type: "DEFAULT", acknowledged: false },
      ],
      symptoms: [],
      steps: [],
      stepsTotal: { total: 0, dailyAvg: 0 },
      activitiesTotal: { total: 0, dailyAvg: 0 },
      activities: [],
      temperatures: [],
      weights: { unit: "kg", avg: null, dayAvg: [], items: [], count: 0 },
      logs: [],
      senderData: { reportsEarliestDate: "2026-03-01", reportsLatestDate: "2026-03-09" },
    });
    // The medication had not started: nothing expected, nothing missed.
    expect(body.medicationAdherence).toEqual([]);
  });

  it("refuses a range that ends before it starts, naming the end date", async () => {
    const response = await report(nurse.token, graceId, { startDate: "2026-03-08", endDate: "2026-03-02" });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).map((e) => e.field)).toEqual(["endDate"]);
    const badDate = await report(nurse.token, graceId, { startDate: "2026-02-30", endDate: "2026-03-02" });
    expect(badDate.statusCode).toBe(422);
    expect(fieldErrors(badDate).map((e) => e.field)).toEqual(["startDate"]);
  });

  it("hides patients out of reach or without a dashboard behind 404", async () => {
    // Lena is in another organisation's program.
    expect((await report(nurse.token, lakesideId, week, lakeside)).statusCode).toBe(404);
    // Asked through a reachable program she is not part of.
    expect((await report(nurse.token, lakesideId, week, heart)).statusCode).toBe(404);
    // Alan was invited but never consented: no dashboard yet.
    expect((await report(nurse.token, alanId, week)).statusCode).toBe(404);
    const day = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lakeside}/users/${lakesideId}/reports/2026-03-03`,
      token: nurse.token,
    });
    expect(day.statusCode).toBe(404);
    // The report is read beside the check: a refused read is neither answered nor audited as a read.
    const reads = await auditRows(t, "patient.report.read");
    expect(reads.filter((r) => r.patientId === lakesideId || r.patientId === alanId)).toEqual([]);
  });

  it("shows a symptom the catalogue no longer holds under its id, with neither CTCAE version nor category", async () => {
    const { userId: ada } = await consentedPatient(t, nurse.token, heart, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: `ada@${uniqueMailDomain("patients")}`,
    });
    await insertLog(
      t,
      { programId: heart, patientId: ada },
      {
        logClass: "SYMPTOMS",
        at: "2026-03-05T10:00:00Z",
        logTypeId: UNLISTED,
        grade: 3,
      },
    );
    const response = await report(nurse.token, ada, week);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const unlisted = {
      logTypeId: UNLISTED,
      name: UNLISTED,
      identifier: UNLISTED,
      ctcaeVersion: "",
      category: "",
      levels: [0, 1, 2, 3, 4].map((grade) => expect.objectContaining({ grade, isDanger: grade >= 3 })),
    };
    expect(body.symptoms).toEqual([expect.objectContaining({ log: unlisted, grade: 3, count: 1, isDanger: true })]);
    expect(body.mostLoggedSymptoms).toEqual([
      {
        logType: unlisted,
        count: 1,
        grades: [0, 1, 2, 3, 4].map((grade) => ({ grade, count: grade === 3 ? 1 : 0, severe: grade >= 3 })),
      },
    ]);
  });

  it("shows one day: its logs by kind and its doses", async () => {
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/2026-03-04`,
      token: nurse.token,
    });
    expect(response.statusCode).toBe(200);
    const day = response.json();
    expect(day.date).toBe("2026-03-04");
    expect(day.symptoms.map((s: { logId: string }) => s.logId)).toEqual([ids.fatigueLate]);
    expect(day.activities.map((a: { data: { activityType: string } }) => a.data.activityType)).toEqual(["Cycling"]);
    expect(day.steps).toEqual([]);
    expect(day.temperatures).toEqual([]);
    expect(day.medicationEvents).toMatchObject([{ status: "SKIPPED", displaySkipReasonType: "Feeling unwell" }]);
    expect(day.appointments).toEqual([]);

    const friday = (
      await t.request({
        method: "GET",
        url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/2026-03-06`,
        token: nurse.token,
      })
    ).json();
    expect(friday.feelings.map((f: { data: { value: number } }) => f.data.value)).toEqual([4]);
    expect(friday.weights.map((w: { data: { value: number } }) => w.data.value)).toEqual([69.4]);
    const thursday = (
      await t.request({
        method: "GET",
        url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/2026-03-05`,
        token: nurse.token,
      })
    ).json();
    expect(thursday.medicationEvents).toMatchObject([{ status: "MISSED", medicationEventId: null }]);
    expect(thursday.symptoms).toMatchObject([{ validationStatus: "Removed" }]);

    const invalid = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/2026-13-01`,
      token: nurse.token,
    });
    // A path that names no day is no resource.
    expect(invalid.statusCode).toBe(404);
  });

  it("builds each log in the report statement as the logs module's toLogItem does", async () => {
    const alan = { programId: heart, patientId: alanId };
    const range = { ...alan, startDate: "2026-02-09", endDate: "2026-02-15" };
    await insertLogs(t, alan, [
      // A note with a line break, quotes, a backslash and an emoji: the statement's text must carry them all.
      {
        logClass: "SYMPTOMS",
        at: "2026-02-09T08:00:00.123456Z",
        logTypeId: NAUSEA,
        grade: 2,
        note: 'After lunch\nthen "worse" \\ again 😣',
      },
      { logClass: "SYMPTOMS", at: "2026-02-09T09:00:00Z", logTypeId: FATIGUE, grade: null },
      {
        logClass: "TEMPERATURE",
        at: "2026-02-10T07:00:00+02:00",
        value: 38.3,
        unit: "C",
        originalValue: 100.94,
        originalUnit: "F",
      },
      { logClass: "BLOOD_PRESSURE", at: "2026-02-11T07:00:00Z", data: { systolic: 128, diastolic: 84, pulse: 71 } },
      // Fields of the wrong type, and fields no one documented, are not shown.
      {
        logClass: "ACTIVITY",
        at: "2026-02-12T18:00:00Z",
        data: { activityType: "Steps", steps: "4000", source: "MANUAL", secret: "x" },
      },
      { logClass: "ACTIVITY", at: "2026-02-13T18:00:00Z", data: { activityType: "Walking", durationMinutes: 25 } },
      {
        logClass: "SYMPTOMS",
        at: "2026-02-14T10:00:00Z",
        logTypeId: NAUSEA,
        grade: 4,
        validationStatus: "Removed",
        validationReason: "Logged in error",
      },
    ]);
    const rows = await findLogsInRange(t.ctx.db, range);
    const parts = await findParticipantReportParts(t.ctx.db, range, { byStatus: false, logClasses });
    const fromStatement = JSON.parse(parts.logs.text);
    expect(rows).toHaveLength(7);
    expect(fromStatement).toEqual(rows.map(toLogItem));
  });

  it("lists hundreds of logs of a range once each, in time order, whatever rows the statement splits them into", async () => {
    // A patient of her own, so that no other story reads these logs.
    const patientId = (await consentedPatient(t, nurse.token, heart, { email: `ida@${uniqueMailDomain()}` })).userId;
    const ida = { programId: heart, patientId };
    const range = { ...ida, startDate: "2026-01-05", endDate: "2026-01-08" };
    // 250 temperatures every 20 minutes from 5 January: three rows of the statement's answer.
    await insertLogs(
      t,
      ida,
      Array.from({ length: 250 }, (_, i) => ({
        logClass: "TEMPERATURE",
        at: new Date(Date.parse("2026-01-05T00:00:00Z") + i * 20 * 60_000).toISOString(),
        value: 36 + (i % 20) / 10,
        unit: "C",
      })),
    );
    const rows = await findLogsInRange(t.ctx.db, range);
    const parts = await findParticipantReportParts(t.ctx.db, range, { byStatus: false, logClasses });
    expect(rows).toHaveLength(250);
    const listed = JSON.parse(parts.logs.text) as LogItem[];
    expect(listed.map((item) => item.logId)).toEqual(rows.map((row) => row.id));
    expect(JSON.parse(parts.temperatures.text)).toEqual(listed);
    // The answer's bytes are its text's.
    expect(JSON.parse(parts.logs.toBuffer().toString("utf8"))).toEqual(listed);
  });

  it("downloads the patient report as a PDF with the week's content", async () => {
    const response = await t.request({
      method: "POST",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/export`,
      token: nurse.token,
      payload: week,
    });
    const { text } = pdfAttachment(response, "patient-report-hopper-2026-03-02-2026-03-08.pdf");
    for (const expected of [
      "Patient report",
      "Northbridge Heart",
      "Grace Hopper",
      "NHS Number: 9434765919",
      "Period: 2 March 2026 to 8 March 2026",
      "Generated 7 March 2026 at 10:00 GMT by Test clinician_team_member",
      "! Nausea",
      "Fatigue",
      "Symptom logs reviewed: 2 acknowledged, 1 invalidated, 2 not yet reviewed.",
      "3 readings, 1 above 37.5 °C.",
      "3 readings, average 70.13 kg.",
      "Ondansetron 8 mg",
      "60%",
      "Page 1 of ",
    ]) {
      expect(text).toContain(expected);
    }
    const pages = Number(text.match(/Page 1 of (\d+)/)![1]);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect((await auditRows(t, "patient.report.export")).at(-1)).toMatchObject({
      patientId: graceId,
      outcome: "success",
    });

    const backwards = await t.request({
      method: "POST",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/export`,
      token: nurse.token,
      payload: { startDate: "2026-03-08", endDate: "2026-03-02" },
    });
    expect(backwards.statusCode).toBe(422);
    expect(fieldErrors(backwards).map((e) => e.field)).toEqual(["endDate"]);
  });

  it("lists the nurse-visit appointments of the period in the PDF when the program records them", async () => {
    // A program of its own, which does not record appointments yet, and its consented patient
    // with three visits: in the week, one all day in the week, and one after it.
    const domain = uniqueMailDomain();
    const { programId, staff } = await programWithStaff(t, {
      organisation: `Visiting Health ${domain}`,
      program: `Visiting Heart ${domain}`,
      staff: { nurse: { email: `nia@${domain}`, role: "clinician_team_member" } },
    });
    const patientId = (await consentedPatient(t, staff.nurse.token, programId, { email: `grace@${domain}` })).userId;
    const visit = (date: string, start: string | null, end: string | null, appointmentType: string) =>
      insertVisit(
        t,
        { programId, patientId },
        {
          appointmentType,
          date,
          startTime: start,
          endTime: end,
          withWhom: "Sister Okafor",
          startsAt: `${date}T${start ?? "00:00"}:00Z`,
          endsAt: `${date}T${end ?? "23:59"}:00Z`,
          createdBy: staff.nurse.id,
        },
      );
    await visit("2026-03-04", "10:00", "10:30", "BLOOD_TEST");
    await visit("2026-03-06", null, null, "CHEMOTHERAPY");
    await visit("2026-03-20", "09:00", "09:30", "PICC_LINE_PROCEDURE");
    const exportPdf = async () =>
      pdfText(
        (
          await t.request({
            method: "POST",
            url: `/api/v1/pro-dashboard/projects/${programId}/users/${patientId}/reports/export`,
            token: staff.nurse.token,
            payload: week,
          })
        ).rawPayload,
      );
    // Until the program records appointments, the report has no such section.
    expect(await exportPdf()).not.toContain("Appointments");
    await t.ctx.db.updateTable("programs").set({ populateNvAppointments: true }).where("id", "=", programId).execute();
    const text = await exportPdf();
    expect(text).toMatch(/10:00.10:30/);
    for (const expected of ["Appointments", "04/03/2026", "Blood Test", "Face-to-Face", "Completed"]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/06\/03\/2026\s+All day\s+Chemotherapy/);
    expect(text).toContain("Sister Okafor");
    expect(text).not.toContain("PICC line procedure");
  });

  it("refuses staff without the permission, and records the refusal", async () => {
    // A nurse of Northbridge of her own, whose grants lack the dashboard and the report download.
    const clerk = await organisationStaff(t, northbridgeId, {
      email: `carl@${uniqueMailDomain()}`,
      role: "clinician_team_member",
    });
    await changePermissions(t, clerk.id, { revoke: ["view_user_dashboard", "download_patient_report"] });
    expect((await report(clerk.token, graceId, week)).statusCode).toBe(403);
    const pdf = await t.request({
      method: "POST",
      url: `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports/export`,
      token: clerk.token,
      payload: week,
    });
    expect(pdf.statusCode).toBe(403);
    const refusals = (await auditRows(t, "permission.refused")).filter((row) => row.actorUserId === clerk.id);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    await changePermissions(t, clerk.id, { grant: ["view_user_dashboard", "download_patient_report"] });
    expect((await report(clerk.token, graceId, week)).statusCode).toBe(200);
  });

  /**
   * Lakeside's nurse of her own, and a patient of Lakeside of her own with a pseudo-random two
   * months of January and February: symptoms at every grade and status, activities, vitals.
   */
  const lakesideTwoMonths = async () => {
    const domain = uniqueMailDomain();
    const lakeNurse = await organisationStaff(t, lakesideOrganisationId, {
      email: `lou@${domain}`,
      role: "clinician_team_member",
    });
    const patientId = (
      await consentedPatient(t, lakeNurse.token, lakeside, {
        firstName: "Lena",
        lastName: "Lake",
        email: `lena@${domain}`,
      })
    ).userId;
    const lena = { programId: lakeside, patientId };
    // A pseudo-random two months for Lena: symptoms at every grade and status, activities, vitals.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const classes: LogClass[] = ["SYMPTOMS", "SYMPTOMS", "ACTIVITY", "TEMPERATURE", "WEIGHT", "FEELING"];
    const statuses = [null, null, "Acknowledged", "Removed"] as const;
    for (let i = 0; i < 160; i++) {
      const day = 1 + Math.floor(next() * 59);
      const date = new Date(Date.UTC(2026, 0, day, Math.floor(next() * 24), Math.floor(next() * 60)));
      const offset = ["Z", "+05:00", "-08:00"][Math.floor(next() * 3)]!;
      const at = `${date.toISOString().slice(0, 19)}${offset}`;
      const logClass = classes[Math.floor(next() * classes.length)]!;
      await insertLog(t, lena, {
        logClass,
        at,
        ...(logClass === "SYMPTOMS"
          ? { logTypeId: NAUSEA, grade: Math.floor(next() * 5), validationStatus: statuses[Math.floor(next() * 4)]! }
          : logClass === "ACTIVITY"
            ? {
                data: { activityType: "Walking", durationMinutes: 10 },
                validationStatus: statuses[Math.floor(next() * 4)]!,
              }
            : { value: 37 }),
      });
    }
    return { lakeNurse, patientId };
  };

  it("classifies every calendar day in SQL exactly as the core rule does", async () => {
    const { lakeNurse, patientId: lenaId } = await lakesideTwoMonths();
    const response = await report(
      lakeNurse.token,
      lenaId,
      { startDate: "2025-12-31", endDate: "2026-03-01" },
      lakeside,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as ParticipantReport;

    const rows = await t.ctx.db
      .selectFrom("patientLogs")
      .select(["localDate", "logClass", "isDanger", "validationStatus"])
      .where("patientId", "=", lenaId)
      .execute();
    const expected = body.days.map((d) => ({
      date: d.date,
      ...classifyDay(rows.filter((r) => r.localDate === d.date) as DayLog[]),
    }));
    expect(body.days).toEqual(expected);
    const types = new Set(body.days.map((d) => d.type));
    expect(types).toEqual(new Set(["DANGER", "LOGGED", "DEFAULT"]));
    expect(body.days.some((d) => d.acknowledged)).toBe(true);
  });

  it("reads six months in one statement, limited to the range by an index", async () => {
    const { patientId: lenaId } = await lakesideTwoMonths();
    const patient = (await findReportPatient(t.ctx.db, lakeside, lenaId))!;
    const run = async (startDate: string, endDate: string) => {
      const statements: CompiledQuery[] = [];
      const capture: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(t.ctx.db.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const body = await buildParticipantReport(t.ctx.db.withPlugin(capture), {
        program: { id: lakeside, territory: "UK_IRE" },
        patient,
        startDate,
        endDate,
        byStatus: true,
        now: t.clock.now(),
      });
      return { body, statements };
    };
    const sixMonths = await run("2025-09-01", "2026-02-28");
    expect(sixMonths.body.days).toHaveLength(181);
    expect(sixMonths.statements).toHaveLength(1);

    // A week of Lena's two months, with sequential scans priced out: every read of logs or doses
    // must be an index range on logged_at (taken_at), not the patient's whole history.
    const { statements } = await run("2026-01-10", "2026-01-16");
    await sql`ANALYZE patient_logs, patient_medications, medication_events`.execute(t.ctx.db);
    const plans = await t.ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const out: string[] = [];
      for (const statement of statements) {
        const plan = await trx.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
        );
        out.push(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
      }
      return out;
    });
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on (patient_logs|medication_events)/);
    // The range bounds the index reads: the logs by instant (logged_at), the doses by taken_at.
    expect(plans[0]).toMatch(/Index Cond: \(.*logged_at >= /);
    expect(plans[0]).toMatch(/Index Cond: \(.*taken_at >= /);
  });
});
