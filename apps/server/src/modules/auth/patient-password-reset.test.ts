import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, login } from "../../../test/factories.js";
import { otherThan, resetStaffPasswordByEmailedCode } from "../../../test/sign-in-code.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const SEND_OTP = "/api/v2/auth/reset_password/email/send_otp";
const VERIFY_OTP = "/api/v2/auth/reset_password/email/verify_otp";
const RESET_OTP = "/api/v2/auth/reset_password/email/reset";

const OLD_PASSWORD = "Harbour-Lights-2026!";
const NEW_PASSWORD = "Quiet-Orchard-Swing-77!";

/**
 * The patient app's reset (/me/forgot-password): the code is e-mailed, guessing it is limited as
 * for staff, and the new password signs the patient straight into the app. Staff accounts are
 * never reset through it, and a patient who asks on the staff page still gets their own reset mail.
 */
describe("a patient who forgot their password gets back in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip?: string) =>
    t.request({ method: "POST", url, payload, ...(ip ? { remoteAddress: ip } : {}) });
  const resetBody = (email: string, otpCode: string, password = NEW_PASSWORD) => ({
    email,
    otpCode,
    password,
    confirmPassword: password,
    scope: "patient",
  });

  it("e-mails a code that leads to the patient app, then signs the patient in with the new password", async () => {
    await createPatient(t, { email: "grace@patients.test", password: OLD_PASSWORD, firstName: "Grace" });
    const oldSession = (await login(t, "grace@patients.test", OLD_PASSWORD, "patient")).json();

    const asked = await post(SEND_OTP, { email: "grace@patients.test", scope: "patient" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: messages.resetRequested });
    const mail = (await t.mailsTo("grace@patients.test")).at(-1)!;
    expect(mail.subject).toBe("Reset your OpenPRO password");
    expect(mail.textBody).toContain("Hello Grace,");
    expect(mail.textBody).toContain("/me/forgot-password?email=grace%40patients.test");
    const code = await t.lastCodeSentTo("grace@patients.test");
    expect(code).toMatch(/^[0-9]{6}$/);

    const wrong = await post(VERIFY_OTP, { email: "grace@patients.test", otpCode: otherThan(code), scope: "patient" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: "OTP_INCORRECT", message: messages.otpIncorrect });
    const checked = await post(VERIFY_OTP, { email: "grace@patients.test", otpCode: code, scope: "patient" });
    expect(checked.json()).toEqual({ message: messages.otpVerified });

    const done = await post(RESET_OTP, resetBody("grace@patients.test", code));
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json();
    expect(answer.message).toBe(messages.passwordResetDone);
    expect(answer.accessToken).toEqual(expect.any(String));
    expect(answer.refreshToken).toEqual(expect.any(String));

    // Signed in as the patient, in the patient scope: the app opens without another step.
    const me = await t.request({ method: "GET", url: "/api/v1/current", token: answer.accessToken });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: "grace@patients.test", scope: "patient", otpRequired: false });
    expect(answer.userId).toBe(me.json().id);
    // The session from before the reset has ended; only the new password signs in.
    expect((await t.request({ method: "GET", url: "/api/v1/current", token: oldSession.accessToken })).statusCode).toBe(
      401,
    );
    expect((await login(t, "grace@patients.test", OLD_PASSWORD, "patient")).statusCode).toBe(401);
    expect((await login(t, "grace@patients.test", NEW_PASSWORD, "patient")).statusCode).toBe(200);
    // The code is used up.
    expect((await post(RESET_OTP, resetBody("grace@patients.test", code, "Another-Long-Phrase-88!"))).statusCode).toBe(
      400,
    );
    expect((await t.mailsTo("grace@patients.test")).at(-1)!.subject).toBe("Your OpenPRO password was changed");
  });

  it("kills the code after five wrong tries and answers 429 after ten wrong codes for the address", async () => {
    await createPatient(t, { email: "alan@patients.test", password: OLD_PASSWORD });
    await post(SEND_OTP, { email: "alan@patients.test", scope: "patient" });
    const code = await t.lastCodeSentTo("alan@patients.test");
    for (let i = 0; i < limits.otpMaxAttempts; i++) {
      const guess = await post(RESET_OTP, resetBody("alan@patients.test", otherThan(code)), "10.0.0.1");
      expect(guess.statusCode, `guess ${i + 1}`).toBe(400);
    }
    // The right code no longer works: the patient asks for a new one.
    const late = await post(RESET_OTP, resetBody("alan@patients.test", code), "10.0.0.1");
    expect(late.statusCode).toBe(400);
    expect((await login(t, "alan@patients.test", OLD_PASSWORD, "patient")).statusCode).toBe(200);

    await post(SEND_OTP, { email: "alan@patients.test", scope: "patient" });
    const fresh = await t.lastCodeSentTo("alan@patients.test");
    // Guesses from other clients still count against the address.
    for (let i = limits.otpMaxAttempts + 1; i < limits.codeFailuresPerAccount; i++) {
      await post(
        VERIFY_OTP,
        { email: "alan@patients.test", otpCode: otherThan(fresh), scope: "patient" },
        `10.0.1.${i}`,
      );
    }
    const throttled = await post(RESET_OTP, resetBody("alan@patients.test", fresh), "10.0.2.1");
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(t, "alan@patients.test", OLD_PASSWORD, "patient")).statusCode).toBe(200);
  });

  it("never resets a staff account through the patient reset, and staff keep their own", async () => {
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member", firstName: "Nia" });
    // Staff who ask on the patient page get their own reset mail, which leads to the staff page.
    await post(SEND_OTP, { email: "nurse@clinic.test", scope: "patient" });
    const mail = (await t.mailsTo("nurse@clinic.test")).at(-1)!;
    expect(mail.textBody).toContain("/2FA/passwordReset/nurse%40clinic.test");
    expect(mail.textBody).not.toContain("/me/forgot-password");
    const code = await t.lastCodeSentTo("nurse@clinic.test");

    const asPatient = await post(RESET_OTP, resetBody("nurse@clinic.test", code));
    expect(asPatient.statusCode).toBe(400);
    expect(asPatient.json()).toMatchObject({ errorCode: "OTP_INCORRECT" });
    const checkAsPatient = await post(VERIFY_OTP, { email: "nurse@clinic.test", otpCode: code, scope: "patient" });
    expect(checkAsPatient.statusCode).toBe(400);
    // The staff password still works, and the staff page's reset still answers without signing in.
    await signIn(t, "nurse@clinic.test", TEST_PASSWORD);
    const staffReset = await resetStaffPasswordByEmailedCode(t, "nurse@clinic.test", NEW_PASSWORD);
    expect(staffReset.statusCode).toBe(200);
    expect(staffReset.json()).toEqual({ message: messages.passwordResetDone });
  });

  it("sends a patient who asks on the staff page the patient's reset mail, answering as for anyone", async () => {
    await createPatient(t, { email: "lena@patients.test", password: OLD_PASSWORD });
    const patient = await post(SEND_OTP, { email: "lena@patients.test", scope: "clinical" });
    const nobody = await post(SEND_OTP, { email: "nobody@patients.test", scope: "clinical" });
    expect(patient.json()).toEqual(nobody.json());
    expect(await t.mailsTo("nobody@patients.test")).toEqual([]);
    const mail = (await t.mailsTo("lena@patients.test")).at(-1)!;
    expect(mail.textBody).toContain("/me/forgot-password?email=lena%40patients.test");
    const code = await t.lastCodeSentTo("lena@patients.test");
    // The code works on the patient's page, not as a staff reset.
    expect((await post(VERIFY_OTP, { email: "lena@patients.test", otpCode: code, scope: "clinical" })).statusCode).toBe(
      400,
    );
    const done = await post(RESET_OTP, resetBody("lena@patients.test", code));
    expect(done.statusCode, done.body).toBe(200);
    expect((await login(t, "lena@patients.test", NEW_PASSWORD, "patient")).statusCode).toBe(200);
  });
});
