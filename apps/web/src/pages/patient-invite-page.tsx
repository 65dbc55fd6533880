import { type ReactNode, useEffect, useState } from "react";
import { Button, Card, Dialog, PlainPageTitle, Spinner } from "../components/plain-ui";
import { PatientSignInForm } from "../features/auth/components/patient-sign-in-form";
import { PatientSignupForm } from "../features/auth/components/patient-signup-form";
import { isTakingPart, useInvite } from "../features/patient-side/api";
import { LegalDocumentDialog } from "../features/patient-side/components/legal-document-dialog";
import { ApiError } from "../lib/api-error";
import { goTo, pageParams } from "../lib/page-address";
import { handPatientSessionToApp } from "../lib/patient-session";
import { settlePatientLanguage, t } from "../lib/patient-text";

const documentTitles = { "privacy-policy": "privacyPolicyTitle", eula: "licenceAgreementTitle" } as const;

export const isInvalidInvite = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410);

export const InvalidInviteLink = () => (
  <Card>
    <PlainPageTitle>{t("invalidLinkTitle")}</PlainPageTitle>
    <p className="pu-text">{t("inviteLinkInvalid")}</p>
  </Card>
);

type PanelId = "sign-in" | "sign-up";

const Panel = ({
  id,
  title,
  active,
  inactiveText,
  onActivate,
  children,
}: {
  id: PanelId;
  title: string;
  active: boolean;
  inactiveText: string;
  onActivate: () => void;
  children: ReactNode;
}) => (
  <section aria-labelledby={`${id}-heading`} className={active ? "pu-card pu-card-active" : "pu-card"}>
    <h2 className="pu-h2" id={`${id}-heading`}>
      {title}
    </h2>
    {active ? (
      children
    ) : (
      <>
        <p className="pu-text pu-secondary">{inactiveText}</p>
        <Button variant="outlined" onClick={onActivate}>
          {title}
        </Button>
      </>
    )}
  </section>
);

/** /invite/{inviteCode}: a patient's invitation (personal link or a program's public code). */
export const PatientInvitePage = () => {
  const { inviteCode = "" } = pageParams("/invite/:inviteCode");
  const invite = useInvite(inviteCode);
  const [chosen, setChosen] = useState<PanelId | null>(null);
  const [modal, setModal] = useState<string | null>(null);
  const joinedEmail = invite.data?.joined ? (invite.data.email ?? "") : null;
  // The program's territory sets the languages offered (and how dates read): a Swiss browser in
  // German reads this page in German, a US one in Spanish may choose Spanish.
  const territory = invite.data?.territory ?? null;
  useEffect(() => {
    if (territory) void settlePatientLanguage({ territory });
  }, [territory]);
  // A personal link opened again after joining: sign in with the address filled in, then the app.
  useEffect(() => {
    if (joinedEmail !== null)
      goTo(joinedEmail ? `/me/login?email=${encodeURIComponent(joinedEmail)}` : "/me/login", { replace: true });
  }, [joinedEmail]);

  if (invite.isPending || joinedEmail !== null) return <Spinner label={t("checkingInvitation")} />;
  if (invite.isError) {
    if (isInvalidInvite(invite.error)) return <InvalidInviteLink />;
    return (
      <Card>
        <PlainPageTitle>{t("joinAProgram")}</PlainPageTitle>
        <p className="pu-text">{t("somethingWentWrong")}</p>
      </Card>
    );
  }
  const data = invite.data;
  const active: PanelId = chosen ?? (data.hasAccepted ? "sign-in" : "sign-up");
  const next = () =>
    goTo(`/auth-consent/${encodeURIComponent(inviteCode)}?programId=${encodeURIComponent(data.programId)}`, {
      replace: true,
    });
  /** Someone already taking part (a program's public code opened again) goes on into the app, not to the consent. */
  const afterSignIn = async (session: { accessToken: string; refreshToken: string; user: { id: string } }) => {
    const takingPart = await isTakingPart(session.accessToken, data.programId).catch(() => false);
    if (!takingPart) return next();
    handPatientSessionToApp(session, session.user.id);
    goTo("/me", { replace: true });
  };

  return (
    <>
      <PlainPageTitle>
        {data.programName ? t("joinTitle", { program: data.programName }) : t("joinAProgram")}
      </PlainPageTitle>
      <p className="pu-text pu-secondary">{t("joinIntro")}</p>
      <div className="pu-columns">
        <Panel
          id="sign-in"
          title={t("signInTitle")}
          active={active === "sign-in"}
          inactiveText={t("alreadyHaveAccount")}
          onActivate={() => setChosen("sign-in")}
        >
          <PatientSignInForm
            inviteCode={inviteCode}
            defaultEmail={data.email ?? ""}
            onSignedIn={(session) => void afterSignIn(session)}
            onInviteError={setModal}
          />
        </Panel>
        <Panel
          id="sign-up"
          title={t("createAccount")}
          active={active === "sign-up"}
          inactiveText={t("newToOpenPro")}
          onActivate={() => setChosen("sign-up")}
        >
          <PatientSignupForm
            inviteCode={inviteCode}
            email={data.email}
            names={{ firstName: data.firstName, lastName: data.lastName }}
            onRegistered={next}
            onInviteError={setModal}
            documentDialog={(props) => (
              <LegalDocumentDialog {...props} fallbackTitle={t(documentTitles[props.documentId])} />
            )}
          />
        </Panel>
      </div>
      <Dialog
        open={modal !== null}
        title={t("errorTitle")}
        onClose={() => setModal(null)}
        actions={
          <Button variant="contained" onClick={() => setModal(null)}>
            {t("ok")}
          </Button>
        }
      >
        <p className="pu-text">{modal}</p>
      </Dialog>
    </>
  );
};
