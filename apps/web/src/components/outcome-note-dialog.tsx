import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { useId } from "react";

/**
 * A dialog that records what was done, one of a few outcomes, with a free note (1,000 characters): closing an
 * alert, recording a contact with a patient. The screen holds the values and checks them on submit.
 */
export const OutcomeNoteDialog = <O extends string>({
  title,
  legend,
  outcomes,
  outcomeLabels,
  outcome,
  onOutcome,
  outcomeError,
  note,
  onNote,
  noteError,
  noteRequired = false,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  /** The outcomes' question ("Action taken"). */
  legend: string;
  outcomes: readonly O[];
  outcomeLabels: Record<O, string>;
  outcome: O | "";
  onOutcome: (outcome: O) => void;
  outcomeError?: string | undefined;
  note: string;
  onNote: (note: string) => void;
  noteError?: string | undefined;
  noteRequired?: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormControl error={!!outcomeError} component="fieldset" sx={{ mt: 1 }}>
          <FormLabel component="legend">{legend}</FormLabel>
          <RadioGroup value={outcome} onChange={(e) => onOutcome(e.target.value as O)}>
            {outcomes.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio />} label={outcomeLabels[o]} />
            ))}
          </RadioGroup>
          {outcomeError ? <FormHelperText>{outcomeError}</FormHelperText> : null}
        </FormControl>
        <TextField
          label="Note"
          multiline
          minRows={2}
          fullWidth
          value={note}
          onChange={(e) => onNote(e.target.value)}
          error={!!noteError}
          helperText={noteError}
          required={noteRequired}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onSubmit} disabled={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
