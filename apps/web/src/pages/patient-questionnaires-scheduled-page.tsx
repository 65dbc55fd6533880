import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PatientSubPage } from "../components/patient-sub-page";
import { PatientSchedule } from "../features/questionnaire-delivery/components/patient-schedule";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/scheduled-questionnaires: the patient's schedule with Add to schedule. */
export const PatientQuestionnairesScheduledPage = () => {
  const { programId, userId, base, actor, participant, program } = usePatientArea();
  if (!can(actor, "view_questionnaire_schedules")) return <EmptyState title={messages.forbidden} />;
  const active = participant.status === "CONSENTED" && program.isProjectActive;
  return (
    <PatientSubPage back={base} title="Scheduled questionnaires">
      <PatientSchedule
        programId={programId}
        userId={userId}
        createPath={`${base}/schedule/create`}
        programSchedulePath={`/programs/${programId}/settings/questionnaires/scheduled`}
        canCreate={active && can(actor, "create_questionnaire_schedule")}
        canDelete={can(actor, "delete_questionnaire_schedule")}
      />
    </PatientSubPage>
  );
};
