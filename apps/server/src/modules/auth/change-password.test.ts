import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const NEW_PASSWORD = "Harbour-Lights-2026!";
const CHANGE = "/api/v2/auth/change-password";

describe("changing a password, and a password that expires", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** From a full session the current password goes along (reauthentication.test.ts); null leaves it out. */
  const change = (
    token: string,
    password: unknown,
    confirmPassword: unknown = password,
    currentPassword: string | null = TEST_PASSWORD,
  ) =>
    t.request({
      method: "POST",
      url: CHANGE,
      token,
      payload: { password, confirmPassword, ...(currentPassword === null ? {} : { currentPassword }) },
    });
  const current = (token: string) => t.request({ method: "GET", url: "/api/v1/current", token });

  /** Margaret Hughes, a program admin with the test password, an account of the story's own: her e-mail. */
  const margaret = async () => {
    const email = `margaret.hughes@${uniqueMailDomain()}`;
    await t.createStaff({ email, role: "clinical_project_admin", firstName: "Margaret" });
    return email;
  };

  it("refuses weak, common, personal, reused and mismatched passwords on the right field", async () => {
    const email = await margaret();
    const { accessToken } = await signIn(t, email);
    const cases: [string, string, string, string][] = [
      // [password, confirm, field, message]
      ["Short-1!", "Short-1!", "password", messages.passwordMinLength(12)],
      ["x".repeat(129), "x".repeat(129), "password", messages.passwordMaxLength(128)],
      ["harbour-lights-2026!", "harbour-lights-2026!", "password", messages.passwordChecklist],
      ["Harbour Lights 2026!", "Harbour Lights 2026!", "password", messages.passwordChecklist],
      ["Password123!!", "Password123!!", "password", messages.passwordTooCommon],
      ["Margaret.Hughes-77", "Margaret.Hughes-77", "password", messages.passwordTooCommon],
      [TEST_PASSWORD, TEST_PASSWORD, "password", messages.passwordSameAsOld],
      [NEW_PASSWORD, `${NEW_PASSWORD}?`, "confirmPassword", messages.passwordMismatch],
      [NEW_PASSWORD, "", "confirmPassword", messages.required],
      ["", "", "password", messages.required],
    ];
    for (const [password, confirm, field, message] of cases) {
      const response = await change(accessToken, password, confirm);
      expect(response.statusCode, password).toBe(422);
      expect(fieldErrors(response), password).toContainEqual({ field, message });
    }
    const extra = await t.request({
      method: "POST",
      url: CHANGE,
      token: accessToken,
      payload: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, oldPassword: TEST_PASSWORD },
    });
    expect(fieldErrors(extra)).toEqual([{ field: "oldPassword", message: messages.unknownField("oldPassword") }]);

    // Nothing changed: the old password still signs in, the session still works.
    expect((await current(accessToken)).statusCode).toBe(200);
    expect((await login(t, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("changes the password and ends every session; the new password signs in, the old one no longer", async () => {
    const email = await margaret();
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const response = await change(laptop.accessToken, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.passwordUpdated });

    for (const session of [phone, laptop]) {
      expect((await current(session.accessToken)).statusCode).toBe(401);
      expect(
        (
          await t.request({
            method: "POST",
            url: "/api/v1/auth/refresh",
            payload: { refreshToken: session.refreshToken },
          })
        ).statusCode,
      ).toBe(401);
    }
    const notice = (await t.mailsTo(email)).at(-1)!;
    expect(notice.subject).toBe("Your OpenPRO password was changed");
    expect(notice.textBody).not.toContain(NEW_PASSWORD);

    const old = await login(t, email, TEST_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(messages.loginFailed);
    const fresh = await signIn(t, email, NEW_PASSWORD);
    expect((await current(fresh.accessToken)).statusCode).toBe(200);
  });

  it(`lets an expired password (after ${limits.passwordMaxAgeDays} days) sign in, but only to choose a new one`, async () => {
    const email = await margaret();
    // She chose NEW_PASSWORD.
    expect((await change((await signIn(t, email)).accessToken, NEW_PASSWORD)).statusCode).toBe(200);
    const before = await signIn(t, email, NEW_PASSWORD);
    const changedAt = t.clock.now().getTime();
    t.clock.advanceSeconds(limits.passwordMaxAgeDays * 86_400 + 60);
    // The old session died of inactivity long ago.
    expect((await current(before.accessToken)).statusCode).toBe(401);

    const response = await login(t, email, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { accessToken, user } = response.json();
    expect(new Date(user.passwordExpireDate).getTime()).toBeLessThan(t.clock.now().getTime());
    expect(new Date(user.passwordExpireDate).getTime()).toBeGreaterThanOrEqual(changedAt);

    // The code step still comes first and still works.
    const verify = await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: accessToken,
      payload: { otpCode: await t.lastCodeSentTo(email) },
    });
    expect(verify.statusCode).toBe(200);

    const profile = await current(accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().otpRequired).toBe(false);
    expect(new Date(profile.json().passwordExpireDate).getTime()).toBeLessThan(t.clock.now().getTime());

    for (const [method, url, payload] of [
      ["GET", "/api/v1/admin/permissions", undefined],
      ["PATCH", "/api/v1/current", { firstName: "Maggie" }],
      ["POST", "/api/v1/admin/vpro-feedback", { text: "hello" }],
    ] as const) {
      const blocked = await t.request({ method, url, token: accessToken, ...(payload ? { payload } : {}) });
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json(), url).toEqual({
        statusCode: 403,
        message: messages.passwordExpired,
        errorCode: "PASSWORD_EXPIRED",
      });
    }

    // The same password again is not a new one.
    // The forced change keeps the spec's payload: no current password.
    expect(fieldErrors(await change(accessToken, NEW_PASSWORD, NEW_PASSWORD, null))).toEqual([
      { field: "password", message: messages.passwordSameAsOld },
    ]);

    const renewed = await change(accessToken, "Lighthouse-Keeper-2027?", "Lighthouse-Keeper-2027?", null);
    expect(renewed.statusCode).toBe(200);
    expect((await current(accessToken)).statusCode).toBe(401);

    // After signing in again everything is open, with an expiry date in the future.
    const again = await signIn(t, email, "Lighthouse-Keeper-2027?");
    const after = await current(again.accessToken);
    expect(new Date(after.json().passwordExpireDate).getTime()).toBe(
      t.clock.now().getTime() + limits.passwordMaxAgeDays * 86_400_000,
    );
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/permissions", token: again.accessToken })).statusCode,
    ).toBe(200);
  });
});
