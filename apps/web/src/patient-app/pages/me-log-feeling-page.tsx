import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { FeelingLogForm } from "../components/wellbeing-log-forms";

/** /me/log/feeling */
export const MeLogFeelingPage = () => (
  <MeScreen title={t("logFeelingTitle")}>
    {(program) => <FeelingLogForm key={program.programId} program={program} />}
  </MeScreen>
);
