import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { otherThan } from "../../../test/sign-in-code.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const EMAIL = "nurse@clinic.test";
const VERIFY = "/api/v2/auth/signin/email/verify_otp";
const RESEND = "/api/v2/auth/signin/email/send_otp";

describe("the e-mailed sign-in code", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: EMAIL, role: "clinician_team_member", firstName: "Nia" });
  });
  afterAll(() => t.close());

  /** Starts a sign-in: the pending access token and the code that was e-mailed for it. */
  const startSignIn = async () => {
    const response = await login(t, EMAIL, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    return { token: response.json().accessToken as string, code: await t.lastCodeSentTo(EMAIL) };
  };
  const verify = (token: string, otpCode: unknown) =>
    t.request({ method: "POST", url: VERIFY, token, payload: { otpCode } });
  const resend = (token: string) => t.request({ method: "POST", url: RESEND, token });
  const current = (token: string) => t.request({ method: "GET", url: "/api/v1/current", token });

  /** The sign-in codes used up so far (other stories sign the nurse in too). */
  const usedLoginCodes = async () =>
    (
      await t.ctx.db
        .selectFrom("oneTimeCodes")
        .select(["consumedAt"])
        .where("purpose", "=", "login")
        .where("consumedAt", "is not", null)
        .execute()
    ).length;

  it("mails a 6-digit code that finishes the sign-in; a wrong code is refused without using up the right one", async () => {
    const usedBefore = await usedLoginCodes();
    const { token, code } = await startSignIn();
    const mail = (await t.mailsTo(EMAIL)).at(-1)!;
    expect(mail.subject).toBe("Your OpenPRO sign-in code");
    expect(mail.textBody).toContain("Hello Nia,");
    expect(mail.textBody).toContain(`expires in ${limits.otpTtlSeconds / 60} minutes`);

    const wrong = await verify(token, otherThan(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ statusCode: 400, message: messages.otpIncorrect, errorCode: "OTP_INCORRECT" });
    expect(messages.otpIncorrect).toBe("Incorrect code, please try again");
    expect((await current(token)).json().otpRequired).toBe(true);

    const right = await verify(token, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: messages.otpVerified });
    expect((await current(token)).json().otpRequired).toBe(false);

    // Verified once: the code row is used up, and asking again just confirms.
    expect(await usedLoginCodes()).toBe(usedBefore + 1);
    expect((await verify(token, otherThan(code))).json()).toEqual({ message: messages.otpVerified });
    expect((await resend(token)).json()).toEqual({ message: messages.otpVerified });
  });

  it("puts the code's input problems on otpCode", async () => {
    const { token } = await startSignIn();
    for (const [otpCode, message] of [
      ["12345", messages.exactLength(6)],
      ["1234567", messages.exactLength(6)],
      ["12a456", messages.exactLength(6)],
      ["", messages.required],
      [undefined, messages.required],
    ] as const) {
      const response = await verify(token, otpCode);
      expect(response.statusCode, String(otpCode)).toBe(422);
      expect(fieldErrors(response), String(otpCode)).toEqual([{ field: "otpCode", message }]);
    }
    const extra = await t.request({ method: "POST", url: VERIFY, token, payload: { otpCode: "123456", email: EMAIL } });
    expect(fieldErrors(extra)).toEqual([{ field: "email", message: messages.unknownField("email") }]);
    // Without the sign-in's token the code endpoints are closed.
    expect((await t.request({ method: "POST", url: VERIFY, payload: { otpCode: "123456" } })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: RESEND })).statusCode).toBe(401);
  });

  it(`voids the code after ${limits.otpMaxAttempts} wrong tries: then even the right code is expired`, async () => {
    const { token, code } = await startSignIn();
    for (let i = 0; i < limits.otpMaxAttempts; i++) {
      const wrong = await verify(token, otherThan(code));
      expect(wrong.json().errorCode, `try ${i + 1}`).toBe("OTP_INCORRECT");
    }
    const right = await verify(token, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ statusCode: 400, message: messages.otpExpiredServer, errorCode: "OTP_EXPIRED" });
    expect((await current(token)).json().otpRequired).toBe(true);

    // A new code brings the sign-in back.
    expect((await resend(token)).json()).toEqual({ message: messages.otpResent });
    const fresh = await t.lastCodeSentTo(EMAIL);
    expect((await verify(token, fresh)).statusCode).toBe(200);
  });

  it(`expires a code ${limits.otpTtlSeconds / 60} minutes after it was sent`, async () => {
    const early = await startSignIn();
    t.clock.advanceSeconds(limits.otpTtlSeconds - 1);
    expect((await verify(early.token, early.code)).statusCode).toBe(200);

    const late = await startSignIn();
    t.clock.advanceSeconds(limits.otpTtlSeconds);
    const expired = await verify(late.token, late.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: "OTP_EXPIRED", message: messages.otpExpiredServer });
    expect((await current(late.token)).json().otpRequired).toBe(true);
  });

  it("binds a code to its own sign-in: a code from sign-in A does not verify sign-in B", async () => {
    const a = await startSignIn();
    let b = await startSignIn();
    if (b.code === a.code) {
      // One chance in a million: ask for another code for B so the two differ.
      await resend(b.token);
      b = { token: b.token, code: await t.lastCodeSentTo(EMAIL) };
    }
    const crossed = await verify(b.token, a.code);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errorCode).toBe("OTP_INCORRECT");
    expect((await current(b.token)).json().otpRequired).toBe(true);

    // Each sign-in still completes with its own code: starting B did not void A's.
    expect((await verify(a.token, a.code)).statusCode).toBe(200);
    expect((await verify(b.token, b.code)).statusCode).toBe(200);
    expect((await current(b.token)).json().otpRequired).toBe(false);
  });

  it("replaces the code on resend (the old one stops working) and throttles resends", async () => {
    t.clock.advanceSeconds(limits.otpSendWindowSeconds + 1);
    const { token, code: first } = await startSignIn();
    const sentBefore = (await t.mailsTo(EMAIL)).length;

    // The first code counts as one send of the window.
    for (let i = 1; i < limits.otpMaxSendsPerWindow; i++) {
      const response = await resend(token);
      expect(response.statusCode, `resend ${i}`).toBe(200);
      expect(response.json()).toEqual({ message: messages.otpResent });
    }
    const throttled = await resend(token);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      statusCode: 429,
      message: messages.otpResendThrottled,
      errorCode: "RATE_LIMITED",
    });
    expect(messages.otpResendThrottled).toBe("You've asked for a new code too many times. Retry later.");
    expect((await t.mailsTo(EMAIL)).length).toBe(sentBefore + limits.otpMaxSendsPerWindow - 1);

    const latest = await t.lastCodeSentTo(EMAIL);
    if (latest !== first) {
      const old = await verify(token, first);
      expect(old.statusCode).toBe(400);
      expect(old.json().errorCode).toBe("OTP_INCORRECT");
    }

    // Once the window has passed, a new code can be asked for again.
    t.clock.advanceSeconds(limits.otpSendWindowSeconds + 1);
    const again = await resend(token);
    expect(again.statusCode).toBe(200);
    expect((await verify(token, await t.lastCodeSentTo(EMAIL))).statusCode).toBe(200);
  });

  it("keeps a pending sign-in away from everything but the code, the profile and signing out", async () => {
    const { token } = await startSignIn();
    for (const [method, url, payload] of [
      ["GET", "/api/v1/admin/permissions", undefined],
      ["PATCH", "/api/v1/current", { firstName: "Eve" }],
      ["POST", "/api/v1/admin/vpro-feedback", { text: "hi" }],
    ] as const) {
      const response = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({
        statusCode: 403,
        message: messages.otpRequired,
        errorCode: "OTP_REQUIRED",
      });
    }
    const changePassword = await t.request({
      method: "POST",
      url: "/api/v2/auth/change-password",
      token,
      payload: { password: "Harbour-Lights-2026!", confirmPassword: "Harbour-Lights-2026!" },
    });
    expect(changePassword.statusCode).toBe(403);
    expect(changePassword.json().errorCode).toBe("OTP_REQUIRED");
    // The password is unchanged.
    expect((await login(t, EMAIL, TEST_PASSWORD)).statusCode).toBe(200);

    expect((await current(token)).statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/v1/auth/logout", token })).statusCode).toBe(204);
    expect((await current(token)).statusCode).toBe(401);
  });
});
