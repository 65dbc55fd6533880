import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import type { ButtonProps } from "@mui/material/Button";
import Button from "@mui/material/Button";
import type { SxProps, Theme } from "@mui/material/styles";
import { createContext, type FormEvent, type ReactNode, useContext, useEffect } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Mode,
  type Path,
  type PathValue,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
  useFormState,
} from "react-hook-form";
import type { z } from "zod";
import { useAutofill } from "../lib/autofill";
import { errorMessageAt, isSaveDisabled } from "../lib/forms";

/**
 * The staff app's one form idiom (decision 031). A form is a zod schema from `@openpro/core` (whose `z.config` gives
 * every message a schema leaves out in the words of core `messages`: zod's own texts never reach a person), held
 * by react-hook-form through the zod resolver:
 *
 * ```tsx
 * const form = useSchemaForm(schema, { name: "" });
 * <Form form={form} onSubmit={(body) => save.mutateAsync(body)}>
 *   <FormTextField control={form.control} name="name" label="Name" />
 *   <FormSubmitButton pending={save.isPending}>Save</FormSubmitButton>
 * </Form>
 * ```
 *
 * Errors show only after the first submit attempt and then follow every change; Submit is disabled until something
 * changed, while errors exist and while the request is loading (document 1 §5). After a save, `form.reset(values)`
 * makes the saved values the new baseline, so Submit is disabled again. A field the browser autofilled (saved
 * credentials, which Chrome fills without a change event) counts as changed, and its value is read at submit.
 */
export const useSchemaForm = <Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  /**
   * "onTouched" only where a screen's own rule shows a field's error once it was left (the batch form); "onChange"
   * where it shows errors as the values change (the program settings, whose save bar says what is not valid yet).
   */
  mode: Extract<Mode, "onSubmit" | "onTouched" | "onChange"> = "onSubmit",
): UseFormReturn<Input, unknown, Output> =>
  useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode,
    reValidateMode: "onChange",
  });

/** Whether the browser autofilled a field of the surrounding {@link Form} (see {@link useAutofill}). */
const AutofillContext = createContext(false);

/**
 * The `<form>` of a {@link useSchemaForm}: no browser validation, Enter submits, fields reach the form by context.
 * Autofilled fields count as changed, and at submit their values (which the browser shows scripts only once the
 * person has interacted with the page) become the form's.
 */
export const Form = <Input extends FieldValues, Output>({
  form,
  onSubmit,
  children,
  sx,
  ...aria
}: {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: SubmitHandler<Output>;
  children: ReactNode;
  sx?: SxProps<Theme>;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) => {
  const { subscribe, trigger, formState, getValues, setValue } = form;
  /** Takes the value of an input of this form's text field (its value a string) that the browser shows. */
  const take = (input: HTMLInputElement) => {
    const name = input.name as Path<Input>;
    if (!name || typeof getValues(name) !== "string" || getValues(name) === input.value) return;
    setValue(name, input.value as PathValue<Input, Path<Input>>, { shouldDirty: true });
  };
  // A value the browser filled and shows is taken at once (else the next render would put the form's own back); a
  // password it hides until the person interacts is taken at submit.
  const autofill = useAutofill<HTMLFormElement>((input) => {
    if (input.value) take(input);
  });
  // Once submitted, every change validates the whole form: an error whose path is not the changed field's (a
  // list's own message, a condition of another step) goes as soon as the values no longer cause it.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          if (formState.isSubmitted) void trigger();
        },
      }),
    [subscribe, trigger, formState],
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    for (const input of autofill.filledInputs()) take(input);
    return form.handleSubmit(onSubmit)(event);
  };
  return (
    <FormProvider {...form}>
      <AutofillContext.Provider value={autofill.autofilled}>
        <Box component="form" ref={autofill.ref} noValidate onSubmit={submit} sx={sx} {...aria}>
          {children}
        </Box>
      </AutofillContext.Provider>
    </FormProvider>
  );
};

/** The error text at a dotted path of the surrounding {@link Form} (`members.1.delay`), once validation ran. */
export const useFormError = (path: string): string | undefined => {
  const { errors } = useFormState();
  return errorMessageAt(errors, path);
};

/**
 * The submit button of the surrounding {@link Form}, disabled by the staff submit rule ({@link isSaveDisabled}), an
 * autofilled field counting as a change.
 * `requireValid`: a screen whose own rule keeps Submit disabled until the form is valid (the batch form).
 */
export const FormSubmitButton = ({
  pending = false,
  requireValid = false,
  children,
  ...props
}: Omit<ButtonProps, "type"> & { pending?: boolean; requireValid?: boolean }) => {
  const formState = useFormState();
  const autofilled = useContext(AutofillContext);
  // Read isValid on every render, before the checks that may short-circuit: react-hook-form computes and reports
  // it only to a form state that read it, so a read skipped while Submit was disabled would leave it stale.
  const { isValid } = formState;
  const disabled = isSaveDisabled(formState, pending, autofilled) || (requireValid && !isValid);
  return (
    <Button type="submit" variant="contained" {...props} disabled={Boolean(props.disabled) || disabled}>
      {children}
    </Button>
  );
};
