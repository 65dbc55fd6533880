import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import {
  type AppointmentStatus,
  appointmentModeLabels,
  appointmentStatusLabels,
  appointmentTimeLabel,
  appointmentTypeLabels,
  type NurseAppointment,
} from "@openpro/core";
import { RouterLink } from "../../../components/router-link";
import { formatDay } from "../../../lib/format";

/** YYYY-MM-DD in the locale's one date format. */
export const displayDate = (date: string) => formatDay(date);

/** Today as YYYY-MM-DD in this browser. */
const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/**
 * The status a nurse reads: a day gone by still "Scheduled" (or "Confirmed") means no one recorded
 * how it went, which is what the chip says instead.
 */
export const appointmentStatusText = (
  appointment: Pick<NurseAppointment, "date" | "status">,
  today = localToday(),
): { label: string; colour: "default" | "info" | "success" | "warning" } =>
  appointment.date < today && (appointment.status === "SCHEDULED" || appointment.status === "CONFIRMED")
    ? { label: "Past, outcome not recorded", colour: "warning" }
    : { label: appointmentStatusLabels[appointment.status], colour: statusColours[appointment.status] };

const statusColours: Record<AppointmentStatus, "default" | "info" | "success" | "warning"> = {
  SCHEDULED: "info",
  CONFIRMED: "success",
  CANCELLED: "warning",
  COMPLETED: "default",
};

/** One appointment as a list row: type (a link to its edit screen when given), when, how, with whom, status. */
export const AppointmentItem = ({ appointment, editTo }: { appointment: NurseAppointment; editTo?: string }) => {
  const type = appointmentTypeLabels[appointment.appointmentType];
  const status = appointmentStatusText(appointment);
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        gap: 2,
        alignItems: "center",
        flexWrap: "wrap",
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {editTo ? (
            <MuiLink component={RouterLink} to={editTo}>
              {type}
            </MuiLink>
          ) : (
            type
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${displayDate(appointment.date)} · ${appointmentTimeLabel(appointment)} · ${appointmentModeLabels[appointment.mode]}`}
          {appointment.withWhom ? ` · with ${appointment.withWhom}` : ""}
        </Typography>
        {appointment.notes ? (
          <Typography variant="body2" sx={{ fontStyle: "italic" }}>{`Patient's note: ${appointment.notes}`}</Typography>
        ) : null}
      </Box>
      <Chip size="small" variant="outlined" color={status.colour} label={status.label} />
    </Box>
  );
};
