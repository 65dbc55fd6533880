import type { Role } from "@openpro/core";
import { expect } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient, userIdOf } from "./patients.js";
import {
  addToOrganisation,
  insertOrganisation,
  insertProgram,
  setNurseVisitAppointments,
  staffSession,
} from "./teams.js";
import type { TestApp } from "./test-app.js";

/**
 * The data-out tests' world: Northbridge Health runs "Northbridge Heart" (nurse-visit appointments
 * on), Lakeside runs "Lakeside"; staff join one of the two by key. Then Grace and Alan are enrolled
 * in Heart and Lena in Lakeside: Grace (born 1961-04-12) and Lena consented, Alan only invited.
 */
export const northbridgeAndLakeside = async (
  t: TestApp,
  staff: readonly (readonly [key: string, email: string, role: Role, organisation: "northbridge" | "lakeside"])[],
) => {
  const northbridge = await insertOrganisation(t, "Northbridge Health");
  const heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
  await setNurseVisitAppointments(t, heart);
  const lakeOrg = await insertOrganisation(t, "Lakeside");
  const lakeside = await insertProgram(t, { organisationId: lakeOrg, name: "Lakeside" });
  const tok: Record<string, string> = {};
  for (const [key, email, role, organisation] of staff) {
    const session = await staffSession(t, { email, role });
    await addToOrganisation(t, session.id, organisation === "northbridge" ? northbridge : lakeOrg, role);
    tok[key] = session.token;
  }
  return { northbridge, heart, lakeside, tok };
};

/** The data-out stories' usual staff of Northbridge: Cleo, its clinical program admin, and Nia, its nurse. */
export const cleoAndNia = [
  ["clinical", "cleo@clinic.test", "clinical_project_admin", "northbridge"],
  ["nurse", "nia@clinic.test", "clinician_team_member", "northbridge"],
] as const;

/** Grace and Alan in Heart (added by `heartAdmin`), Lena in Lakeside (by `lakeAdmin`); Grace and Lena consent. */
export const enrolGraceAlanLena = async (
  t: TestApp,
  programs: { heart: string; lakeside: string },
  tokens: { heartAdmin: string; lakeAdmin: string },
) => {
  for (const [programId, token, firstName, lastName, email] of [
    [programs.heart, tokens.heartAdmin, "Grace", "Hopper", "grace@patients.test"],
    [programs.heart, tokens.heartAdmin, "Alan", "Turing", "alan@patients.test"],
    [programs.lakeside, tokens.lakeAdmin, "Lena", "Lake", "lena@patients.test"],
  ] as const) {
    expect((await addPatient(t, token, newPatient(programId, { firstName, lastName, email }))).statusCode).toBe(201);
  }
  const graceToken = await acceptInvite(t, "grace@patients.test");
  expect((await giveConsent(t, graceToken, programs.heart)).statusCode).toBe(200);
  const lenaToken = await acceptInvite(t, "lena@patients.test", { firstName: "Lena", lastName: "Lake" });
  expect((await giveConsent(t, lenaToken, programs.lakeside)).statusCode).toBe(200);
  const graceId = await userIdOf(t, "grace@patients.test");
  // Grace gives Heart her birth date and sex after consenting, as the app's demographics page sends them.
  const demographics = await t.request({
    method: "PATCH",
    url: "/api/v1/user/demographics",
    token: graceToken,
    payload: { gender: "female", dob: "1961-04-12" },
  });
  expect(demographics.statusCode).toBe(200);
  return {
    graceToken,
    graceId,
    alanId: await userIdOf(t, "alan@patients.test"),
    lenaId: await userIdOf(t, "lena@patients.test"),
  };
};

/** A nurse books Grace a blood test in Heart on 20 March 2026, 10:00–10:30, face to face, with Sister Okafor. */
export const bookGraceBloodTest = async (
  t: TestApp,
  { heart, graceId, nurseToken }: { heart: string; graceId: string; nurseToken: string },
) => {
  const booked = await t.request({
    method: "POST",
    url: `/api/v1/users/${graceId}/nurse_visit_appointments?projectId=${heart}`,
    token: nurseToken,
    payload: {
      appointmentType: "BLOOD_TEST",
      date: "2026-03-20",
      startTime: "10:00",
      endTime: "10:30",
      mode: "FACE_TO_FACE",
      isDraft: false,
      withWhom: "Sister Okafor",
    },
  });
  expect(booked.statusCode).toBe(201);
};
