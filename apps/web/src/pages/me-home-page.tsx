import { patientMessages as t } from "@openpro/core";
import { MeScreen } from "../features/patient-app/components/log-screen";
import { ProgramHome } from "../features/patient-app/components/program-home";

/** /me: the patient's home. */
export const MeHomePage = () => <MeScreen title={t.homeTitle} home={<ProgramHome />} />;
