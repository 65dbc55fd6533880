import { can, messages } from "@openpro/core";
import { useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { PatientSubPage } from "../components/patient-sub-page";
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
    <PatientSubPage back={paths.list("Upcoming")} title={title}>
      <AppointmentForm
        key={existing.data?.id ?? "new"}
        programId={programId}
        userId={userId}
        zone={programZone(program)}
        listPath={paths.list(existing.data?.locked ? "Past" : "Upcoming")}
        appointment={existing.data ?? null}
      />
    </PatientSubPage>
  );
};
