import { messages } from "@openpro/core/schema-free";
import { type ReactNode, useEffect, useState } from "react";
import { Button, Card, Dialog, PlainPageTitle, Spinner } from "../components/plain-ui";
import { PatientSignInForm } from "../features/auth/components/patient-sign-in-form";
import { PatientSignupForm } from "../features/auth/components/patient-signup-form";
import { isTakingPart, useInvite } from "../features/patient-side/api";
import { LegalDocumentDialog } from "../features/patient-side/components/legal-document-dialog";
import { ApiError } from "../lib/api-error";
import { goTo, pageParams } from "../lib/page-address";
import { handPatientSessionToApp } from "../lib/patient-session";

const documentTitles = { "privacy-policy": "Privacy policy", eula: "Licence agreement" } as const;

export const isInvalidInvite = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410);

export const InvalidInviteLink = () => (
  <Card>
    <PlainPageTitle>{messages.invalidLinkTitle}</PlainPageTitle>
    <p className="pu-text">{messages.inviteLinkInvalid}</p>
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
  // A personal link opened again after joining: sign in with the address filled in, then the app.
  useEffect(() => {
    if (joinedEmail !== null)
      goTo(joinedEmail ? `/me/login?email=${encodeURIComponent(joinedEmail)}` : "/me/login", { replace: true });
  }, [joinedEmail]);

  if (invite.isPending || joinedEmail !== null) return <Spinner label="Checking your invitation" />;
  if (invite.isError) {
    if (isInvalidInvite(invite.error)) return <InvalidInviteLink />;
    return (
      <Card>
        <PlainPageTitle>Join a program</PlainPageTitle>
        <p className="pu-text">{messages.somethingWentWrong}</p>
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
      <PlainPageTitle>{data.programName ? `Join ${data.programName}` : "Join a program"}</PlainPageTitle>
      <p className="pu-text pu-secondary">
        Sign in if you already have an OpenPRO account, or create one to take part.
      </p>
      <div className="pu-columns">
        <Panel
          id="sign-in"
          title="Sign in"
          active={active === "sign-in"}
          inactiveText="Already have an account?"
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
          title="Create account"
          active={active === "sign-up"}
          inactiveText="New to OpenPRO?"
          onActivate={() => setChosen("sign-up")}
        >
          <PatientSignupForm
            inviteCode={inviteCode}
            email={data.email}
            names={{ firstName: data.firstName, lastName: data.lastName }}
            onRegistered={next}
            onInviteError={setModal}
            documentDialog={(props) => (
              <LegalDocumentDialog {...props} fallbackTitle={documentTitles[props.documentId]} />
            )}
          />
        </Panel>
      </div>
      <Dialog
        open={modal !== null}
        title="Error"
        onClose={() => setModal(null)}
        actions={
          <Button variant="contained" onClick={() => setModal(null)}>
            OK
          </Button>
        }
      >
        <p className="pu-text">{modal}</p>
      </Dialog>
    </>
  );
};
