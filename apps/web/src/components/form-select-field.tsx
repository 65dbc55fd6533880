import MenuItem from "@mui/material/MenuItem";
import type { TextFieldProps } from "@mui/material/TextField";
import TextField from "@mui/material/TextField";
import type { ChangeEvent } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";

type Props<T extends FieldValues, O extends FieldValues> = Omit<
  TextFieldProps,
  "select" | "name" | "value" | "onChange" | "onBlur" | "error"
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Called after the form took the chosen value. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The first line, disabled, shown while nothing is chosen (the value ""), e.g. "Choose a type". */
  prompt?: string;
  /** The choices as value and label, after the prompt (any `children` follow them). */
  options?: readonly { value: string; label: string }[];
};

/**
 * A MUI select (its choices as `options`, or `MenuItem`s as children) bound to react-hook-form; the error text appears once validation ran
 * (after a submit), in place of the helper text.
 */
export const FormSelectField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  helperText,
  onChange,
  prompt,
  options,
  children,
  ...props
}: Props<T, O>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    >
      {prompt === undefined ? null : (
        <MenuItem value="" disabled>
          {prompt}
        </MenuItem>
      )}
      {options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
      {children}
    </TextField>
  );
};
