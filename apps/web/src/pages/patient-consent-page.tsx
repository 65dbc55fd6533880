import { Alert, Paper } from "@mui/material";
import { messages } from "@openpro/core";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { useInvite } from "../features/patient-side/api";
import { ConsentForm } from "../features/patient-side/components/consent-form";
import { readPatientToken } from "../lib/patient-session";
import { InvalidInviteLink, isInvalidInvite } from "./patient-invite-page";

/** /auth-consent/{inviteCode}?programId=: the program's consent, after signing in or up. */
export const PatientConsentPage = () => {
  const { inviteCode = "" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const invite = useInvite(inviteCode);
  if (!readPatientToken()) return <Navigate to={`/invite/${encodeURIComponent(inviteCode)}`} replace />;
  if (invite.isPending) return <Loading label="Loading the consent" />;
  if (invite.isError && isInvalidInvite(invite.error)) return <InvalidInviteLink />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
      <PageTitle>{messages.consentTitle}</PageTitle>
      {invite.isError ? (
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      ) : (
        <ConsentForm
          programId={search.get("programId") || invite.data.programId}
          programName={invite.data.programName}
          consentMessage={invite.data.consentMessage}
          onParticipated={() => navigate("/demographic-info")}
        />
      )}
    </Paper>
  );
};
