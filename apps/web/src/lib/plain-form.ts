import { type FormEvent, useState } from "react";
import { ApiError } from "./api-error";
import { useAutofill } from "./autofill";

type Problems<V> = { [K in keyof V]?: string | null };

/**
 * A controlled form without a form library (the light patient-side entry): the values, each field's
 * problem (shown once a submit was tried, and then live, as react-hook-form does), the server's 422
 * field errors until the field changes, and the shared submit rule of lib/forms.ts: disabled while
 * sending, and after a tried submit while a problem remains (`submitDisabled`); the staff forms' rule
 * (`saveDisabled`, decision 031) is also disabled until something changed, a field the browser
 * autofilled counting as changed (`formRef` goes on the `<form>` to see it). At submit, a text field
 * whose shown value the form does not hold yet (the browser filled it without a change event) is read.
 */
export const usePlainForm = <V extends Record<string, unknown>>(initial: V, validate: (values: V) => Problems<V>) => {
  const [values, setValues] = useState(initial);
  const [baseline] = useState(initial);
  // A value the browser filled and shows: the form takes it (a password it hides until the person interacts is read
  // at submit).
  const autofill = useAutofill<HTMLFormElement>(({ name, value }) => {
    if (!value) return;
    setValues((previous) =>
      name in previous && typeof previous[name] === "string" && previous[name] !== value
        ? { ...previous, [name]: value }
        : previous,
    );
  });
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

  /** The values with what the browser shows in a text field and did not tell the form (an autofill). */
  const shownValues = (form: HTMLFormElement): V => {
    let shown = values;
    for (const name of Object.keys(values)) {
      const input = form.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement) || input.type === "checkbox" || input.type === "radio") continue;
      if (typeof values[name] === "string" && input.value !== values[name]) shown = { ...shown, [name]: input.value };
    }
    return shown;
  };

  const handleSubmit = (send: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    const form = event.currentTarget;
    const submitted = shownValues(form);
    if (submitted !== values) setValues(submitted);
    if (!Object.values(validate(submitted)).some(Boolean)) {
      send(submitted);
      return;
    }
    // The first field in error takes the focus once its message shows.
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

  const submitDisabled = (pending: boolean) => pending || (tried && invalid);
  const changed = Object.keys(values).some((name) => values[name] !== baseline[name]);

  return {
    values,
    set,
    errorOf,
    field,
    handleSubmit,
    applyServerErrors,
    submitDisabled,
    /** The staff submit rule (document 1 §5): also disabled until something changed or was autofilled. */
    saveDisabled: (pending: boolean) => (!changed && !autofill.autofilled) || submitDisabled(pending),
    formRef: autofill.ref,
  };
};
