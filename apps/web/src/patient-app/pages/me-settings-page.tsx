import { patientMessages as t } from "@openpro/core";
import { MeScreen } from "../components/log-screen";
import { SettingsPanel } from "../components/settings-panel";

/** /me/settings */
export const MeSettingsPage = () => <MeScreen title={t.settingsTitle} home={<SettingsPanel />} />;
