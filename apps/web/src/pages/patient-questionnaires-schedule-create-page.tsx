import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PatientSubPage } from "../components/patient-sub-page";
import { ScheduleForm } from "../features/questionnaire-delivery/components/schedule-form";
import { datePart, todayIso } from "../features/reports/format";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/schedule/create: add a questionnaire, batch or plan to the patient's schedule. */
export const PatientQuestionnairesScheduleCreatePage = () => {
  const { programId, userId, base, actor, participant } = usePatientArea();
  if (!can(actor, "create_questionnaire_schedule")) return <EmptyState title={messages.forbidden} />;
  const listPath = `${base}/scheduled-questionnaires`;
  return (
    <PatientSubPage back={listPath} title="Add questionnaire to schedule">
      <ScheduleForm
        programId={programId}
        userId={userId}
        context={{ audience: "user", consentDate: datePart(participant.dateConsentGiven), today: todayIso() }}
        listPath={listPath}
      />
    </PatientSubPage>
  );
};
