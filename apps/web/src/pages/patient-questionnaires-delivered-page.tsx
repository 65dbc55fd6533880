import { can, messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PatientSubPage } from "../components/patient-sub-page";
import { DeliveredQuestionnaires } from "../features/questionnaire-delivery/components/delivered";
import { usePatientArea } from "./patient-area-page";

/** …/participants/{id}/delivered-questionnaires: results, answers, score trends and timeline. */
export const PatientQuestionnairesDeliveredPage = () => {
  const { programId, userId, base, actor } = usePatientArea();
  if (!can(actor, "view_user_questionnaire_event_results")) return <EmptyState title={messages.forbidden} />;
  return (
    <PatientSubPage back={base} title="Delivered questionnaires">
      <DeliveredQuestionnaires
        programId={programId}
        userId={userId}
        schedulePath={`${base}/scheduled-questionnaires`}
        canViewSchedule={can(actor, "view_questionnaire_schedules")}
      />
    </PatientSubPage>
  );
};
