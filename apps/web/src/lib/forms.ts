import type { FieldValues, FormState, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./http";

/**
 * Submit rule: disabled while loading, and — once a submit was attempted — while errors exist.
 * (Before the first attempt the button stays enabled so that pressing it reveals the messages.)
 */
export const isSubmitDisabled = <T extends FieldValues>(formState: FormState<T>, pending: boolean): boolean =>
  pending || formState.isSubmitting || (formState.isSubmitted && Object.keys(formState.errors).length > 0);

/** Puts the server's 422 field errors on the form fields; returns true when at least one field matched. */
export const applyFieldErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean => {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let matched = false;
  for (const { field, message } of error.fieldErrors) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: "server", message }, { shouldFocus: !matched });
      matched = true;
    }
  }
  return matched;
};
