import { insertUser } from "../src/db/demo/queries.js";
import { hashPassword } from "../src/platform/auth/passwords.js";
import type { TestApp } from "./test-app.js";

/** A patient account (scope "patient"), as the mobile app's sign-up would leave it. */
export const createPatient = async (t: TestApp, patient: { email: string; password: string; firstName?: string }) => {
  const now = t.clock.now();
  return insertUser(t.database.db, {
    email: patient.email.toLowerCase(),
    firstName: patient.firstName ?? "Pat",
    lastName: "Patient",
    displayName: null,
    role: null,
    scope: "patient",
    passwordHash: await hashPassword(patient.password),
    passwordChangedAt: now,
    permissions: [],
    territory: "UK_IRE",
    privacyPolicy: true,
    eula: true,
    emailVerified: true,
    instructionsAcknowledgedAt: null,
    dateCreated: now,
    updatedAt: now,
  });
};

/** Field errors of a 422 answer, as the client places them. */
export const fieldErrors = (response: { json(): unknown }) =>
  (response.json() as { errors?: { field: string; message: string }[] }).errors ?? [];

export const login = (
  t: TestApp,
  email: string,
  password: string,
  scope: "clinical" | "patient" = "clinical",
  ip?: string,
) =>
  t.request({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email, password, scope },
    ...(ip ? { remoteAddress: ip } : {}),
  });
