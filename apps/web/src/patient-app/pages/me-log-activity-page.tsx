import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { ActivityLogForm } from "../components/wellbeing-log-forms";

/** /me/log/activity */
export const MeLogActivityPage = () => (
  <MeScreen title={t("logActivityTitle")}>
    {(program) => <ActivityLogForm key={program.programId} program={program} />}
  </MeScreen>
);
