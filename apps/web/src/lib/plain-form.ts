import { type FormEvent, useState } from "react";
import { ApiError } from "./api-error";

type Problems<V> = { [K in keyof V]?: string | null };

/**
 * A controlled form without a form library (the light patient-side entry): the values, each field's
 * problem (shown once a submit was tried, and then live, as react-hook-form does), the server's 422
 * field errors until the field changes, and the shared submit rule of lib/forms.ts: disabled while
 * sending, and after a tried submit while a problem remains.
 */
export const usePlainForm = <V extends Record<string, unknown>>(initial: V, validate: (values: V) => Problems<V>) => {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problems<V>>({});
  const problems = validate(values);
  const invalid = Object.values(problems).some(Boolean) || Object.values(serverErrors).some(Boolean);

  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K]) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      setServerErrors((previous) => ({ ...previous, [name]: null }));
    };

  const errorOf = (name: keyof V): string | null => serverErrors[name] || (tried ? problems[name] || null : null);

  const handleSubmit = (send: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!Object.values(problems).some(Boolean)) {
      send(values);
      return;
    }
    // The first field in error takes the focus once its message shows.
    const form = event.currentTarget;
    setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  /** Puts a 422's field errors on the named fields; true when one matched. */
  const applyServerErrors = (error: unknown, fields: readonly (keyof V & string)[]): boolean => {
    if (!(error instanceof ApiError) || error.status !== 422) return false;
    const matched: Problems<V> = {};
    for (const { field, message } of error.fieldErrors) {
      if ((fields as readonly string[]).includes(field) && !matched[field as keyof V]) {
        matched[field as keyof V] = message;
      }
    }
    if (Object.keys(matched).length === 0) return false;
    setServerErrors(matched);
    return true;
  };

  /** What a plain TextField of the form takes: its name, value, change handler, problem, and disabled while sending. */
  const field = <K extends keyof V & string>(name: K, pending: boolean) => ({
    name,
    value: String(values[name] ?? ""),
    onValue: set(name) as (value: string) => void,
    error: errorOf(name),
    disabled: pending,
  });

  return {
    values,
    set,
    errorOf,
    field,
    handleSubmit,
    applyServerErrors,
    submitDisabled: (pending: boolean) => pending || (tried && invalid),
  };
};
