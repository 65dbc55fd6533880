import { Box, Chip, Link as MuiLink, Typography } from "@mui/material";
import {
  type AppointmentStatus,
  appointmentModeLabels,
  appointmentStatusLabels,
  appointmentTimeLabel,
  appointmentTypeLabels,
  type NurseAppointment,
} from "@openpro/core";
import { RouterLink } from "../../../components/router-link";

/** YYYY-MM-DD as DD/MM/YYYY. */
export const displayDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const statusColours: Record<AppointmentStatus, "default" | "info" | "success" | "warning"> = {
  SCHEDULED: "info",
  CONFIRMED: "success",
  CANCELLED: "warning",
  COMPLETED: "default",
};

/** One appointment as a list row: type (a link to its edit screen when given), when, how, with whom, status. */
export const AppointmentItem = ({ appointment, editTo }: { appointment: NurseAppointment; editTo?: string }) => {
  const type = appointmentTypeLabels[appointment.appointmentType];
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
      <Chip
        size="small"
        variant="outlined"
        color={statusColours[appointment.status]}
        label={appointmentStatusLabels[appointment.status]}
      />
    </Box>
  );
};
