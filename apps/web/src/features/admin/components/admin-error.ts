import { messages } from "@openpro/core";
import { ApiError } from "../../../lib/http";

/** App version and end program failures: "Error - {server message}", else "Oops, something went wrong". */
export const adminErrorText = (error: unknown): string =>
  error instanceof ApiError && error.status !== undefined && error.status < 500 && error.message
    ? messages.errorWithMessage(error.message)
    : messages.oops;
