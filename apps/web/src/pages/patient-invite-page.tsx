import { Box, Button, Paper, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ErrorModal } from "../components/error-modal";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { PatientSignInForm } from "../features/auth/components/patient-sign-in-form";
import { PatientSignupForm } from "../features/auth/components/patient-signup-form";
import { LegalDocumentDialog } from "../features/content/components/legal-document-dialog";
import { useInvite } from "../features/patient-side/api";
import { ApiError } from "../lib/http";

const documentTitles = { "privacy-policy": "Privacy policy", eula: "End user licence agreement" } as const;

export const isInvalidInvite = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404 || error.status === 410);

export const InvalidInviteLink = () => (
  <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: "auto" }}>
    <PageTitle>{messages.invalidLinkTitle}</PageTitle>
    <Typography component="p">{messages.inviteLinkInvalid}</Typography>
  </Paper>
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
  children: React.ReactNode;
}) => (
  <Paper
    component="section"
    aria-labelledby={`${id}-heading`}
    variant="outlined"
    sx={{ p: { xs: 3, sm: 4 }, borderColor: active ? "primary.main" : "divider", borderWidth: active ? 2 : 1 }}
  >
    <Typography variant="h2" id={`${id}-heading`} sx={{ mb: 2 }}>
      {title}
    </Typography>
    {active ? (
      children
    ) : (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {inactiveText}
        </Typography>
        <Button variant="outlined" onClick={onActivate}>
          {title}
        </Button>
      </>
    )}
  </Paper>
);

/** /invite/{inviteCode}: a patient's invitation (personal link or a program's public code). */
export const PatientInvitePage = () => {
  const { inviteCode = "" } = useParams();
  const navigate = useNavigate();
  const invite = useInvite(inviteCode);
  const [chosen, setChosen] = useState<PanelId | null>(null);
  const [modal, setModal] = useState<string | null>(null);

  if (invite.isPending) return <Loading label="Checking your invitation" />;
  if (invite.isError) {
    if (isInvalidInvite(invite.error)) return <InvalidInviteLink />;
    return (
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 560, mx: "auto" }}>
        <PageTitle>Join a program</PageTitle>
        <Typography>{messages.somethingWentWrong}</Typography>
      </Paper>
    );
  }
  const data = invite.data;
  const active: PanelId = chosen ?? (data.hasAccepted ? "sign-in" : "sign-up");
  const next = () =>
    navigate(`/auth-consent/${encodeURIComponent(inviteCode)}?programId=${encodeURIComponent(data.programId)}`, {
      replace: true,
    });

  return (
    <>
      <PageTitle>{data.programName ? `Join ${data.programName}` : "Join a program"}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        Sign in if you already have an OpenPRO account, or create one to take part.
      </Typography>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
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
            onSignedIn={next}
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
            onRegistered={next}
            onInviteError={setModal}
            documentDialog={(props) => (
              <LegalDocumentDialog {...props} fallbackTitle={documentTitles[props.documentId]} />
            )}
          />
        </Panel>
      </Box>
      <ErrorModal message={modal} onClose={() => setModal(null)} />
    </>
  );
};
