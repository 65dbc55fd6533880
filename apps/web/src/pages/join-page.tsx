import { errorCodes, messages } from "@openpro/core/schema-free";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert, PlainPageTitle, Spinner } from "../components/plain-ui";
import { LoginForm, type LoginResult } from "../features/auth/components/login-form";
import { StaffSignupForm } from "../features/auth/components/staff-signup-form";
import {
  type StaffInviteQuery,
  useStaffInviteAccept,
  useStaffInviteCheck,
  useStaffSessionUser,
} from "../features/auth/staff-sign-in-api";
import { LegalDocumentDialog } from "../features/patient-side/components/legal-document-dialog";
import { ApiError } from "../lib/api-error";
import { goTo, pageParams } from "../lib/page-address";
import {
  clearPendingInvite,
  invitationDestination,
  rememberPendingInvite,
  rememberReturnTo,
} from "../lib/sign-in-state";

const isInvalidInvite = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.errorCode === errorCodes.invitationInvalid || error.errorCode === errorCodes.invitationExpired);

const InvalidLink = () => (
  <>
    <PlainPageTitle>{messages.invalidLinkTitle}</PlainPageTitle>
    <p className="pu-text">{messages.invitationInvalid}</p>
    <p className="pu-text">
      <a href="/login">Go to log in</a>
    </p>
  </>
);

const documentTitles = { "privacy-policy": "Privacy policy", eula: "End user licence agreement" } as const;

/** A signed-in invitee: the invitation is accepted for them, then they go to /. */
const AcceptInvite = ({ userId, code, onInvalid }: { userId: string; code: string; onInvalid: () => void }) => {
  const accept = useStaffInviteAccept();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate(
      { userId, code },
      {
        onSuccess: () => {
          clearPendingInvite();
          goTo("/", { replace: true });
        },
        onError: (error) => {
          if (isInvalidInvite(error)) {
            clearPendingInvite();
            onInvalid();
          }
        },
      },
    );
  }, [accept, userId, code, onInvalid]);
  return (
    <>
      <PlainPageTitle>Joining the team</PlainPageTitle>
      {accept.isError && !isInvalidInvite(accept.error) ? (
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      ) : (
        <Spinner label="Accepting the invitation" />
      )}
    </>
  );
};

/**
 * /join/{inviteId}?email=&organisationName=|projectName=&projectId= : the clinician invitation, on
 * the light entry (public-pages.html). An existing account signs in (then the invite is accepted);
 * a new one sets a password and accepts the documents, then confirms its e-mail in the staff app.
 */
export const JoinPage = () => {
  const { inviteId = "" } = pageParams("/join/:inviteId");
  const search = window.location.search;
  const session = useStaffSessionUser();
  const [invalid, setInvalid] = useState(false);
  // Signed in on this page (no code needed): accepted at once, without asking the server again.
  const [signedInHere, setSignedInHere] = useState<LoginResult["user"] | null>(null);
  const query = useMemo<StaffInviteQuery>(() => {
    const params = new URLSearchParams(search);
    const pick = (key: string) => params.get(key) ?? undefined;
    return {
      code: inviteId,
      email: pick("email"),
      organisationName: pick("organisationName"),
      projectName: pick("projectName"),
      projectId: pick("projectId"),
    };
  }, [inviteId, search]);
  const check = useStaffInviteCheck(query);
  const here = window.location.pathname + search;

  useEffect(() => {
    // Kept for "Back to Create account" on the legal pages and to resume after the sign-in code.
    rememberPendingInvite(here);
  }, [here]);

  if (invalid || isInvalidInvite(check.error)) return <InvalidLink />;
  if (check.isPending || session.checking) return <Spinner label="Checking your invitation" />;
  if (check.isError) {
    return (
      <>
        <PlainPageTitle>Join OpenPRO</PlainPageTitle>
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      </>
    );
  }
  const invite = check.data;

  if (invite.hasAccepted) {
    const user = signedInHere ?? (session.user && !session.user.otpRequired ? session.user : null);
    if (user) return <AcceptInvite userId={user.id} code={inviteId} onInvalid={() => setInvalid(true)} />;
    const onSignedIn = ({ user: signedIn }: LoginResult) => {
      if (signedIn.otpRequired) {
        // After the code the user comes back here, and the invitation is accepted.
        rememberReturnTo(here);
        goTo(`/2FA/login/${encodeURIComponent(signedIn.email)}`, { replace: true });
      } else setSignedInHere(signedIn);
    };
    return (
      <>
        <PlainPageTitle>{`Log in to join ${invite.teamName || "the team"}`}</PlainPageTitle>
        <p className="pu-text pu-secondary">You already have an OpenPRO account. Log in to accept the invitation.</p>
        <LoginForm onSignedIn={onSignedIn} defaultEmail={invite.email} />
        <div className="pu-actions">
          <a href="/reset-password">Forgot your password?</a>
        </div>
      </>
    );
  }

  return (
    <>
      <PlainPageTitle>Create account</PlainPageTitle>
      <StaffSignupForm
        inviteCode={inviteId}
        email={invite.email}
        teamName={invite.teamName}
        onInvalidInvite={() => setInvalid(true)}
        onRegistered={({ user }) => {
          // Accepted with the sign-up: after the code and the instructions for use, on to its program.
          clearPendingInvite();
          rememberReturnTo(invitationDestination(here));
          goTo(`/2FA/signup/${encodeURIComponent(user.email)}`, { replace: true });
        }}
        documentDialog={(props) => <LegalDocumentDialog {...props} fallbackTitle={documentTitles[props.documentId]} />}
      />
      <div className="pu-actions">
        <a href="/privacy-policy?from=join">Privacy policy</a>
        <a href="/eula?from=join">EULA</a>
        <a href="/terms-and-conditions?from=join">Terms and conditions</a>
      </div>
    </>
  );
};
