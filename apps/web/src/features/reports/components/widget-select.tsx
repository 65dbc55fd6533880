import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

/** A small labelled select in a widget (the calendar's month and year, the chart's medication); `menuMaxHeight` scrolls a long menu. */
export const WidgetSelect = <V extends string | number>({
  label,
  value,
  minWidth,
  options,
  onChange,
  menuMaxHeight,
}: {
  label: string;
  value: V;
  minWidth: number;
  options: readonly { value: V; label: string }[];
  /** The chosen option's value (MUI's select hands over the option's own value, a number stays a number). */
  onChange: (value: V) => void;
  menuMaxHeight?: number;
}) => (
  <TextField
    fullWidth={false}
    margin="none"
    select
    size="small"
    label={label}
    value={value}
    sx={{ minWidth }}
    onChange={(event) => onChange(event.target.value as V)}
    slotProps={
      menuMaxHeight === undefined
        ? undefined
        : { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: menuMaxHeight } } } } } }
    }
  >
    {options.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);
