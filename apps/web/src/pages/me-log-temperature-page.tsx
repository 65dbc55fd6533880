import { patientMessages as t } from "@openpro/core";
import { MeScreen } from "../features/patient-app/components/log-screen";
import { MeasurementLogForm } from "../features/patient-app/components/measurement-log-form";

/** /me/log/temperature */
export const MeLogTemperaturePage = () => (
  <MeScreen title={t.logTemperatureTitle}>
    {(program) => <MeasurementLogForm key={program.programId} program={program} kind="temperature" />}
  </MeScreen>
);
