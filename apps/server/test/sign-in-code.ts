import { expect } from "vitest";
import type { TestApp } from "./test-app.js";

/** A six-digit code that is certainly not `code` (the next one, 999999 wrapping to 000000): a wrong guess. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/**
 * The staff member types the six-digit code last e-mailed to `email` into the code page of the session
 * `accessToken` (its sign-in or sign-up); the server's answer, for the story to check.
 */
export const enterEmailedCode = async (t: TestApp, email: string, accessToken: string) => {
  const code = await t.lastCodeSentTo(email);
  expect(code).toMatch(/^[0-9]{6}$/);
  return t.request({
    method: "POST",
    url: "/api/v2/auth/signin/email/verify_otp",
    token: accessToken,
    payload: { otpCode: code },
  });
};

/**
 * A staff member resets a forgotten password from the sign-in page: asks for a code by e-mail (from
 * `remoteAddress`, where given), then types it with `password` twice; the reset's answer.
 */
export const resetStaffPasswordByEmailedCode = async (
  t: TestApp,
  email: string,
  password: string,
  remoteAddress?: string,
) => {
  const post = (url: string, payload: object) =>
    t.request({ method: "POST", url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  expect((await post("/api/v2/auth/reset_password/email/send_otp", { email, scope: "clinical" })).statusCode).toBe(200);
  const otpCode = await t.lastCodeSentTo(email);
  return post("/api/v2/auth/reset_password/email/reset", { email, otpCode, password, confirmPassword: password });
};
