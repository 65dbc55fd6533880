import { Alert } from "@mui/material";
import { messages, shellRules } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useNavigate, useSearchParams } from "react-router";
import { skipLeaveGuard } from "../components/leave-guard";
import { PageTitle } from "../components/page-title";
import { CreateProgramForm } from "../features/programs/components/create-program-form";
import { useSession } from "../lib/session-context";

/** /programs/create?organisationId= */
export const ProgramCreatePage = () => {
  const { user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  if (!user) return null;
  return (
    <>
      <PageTitle>Create new program</PageTitle>
      {shellRules.showCreateProgram(user) ? (
        <CreateProgramForm
          actor={user}
          presetOrganisationId={search.get("organisationId")}
          onCreated={(projectId, name) => {
            enqueueSnackbar(messages.programCreated(name), { variant: "success" });
            navigate(`/programs/${projectId}`, { replace: true, state: skipLeaveGuard });
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
