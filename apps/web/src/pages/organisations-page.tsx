import { EmptyState } from "../components/empty-state";
import { PageTitle } from "../components/page-title";

export const OrganisationsPage = () => (
  <>
    <PageTitle>Organisations</PageTitle>
    <EmptyState title="The organisation list is not available yet.">
      Organisations and their teams will be managed here in a coming version of OpenPRO.
    </EmptyState>
  </>
);
