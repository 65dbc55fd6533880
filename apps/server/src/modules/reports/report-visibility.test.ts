import type { DailyReport, ParticipantReport } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLogs, insertMedication, insertMedicationEvent } from "../../../test/patient-data.js";
import { consentedPatient } from "../../../test/patients.js";
import { changePermissions, heartWithNurse, organisationStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";

/**
 * A widget hidden in the browser is not a control: a nurse without a widget's permission gets
 * that part of the patient's data left out by the server, in the range report and the day report.
 * Grace's week is written once and only read; each story signs in a nurse of its own, whose
 * permissions lack what the story says.
 */
describe("the server leaves out each dashboard part the caller may not see", () => {
  let t: TestApp;
  let organisationId: string;
  let programId: string;
  let patientId: string;
  const week = "startDate=2026-03-02&endDate=2026-03-08&symptomsSeperatedByStatus=true";

  /** A nurse of the organisation, signed in, with the role's default grants less `revoked`. */
  const nurseWithout = async (revoked: readonly string[] = []) => {
    const nurse = await organisationStaff(t, organisationId, {
      email: `nia@${uniqueMailDomain()}`,
      role: "clinician_team_member",
    });
    if (revoked.length > 0) await changePermissions(t, nurse.id, { revoke: revoked });
    return nurse;
  };
  const rangeReport = async (nurse: { token: string }) => {
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${patientId}/reports?${week}`,
      token: nurse.token,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ParticipantReport;
  };
  const dayReport = async (nurse: { token: string }) => {
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${patientId}/reports/2026-03-03`,
      token: nurse.token,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as DailyReport;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-07T10:00:00Z");
    const world = await heartWithNurse(t);
    organisationId = world.organisationId;
    programId = world.heart;
    patientId = (await consentedPatient(t, world.nurse.token, programId, { email: "grace@patients.test" })).userId;
    const grace = { programId, patientId };
    await insertLogs(t, grace, [
      { logClass: "SYMPTOMS", at: "2026-03-03T09:00:00Z", logTypeId: NAUSEA, grade: 3 },
      { logClass: "TEMPERATURE", at: "2026-03-03T07:00:00Z", value: 38.2, unit: "C" },
      { logClass: "WEIGHT", at: "2026-03-03T07:05:00Z", value: 70, unit: "kg" },
      { logClass: "FEELING", at: "2026-03-03T09:30:00Z", value: 4 },
      {
        logClass: "ACTIVITY",
        at: "2026-03-03T17:00:00Z",
        data: { source: "MANUAL", activityType: "Walking", durationMinutes: 30 },
      },
    ]);
    const medicationId = await insertMedication(t, grace, {
      name: "Ondansetron",
      frequency: "ONCE_DAILY",
      startDate: "2026-03-01",
    });
    await insertMedicationEvent(t, grace, { medicationId, status: "LOGGED", at: "2026-03-03T08:00:00Z" });
  });
  afterAll(() => t.close());

  it("with every widget permission, every part is there", async () => {
    const nurse = await nurseWithout();
    const report = await rangeReport(nurse);
    expect(report.symptoms.map((g) => g.log.name)).toEqual(["Nausea"]);
    expect(report.temperatures).toHaveLength(1);
    expect(report.weights.count).toBe(1);
    expect(report.medicationAdherence.map((m) => m.medication.name)).toEqual(["Ondansetron"]);
    expect(report.activities.map((a) => a.activityType)).toEqual(["Walking"]);
    expect(report.days.find((d) => d.date === "2026-03-03")?.type).toBe("DANGER");
    expect(report.logs.map((l) => l.logClass).sort()).toEqual(
      ["ACTIVITY", "FEELING", "SYMPTOMS", "TEMPERATURE", "WEIGHT"].sort(),
    );
    const day = await dayReport(nurse);
    expect([day.symptoms, day.temperatures, day.weights, day.feelings, day.activities].map((p) => p.length)).toEqual([
      1, 1, 1, 1, 1,
    ]);
    expect(day.medicationEvents.filter((e) => e.status === "LOGGED")).toHaveLength(1);
  });

  it("without the weight and temperature permissions, no weight or temperature leaves the server", async () => {
    const nurse = await nurseWithout(["view_user_dashboard_weight", "view_user_dashboard_temperature"]);
    const report = await rangeReport(nurse);
    expect(report.weights).toEqual({ unit: "kg", avg: null, dayAvg: [], items: [], count: 0 });
    expect(report.temperatures).toEqual([]);
    expect(report.logs.some((l) => l.logClass === "WEIGHT" || l.logClass === "TEMPERATURE")).toBe(false);
    // What the nurse may still see is untouched.
    expect(report.symptoms.map((g) => g.log.name)).toEqual(["Nausea"]);
    const day = await dayReport(nurse);
    expect(day.weights).toEqual([]);
    expect(day.temperatures).toEqual([]);
    expect(day.symptoms).toHaveLength(1);
  });

  it("without symptom logs, medications, activities and calendar, those parts are empty too", async () => {
    const hidden = [
      "view_user_symptom_logs",
      "view_user_medication_adherence",
      "view_user_activities",
      "view_user_dashboard_calendar",
    ];
    const nurse = await nurseWithout(hidden);
    const report = await rangeReport(nurse);
    expect(report.symptoms).toEqual([]);
    expect(report.symptomsNew).toEqual([]);
    expect(report.mostLoggedSymptoms).toEqual([]);
    expect(report.medicationAdherence).toEqual([]);
    expect(report.activities).toEqual([]);
    expect(report.steps).toEqual([]);
    expect(report.days).toEqual([]);
    expect(report.logs.map((l) => l.logClass).sort()).toEqual(["TEMPERATURE", "WEIGHT"]);
    const day = await dayReport(nurse);
    expect([day.symptoms, day.feelings, day.activities, day.medicationEvents]).toEqual([[], [], [], []]);
    expect(day.weights).toHaveLength(1);
  });
});
