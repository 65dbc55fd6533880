import { patientMessages as t } from "@openpro/core";
import { MeScreen } from "../features/patient-app/components/log-screen";
import { MeasurementLogForm } from "../features/patient-app/components/measurement-log-form";

/** /me/log/weight */
export const MeLogWeightPage = () => (
  <MeScreen title={t.logWeightTitle}>
    {(program) => <MeasurementLogForm key={program.programId} program={program} kind="weight" />}
  </MeScreen>
);
