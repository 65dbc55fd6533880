import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { limits, messages } from "@openpro/core";
import { useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { TextBlocks } from "../components/text-blocks";
import { useUpdateCurrentUser } from "../features/auth/api";
import { useLegalDocument } from "../features/content/api";
import { fullPageLoad } from "../lib/page-address";
import { useSession } from "../lib/session-context";
import { readPendingInvite, safeReturnTo, takeReturnTo } from "../lib/sign-in-state";
import { useScrollGate } from "../lib/use-scroll-gate";

/** Instructions for use; with ?required=true a signed-in reader acknowledges them after scrolling to the end. */
export const InstructionsForUsePage = () => {
  const [search] = useSearchParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const document = useLegalDocument("sciensuspro-instructions-for-use");
  const acknowledge = useUpdateCurrentUser();
  const scroller = useRef<HTMLDivElement>(null);
  const required = search.get("required") === "true" && user !== null;
  const reachedEnd = useScrollGate(scroller, {
    threshold: limits.scrollGateThresholdPx,
    throttleMs: limits.scrollThrottleMs,
    ready: required && document.isSuccess,
  });

  // Document 1 §4: "if an invite link was saved beforehand the user is sent there afterwards".
  // A clinician with an invitation still to accept goes back to it; one whose invitation was
  // accepted with their sign-up (a new clinician), or whose sign-in was on its way to a page, goes
  // where it was going (the sign-in kept it); else to programs.
  const onAcknowledge = () =>
    acknowledge.mutate(
      { instructionsAcknowledged: true },
      {
        onSuccess: () => {
          const invitation = readPendingInvite();
          if (invitation) fullPageLoad.open(invitation, true);
          else navigate(safeReturnTo(takeReturnTo()) ?? "/programs", { replace: true });
        },
      },
    );

  return (
    <>
      <PageTitle title="Instructions for use">{document.data?.title ?? "Instructions for use"}</PageTitle>
      {document.isPending ? <Loading /> : null}
      {document.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
      {document.isSuccess ? (
        <Paper variant="outlined" sx={{ p: 0 }}>
          <Box
            ref={scroller}
            role="region"
            aria-label="Instructions for use text"
            tabIndex={0}
            sx={{ p: { xs: 2, sm: 4 }, maxHeight: required ? "60vh" : "none", overflowY: "auto" }}
          >
            <TextBlocks blocks={document.data.blocks} />
          </Box>
        </Paper>
      ) : null}
      {required ? (
        <Box sx={{ mt: 3, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Button
            variant="contained"
            size="large"
            disabled={!reachedEnd || acknowledge.isPending || !document.isSuccess}
            onClick={onAcknowledge}
          >
            I understand
          </Button>
          {!reachedEnd && document.isSuccess ? (
            <Typography color="text.secondary" variant="body2">
              Scroll to the end of the instructions to continue.
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </>
  );
};
