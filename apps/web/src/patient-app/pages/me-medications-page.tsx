import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { MedicationList } from "../components/medication-list";

/** /me/medications */
export const MeMedicationsPage = () => (
  <MeScreen title={t("medicationsTitle")}>
    {(program) => <MedicationList key={program.programId} program={program} />}
  </MeScreen>
);
