import type { Role } from "@openpro/core";
import { expect } from "vitest";
import { addPatient, consentedPatient, newPatient, userIdOf } from "./patients.js";
import { programWithStaff, setNurseVisitAppointments, uniqueMailDomain } from "./teams.js";
import type { TestApp } from "./test-app.js";

/**
 * The data-out stories' worlds (erasure, exports), one per story: the story's own Northbridge running
 * its own Heart, Grace and Alan in it, and Lakeside with Lena out of its staff's reach. Names are
 * numbered and addresses of a domain of the story's own, as program names and e-mail addresses are
 * unique across the database the stories of a file share.
 */

/**
 * "Northbridge Health N" running "Northbridge Heart N" (nurse-visit appointments on), and its staff,
 * members of the organisation with their roles' default grants, signed in by key: `staff` gives each
 * key the name before the @ ("cleo") and the role; their addresses are of the story's own domain.
 */
export const northbridgeHeart = async <K extends string>(
  t: TestApp,
  n: number,
  staff: Record<K, readonly [name: string, role: Role]>,
) => {
  const domain = uniqueMailDomain();
  const members = Object.fromEntries(
    (Object.entries(staff) as [K, readonly [string, Role]][]).map(([key, [name, role]]) => [
      key,
      { email: `${name}@${domain}`, role },
    ]),
  ) as Record<K, { email: string; role: Role }>;
  const name = `Northbridge Heart ${n}`;
  const world = await programWithStaff(t, { organisation: `Northbridge Health ${n}`, program: name, staff: members });
  await setNurseVisitAppointments(t, world.programId);
  const tok = Object.fromEntries(
    (Object.entries(world.staff) as [K, { token: string }][]).map(([key, session]) => [key, session.token]),
  ) as Record<K, string>;
  return { northbridge: world.organisationId, heart: world.programId, name, tok };
};

/** A Heart's usual data-out staff (northbridgeHeart): Cleo, its clinical program admin, and Nia, its nurse. */
export const cleoAndNiaOfHeart = {
  clinical: ["cleo", "clinical_project_admin"],
  nurse: ["nia", "clinician_team_member"],
} as const;

/**
 * Grace Hopper and Alan Turing added to `heart` by `adminToken` (NHS number 943 476 5919, addresses of
 * a domain of their own): Grace joined through the e-mailed invitation, consented, and gave Heart her
 * birth date (1961-04-12) and sex as the app's demographics page sends them; Alan was only invited.
 */
export const graceAndAlan = async (t: TestApp, heart: string, adminToken: string) => {
  const domain = uniqueMailDomain("patients");
  const graceEmail = `grace@${domain}`;
  const alanEmail = `alan@${domain}`;
  const grace = await consentedPatient(t, adminToken, heart, { email: graceEmail });
  const alan = await addPatient(
    t,
    adminToken,
    newPatient(heart, { firstName: "Alan", lastName: "Turing", email: alanEmail }),
  );
  expect(alan.statusCode).toBe(201);
  const demographics = await t.request({
    method: "PATCH",
    url: "/api/v1/user/demographics",
    token: grace.token,
    payload: { gender: "female", dob: "1961-04-12" },
  });
  expect(demographics.statusCode).toBe(200);
  return {
    graceId: grace.userId,
    graceToken: grace.token,
    graceEmail,
    alanId: await userIdOf(t, alanEmail),
    alanEmail,
  };
};

/**
 * Lakeside, another organisation running its own program "Lakeside", out of reach of any Northbridge:
 * Lou, its clinical program admin, signed in, and Lena Lake, whom Lou added and who joined and consented.
 */
export const lakesideWithLena = async (t: TestApp) => {
  const domain = uniqueMailDomain("lakeside");
  const world = await programWithStaff(t, {
    organisation: "Lakeside",
    program: "Lakeside",
    staff: { lou: { email: `lou@${domain}`, role: "clinical_project_admin" } },
  });
  const lena = await consentedPatient(t, world.staff.lou.token, world.programId, {
    email: `lena@${domain}`,
    firstName: "Lena",
    lastName: "Lake",
  });
  return { lakeside: world.programId, lakeToken: world.staff.lou.token, lenaId: lena.userId };
};
