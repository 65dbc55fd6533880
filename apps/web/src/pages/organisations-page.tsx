import Alert from "@mui/material/Alert";
import { messages, organisationRules, shellRules } from "@openpro/core";
import { PageTitle } from "../components/page-title";
import { OrganisationList } from "../features/organisations/components/organisation-list";
import { useSession } from "../lib/session-context";

export const OrganisationsPage = () => {
  const { user } = useSession();
  return (
    <>
      <PageTitle>Organisations</PageTitle>
      {shellRules.showOrganisationsBreadcrumb(user) ? (
        <OrganisationList canCreate={organisationRules.canCreate(user)} />
      ) : (
        <Alert severity="warning">{messages.forbidden}</Alert>
      )}
    </>
  );
};
