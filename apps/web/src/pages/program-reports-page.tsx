import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";

/** /programs/{projectId}/reports: the program overview (document 2) is not built yet. */
export const ProgramReportsPage = () => (
  <section aria-labelledby="program-overview-heading">
    <h2 id="program-overview-heading" className="visually-hidden">
      Overview
    </h2>
    <EmptyState title={messages.notAvailableYet}>The program overview and its reports will be shown here.</EmptyState>
  </section>
);
