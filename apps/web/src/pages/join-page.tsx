import { Alert, Box, Typography } from "@mui/material";
import { errorCodes, messages } from "@openpro/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextLink } from "../components/router-link";
import { type StaffInviteQuery, useStaffInviteAccept, useStaffInviteCheck } from "../features/auth/api";
import { LoginForm, type LoginResult } from "../features/auth/components/login-form";
import { StaffSignupForm } from "../features/auth/components/staff-signup-form";
import { LegalDocumentDialog } from "../features/content/components/legal-document-dialog";
import { ApiError } from "../lib/http";
import { clearPendingInvite, rememberPendingInvite, rememberReturnTo } from "../lib/session";
import { useSession } from "../lib/session-context";

const isInvalidInvite = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.errorCode === errorCodes.invitationInvalid || error.errorCode === errorCodes.invitationExpired);

const InvalidLink = () => (
  <>
    <PageTitle>{messages.invalidLinkTitle}</PageTitle>
    <Typography component="p">{messages.invitationInvalid}</Typography>
    <Typography sx={{ mt: 3 }}>
      <TextLink to="/login">Go to log in</TextLink>
    </Typography>
  </>
);

const documentTitles = { "privacy-policy": "Privacy policy", eula: "End user licence agreement" } as const;

/** A signed-in invitee: the invitation is accepted for them, then they go to /. */
const AcceptInvite = ({ userId, code, onInvalid }: { userId: string; code: string; onInvalid: () => void }) => {
  const accept = useStaffInviteAccept();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate(
      { userId, code },
      {
        onSuccess: () => {
          clearPendingInvite();
          navigate("/", { replace: true });
        },
        onError: (error) => {
          if (isInvalidInvite(error)) {
            clearPendingInvite();
            onInvalid();
          }
        },
      },
    );
  }, [accept, userId, code, navigate, onInvalid]);
  return (
    <>
      <PageTitle>Joining the team</PageTitle>
      {accept.isError && !isInvalidInvite(accept.error) ? (
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      ) : (
        <Loading label="Accepting the invitation" />
      )}
    </>
  );
};

/**
 * /join/{inviteId}?email=&organisationName=|projectName=&projectId= : the clinician invitation.
 * An existing account signs in (then the invite is accepted); a new one sets a password and accepts the documents.
 */
export const JoinPage = () => {
  const { inviteId = "" } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [invalid, setInvalid] = useState(false);
  const query = useMemo<StaffInviteQuery>(() => {
    const pick = (key: string) => search.get(key) ?? undefined;
    return {
      code: inviteId,
      email: pick("email"),
      organisationName: pick("organisationName"),
      projectName: pick("projectName"),
      projectId: pick("projectId"),
    };
  }, [inviteId, search]);
  const check = useStaffInviteCheck(query);
  const here = location.pathname + location.search;

  useEffect(() => {
    // Kept for "Back to Create account" on the legal pages and to resume after the sign-in code.
    rememberPendingInvite(here);
  }, [here]);

  if (invalid || isInvalidInvite(check.error)) return <InvalidLink />;
  if (check.isPending || session.status === "loading") return <Loading label="Checking your invitation" />;
  if (check.isError) {
    return (
      <>
        <PageTitle>Join OpenPRO</PageTitle>
        <Alert severity="error">{messages.somethingWentWrong}</Alert>
      </>
    );
  }
  const invite = check.data;

  if (invite.hasAccepted) {
    if (session.user && !session.user.otpRequired) {
      return <AcceptInvite userId={session.user.id} code={inviteId} onInvalid={() => setInvalid(true)} />;
    }
    const onSignedIn = ({ accessToken, refreshToken, user }: LoginResult) => {
      session.signIn({ accessToken, refreshToken }, user);
      if (user.otpRequired) {
        // After the code the user comes back here, and the invitation is accepted.
        rememberReturnTo(here);
        navigate(`/2FA/login/${encodeURIComponent(user.email)}`, { replace: true });
      }
    };
    return (
      <>
        <PageTitle>Log in to join {invite.teamName || "the team"}</PageTitle>
        <Typography color="text.secondary" sx={{ mt: -2 }}>
          You already have an OpenPRO account. Log in to accept the invitation.
        </Typography>
        <LoginForm onSignedIn={onSignedIn} defaultEmail={invite.email} />
        <Box sx={{ mt: 3 }}>
          <TextLink to="/reset-password">Forgot your password?</TextLink>
        </Box>
      </>
    );
  }

  return (
    <>
      <PageTitle>Create account</PageTitle>
      <StaffSignupForm
        inviteCode={inviteId}
        email={invite.email}
        teamName={invite.teamName}
        onInvalidInvite={() => setInvalid(true)}
        onRegistered={({ accessToken, refreshToken, user }) => {
          clearPendingInvite();
          session.signIn({ accessToken, refreshToken }, user);
          navigate(`/2FA/signup/${encodeURIComponent(user.email)}`, { replace: true });
        }}
        documentDialog={(props) => <LegalDocumentDialog {...props} fallbackTitle={documentTitles[props.documentId]} />}
      />
      <Box sx={{ mt: 3, display: "flex", gap: 2, flexWrap: "wrap" }}>
        <TextLink to="/privacy-policy?from=join">Privacy policy</TextLink>
        <TextLink to="/eula?from=join">EULA</TextLink>
        <TextLink to="/terms-and-conditions?from=join">Terms and conditions</TextLink>
      </Box>
    </>
  );
};
