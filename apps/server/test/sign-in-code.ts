import { expect } from "vitest";
import type { TestApp } from "./test-app.js";

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
