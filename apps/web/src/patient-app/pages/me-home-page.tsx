import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { ProgramHome } from "../components/program-home";

/** /me: the patient's home. */
export const MeHomePage = () => <MeScreen title={t("homeTitle")} home={<ProgramHome />} />;
