import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { type ReactNode, useId } from "react";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action shows its confirm button in the error colour. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A second, milder way to go ahead (shown between Cancel and the confirm button). */
  alternative?: { label: string; onClick: () => void };
  /** Why the action failed, shown in red under the text; none while it has not failed. */
  error?: string | null | undefined;
}

/** A titled yes/no dialog; the safe choice has the focus. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  onConfirm,
  onCancel,
  alternative,
  error,
}: ConfirmDialogProps) => {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={children ? textId : undefined}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children ? (
        <DialogContent>
          <DialogContentText id={textId} component="div">
            {children}
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            ) : null}
          </DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} autoFocus disabled={pending}>
          {cancelLabel}
        </Button>
        {alternative ? (
          <Button onClick={alternative.onClick} variant="outlined" disabled={pending}>
            {alternative.label}
          </Button>
        ) : null}
        <Button onClick={onConfirm} variant="contained" color={destructive ? "error" : "primary"} disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
