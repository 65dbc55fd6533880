import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";
import { PageTitle } from "../components/page-title";

export const OrganisationsPage = () => (
  <>
    <PageTitle>Organisations</PageTitle>
    <EmptyState title={messages.notAvailableYet}>
      Organisations and their teams will be managed here in a coming version of OpenPRO.
    </EmptyState>
  </>
);
