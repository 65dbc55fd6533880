import { errorCodes, messages } from "@openpro/core/schema-free";

/** What the server said, as far as the catalogue needs it. */
export interface ErrorFacts {
  message?: string;
  errorCode?: string;
  errors?: { field: string; message: string }[];
  maintenanceUntil?: string;
  /** HTTP status text, the fallback message. */
  statusText?: string;
}

/**
 * Where the error happened. Flows with their own rows in the catalogue name themselves;
 * everything else is "default".
 */
export type ErrorFlow =
  | "default"
  | "login"
  | "otp-verify"
  | "otp-resend"
  | "reset-code-check"
  | "password-change"
  | "report";

export interface ErrorContext {
  flow?: ErrorFlow;
  /** The signed-in user's e-mail, for the /2FA/login/{email} redirect. */
  email?: string;
}

export type FieldErrors = Record<string, string>;
export interface DialogContent {
  title: string;
  message: string;
}

/** The product behaviour for one failed call. */
export type ErrorOutcome =
  | { kind: "redirect"; to: string; report: boolean }
  | { kind: "dialog"; dialog: DialogContent; report: boolean }
  /** Show the message near the action that failed (inline text or a toast), nothing else. */
  | { kind: "notice"; message: string; report: boolean }
  | { kind: "field-errors"; fieldErrors: FieldErrors; dialog: DialogContent | null; report: boolean }
  | { kind: "logout"; message: string | null; report: boolean }
  | { kind: "ignore"; report: boolean };

const textOf = (facts: ErrorFacts): string => facts.message?.trim() || facts.statusText?.trim() || "";

const fieldErrorsOf = (facts: ErrorFacts): FieldErrors => {
  const result: FieldErrors = {};
  for (const { field, message } of facts.errors ?? []) if (field && !(field in result)) result[field] = message;
  return result;
};

/**
 * Maps a failed call to its product behaviour (redirect, dialog, sign-out, field errors or a notice).
 * Pure: callers perform the outcome.
 * `status` is undefined when no answer arrived (network failure, unreadable answer).
 */
export const mapApiError = (
  status: number | undefined,
  facts: ErrorFacts = {},
  context: ErrorContext = {},
): ErrorOutcome => {
  const flow = context.flow ?? "default";
  const message = textOf(facts);

  if (status === 503) {
    const until = facts.maintenanceUntil;
    const to = until ? `/planned-downtime/${encodeURIComponent(until)}` : "/unplanned-downtime";
    return { kind: "redirect", to, report: false };
  }
  if (status === undefined || status >= 500 || status < 400) {
    return { kind: "notice", message: messages.somethingWentWrong, report: true };
  }

  // Flows with their own catalogue rows come before the generic 4xx rules.
  switch (flow) {
    case "login":
      if (status === 401 || status === 400) return { kind: "notice", message: messages.loginFailed, report: false };
      if (status === 429) return { kind: "notice", message: message || messages.tooManyLoginAttempts, report: false };
      break;
    case "otp-verify":
      if (status === 400 || status === 410) {
        if (facts.errorCode === errorCodes.otpExpired)
          return { kind: "notice", message: messages.otpExpired, report: false };
        if (facts.errorCode === errorCodes.otpIncorrect || !message)
          return { kind: "notice", message: messages.otpIncorrect, report: false };
      }
      if (status !== 401 && status !== 403 && status !== 422) {
        return { kind: "notice", message: message || messages.otpIncorrect, report: false };
      }
      break;
    case "otp-resend":
      if (status === 429) return { kind: "notice", message: messages.otpResendThrottled, report: false };
      if (status !== 401 && status !== 403) return { kind: "notice", message: messages.otpResendFailed, report: false };
      break;
    case "reset-code-check":
      if (status === 400 || status === 404)
        return { kind: "notice", message: messages.resetCodeIncorrect, report: false };
      break;
    case "password-change":
      if (status !== 401 && status !== 403 && status !== 422) {
        return { kind: "notice", message: message || messages.passwordChangeFailed, report: false };
      }
      break;
    default:
      break;
  }

  if (status === 401) return { kind: "logout", message: null, report: false };

  if (status === 403) {
    if (facts.errorCode === errorCodes.wrongScope) {
      return {
        kind: "dialog",
        dialog: { title: messages.errorStatus(403), message: message || messages.forbidden },
        report: false,
      };
    }
    if (facts.errorCode === errorCodes.otpRequired) {
      const to = context.email ? `/2FA/login/${encodeURIComponent(context.email)}` : "/2FA/login";
      return { kind: "redirect", to, report: false };
    }
    if (facts.errorCode === errorCodes.passwordExpired)
      return { kind: "redirect", to: "/update-password", report: false };
    return { kind: "logout", message: messages.forbiddenLoggedOut, report: false };
  }

  if (status === 422) {
    const fieldErrors = fieldErrorsOf(facts);
    const hasFields = Object.keys(fieldErrors).length > 0;
    if (flow === "password-change" && !hasFields) {
      return { kind: "notice", message: message || messages.passwordChangeFailed, report: false };
    }
    // The generic summary only restates the field errors; any other message deserves the dialog.
    const summaryOnly = hasFields && (!message || message === messages.validationFailed);
    const dialog = !summaryOnly && message ? { title: messages.errorStatus(422), message } : null;
    return { kind: "field-errors", fieldErrors, dialog, report: false };
  }

  if (status === 404) {
    if (flow === "report") return { kind: "ignore", report: false };
    const body = facts.message?.trim();
    return body
      ? { kind: "dialog", dialog: { title: messages.error404, message: body }, report: false }
      : { kind: "ignore", report: false };
  }

  return { kind: "dialog", dialog: { title: messages.errorStatus(status), message }, report: false };
};
