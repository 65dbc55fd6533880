import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { isAdminType, messages, shellRules } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useNavigate, useSearchParams } from "react-router";
import { skipLeaveGuard } from "../components/leave-guard";
import { PageTitle } from "../components/page-title";
import { OrganisationPicker } from "../features/organisations/components/organisation-picker";
import { CreateProgramForm } from "../features/programs/components/create-program-form";
import { useSession } from "../lib/session-context";

/**
 * /programs/create?organisationId= . The form has no organisation field for an admin-type user
 * (1-foundation.md §2): one who arrives without an organisation chooses it first, here.
 */
export const ProgramCreatePage = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  if (!user) return null;
  const organisationId = search.get("organisationId");
  return (
    <>
      <PageTitle>Create new program</PageTitle>
      {shellRules.showCreateProgram(user) && isAdminType(user) && !organisationId ? (
        <>
          <Typography sx={{ mb: 2 }}>{messages.chooseProgramOrganisation}</Typography>
          <OrganisationPicker
            label="Organisation name"
            hrefOf={(id) => `/programs/create?${new URLSearchParams({ organisationId: id }).toString()}`}
          />
        </>
      ) : shellRules.showCreateProgram(user) ? (
        <CreateProgramForm
          actor={user}
          presetOrganisationId={search.get("organisationId")}
          onCreated={(programId, name) => {
            enqueueSnackbar(messages.programCreated(name), { variant: "success" });
            navigate(`/programs/${programId}`, { replace: true, state: skipLeaveGuard });
          }}
          onCancel={() => {
            const organisationId = search.get("organisationId");
            const query = organisationId ? `?${new URLSearchParams({ organisationId }).toString()}` : "";
            navigate(`/programs${query}`, { state: skipLeaveGuard });
          }}
        />
      ) : (
        <Alert severity="warning">{messages.forbidden}</Alert>
      )}
    </>
  );
};
