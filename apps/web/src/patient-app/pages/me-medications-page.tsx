import { t } from "../../lib/patient-text";
import { AddMedicationForm } from "../components/add-medication-form";
import { MeScreen } from "../components/log-screen";
import { MedicationList } from "../components/medication-list";

/** /me/medications */
export const MeMedicationsPage = () => (
  <MeScreen title={t("medicationsTitle")}>
    {(program) => (
      <>
        <AddMedicationForm key={`add-${program.programId}`} program={program} />
        <MedicationList key={program.programId} program={program} />
      </>
    )}
  </MeScreen>
);
