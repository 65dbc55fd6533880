import { ApiError } from "../../../lib/api-error";
import { t } from "../../../lib/patient-text";

/**
 * The patient sign-up / sign-in failures (in the patient's language) that end in the modal "Error": a 422 that names no form
 * field, or an invite that was already used or is no longer valid. null: the form shows the error itself.
 */
export const inviteErrorMessage = (error: unknown, formFields: readonly string[]): string | null => {
  if (!(error instanceof ApiError) || error.status === undefined) return null;
  const text = `${error.errorCode ?? ""} ${error.message}`.toLowerCase();
  const used = text.includes("already used") || /(^|_)USED($|_)/.test(error.errorCode ?? "");
  if (error.status === 422) {
    if (error.fieldErrors.some((e) => formFields.includes(e.field))) return null;
    return used ? t("inviteUsed") : t("inviteLinkInvalid");
  }
  if (used) return t("inviteUsed");
  if ((error.status === 400 || error.status === 404 || error.status === 410) && text.includes("invit")) {
    return t("inviteLinkInvalid");
  }
  return null;
};
