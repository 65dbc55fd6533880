import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { limits, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type FormEvent, useId, useState } from "react";
import { useSubmitFeedback } from "../api";

/** Feedback to support (answered by e-mail, not a chat). Submit only with non-blank text. */
export const FeedbackDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [text, setText] = useState("");
  const submit = useSubmitFeedback();
  const titleId = useId();
  const blank = text.trim().length === 0;

  const close = () => {
    setText("");
    submit.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    submit.mutate(text.trim(), {
      onSuccess: () => {
        enqueueSnackbar(messages.feedbackSubmitted, { variant: "success" });
        close();
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>Feedback</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Tell us what works and what does not. This is not a live chat: support answers by e-mail.
          </DialogContentText>
          <TextField
            label="Your feedback"
            multiline
            minRows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: limits.text.feedback } }}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={blank || submit.isPending}>
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
