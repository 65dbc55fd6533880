import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as MuiLink, Paper, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { useSearchParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { RouterLink } from "../components/router-link";
import { appointmentsShown, canAddAppointment } from "../features/appointments/access";
import { AppointmentList } from "../features/appointments/components/appointment-list";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/scheduled-nurse-appointment?filterTime=Upcoming|Past: the nurse appointments page. */
export const PatientAppointmentsPage = () => {
  const { programId, userId, base, actor, program, participant } = usePatientArea();
  const [search, setSearch] = useSearchParams();
  if (!appointmentsShown(actor, program)) return <EmptyState title={messages.notFound} />;
  const requested = search.get("filterTime");
  const filter = requested === "Past" || requested === "All" ? requested : "Upcoming";
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MuiLink component={RouterLink} to={base} sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back
      </MuiLink>
      <Typography variant="h3" component="h3" sx={{ my: 1 }}>
        Nurse appointments
      </Typography>
      <MuiLink component={RouterLink} to={`${base}/pre-visit-summary`} sx={{ display: "inline-block", mb: 1 }}>
        Pre-visit summary
      </MuiLink>
      <AppointmentList
        programId={programId}
        userId={userId}
        base={base}
        filter={filter}
        onFilterChange={(next) => setSearch({ filterTime: next }, { replace: true })}
        canAdd={canAddAppointment(actor, program, participant)}
      />
    </Paper>
  );
};
