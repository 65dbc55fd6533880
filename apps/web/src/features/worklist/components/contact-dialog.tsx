import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import { type ContactOutcome, contactOutcomeLabels, contactOutcomes, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { useRecordContact, worklistErrorText } from "../api";

/** Records the team's contact with a patient: how it went and a note. */
export const ContactDialog = ({
  programId,
  userId,
  patientName,
  onClose,
}: {
  programId: string;
  userId: string;
  patientName: string;
  onClose: () => void;
}) => {
  const titleId = useId();
  const record = useRecordContact();
  const [outcome, setOutcome] = useState<ContactOutcome | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!outcome) {
      setError(messages.worklistContactOutcomeRequired);
      return;
    }
    setError(undefined);
    record.mutate(
      { programId, userId, outcome, note: note.trim() || undefined },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.worklistContactRecorded, { variant: "success" });
          onClose();
        },
        onError: (e) => enqueueSnackbar(worklistErrorText(e), { variant: "error" }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Record a contact with ${patientName}`}</DialogTitle>
      <DialogContent>
        <FormControl error={!!error} component="fieldset" sx={{ mt: 1 }}>
          <FormLabel component="legend">How did it go?</FormLabel>
          <RadioGroup value={outcome} onChange={(e) => setOutcome(e.target.value as ContactOutcome)}>
            {contactOutcomes.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio />} label={contactOutcomeLabels[o]} />
            ))}
          </RadioGroup>
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
        <TextField
          label="Note"
          multiline
          minRows={2}
          fullWidth
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={record.isPending}>
          Record contact
        </Button>
      </DialogActions>
    </Dialog>
  );
};
