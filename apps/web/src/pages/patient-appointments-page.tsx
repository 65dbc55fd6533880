import MuiLink from "@mui/material/Link";
import { messages } from "@openpro/core";
import { useSearchParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { PatientSubPage } from "../components/patient-sub-page";
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
    <PatientSubPage back={base} title="Nurse appointments">
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
    </PatientSubPage>
  );
};
