import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { type InvalidationReason, invalidationReasons, type LogItem, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/http";
import { useValidateLog } from "../api";

type ValidatedLog = Pick<LogItem, "logId" | "validationStatus" | "validationReason">;

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status !== undefined && error.message.trim() ? error.message : messages.oops;

/** "Log invalidated" and the reason: a removed log offers no further control. */
export const InvalidatedNote = ({ reason }: { reason: string | null }) => (
  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: "italic" }}>
    {messages.logInvalidated}
    {reason ? `: ${reason}` : ""}
  </Typography>
);

/**
 * The acknowledgement controls of one log: Acknowledge (new logs), Invalidate with a reason (new or
 * acknowledged logs; an acknowledged one is changed with PATCH). Without `canValidate` only the
 * status is shown.
 */
export const LogValidation = ({
  programId,
  log,
  canValidate,
  label,
}: {
  programId: string;
  log: ValidatedLog;
  canValidate: boolean;
  /** What the log is, for the buttons' accessible names ("Nausea, 02/03/2026 09:30"). */
  label: string;
}) => {
  const mutation = useValidateLog(programId);
  const [formOpen, setFormOpen] = useState(false);

  if (log.validationStatus === "Removed") return <InvalidatedNote reason={log.validationReason} />;

  const acknowledge = () =>
    mutation.mutate(
      { log, decision: { status: "Acknowledged" } },
      {
        onSuccess: () => enqueueSnackbar("Log acknowledged", { variant: "success" }),
        onError: (error) => enqueueSnackbar(errorText(error), { variant: "error" }),
      },
    );

  return (
    <Box sx={{ mt: 0.5 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        {log.validationStatus === "Acknowledged" ? (
          <Typography variant="body2" color="success.dark">
            Acknowledged
          </Typography>
        ) : null}
        {canValidate && log.validationStatus === null ? (
          <Button
            size="small"
            variant="outlined"
            onClick={acknowledge}
            disabled={mutation.isPending}
            aria-label={`Acknowledge ${label}`}
          >
            Acknowledge
          </Button>
        ) : null}
        {canValidate ? (
          <Button
            size="small"
            color="error"
            aria-expanded={formOpen}
            aria-label={`Invalidate ${label}`}
            onClick={() => setFormOpen((open) => !open)}
          >
            Invalidate
          </Button>
        ) : null}
      </Box>
      {formOpen ? (
        <InvalidateForm
          label={label}
          pending={mutation.isPending}
          onClose={() => setFormOpen(false)}
          onSave={(reason) =>
            mutation.mutate(
              { log, decision: { status: "Removed", reason } },
              {
                onSuccess: () => {
                  enqueueSnackbar(messages.logInvalidated, { variant: "success" });
                  setFormOpen(false);
                },
                onError: (error) => enqueueSnackbar(errorText(error), { variant: "error" }),
              },
            )
          }
        />
      ) : null}
    </Box>
  );
};

/** The reason form; cancelling after a reason was chosen asks Keep editing / Discard. */
export const InvalidateForm = ({
  label,
  pending,
  onSave,
  onClose,
}: {
  label: string;
  pending: boolean;
  onSave: (reason: InvalidationReason) => void;
  onClose: () => void;
}) => {
  const [reason, setReason] = useState<InvalidationReason | "">("");
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const helpId = useId();
  const missing = submitted && reason === "";
  return (
    <Box
      component="form"
      noValidate
      aria-label={`Invalidate ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (reason) onSave(reason);
      }}
      sx={{ mt: 1, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}
    >
      <FormControl error={missing} required>
        <FormLabel id={labelId}>Reason for invalidating</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={missing ? helpId : undefined}
          name={`reason-${labelId}`}
          value={reason}
          onChange={(event) => setReason(event.target.value as InvalidationReason)}
        >
          {invalidationReasons.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio size="small" />} label={r} />
          ))}
        </RadioGroup>
        {missing ? <FormHelperText id={helpId}>{messages.invalidationReasonRequired}</FormHelperText> : null}
      </FormControl>
      <Box sx={{ display: "flex", gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" size="small" color="error" disabled={pending}>
          Save
        </Button>
        <Button size="small" disabled={pending} onClick={() => (reason ? setConfirming(true) : onClose())}>
          Cancel
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Discard changes?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
      >
        The reason you chose for invalidating this log will be lost.
      </ConfirmDialog>
    </Box>
  );
};
