import { dashboardRange } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMedicationWithDoses } from "../../../test/patient-data.js";
import { consentedPatient } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, programStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Issue 30 §4: a patient who consented on 27 November to a once-daily medicine "started" on 24
 * November, and took the one dose they could, showed 25 % adherence (3 "missed" doses the upload
 * would have refused). Doses count from the later of the consent day and the medication's start.
 */
describe("adherence counts doses from the later of the consent day and the medication's start", () => {
  let t: TestApp;
  let n = 0;

  /**
   * Northbridge Lung (from 1 November) and its nurse Nia, who may see the program's figures; Grace,
   * added on 20 November, consents on Friday 27 November to a once-daily medicine started on Tuesday 24 November, and
   * takes the one dose she can. Looked at the next morning, the 28th's dose still to come.
   */
  const graceConsentedAfterHerMedicineStarted = async () => {
    n++;
    const domain = uniqueMailDomain();
    t.clock.set("2026-11-20T09:00:00Z");
    const organisationId = await insertOrganisation(t, `Northbridge Health ${n}`);
    const lung = await insertProgram(t, { organisationId, name: `Northbridge Lung ${n}`, startDate: "2026-11-01" });
    const nurse = await programStaff(t, lung, { email: `nia@${domain}`, role: "clinician_team_member" }, [
      "view_project_symptom_data",
      "view_project_temperature_data",
    ]);
    // Added on the 20th, she consents on Friday 27 November.
    const grace = (
      await consentedPatient(t, nurse.token, lung, { email: `grace@${domain}` }, { consentsAt: "2026-11-27T10:00:00Z" })
    ).userId;
    await insertMedicationWithDoses(
      t,
      { programId: lung, patientId: grace },
      { name: "Osimertinib", frequency: "ONCE_DAILY", startDate: "2026-11-24" },
      { logged: ["2026-11-27T12:00:00Z"] },
    );
    t.clock.set("2026-11-28T08:00:00Z");
    return { lung, grace, nurseEmail: `nia@${domain}`, nurseToken: (await signIn(t, `nia@${domain}`)).accessToken };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows 100 % in the participant report, with no dose missed before consent", async () => {
    const { lung, grace, nurseToken } = await graceConsentedAfterHerMedicineStarted();
    const response = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/users/${grace}/reports?startDate=2026-11-20&endDate=2026-11-28`,
      token: nurseToken,
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
    const { lung, nurseToken } = await graceConsentedAfterHerMedicineStarted();
    const full = dashboardRange("FULL_PROGRAM", { startDate: "2026-11-01", endDate: null }, "2026-11-28");
    expect(full).toEqual({ startDate: "2026-11-01", endDate: "2026-11-28" });
    const medication = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/reports/medication?${new URLSearchParams({ ...full })}`,
      token: nurseToken,
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
      token: nurseToken,
    });
    expect(missed.statusCode).toBe(200);
    expect(missed.json().results).toEqual([]);
  });

  it("still counts a dose missed after consent", async () => {
    const { lung, nurseEmail } = await graceConsentedAfterHerMedicineStarted();
    t.clock.set("2026-11-30T08:00:00Z");
    const { accessToken } = await signIn(t, nurseEmail);
    const medication = await t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${lung}/reports/medication?startDate=2026-11-01&endDate=2026-11-30`,
      token: accessToken,
    });
    // The 28th and 29th went by without a dose: 1 of 3.
    expect(medication.json().results).toMatchObject([{ adherence: 33, eventsMissed: 2, logged: 1 }]);
  });
});
