import {
  type FieldErrors,
  type FieldValues,
  type FormState,
  get,
  type Path,
  type UseFormSetError,
} from "react-hook-form";
import { ApiError } from "./http";

/**
 * Submit rule without the change condition: disabled while loading, and — once a submit was attempted — while errors
 * exist. The staff forms use it through {@link isSaveDisabled} (decision 031).
 */
export const isSubmitDisabled = <T extends FieldValues>(formState: FormState<T>, pending: boolean): boolean =>
  pending || formState.isSubmitting || (formState.isSubmitted && Object.keys(formState.errors).length > 0);

/**
 * The staff forms' submit rule (document 1 §5, decision 031): disabled until something changed (the form is dirty,
 * or the browser `autofilled` a field: saved credentials arrive without a change event), while the request is
 * loading, and — once a submit was attempted — while errors exist. Errors show only after the first attempt, so the
 * first press of a changed form reveals what is still missing.
 */
export const isSaveDisabled = <T extends FieldValues>(
  formState: FormState<T>,
  pending: boolean,
  autofilled = false,
): boolean => (!formState.isDirty && !autofilled) || isSubmitDisabled(formState, pending);

/**
 * The message at a dotted path of the form's errors (`members.1.delay`); a list's own message (`members`, kept by
 * the resolver under `members.root` when its items have errors too) included.
 */
export const errorMessageAt = <T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined => {
  const error = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = error?.root?.message ?? error?.message;
  return typeof message === "string" ? message : undefined;
};

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
