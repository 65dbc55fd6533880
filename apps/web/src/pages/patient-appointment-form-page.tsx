import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Paper, Typography } from "@mui/material";
import { can, messages } from "@openpro/core";
import { useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { RouterLink } from "../components/router-link";
import { appointmentsShown, canAddAppointment, programZone } from "../features/appointments/access";
import { useAppointment } from "../features/appointments/api";
import { AppointmentForm } from "../features/appointments/components/appointment-form";
import { appointmentPaths } from "../features/appointments/components/appointment-widgets";
import { usePatientArea } from "./patient-area-page";

/**
 * …/schedule-nurse-appointment/create (add) and …/schedule-nurse-appointment/{appointmentId} (edit).
 * Adding needs the create permission and an active patient of an active program; so does saving
 * an edit (the server refuses otherwise).
 */
export const PatientAppointmentFormPage = () => {
  const { appointmentId } = useParams();
  const { programId, userId, base, actor, program, participant } = usePatientArea();
  const existing = useAppointment(programId, userId, appointmentId);
  const paths = appointmentPaths(base);
  const allowed = appointmentId
    ? appointmentsShown(actor, program) && can(actor, "create_nurse_visit_appointments")
    : canAddAppointment(actor, program, participant);
  if (!allowed) return <EmptyState title={messages.forbidden} />;
  if (appointmentId && existing.isError) return <EmptyState title={messages.notFound} />;
  if (appointmentId && !existing.data) return <Loading label="Loading the appointment" />;
  const title = appointmentId ? "Edit appointment" : "Add appointment";
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MuiLink
        component={RouterLink}
        to={paths.list("Upcoming")}
        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        {title}
      </Typography>
      <AppointmentForm
        key={existing.data?.id ?? "new"}
        programId={programId}
        userId={userId}
        zone={programZone(program)}
        listPath={paths.list(existing.data?.locked ? "Past" : "Upcoming")}
        appointment={existing.data ?? null}
      />
    </Paper>
  );
};
