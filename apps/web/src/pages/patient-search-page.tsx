import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PageTitle } from "../components/page-title";

export const PatientSearchPage = () => (
  <>
    <PageTitle>Search patients</PageTitle>
    <EmptyState title={messages.notAvailableYet}>
      Searching patients across your programs will be possible here in a coming version of OpenPRO.
    </EmptyState>
  </>
);
