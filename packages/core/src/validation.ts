import { z } from "zod";
import { limits } from "./limits.js";
import { messages } from "./messages.js";
import { EMAIL_PATTERN } from "./rules/form-fields.js";
import { passwordProblem } from "./rules/password.js";

/**
 * Words for people where a schema gives none: zod's own texts ("Invalid input: expected string…")
 * must never reach a user. A message a schema states itself always wins over these.
 */
z.config({
  // In a browser the Content-Security-Policy allows no eval: zod must not probe for it (a
  // `new Function` it catches, but the browser reports as a violation). The server keeps zod's JIT.
  jitless: typeof document !== "undefined",
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined || issue.input === null ? messages.required : messages.notValidValue;
      case "too_small":
        return issue.origin === "string" && issue.minimum === 1 ? messages.required : messages.notValidValue;
      case "too_big":
        return issue.origin === "string" ? messages.maxLength(Number(issue.maximum)) : messages.notValidValue;
      case "invalid_value":
      case "invalid_union":
        return messages.chooseAnOption;
      default:
        return messages.notValidValue;
    }
  },
});

export { EMAIL_PATTERN } from "./rules/form-fields.js";
export const PHONE_PATTERN = /^\+?[1-9][0-9]{6,14}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const present = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Required text; whitespace-only counts as empty. */
export const requiredText = (max?: number, requiredMessage: string = messages.required) =>
  max === undefined ? present(requiredMessage) : present(requiredMessage).max(max, messages.maxLength(max));

export const optionalText = (max: number) => z.string().trim().max(max, messages.maxLength(max)).optional();

export const emailField = (max: number = limits.text.email, requiredMessage: string = messages.required) =>
  present(requiredMessage)
    .max(max, messages.maxLength(max))
    .regex(EMAIL_PATTERN, messages.invalidEmail)
    .transform((v) => v.toLowerCase());

/** A new password: both readings of the spec must hold (see rules/password.ts). */
export const newPasswordField = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Password + confirm, with the mismatch reported on confirmPassword. */
export const withConfirmedPassword = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject({
      ...shape,
      password: newPasswordField,
      confirmPassword: z.string({ error: messages.required }).min(1, messages.required),
    })
    .refine(
      (v) => {
        const pair = v as { password: string; confirmPassword: string };
        return pair.password === pair.confirmPassword;
      },
      { path: ["confirmPassword"], message: messages.passwordMismatch },
    );

export const exactDigits = (n: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(new RegExp(`^[0-9]{${n}}$`), messages.exactLength(n));

export const exactLengthCode = (n: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).length(n, messages.exactLength(n));

export const uuidField = (message: string = messages.notFound) => z.string().regex(UUID_PATTERN, message);
