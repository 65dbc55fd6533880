import type { UseMutationResult } from "@tanstack/react-query";
import { enqueueSnackbar } from "notistack";
import type { ReactNode } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { errorText } from "../api";

/**
 * "Delete …?" of a symptom setting (an alert message, a reminder): Delete runs `remove` on `id`, says so in a
 * snackbar (or the error), and closes either way.
 */
export const DeleteConfirmDialog = <TData,>({
  id,
  title,
  remove,
  deletedMessage,
  onClose,
  children,
}: {
  /** What to delete; the dialog is open while it is set. */
  id: string | null;
  title: string;
  remove: UseMutationResult<TData, Error, string>;
  deletedMessage: string;
  onClose: () => void;
  children: ReactNode;
}) => (
  <ConfirmDialog
    open={id !== null}
    title={title}
    confirmLabel="Delete"
    destructive
    pending={remove.isPending}
    onConfirm={() =>
      id !== null &&
      remove.mutate(id, {
        onSuccess: () => enqueueSnackbar(deletedMessage, { variant: "success" }),
        onError: (error) => enqueueSnackbar(errorText(error), { variant: "error" }),
        onSettled: onClose,
      })
    }
    onCancel={onClose}
  >
    {children}
  </ConfirmDialog>
);
