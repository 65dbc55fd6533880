import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { MeasurementLogForm } from "../components/measurement-log-form";

/** /me/log/temperature */
export const MeLogTemperaturePage = () => (
  <MeScreen title={t("logTemperatureTitle")}>
    {(program) => <MeasurementLogForm key={program.programId} program={program} kind="temperature" />}
  </MeScreen>
);
