import { messages } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./password-strength.js";

describe("a new password on the server (core's rules, then zxcvbn)", () => {
  it("accepts passwords zxcvbn finds hard to guess", () => {
    for (const password of ["Harbour-Lights-2026!", "Tq7!mZp2@wLx", "Qwerty@Harbour-26", "Albatross!Wing42"]) {
      expect(newPasswordProblem(password), password).toBeNull();
    }
  });

  it("refuses common passwords, whatever the case, punctuation or trailing digits", () => {
    for (const password of ["Password123!!", "pASSWORD-2024!", "Qwertyuiop1!", "Welcome1!!!!!", "Iloveyou.2025!"]) {
      expect(newPasswordProblem(password), password).toBe(messages.passwordTooCommon);
    }
  });

  it("sees through l33t and symbol substitutions (P@ssw0rd, Pa$$word) with the spec's message", () => {
    for (const password of ["P@ssw0rd2024!", "P@ssw0rd-2024!", "Pa$$word-2024!"]) {
      expect(newPasswordProblem(password), password).toBe(messages.passwordTooCommon);
    }
    expect(messages.passwordTooCommon).toBe("This password is too common. Please choose a less predictable one");
  });

  it("refuses a password built from the user's e-mail name, and only for that user", () => {
    const email = "margaret.hughes@clinic.test";
    expect(newPasswordProblem("Margaret.Hughes-77", { email })).toBe(messages.passwordTooCommon);
    expect(newPasswordProblem("X1!margaretHUGHESx", { email })).toBe(messages.passwordTooCommon);
    expect(newPasswordProblem("Margaret.Hughes-77")).toBeNull();
    expect(newPasswordProblem("Margaret.Hughes-77", { email: "someone.else@clinic.test" })).toBeNull();
  });

  it("reports core's rule first (length, checklist) before guessability", () => {
    expect(newPasswordProblem("password")).toBe(messages.passwordMinLength(12));
    expect(newPasswordProblem("passwordpassword")).toBe(messages.passwordChecklist);
  });
});
