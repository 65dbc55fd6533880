import { useEffect } from "react";
import { Alert, Card, PlainPageTitle, Spinner } from "../components/plain-ui";
import { useInvite } from "../features/patient-side/api";
import { ConsentForm } from "../features/patient-side/components/consent-form";
import { goTo, pageParams, pageSearch } from "../lib/page-address";
import { readPatientToken } from "../lib/patient-session";
import { settlePatientLanguage, t, usePatientLanguage } from "../lib/patient-text";
import { InvalidInviteLink, isInvalidInvite } from "./patient-invite-page";

/** /auth-consent/{inviteCode}?programId=: the program's consent, after signing in or up. */
export const PatientConsentPage = () => {
  const { inviteCode = "" } = pageParams("/auth-consent/:inviteCode");
  const signedIn = readPatientToken() !== null;
  // The consent in the language shown (fetched again when the patient switches language).
  const invite = useInvite(inviteCode, usePatientLanguage().language);
  const territory = invite.data?.territory ?? null;
  useEffect(() => {
    if (territory) void settlePatientLanguage({ territory });
  }, [territory]);
  useEffect(() => {
    if (!signedIn) goTo(`/invite/${encodeURIComponent(inviteCode)}`, { replace: true });
  }, [signedIn, inviteCode]);
  if (!signedIn || invite.isPending) return <Spinner label={t("loadingConsent")} />;
  if (invite.isError && isInvalidInvite(invite.error)) return <InvalidInviteLink />;
  return (
    <Card>
      <PlainPageTitle>{t("consentTitle")}</PlainPageTitle>
      {invite.isError ? (
        <Alert severity="error">{t("somethingWentWrong")}</Alert>
      ) : (
        <ConsentForm
          programId={pageSearch().get("programId") || invite.data.programId}
          programName={invite.data.programName}
          consentMessage={invite.data.consentMessage}
          consentMessageLanguage={invite.data.consentMessageLanguage}
          onParticipated={() => goTo("/demographic-info")}
        />
      )}
    </Card>
  );
};
