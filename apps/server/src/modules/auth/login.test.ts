import { limits, messages } from "@openpro/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors, login } from "../../../test/factories.js";
import { otherThan } from "../../../test/sign-in-code.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const PATIENT_PASSWORD = "Patient-Diary-2026!";

describe("signing in: input, account kinds, throttling and the audit trail", () => {
  let t: TestApp;
  let nurseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    nurseId = await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member" });
    await t.createStaff({ email: "doctor@clinic.test", role: "clinician_admin" });
    await t.createStaff({ email: "locked@clinic.test", role: "clinician_team_member" });
    await createPatient(t, { email: "pat@home.test", password: PATIENT_PASSWORD, firstName: "Pat" });
  });
  afterAll(() => t.close());

  it("places the spec's messages on each field of a bad login", async () => {
    const empty = await t.request({ method: "POST", url: "/api/v2/auth/login", payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errorCode).toBe("VALIDATION_ERROR");
    expect(fieldErrors(empty)).toEqual(
      expect.arrayContaining([
        { field: "email", message: messages.required },
        { field: "password", message: messages.required },
        { field: "scope", message: messages.required },
      ]),
    );

    const blanks = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "   ", password: "", scope: "clinical" },
    });
    expect(fieldErrors(blanks)).toEqual([
      { field: "email", message: messages.required },
      { field: "password", message: messages.required },
    ]);
    expect(blanks.json().message).toBe(messages.validationFailed);

    const oneField = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "nurse@clinic", password: TEST_PASSWORD, scope: "clinical" },
    });
    expect(oneField.statusCode).toBe(422);
    // A single problem is also the answer's message, so a dialog can show it.
    expect(oneField.json()).toMatchObject({
      message: messages.invalidEmail,
      errors: [{ field: "email", message: messages.invalidEmail }],
    });

    const badScope = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "nurse@clinic.test", password: TEST_PASSWORD, scope: "admin" },
    });
    expect(fieldErrors(badScope)).toEqual([{ field: "scope", message: messages.required }]);

    const tooLongEmail = await login(t, `${"n".repeat(250)}@clinic.test`, TEST_PASSWORD);
    expect(fieldErrors(tooLongEmail)).toEqual([{ field: "email", message: messages.maxLength(256) }]);
  });

  it("refuses a patient account on the dashboard and a staff account in the app with WRONG_SCOPE", async () => {
    const patientOnDashboard = await login(t, "pat@home.test", PATIENT_PASSWORD, "clinical");
    expect(patientOnDashboard.statusCode).toBe(403);
    expect(patientOnDashboard.json()).toEqual({
      statusCode: 403,
      message: messages.wrongScopePatient,
      errorCode: "WRONG_SCOPE",
    });

    const staffInApp = await login(t, "nurse@clinic.test", TEST_PASSWORD, "patient");
    expect(staffInApp.statusCode).toBe(403);
    expect(staffInApp.json()).toEqual({ statusCode: 403, message: messages.wrongScopeStaff, errorCode: "WRONG_SCOPE" });

    // The wrong-scope answer is only given for the right password: a wrong one stays a plain failure.
    const wrongPassword = await login(t, "pat@home.test", "Not-The-Password-1!", "clinical");
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(messages.loginFailed);

    // No code was e-mailed for a refused sign-in.
    expect(await t.mailsTo("pat@home.test")).toEqual([]);
  });

  it("signs a patient in from the app without an e-mailed code, and keeps them off staff endpoints", async () => {
    const response = await login(t, "PAT@home.test", PATIENT_PASSWORD, "patient");
    expect(response.statusCode).toBe(200);
    const { accessToken, user } = response.json();
    expect(user).toMatchObject({
      email: "pat@home.test",
      scope: "patient",
      otpRequired: false,
      passwordExpireDate: null,
    });
    expect(await t.mailsTo("pat@home.test")).toEqual([]);

    const current = await t.request({ method: "GET", url: "/api/v1/current", token: accessToken });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ firstName: "Pat", scope: "patient", permissions: [] });

    const staffOnly = await t.request({ method: "GET", url: "/api/v1/admin/permissions", token: accessToken });
    expect(staffOnly.statusCode).toBe(403);
    expect(staffOnly.json().message).toBe(messages.forbidden);
  });

  it(`locks an account for a while after ${limits.loginFailuresPerAccount} wrong passwords, even for the right one`, async () => {
    const ip = "10.1.0.1";
    for (let i = 0; i < limits.loginFailuresPerAccount; i++) {
      const wrong = await login(t, "locked@clinic.test", `Wrong-Guess-${i}-2026!`, "clinical", ip);
      expect(wrong.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await login(t, "locked@clinic.test", TEST_PASSWORD, "clinical", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      message: messages.tooManyLoginAttempts,
      errorCode: "RATE_LIMITED",
    });

    // Another account from the same address is not affected, and neither is the address.
    const other = await login(t, "doctor@clinic.test", TEST_PASSWORD, "clinical", ip);
    expect(other.statusCode).toBe(200);

    // Case does not get around the lock.
    expect((await login(t, "LOCKED@Clinic.test", TEST_PASSWORD, "clinical", "10.1.0.2")).statusCode).toBe(429);

    t.clock.advanceSeconds(2 * limits.loginRateWindowSeconds);
    const later = await login(t, "locked@clinic.test", TEST_PASSWORD, "clinical", ip);
    expect(later.statusCode).toBe(200);
  });

  it("forgets earlier failures once the right password is given", async () => {
    const ip = "10.2.0.1";
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < limits.loginFailuresPerAccount - 1; i++) {
        expect((await login(t, "doctor@clinic.test", `Wrong-Guess-${i}-2026!`, "clinical", ip)).statusCode).toBe(401);
      }
      expect((await login(t, "doctor@clinic.test", TEST_PASSWORD, "clinical", ip)).statusCode, `round ${round}`).toBe(
        200,
      );
    }
  });

  it(`refuses every sign-in from one address after ${limits.loginFailuresPerIp} wrong passwords in the window`, async () => {
    t.clock.advanceSeconds(2 * limits.loginRateWindowSeconds);
    const ip = "10.3.0.1";
    for (let i = 0; i < limits.loginFailuresPerIp; i++) {
      // Unknown e-mails: each costs a (decoy) hash but locks no account.
      const response = await login(t, `ghost${i}@clinic.test`, "Wrong-Guess-2026!", "clinical", ip);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(t, "nurse@clinic.test", TEST_PASSWORD, "clinical", ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLoginAttempts);
    expect((await login(t, "nurse@clinic.test", TEST_PASSWORD, "clinical", "10.3.0.2")).statusCode).toBe(200);
  });

  it("records sign-in successes, failures and code checks in the audit log, which cannot be changed", async () => {
    t.clock.advanceSeconds(2 * limits.loginRateWindowSeconds);
    const before = await t.ctx.db
      .selectFrom("auditLog")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    const since = String(before.max ?? 0);

    await login(t, "nurse@clinic.test", "Wrong-Guess-2026!");
    const pending = (await login(t, "nurse@clinic.test", TEST_PASSWORD)).json();
    const wrongCode = otherThan(await t.lastCodeSentTo("nurse@clinic.test"));
    await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: pending.accessToken,
      payload: { otpCode: wrongCode },
    });
    await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: pending.accessToken,
      payload: { otpCode: await t.lastCodeSentTo("nurse@clinic.test") },
    });

    const rows = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "outcome", "actorUserId", "ip", "requestId", "details"])
      .where("id", ">", since)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.action, r.outcome, r.actorUserId])).toEqual([
      ["auth.login", "failure", nurseId],
      ["auth.login", "success", nurseId],
      ["auth.otp.verify", "failure", nurseId],
      ["auth.otp.verify", "success", nurseId],
    ]);
    for (const row of rows) {
      expect(row.ip).toBe("127.0.0.1");
      expect(row.requestId).toBeTruthy();
      // Neither passwords nor codes are written down.
      expect(JSON.stringify(row.details ?? {})).not.toMatch(/Wrong-Guess|Clinic-Demo|[0-9]{6}/);
    }

    await expect(
      sql`UPDATE audit_log SET outcome = 'success' WHERE outcome = 'failure'`.execute(t.ctx.db),
    ).rejects.toThrow(/never updated or deleted/);
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow(/never updated or deleted/);
    const failures = await t.ctx.db.selectFrom("auditLog").select("id").where("outcome", "=", "failure").execute();
    expect(failures.length).toBeGreaterThan(0);
  });

  it("still lets the helper sign in at the end (the limits above did not leak)", async () => {
    const tokens = await signIn(t, "nurse@clinic.test");
    const current = await t.request({ method: "GET", url: "/api/v1/current", token: tokens.accessToken });
    expect(current.json().otpRequired).toBe(false);
  });
});
