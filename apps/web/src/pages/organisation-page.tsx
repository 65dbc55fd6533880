import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { messages, organisationRules } from "@openpro/core";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { EmptyState } from "../components/empty-state";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { useOrganisation } from "../features/organisations/api";
import { OrganisationDetails } from "../features/organisations/components/organisation-details";
import { OrganisationTeam } from "../features/team/components/organisation-team";
import { useSession } from "../lib/session-context";

type TabId = "details" | "team";

/** /organisations/{organisationId}: ORGANISATION DETAILS and (with view_organisation_users) ORGANISATION TEAM. */
export const OrganisationPage = () => {
  const { organisationId = "" } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const organisation = useOrganisation(organisationId);
  const [tab, setTab] = useState<TabId>("details");
  const showTeam = organisationRules.canViewTeam(user);
  const current: TabId = tab === "team" && showTeam ? "team" : "details";

  if (!user) return null;
  if (organisation.isPending) {
    return (
      <>
        <PageTitle>Organisation</PageTitle>
        <Loading />
      </>
    );
  }
  if (organisation.isError) {
    return (
      <>
        <PageTitle>Organisation</PageTitle>
        <EmptyState title={messages.notFound}>
          <TextLink to="/organisations">Back to organisations</TextLink>
        </EmptyState>
      </>
    );
  }
  const data = organisation.data;
  return (
    <>
      <Box sx={{ mb: 1 }}>
        <TextLink to="/organisations">Organisations</TextLink>
      </Box>
      <PageTitle title={data.name}>{data.name}</PageTitle>
      <Tabs
        value={current}
        onChange={(_, value: TabId) => setTab(value)}
        aria-label="Organisation"
        sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}
      >
        <Tab value="details" label="ORGANISATION DETAILS" id="org-tab-details" aria-controls="org-panel-details" />
        {showTeam ? (
          <Tab value="team" label="ORGANISATION TEAM" id="org-tab-team" aria-controls="org-panel-team" />
        ) : null}
      </Tabs>
      <Box role="tabpanel" id={`org-panel-${current}`} aria-labelledby={`org-tab-${current}`}>
        {current === "details" ? (
          <OrganisationDetails
            key={data.organisationId}
            organisation={data}
            canRename={organisationRules.canRename(user)}
            canDelete={organisationRules.canDelete(user)}
            onDeleted={() => navigate("/organisations", { replace: true })}
          />
        ) : (
          <OrganisationTeam organisationId={data.organisationId} actor={user} />
        )}
      </Box>
      {organisation.isRefetchError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
    </>
  );
};
