import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import {
  type DashboardAxis,
  type DashboardRangeShortcut,
  dashboardRangeShortcutLabels,
  dashboardRangeShortcuts,
} from "@openpro/core";
import { formatDay } from "./format";

/** The date-range shortcut and the x-axis toggle (program date, or each patient's involvement day). */
export const RangeControls = ({
  shortcut,
  onShortcut,
  axis,
  onAxis,
  range,
}: {
  shortcut: DashboardRangeShortcut;
  onShortcut: (shortcut: DashboardRangeShortcut) => void;
  axis: DashboardAxis;
  onAxis: (axis: DashboardAxis) => void;
  range: { startDate: string; endDate: string };
}) => (
  <Box
    role="group"
    aria-label="Dashboard range"
    sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 2 }}
  >
    <TextField
      select
      size="small"
      label="Date range"
      value={shortcut}
      onChange={(event) => onShortcut(event.target.value as DashboardRangeShortcut)}
      sx={{ minWidth: 180 }}
    >
      {dashboardRangeShortcuts.map((s) => (
        <MenuItem key={s} value={s}>
          {dashboardRangeShortcutLabels[s]}
        </MenuItem>
      ))}
    </TextField>
    <span aria-live="polite">
      {formatDay(range.startDate)} – {formatDay(range.endDate)}
    </span>
    <FormControlLabel
      control={
        <Switch
          checked={axis === "involvementDay"}
          onChange={(event) => onAxis(event.target.checked ? "involvementDay" : "date")}
        />
      }
      label="By patient involvement day"
    />
  </Box>
);
