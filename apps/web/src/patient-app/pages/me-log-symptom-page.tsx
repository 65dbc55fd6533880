import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { SymptomLogForm } from "../components/symptom-log-form";

/** /me/log/symptom */
export const MeLogSymptomPage = () => (
  <MeScreen title={t("logSymptomTitle")}>
    {(program) => <SymptomLogForm key={program.programId} program={program} />}
  </MeScreen>
);
