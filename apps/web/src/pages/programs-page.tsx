import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PageTitle } from "../components/page-title";

export const ProgramsPage = () => (
  <>
    <PageTitle>Programs</PageTitle>
    <EmptyState title={messages.notAvailableYet}>
      The program list will be shown here in a coming version of OpenPRO.
    </EmptyState>
  </>
);
