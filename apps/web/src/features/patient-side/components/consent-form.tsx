import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LazyMarkdown } from "../../../components/lazy-markdown";
import { useDeclineConsent, useGiveConsent } from "../api";

/**
 * The program's consent: the message, a consent checkbox that enables Participate,
 * and Withdraw participation behind a confirm modal.
 */
export const ConsentForm = ({
  programId,
  programName,
  consentMessage,
  onParticipated,
}: {
  programId: string;
  programName: string;
  consentMessage: string;
  onParticipated: () => void;
}) => {
  const give = useGiveConsent(programId);
  const decline = useDeclineConsent(programId);
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [declined, setDeclined] = useState(false);

  if (declined) {
    return (
      <Alert severity="info" role="status">
        {messages.consentDeclinedMessage}
      </Alert>
    );
  }
  const failed = give.isError || decline.isError;
  return (
    <Box>
      {programName ? (
        <Typography variant="h2" sx={{ mb: 2 }}>
          {programName}
        </Typography>
      ) : null}
      <Box sx={{ maxHeight: 420, overflowY: "auto", mb: 2 }} tabIndex={0} aria-label="Consent message">
        <LazyMarkdown source={consentMessage} label="Loading the consent message" />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />}
        label="I have read the information above and I agree to take part in this program"
      />
      {failed ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {messages.somethingWentWrong}
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 2, mt: 2, flexWrap: "wrap" }}>
        <Button
          variant="contained"
          size="large"
          disabled={!agreed || give.isPending}
          onClick={() => give.mutate(undefined, { onSuccess: onParticipated })}
        >
          Participate
        </Button>
        <Button size="large" onClick={() => setConfirming(true)} disabled={give.isPending}>
          Withdraw participation
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Withdraw participation?"
        confirmLabel="Withdraw participation"
        destructive
        pending={decline.isPending}
        onConfirm={() =>
          decline.mutate(undefined, {
            onSuccess: () => setDeclined(true),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      >
        You will not take part in this program. Your care team can invite you again if you change your mind.
      </ConfirmDialog>
    </Box>
  );
};
