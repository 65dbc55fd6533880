import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useSyncExternalStore } from "react";
import type { DialogContent as DialogData } from "../lib/error-catalogue";

let current: DialogData | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Opens the app-wide error dialog (a newer error replaces the one shown). */
export const showErrorDialog = (dialog: DialogData): void => {
  current = dialog;
  emit();
};

const close = () => {
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const ErrorDialog = () => {
  const dialog = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <Dialog
      open={dialog !== null}
      onClose={close}
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-text"
    >
      <DialogTitle id="error-dialog-title">{dialog?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="error-dialog-text">{dialog?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
};
