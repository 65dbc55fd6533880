import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { AlertQueue } from "../features/alerts/components/alert-queue";
import { usePrograms } from "../features/programs/api";

/** /alerts: the alert queue across the user's programs (?projectId= opens one program's queue, as e-mails link; &alert= one alert, as the pre-visit summary links). */
export const AlertsPage = () => {
  const [search] = useSearchParams();
  const programs = usePrograms(1, null);
  const options = (programs.data?.results ?? []).map((p) => ({ programId: p.programId, name: p.name }));
  return (
    <>
      <PageTitle>Alerts</PageTitle>
      <AlertQueue
        programs={options}
        initialProgramId={search.get("projectId") ?? undefined}
        initialAlertId={search.get("alert") ?? undefined}
      />
    </>
  );
};
