import { PageTitle } from "../components/page-title";
import { EmptyState } from "../components/empty-state";

export const ProgramsPage = () => (
  <>
    <PageTitle>Programs</PageTitle>
    <EmptyState title="The program list is not available yet.">
      Programs will be listed here in a coming version of OpenPRO.
    </EmptyState>
  </>
);
