import {
  type ChecklistItemId,
  containsEmailName,
  EMAIL_PATTERN,
  evaluateChecklist,
  limits,
  PASSWORD_SPECIAL_CHARACTERS,
  type PatientTextKey,
} from "@openpro/core/schema-free";
import { ApiError } from "./api-error";
import { t } from "./patient-text";

/*
 * The field rules of the patient's forms (core's rules/form-fields.ts: the same checks) with their
 * messages from the patients' catalogue, in the patient's language: core's own messages are the
 * staff screens' English.
 */

/** Required text (whitespace-only is empty), at most `max` characters. */
export const patientTextProblem = (
  value: string,
  max: number,
  requiredKey: "fieldRequired" | "firstNameRequired" | "lastNameRequired" = "fieldRequired",
): string | null => {
  const text = value.trim();
  if (!text) return t(requiredKey);
  return text.length > max ? t("tooLong", { max }) : null;
};

export const patientEmailProblem = (value: string): string | null =>
  patientTextProblem(value, limits.text.email) ?? (EMAIL_PATTERN.test(value.trim()) ? null : t("emailInvalid"));

/** A new password (the checklist's rules, not built from the e-mail) and its confirmation. */
export const patientNewPasswordProblems = (password: string, confirmPassword: string, email = "") => {
  const met = Object.values(evaluateChecklist(password)).every(Boolean);
  return {
    password: !password
      ? t("fieldRequired")
      : !met || password.length > limits.passwordMaxLength
        ? t("passwordRulesUnmet")
        : containsEmailName(password, email)
          ? t("passwordTooCommon")
          : null,
    confirmPassword: !confirmPassword
      ? t("fieldRequired")
      : password && confirmPassword !== password
        ? t("passwordMismatch")
        : null,
  };
};

const serverFieldKeys: Record<string, PatientTextKey> = {
  password: "passwordTooCommon",
  confirmPassword: "passwordMismatch",
  email: "emailInvalid",
  firstName: "firstNameRequired",
  lastName: "lastNameRequired",
  privacyPolicy: "privacyPolicyRequired",
  eula: "licenceRequired",
};

/**
 * A 422's field errors in the patient's words: the server's checks are the ones above (and
 * zxcvbn's on the password), so each field's message is the catalogue's for that field.
 */
export const patientServerFieldErrors = (error: unknown): unknown => {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const worded = error.fieldErrors.map(({ field }) => ({
    field,
    message: t(serverFieldKeys[field] ?? "fieldRequired"),
  }));
  return new ApiError({
    status: error.status,
    message: error.message,
    ...(error.errorCode ? { errorCode: error.errorCode } : {}),
    fieldErrors: worded,
  });
};

/** The password checklist in the patient's words (features/auth/components/password-checklist.tsx). */
export const patientChecklistWords = () => ({
  title: t("passwordMustContain"),
  rule: (id: ChecklistItemId) =>
    id === "length"
      ? t("passwordRule_length", { n: limits.passwordMinLength })
      : id === "special"
        ? t("passwordRule_special", { characters: PASSWORD_SPECIAL_CHARACTERS })
        : t(`passwordRule_${id}`),
  done: ` ${t("passwordRuleDone")}`,
  notYet: ` ${t("passwordRuleNotYet")}`,
  tooCommon: t("passwordTooCommon"),
});
