import { ApiError } from "./api-error";
import { type ErrorFlow, type ErrorOutcome, mapApiError } from "./error-catalogue";

/** The catalogue outcome of any thrown value (non-ApiErrors count as "no status"). */
export const outcomeOf = (error: unknown, flow?: ErrorFlow, email?: string): ErrorOutcome => {
  if (error instanceof ApiError) {
    return mapApiError(
      error.status,
      {
        message: error.message,
        errorCode: error.errorCode,
        errors: error.fieldErrors,
        maintenanceUntil: error.maintenanceUntil,
      },
      { flow, email },
    );
  }
  return mapApiError(undefined, {}, { flow, email });
};

/** The message a form shows beside itself for an error, or null when the app handles it elsewhere. */
export const inlineMessage = (error: unknown, flow?: ErrorFlow): string | null => {
  if (!error) return null;
  const outcome = outcomeOf(error, flow);
  return outcome.kind === "notice" ? outcome.message : null;
};
