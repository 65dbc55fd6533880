import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

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
