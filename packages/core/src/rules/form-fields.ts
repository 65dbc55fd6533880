import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { passwordProblem } from "./password.js";

/** A standard e-mail pattern: local part, @, a domain with a dot. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/*
 * The field rules of validation.ts (requiredText, emailField, withConfirmedPassword) as plain
 * functions, for forms that must not load zod (the light patient-side entry): the message of the
 * first rule a value breaks, or null. form-fields.test.ts holds them to the schemas.
 */

/** Required text; whitespace-only counts as empty. */
export const requiredTextProblem = (
  value: string,
  max?: number,
  requiredMessage: string = messages.required,
): string | null => {
  const text = value.trim();
  if (!text) return requiredMessage;
  return max !== undefined && text.length > max ? messages.maxLength(max) : null;
};

export const emailProblem = (
  value: string,
  max: number = limits.text.email,
  requiredMessage: string = messages.required,
): string | null =>
  requiredTextProblem(value, max, requiredMessage) ?? (EMAIL_PATTERN.test(value.trim()) ? null : messages.invalidEmail);

/** A new password and its confirmation: the problem of each field. */
export const newPasswordProblems = (
  password: string,
  confirmPassword: string,
): { password: string | null; confirmPassword: string | null } => ({
  password: password ? passwordProblem(password) : messages.required,
  confirmPassword: !confirmPassword
    ? messages.required
    : password && confirmPassword !== password
      ? messages.passwordMismatch
      : null,
});
