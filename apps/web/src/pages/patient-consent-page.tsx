import { messages } from "@openpro/core/schema-free";
import { useEffect } from "react";
import { Alert, Card, PlainPageTitle, Spinner } from "../components/plain-ui";
import { useInvite } from "../features/patient-side/api";
import { ConsentForm } from "../features/patient-side/components/consent-form";
import { goTo, pageParams, pageSearch } from "../lib/page-address";
import { readPatientToken } from "../lib/patient-session";
import { InvalidInviteLink, isInvalidInvite } from "./patient-invite-page";

/** /auth-consent/{inviteCode}?programId=: the program's consent, after signing in or up. */
export const PatientConsentPage = () => {
  const { inviteCode = "" } = pageParams("/auth-consent/:inviteCode");
  const signedIn = readPatientToken() !== null;
  const invite = useInvite(inviteCode);
  useEffect(() => {
    if (!signedIn) goTo(`/invite/${encodeURIComponent(inviteCode)}`, { replace: true });
  }, [signedIn, inviteCode]);
  if (!signedIn || invite.isPending) return <Spinner label="Loading the consent" />;
  if (invite.isError && isInvalidInvite(invite.error)) return <InvalidInviteLink />;
  return (
    <Card>
      <PlainPageTitle>{messages.consentTitle}</PlainPageTitle>
      {invite.isError ? (
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      ) : (
        <ConsentForm
          programId={pageSearch().get("programId") || invite.data.programId}
          programName={invite.data.programName}
          consentMessage={invite.data.consentMessage}
          onParticipated={() => goTo("/demographic-info")}
        />
      )}
    </Card>
  );
};
