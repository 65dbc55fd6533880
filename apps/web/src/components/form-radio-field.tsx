import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";

type Props<T extends FieldValues, O extends FieldValues> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Names the choices: a screen reader says it as the reader enters the group. */
  legend: string;
  /** The choices as value and label, in order. */
  options: readonly { value: string; label: string }[];
  /** The choices side by side (short labels) rather than one under another. */
  row?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * Radio buttons bound to react-hook-form, grouped in a fieldset whose legend names them (the
 * native grouping, so nothing needs an id); the error text appears once validation ran, in place
 * of the helper text.
 */
export const FormRadioField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  legend,
  options,
  row,
  disabled,
  helperText,
  sx,
}: Props<T, O>) => {
  const { field, fieldState } = useController({ control, name });
  const help = fieldState.error?.message ?? helperText;
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled} sx={sx}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup row={row} name={field.name} value={field.value} onChange={field.onChange}>
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {/* Flush with the legend and the buttons: a fieldset has no outline to indent from. */}
      {help ? <FormHelperText sx={{ mx: 0 }}>{help}</FormHelperText> : null}
    </FormControl>
  );
};
