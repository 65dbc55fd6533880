import type { TextFieldProps } from "@mui/material/TextField";
import TextField from "@mui/material/TextField";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";

/** A number field's rule (document 1 §5): rounded to `decimals` and clamped to min/max once typed. */
export interface NumberRule {
  decimals?: number;
  min?: number;
  max?: number;
}

/** The typed number rounded and clamped; text that is no number is left for the form's message. */
export const roundAndClamp = (text: string, { decimals = 0, min, max }: NumberRule): string => {
  if (text.trim() === "") return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  const factor = 10 ** decimals;
  let next = Math.round(value * factor) / factor;
  if (min !== undefined) next = Math.max(min, next);
  if (max !== undefined) next = Math.min(max, next);
  return String(next);
};

type Props<T extends FieldValues, O extends FieldValues> = Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "error"
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** A number input: on leaving the field its value is rounded and clamped. */
  numberRule?: NumberRule;
};

/** A MUI text field bound to react-hook-form; the error text appears once validation ran (after a submit). */
export const FormTextField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  helperText,
  numberRule,
  ...props
}: Props<T, O>) => {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={() => {
        if (numberRule && typeof field.value === "string") {
          const settled = roundAndClamp(field.value, numberRule);
          if (settled !== field.value) field.onChange(settled);
        }
        field.onBlur();
      }}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
};
