import { t } from "../../lib/patient-text";
import { HistoryList } from "../components/history-list";
import { MeScreen } from "../components/log-screen";

/** /me/history */
export const MeHistoryPage = () => (
  <MeScreen title={t("historyTitle")}>
    {(program) => <HistoryList key={program.programId} program={program} />}
  </MeScreen>
);
