import { enqueueSnackbar } from "notistack";
import { outcomeOf } from "../lib/api-errors";
import type { ErrorFlow } from "../lib/error-catalogue";
import { ApiError } from "../lib/http";
import { reportError } from "../lib/report-error";
import { showErrorDialog } from "./error-dialog";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

export interface ErrorMeta extends Record<string, unknown> {
  /** The catalogue row family of this call. */
  errorFlow?: ErrorFlow;
  /** The component shows notices and field errors itself; the app still redirects, logs out and opens dialogs. */
  inlineErrors?: boolean;
  /** Statuses the component handles entirely (a conflict shown on a field, say): no global outcome at all. */
  ownStatuses?: readonly number[];
}

interface Effects {
  navigate: (to: string) => void;
  logout: (message: string | null) => void;
  currentEmail: () => string | undefined;
}

let effects: Effects | null = null;

/** Connects the error handling to the router and the session (done once by the app root). */
export const connectErrorEffects = (next: Effects | null): void => {
  effects = next;
};

/** Performs the catalogue's outcome for an error no component fully handled. */
export const handleApiError = (error: unknown, meta: ErrorMeta | undefined): void => {
  if (error instanceof DOMException && error.name === "AbortError") return;
  if (error instanceof ApiError && error.status !== undefined && meta?.ownStatuses?.includes(error.status)) return;
  const outcome = outcomeOf(error, meta?.errorFlow, effects?.currentEmail());
  if (outcome.report) {
    reportError({
      name: "API Error",
      message: error instanceof Error ? error.message : String(error),
      extra: error instanceof ApiError ? { status: error.status, errorCode: error.errorCode } : {},
    });
  }
  switch (outcome.kind) {
    case "redirect":
      effects?.navigate(outcome.to);
      return;
    case "dialog":
      showErrorDialog(outcome.dialog);
      return;
    case "logout":
      effects?.logout(outcome.message);
      return;
    case "field-errors":
      if (outcome.dialog) showErrorDialog(outcome.dialog);
      return;
    case "notice":
      if (!meta?.inlineErrors) enqueueSnackbar(outcome.message, { variant: "error" });
      return;
    case "ignore":
      return;
  }
};
