import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { type ChangeEvent, type HTMLAttributes, useId } from "react";

/**
 * MUI's outlined TextField as the sign-in screen needs it, composed from its parts: TextField also
 * brings in Select (and its menu, popover and modal), a fifth of the sign-in screen's script.
 * Same markup and accessibility: the label names the input, the helper text describes it.
 */
export const LightTextField = ({
  label,
  type = "text",
  autoComplete,
  inputMode,
  value,
  onChange,
  error,
  helperText,
  required,
}: {
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
}) => {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={error} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        inputProps={{ inputMode, ...(helperText ? { "aria-describedby": helperId } : {}) }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
