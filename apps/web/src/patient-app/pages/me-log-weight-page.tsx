import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { MeasurementLogForm } from "../components/measurement-log-form";

/** /me/log/weight */
export const MeLogWeightPage = () => (
  <MeScreen title={t("logWeightTitle")}>
    {(program) => <MeasurementLogForm key={program.programId} program={program} kind="weight" />}
  </MeScreen>
);
