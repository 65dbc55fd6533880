import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import { FormSubmitButton } from "./form";

/** Navigation state that passes the guard: a confirmed Cancel, or the move after a successful save. */
export const skipLeaveGuard = { leaveGuard: "skip" } as const;

/** Unsaved changes block navigation: leaving asks first. */
export const LeaveGuard = ({ when }: { when: boolean }) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { leaveGuard?: string } | null)?.leaveGuard !== "skip",
  );
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave this page?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      You have unsaved changes. They will be lost if you leave this page.
    </ConfirmDialog>
  );
};

/** The confirm modal of Cancel on create screens. */
export const CancelDialog = ({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) => (
  <ConfirmDialog
    open={open}
    title="Discard this form?"
    confirmLabel="Discard"
    cancelLabel="Keep editing"
    onConfirm={onLeave}
    onCancel={onStay}
  >
    What you entered will not be saved.
  </ConfirmDialog>
);

/** The foot of a create form: Save, and Cancel, which asks before discarding what was entered and then calls onCancel. */
export const SaveOrCancelButtons = ({
  pending,
  cancelDisabled,
  onCancel,
  mt,
}: {
  /** The save is under way: Save shows it. */
  pending: boolean;
  cancelDisabled: boolean;
  onCancel: () => void;
  mt: number;
}) => {
  const [confirmCancel, setConfirmCancel] = useState(false);
  return (
    <>
      <Box sx={{ display: "flex", gap: 2, mt }}>
        <FormSubmitButton pending={pending}>Save</FormSubmitButton>
        <Button onClick={() => setConfirmCancel(true)} disabled={cancelDisabled}>
          Cancel
        </Button>
      </Box>
      <CancelDialog
        open={confirmCancel}
        onStay={() => setConfirmCancel(false)}
        onLeave={() => {
          setConfirmCancel(false);
          onCancel();
        }}
      />
    </>
  );
};
