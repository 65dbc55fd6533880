import { errorCodes, messages } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { mapApiError } from "./error-catalogue";

describe("the error catalogue", () => {
  describe("maintenance", () => {
    it("sends a 503 with maintenanceUntil to the planned-downtime page with that time", () => {
      expect(mapApiError(503, { message: "Down", maintenanceUntil: "2026-11-22T06:00:00.000Z" })).toEqual({
        kind: "redirect",
        to: "/planned-downtime/2026-11-22T06%3A00%3A00.000Z",
        report: false,
      });
    });

    it("sends a 503 without a time to the unplanned-downtime page", () => {
      expect(mapApiError(503, { message: "Down" })).toEqual({
        kind: "redirect",
        to: "/unplanned-downtime",
        report: false,
      });
    });
  });

  describe("server faults", () => {
    it.each([500, 502, 504])("shows the generic message for %i and reports it", (status) => {
      expect(mapApiError(status, { message: "stack trace would be here" })).toEqual({
        kind: "notice",
        message: messages.somethingWentWrong,
        report: true,
      });
    });

    it("treats a missing status (network failure) like a server fault", () => {
      expect(mapApiError(undefined)).toEqual({ kind: "notice", message: messages.somethingWentWrong, report: true });
    });

    it("keeps the generic message for server faults in every flow", () => {
      for (const flow of ["login", "otp-verify", "otp-resend", "reset-code-check", "password-change"] as const) {
        expect(mapApiError(500, {}, { flow })).toMatchObject({ message: messages.somethingWentWrong, report: true });
      }
    });
  });

  describe("401", () => {
    it("logs out (the HTTP client has already tried one refresh)", () => {
      expect(mapApiError(401, { message: "Unauthorized" })).toEqual({ kind: "logout", message: null, report: false });
    });
  });

  describe("403", () => {
    it("shows the patient sign-in flag (WRONG_SCOPE) in an error dialog without logging out", () => {
      expect(mapApiError(403, { message: messages.wrongScopePatient, errorCode: errorCodes.wrongScope })).toEqual({
        kind: "dialog",
        dialog: { title: "Error 403", message: messages.wrongScopePatient },
        report: false,
      });
    });

    it("shows the flag dialog on the login form too", () => {
      const outcome = mapApiError(
        403,
        { message: messages.wrongScopePatient, errorCode: errorCodes.wrongScope },
        { flow: "login" },
      );
      expect(outcome.kind).toBe("dialog");
    });

    it("sends a session that still needs its code to /2FA/login/{email}", () => {
      expect(mapApiError(403, { errorCode: errorCodes.otpRequired }, { email: "ann@example.org" })).toEqual({
        kind: "redirect",
        to: "/2FA/login/ann%40example.org",
        report: false,
      });
      expect(mapApiError(403, { errorCode: errorCodes.otpRequired })).toMatchObject({ to: "/2FA/login" });
    });

    it("sends an expired password to /update-password", () => {
      expect(mapApiError(403, { errorCode: errorCodes.passwordExpired })).toEqual({
        kind: "redirect",
        to: "/update-password",
        report: false,
      });
    });

    it("logs out with the forbidden message for any other 403", () => {
      expect(mapApiError(403, { message: "Nope" })).toEqual({
        kind: "logout",
        message: messages.forbiddenLoggedOut,
        report: false,
      });
    });
  });

  describe("422", () => {
    it("returns the field errors by body key, without a dialog for the generic summary", () => {
      expect(
        mapApiError(422, {
          message: messages.validationFailed,
          errors: [
            { field: "email", message: messages.invalidEmail },
            { field: "confirmPassword", message: messages.passwordMismatch },
          ],
        }),
      ).toEqual({
        kind: "field-errors",
        fieldErrors: { email: messages.invalidEmail, confirmPassword: messages.passwordMismatch },
        dialog: null,
        report: false,
      });
    });

    it("keeps the first message when a field has several", () => {
      const outcome = mapApiError(422, {
        errors: [
          { field: "password", message: "first" },
          { field: "password", message: "second" },
        ],
      });
      expect(outcome).toMatchObject({ fieldErrors: { password: "first" } });
    });

    it("adds a dialog when the body carries a specific message", () => {
      expect(mapApiError(422, { message: "Program name already exists", errors: [] })).toEqual({
        kind: "field-errors",
        fieldErrors: {},
        dialog: { title: "Error 422", message: "Program name already exists" },
        report: false,
      });
    });

    it("shows no dialog when there is no message at all", () => {
      expect(mapApiError(422, { errors: [{ field: "name", message: "Too long" }] })).toMatchObject({ dialog: null });
    });
  });

  describe("404", () => {
    it("shows the Error 404 dialog with the body message", () => {
      expect(mapApiError(404, { message: "Organisation not found" })).toEqual({
        kind: "dialog",
        dialog: { title: messages.error404, message: "Organisation not found" },
        report: false,
      });
    });

    it("shows nothing when the body has no message", () => {
      expect(mapApiError(404, { statusText: "Not Found" })).toEqual({ kind: "ignore", report: false });
    });

    it("ignores 404s of reports", () => {
      expect(mapApiError(404, { message: "No data" }, { flow: "report" })).toEqual({ kind: "ignore", report: false });
    });
  });

  describe("other 4xx", () => {
    it("shows Error {status} with the body message", () => {
      expect(mapApiError(409, { message: "This user already exists" })).toEqual({
        kind: "dialog",
        dialog: { title: "Error 409", message: "This user already exists" },
        report: false,
      });
    });

    it("falls back to the status text when the body has no message", () => {
      expect(mapApiError(429, { statusText: "Too Many Requests" })).toMatchObject({
        dialog: { title: "Error 429", message: "Too Many Requests" },
      });
    });
  });

  describe("login", () => {
    it("shows the login failure message for wrong credentials", () => {
      expect(mapApiError(401, { message: "whatever the server says" }, { flow: "login" })).toEqual({
        kind: "notice",
        message: messages.loginFailed,
        report: false,
      });
    });

    it("shows the throttling message of the server on 429", () => {
      expect(mapApiError(429, { message: messages.tooManyLoginAttempts }, { flow: "login" })).toMatchObject({
        kind: "notice",
        message: messages.tooManyLoginAttempts,
      });
    });

    it("puts 422 field errors on the form", () => {
      expect(
        mapApiError(422, { errors: [{ field: "email", message: messages.invalidEmail }] }, { flow: "login" }),
      ).toMatchObject({
        kind: "field-errors",
        fieldErrors: { email: messages.invalidEmail },
      });
    });
  });

  describe("one-time code", () => {
    it("shows the incorrect-code message", () => {
      expect(
        mapApiError(
          400,
          { message: messages.otpIncorrect, errorCode: errorCodes.otpIncorrect },
          { flow: "otp-verify" },
        ),
      ).toEqual({ kind: "notice", message: messages.otpIncorrect, report: false });
    });

    it("rewrites the server's expiry message to the client's", () => {
      expect(
        mapApiError(
          400,
          { message: messages.otpExpiredServer, errorCode: errorCodes.otpExpired },
          { flow: "otp-verify" },
        ),
      ).toEqual({ kind: "notice", message: messages.otpExpired, report: false });
    });

    it("shows the server message for other statuses", () => {
      expect(mapApiError(429, { message: "Too many attempts" }, { flow: "otp-verify" })).toMatchObject({
        kind: "notice",
        message: "Too many attempts",
      });
    });

    it("shows the throttled message when a resend answers 429", () => {
      expect(mapApiError(429, { message: "x" }, { flow: "otp-resend" })).toEqual({
        kind: "notice",
        message: messages.otpResendThrottled,
        report: false,
      });
    });

    it("shows the resend failure message for other resend failures", () => {
      expect(mapApiError(400, { message: "x" }, { flow: "otp-resend" })).toMatchObject({
        message: messages.otpResendFailed,
      });
    });
  });

  describe("reset code and password change", () => {
    it.each([400, 404])("shows the incorrect reset code message for %i", (status) => {
      expect(mapApiError(status, { message: "Not found" }, { flow: "reset-code-check" })).toEqual({
        kind: "notice",
        message: messages.resetCodeIncorrect,
        report: false,
      });
    });

    it("shows the server message of a failed password change, else the fallback", () => {
      expect(mapApiError(400, { message: messages.passwordSameAsOld }, { flow: "password-change" })).toMatchObject({
        message: messages.passwordSameAsOld,
      });
      expect(mapApiError(400, {}, { flow: "password-change" })).toMatchObject({
        message: messages.passwordChangeFailed,
      });
    });

    it("puts password field errors on the fields", () => {
      expect(
        mapApiError(
          422,
          { errors: [{ field: "password", message: messages.passwordTooCommon }] },
          { flow: "password-change" },
        ),
      ).toMatchObject({ kind: "field-errors", fieldErrors: { password: messages.passwordTooCommon } });
    });
  });
});
