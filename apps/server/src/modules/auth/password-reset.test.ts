import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { otherThan } from "../../../test/sign-in-code.js";
import { uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const SEND_OTP = "/api/v2/auth/reset_password/email/send_otp";
const VERIFY_OTP = "/api/v2/auth/reset_password/email/verify_otp";
const RESET_OTP = "/api/v2/auth/reset_password/email/reset";
const REQUEST_CODE = "/api/v1/auth/password-reset/request";
const CHECK_CODE = "/api/v1/auth/password-reset/check";
const RESET_CODE = "/api/v2/auth/password-reset/reset";

describe("forgotten password: the 6-digit code flow and the 8-character code flow", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member", firstName: "Nia" });
    await t.createStaff({ email: "limit@clinic.test", role: "clinician_admin" });
  });
  afterAll(() => t.close());

  /**
   * Dev, a clinical admin whose password is still the one he was given: a doctor of the story's own
   * (`doctor@<its own mail domain>`), since the stories reset his password.
   */
  const doctor = async () => {
    const email = `doctor@${uniqueMailDomain()}`;
    await t.createStaff({ email, role: "clinician_admin", firstName: "Dev" });
    return email;
  };

  const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });
  const current = (token: string) => t.request({ method: "GET", url: "/api/v1/current", token });
  /** The staff member asks for a reset code on the "Forgot password?" page; the code e-mailed to them. */
  const sendsResetCode = async (email: string) => {
    await post(SEND_OTP, { email, scope: "clinical" });
    return t.lastCodeSentTo(email);
  };
  /** Sets a new password with a reset code, the password typed the same twice. */
  const resetWithCode = (email: string, otpCode: string, password: string) =>
    post(RESET_OTP, { email, otpCode, password, confirmPassword: password });
  /** Sets a new password with an 8-character reset code, the password typed the same twice. */
  const resetWithEightCharacterCode = (resetCode: string, password: string) =>
    post(RESET_CODE, { resetCode, password, confirmPassword: password });

  it("6-digit flow: request, check, reset; sessions end and only the new password works", async () => {
    const session = await signIn(t, "nurse@clinic.test");

    const known = await post(SEND_OTP, { email: "Nurse@Clinic.test", scope: "clinical" });
    const unknown = await post(SEND_OTP, { email: "nobody@clinic.test", scope: "clinical" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: messages.resetRequested });
    expect(await t.mailsTo("nobody@clinic.test")).toEqual([]);

    const mail = (await t.mailsTo("nurse@clinic.test")).at(-1)!;
    expect(mail.subject).toBe("Reset your OpenPRO password");
    expect(mail.textBody).toContain("/2FA/passwordReset/nurse%40clinic.test");
    const code = await t.lastCodeSentTo("nurse@clinic.test");
    expect(code).toMatch(/^[0-9]{6}$/);

    // Checking the code does not use it; a wrong code and an unknown e-mail answer alike.
    const wrong = await post(VERIFY_OTP, { email: "nurse@clinic.test", otpCode: otherThan(code), scope: "clinical" });
    const stranger = await post(VERIFY_OTP, { email: "nobody@clinic.test", otpCode: code, scope: "clinical" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ statusCode: 400, message: messages.otpIncorrect, errorCode: "OTP_INCORRECT" });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(wrong.json());
    const checked = await post(VERIFY_OTP, { email: "nurse@clinic.test", otpCode: code, scope: "clinical" });
    expect(checked.json()).toEqual({ message: messages.otpVerified });

    const newPassword = "Harbour-Lights-2026!";
    const mismatch = await post(RESET_OTP, {
      email: "nurse@clinic.test",
      otpCode: code,
      password: newPassword,
      confirmPassword: "nope",
    });
    expect(fieldErrors(mismatch)).toEqual([{ field: "confirmPassword", message: messages.passwordMismatch }]);
    const weak = await resetWithCode("nurse@clinic.test", code, "short");
    expect(fieldErrors(weak)).toEqual([{ field: "password", message: messages.passwordMinLength(12) }]);

    const done = await resetWithCode("nurse@clinic.test", code, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.passwordResetDone });

    expect((await current(session.accessToken)).statusCode).toBe(401);
    expect((await login(t, "nurse@clinic.test", TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, "nurse@clinic.test", newPassword)).statusCode).toBe(200);

    // The code works once; a used code answers like a wrong one, so the reply tells nothing about the account.
    const again = await resetWithCode("nurse@clinic.test", code, "Another-Harbour-2027!");
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe("OTP_INCORRECT");
    expect((await login(t, "nurse@clinic.test", newPassword)).statusCode).toBe(200);
  });

  it("6-digit flow: without the right code, the reset says nothing about the account or its password", async () => {
    const dev = await doctor();
    const code = await sendsResetCode(dev);
    const attempt = (email: string, password: string) => resetWithCode(email, otherThan(code), password);

    // Guessing the current password, or one built from the e-mail, must not be confirmed.
    const guessCurrent = await attempt(dev, TEST_PASSWORD);
    const guessPersonal = await attempt(dev, "Doctor-Clinic-2026!");
    const strangerReset = await attempt("nobody@clinic.test", TEST_PASSWORD);
    for (const response of [guessCurrent, guessPersonal, strangerReset]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, message: messages.otpIncorrect, errorCode: "OTP_INCORRECT" });
    }

    // With the right code, the same password is refused on its field, and the code survives.
    const same = await resetWithCode(dev, code, TEST_PASSWORD);
    expect(fieldErrors(same)).toEqual([{ field: "password", message: messages.passwordSameAsOld }]);
    const ok = await resetWithCode(dev, code, "Quiet-Meadow-2026!");
    expect(ok.statusCode).toBe(200);
  });

  it("6-digit flow: the reset code expires and is not a sign-in code", async () => {
    const dev = await doctor();
    const code = await sendsResetCode(dev);

    const pending = (await login(t, dev, TEST_PASSWORD)).json();
    const asLogin = await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: pending.accessToken,
      payload: { otpCode: code },
    });
    // The login's own code is the newest mail; the reset code does not finish a sign-in.
    if (code !== (await t.lastCodeSentTo(dev))) expect(asLogin.statusCode).toBe(400);

    t.clock.advanceSeconds(limits.otpTtlSeconds);
    const expired = await post(VERIFY_OTP, { email: dev, otpCode: code, scope: "clinical" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: "OTP_EXPIRED", message: messages.otpExpiredServer });
  });

  it("puts bad input of the 6-digit flow on its fields", async () => {
    expect(fieldErrors(await post(SEND_OTP, { email: "not-an-email" }))).toEqual([
      { field: "email", message: messages.invalidEmail },
    ]);
    expect(fieldErrors(await post(SEND_OTP, {}))).toEqual([{ field: "email", message: messages.required }]);
    expect(fieldErrors(await post(VERIFY_OTP, { email: "nurse@clinic.test", otpCode: "12" }))).toEqual([
      { field: "otpCode", message: messages.exactLength(6) },
    ]);
    expect(
      fieldErrors(
        await post(RESET_OTP, { email: "nurse@clinic.test", otpCode: "123456", password: "Harbour-Lights-2026!" }),
      ),
    ).toEqual([{ field: "confirmPassword", message: messages.required }]);
  });

  it(`throttles reset requests per e-mail after ${limits.otpMaxSendsPerWindow}, known or not`, async () => {
    for (const email of ["limit@clinic.test", "ghost@clinic.test"]) {
      for (let i = 0; i < limits.otpMaxSendsPerWindow; i++) {
        expect((await post(SEND_OTP, { email, scope: "clinical" })).statusCode, `${email} ${i + 1}`).toBe(200);
      }
      const throttled = await post(REQUEST_CODE, { email });
      expect(throttled.statusCode, email).toBe(429);
      expect(throttled.json()).toEqual({
        statusCode: 429,
        message: messages.otpResendThrottled,
        errorCode: "RATE_LIMITED",
      });
    }
    expect((await t.mailsTo("limit@clinic.test")).length).toBe(limits.otpMaxSendsPerWindow);
    t.clock.advanceSeconds(limits.otpSendWindowSeconds);
    expect((await post(SEND_OTP, { email: "limit@clinic.test", scope: "clinical" })).statusCode).toBe(200);
  });

  it("8-character flow: request, check, reset; the answer signs the user in and the old sessions end", async () => {
    const dev = await doctor();
    const session = await signIn(t, dev);

    const known = await post(REQUEST_CODE, { email: dev.toUpperCase() });
    const unknown = await post(REQUEST_CODE, { email: "nobody@elsewhere.test" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: messages.resetRequested });
    expect(await t.mailsTo("nobody@elsewhere.test")).toEqual([]);

    const mail = (await t.mailsTo(dev)).at(-1)!;
    expect(mail.textBody).toContain(`/confirm-code?email=doctor%40${dev.split("@")[1]}`);
    const resetCode = await t.lastCodeSentTo(dev);
    expect(resetCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(resetCode).not.toMatch(/[01IO]/);

    const wrongCode = resetCode.startsWith("A") ? `B${resetCode.slice(1)}` : `A${resetCode.slice(1)}`;
    const wrong = await post(CHECK_CODE, { resetCode: wrongCode });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ statusCode: 404, message: messages.resetCodeIncorrect });
    const otherEmail = await post(CHECK_CODE, { resetCode, email: "nurse@clinic.test" });
    expect(otherEmail.json()).toEqual(wrong.json());
    // Typed in lower case from the e-mail, the code still matches.
    expect((await post(CHECK_CODE, { resetCode: resetCode.toLowerCase(), email: dev })).json()).toEqual({
      message: messages.otpVerified,
    });

    expect(fieldErrors(await post(CHECK_CODE, { resetCode: "ABC" }))).toEqual([
      { field: "resetCode", message: messages.exactLength(8) },
    ]);
    expect(
      fieldErrors(await post(RESET_CODE, { resetCode, password: "Meadow-Brook-2027!", confirmPassword: "Meadow" })),
    ).toEqual([{ field: "confirmPassword", message: messages.passwordMismatch }]);

    const reset = await resetWithEightCharacterCode(resetCode, "Meadow-Brook-2027!");
    expect(reset.statusCode).toBe(200);
    const body = reset.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(String),
    });

    const profile = await current(body.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: body.userId, email: dev, otpRequired: false });
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/permissions", token: body.accessToken })).statusCode,
    ).toBe(200);
    const refreshed = await t.request({
      method: "POST",
      url: "/api/v1/auth/refresh",
      payload: { refreshToken: body.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    expect((await current(session.accessToken)).statusCode).toBe(401);
    expect((await login(t, dev, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, dev, "Meadow-Brook-2027!")).statusCode).toBe(200);

    // Used once: the same code is now unknown.
    const reused = await resetWithEightCharacterCode(resetCode, "Another-Brook-2028!");
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(messages.resetCodeIncorrect);
  });

  it(`8-character flow: a code expires after ${limits.resetCodeTtlSeconds / 60} minutes`, async () => {
    t.clock.advanceSeconds(limits.otpSendWindowSeconds);
    await post(REQUEST_CODE, { email: "nurse@clinic.test" });
    const resetCode = await t.lastCodeSentTo("nurse@clinic.test");
    t.clock.advanceSeconds(limits.resetCodeTtlSeconds - 1);
    expect((await post(CHECK_CODE, { resetCode })).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await resetWithEightCharacterCode(resetCode, "Harbour-Lights-2029!");
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(messages.resetCodeIncorrect);
  });
});
