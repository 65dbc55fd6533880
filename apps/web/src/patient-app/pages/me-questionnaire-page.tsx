import { useParams } from "react-router";
import { t } from "../../lib/patient-text";
import { useQuestionnaireEvent } from "../api";
import { MeLayout } from "../components/me-layout";
import { QuestionnaireRunner } from "../components/questionnaire-runner";

/** /me/questionnaires/:programId/:eventId: one question per screen, under the questionnaire's name. */
export const MeQuestionnairePage = () => {
  const { programId = "", eventId = "" } = useParams();
  const event = useQuestionnaireEvent(programId, eventId);
  return (
    <MeLayout title={event.data?.event.name ?? t("questionnairesTitle")}>
      <QuestionnaireRunner key={eventId} programId={programId} eventId={eventId} />
    </MeLayout>
  );
};
