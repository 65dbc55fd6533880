import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enterEmailedCode } from "../../../test/sign-in-code.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

describe("a nurse signs in with password and e-mailed code", () => {
  let t: TestApp;
  /** The staff member sends the product team a line of feedback from the admin pages. */
  const sendFeedback = (accessToken: string, text: string) =>
    t.request({ method: "POST", url: "/api/v1/admin/vpro-feedback", token: accessToken, payload: { text } });
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member", firstName: "Nia" });
  });
  afterAll(() => t.close());

  it("reaches nothing but the code endpoints until the code is entered, then everything", async () => {
    const login = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "Nurse@Clinic.test", password: TEST_PASSWORD, scope: "clinical" },
    });
    expect(login.statusCode).toBe(200);
    const { accessToken, user } = login.json();
    expect(user.otpRequired).toBe(true);
    expect(user.email).toBe("nurse@clinic.test");

    const blocked = await sendFeedback(accessToken, "hi");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errorCode).toBe("OTP_REQUIRED");

    const mails = await t.mailsTo("nurse@clinic.test");
    expect(mails.at(-1)?.subject).toBe("Your OpenPRO sign-in code");

    const verified = await enterEmailedCode(t, "nurse@clinic.test", accessToken);
    expect(verified.json()).toEqual({ message: messages.otpVerified });

    const current = await t.request({ method: "GET", url: "/api/v1/current", token: accessToken });
    expect(current.json()).toMatchObject({ firstName: "Nia", otpRequired: false, userRole: "clinician_team_member" });

    const feedback = await sendFeedback(accessToken, "Lovely");
    expect(feedback.statusCode).toBe(201);
    expect(feedback.json().message).toBe(messages.feedbackSubmitted);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const wrong = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "nurse@clinic.test", password: "Wrong-Password-99!", scope: "clinical" },
    });
    const unknown = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "ghost@clinic.test", password: "Wrong-Password-99!", scope: "clinical" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe(messages.loginFailed);
  });

  it("puts the spec's messages on the right fields for bad input", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "not-an-email", password: "", scope: "clinical", role: "admin" },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "email", message: messages.invalidEmail },
        { field: "password", message: messages.required },
        { field: "role", message: messages.unknownField("role") },
      ]),
    );
  });

  it("signs in through the helper", async () => {
    const tokens = await signIn(t, "nurse@clinic.test");
    expect(tokens.accessToken).toBeTruthy();
  });
  it("tells an anonymous caller to sign in before looking at what it sent", async () => {
    const response = await t.request({ method: "POST", url: "/api/v1/admin/vpro-feedback", payload: { text: "" } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toBeUndefined();
  });
});
