import Alert from "@mui/material/Alert";
import { messages, organisationRules } from "@openpro/core";
import { useNavigate } from "react-router";
import { skipLeaveGuard } from "../components/leave-guard";
import { PageTitle } from "../components/page-title";
import { OrganisationCreateForm } from "../features/organisations/components/organisation-create-form";
import { useSession } from "../lib/session-context";

export const OrganisationCreatePage = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>Create new organisation</PageTitle>
      {organisationRules.canCreate(user) ? (
        <OrganisationCreateForm
          onCreated={(organisationId) =>
            navigate(`/organisations/${organisationId}`, { replace: true, state: skipLeaveGuard })
          }
          onCancel={() => navigate("/organisations", { state: skipLeaveGuard })}
        />
      ) : (
        <Alert severity="warning">{messages.forbidden}</Alert>
      )}
    </>
  );
};
