import { TextField, type TextFieldProps } from "@mui/material";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";

type Props<T extends FieldValues> = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error"> & {
  control: Control<T>;
  name: Path<T>;
};

/** A MUI text field bound to react-hook-form; the error text appears once validation ran (after a submit). */
export const FormTextField = <T extends FieldValues>({ control, name, helperText, ...props }: Props<T>) => {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
};
