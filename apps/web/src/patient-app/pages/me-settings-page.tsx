import { t } from "../../lib/patient-text";
import { MeScreen } from "../components/log-screen";
import { SettingsPanel } from "../components/settings-panel";

/** /me/settings */
export const MeSettingsPage = () => <MeScreen title={t("settingsTitle")} home={<SettingsPanel />} />;
