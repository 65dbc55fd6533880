import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { emailField, requiredText, withConfirmedPassword } from "../validation.js";
import { emailProblem, newPasswordProblems, requiredTextProblem } from "./form-fields.js";

const schemaProblem = (schema: z.ZodType, value: unknown): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "?");
};

describe("the plain field rules say what the schemas say", () => {
  const name = "x".repeat(limits.text.personName);
  it.each(["", "   ", "Ada", ` ${name} `, `${name}y`])("required text %j", (value) => {
    expect(requiredTextProblem(value, limits.text.personName, messages.firstNameRequired)).toBe(
      schemaProblem(requiredText(limits.text.personName, messages.firstNameRequired), value),
    );
  });

  it.each(["", "pat", "pat@example", "pat@example.org", " Pat@Example.org ", `${"a".repeat(250)}@example.org`])(
    "e-mail %j",
    (value) => {
      expect(emailProblem(value)).toBe(schemaProblem(emailField(), value));
    },
  );

  const pairSchema = withConfirmedPassword({});
  it.each([
    ["", ""],
    ["short", "short"],
    ["Blue-Harbour-Kite-2031!", ""],
    ["Blue-Harbour-Kite-2031!", "Blue-Harbour-Kite-2031?"],
    ["Blue-Harbour-Kite-2031!", "Blue-Harbour-Kite-2031!"],
  ])("new password %j, confirmed %j", (password, confirmPassword) => {
    const parsed = pairSchema.safeParse({ password, confirmPassword });
    const byField = (field: string) =>
      parsed.success ? null : (parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
    expect(newPasswordProblems(password, confirmPassword)).toEqual({
      password: byField("password"),
      confirmPassword: byField("confirmPassword"),
    });
  });
});
