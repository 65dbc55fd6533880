import { dashboardRange } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMedication, insertMedicationEvent } from "../../../test/patient-data.js";
import { acceptInvite, addPatient, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import {
  addToProgram,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Issue 30 §4: a patient who consented on 27 November to a once-daily medicine "started" on 24
 * November, and took the one dose they could, showed 25 % adherence (3 "missed" doses the upload
 * would have refused). Doses count from the later of the consent day and the medication's start.
 */
describe("adherence counts doses from the later of the consent day and the medication's start", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let lung: string;
  let grace: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-11-20T09:00:00Z");
    const organisation = await insertOrganisation(t, "Northbridge Health");
    lung = await insertProgram(t, { organisationId: organisation, name: "Northbridge Lung", startDate: "2026-11-01" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, nurse.id, lung, "clinician_team_member");
    await changePermissions(t, nurse.id, { grant: ["view_project_symptom_data", "view_project_temperature_data"] });
    expect((await addPatient(t, nurse.token, newPatient(lung))).statusCode).toBe(201);
    // Grace consents on Friday 27 November.
    t.clock.set("2026-11-27T10:00:00Z");
    const session = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, session, lung)).statusCode).toBe(200);
    grace = await userIdOf(t, "grace@patients.test");
    // Her once-daily medicine was started on Tuesday 24 November; she takes the one dose she can.
    const medicine = await insertMedication(
      t,
      { programId: lung, patientId: grace },
      { name: "Osimertinib", frequency: "ONCE_DAILY", startDate: "2026-11-24" },
    );
    await insertMedicationEvent(
      t,
      { programId: lung, patientId: grace },
      { medicationId: medicine, status: "LOGGED", at: "2026-11-27T12:00:00Z" },
    );
    // Looked at the next morning: the 28th's dose is still to come, not missed.
    t.clock.set("2026-11-28T08:00:00Z");
    nurse.token = (await signIn(t, "nia@clinic.test")).accessToken;
  });
  afterAll(() => t.close());

  it("shows 100 % in the participant report, with no dose missed before consent", async () => {
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/users/${grace}/reports?startDate=2026-11-20&endDate=2026-11-28`,
      token: nurse.token,
    });
    expect(response.statusCode).toBe(200);
    const [adherence, ...others] = response.json().medicationAdherence;
    expect(others).toEqual([]);
    expect(adherence).toMatchObject({ adherence: 100, logged: 1, skipped: 0, missed: 0, total: 1 });
    expect(adherence.events.map((e: { status: string; date: string }) => [e.status, e.date.slice(0, 10)])).toEqual([
      ["LOGGED", "2026-11-27"],
      ["SCHEDULED", "2026-11-28"],
    ]);
  });

  it("shows 100 % on the program dashboard's Full program figures, and nobody behind a missed dose", async () => {
    const full = dashboardRange("FULL_PROGRAM", { startDate: "2026-11-01", endDate: null }, "2026-11-28");
    expect(full).toEqual({ startDate: "2026-11-01", endDate: "2026-11-28" });
    const medication = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/reports/medication?${new URLSearchParams({ ...full })}`,
      token: nurse.token,
    });
    expect(medication.statusCode).toBe(200);
    expect(medication.json().results).toEqual([
      { medicationName: "Osimertinib", adherence: 100, eventsMissed: 0, logged: 1, skipped: 0, patients: 1 },
    ]);
    const missed = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/reports/patients?${new URLSearchParams({
        ...full,
        figure: "missedMedication",
        medicationName: "Osimertinib",
      })}`,
      token: nurse.token,
    });
    expect(missed.statusCode).toBe(200);
    expect(missed.json().results).toEqual([]);
  });

  it("still counts a dose missed after consent", async () => {
    t.clock.set("2026-11-30T08:00:00Z");
    const { accessToken } = await signIn(t, "nia@clinic.test");
    const medication = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/reports/medication?startDate=2026-11-01&endDate=2026-11-30`,
      token: accessToken,
    });
    // The 28th and 29th went by without a dose: 1 of 3.
    expect(medication.json().results).toMatchObject([{ adherence: 33, eventsMissed: 2, logged: 1 }]);
    t.clock.set("2026-11-28T08:00:00Z");
  });
});
