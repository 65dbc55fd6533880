import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { messages } from "@openpro/core";
import type { UseMutationResult } from "@tanstack/react-query";
import { enqueueSnackbar } from "notistack";
import { type ReactNode, useEffect, useId, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { errorMessageAt } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";

/** Unsaved changes also hold the browser on the page (reload, closing the tab). */
const useUnloadGuard = (when: boolean) => {
  useEffect(() => {
    if (!when) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onUnload);
    return () => window.removeEventListener("beforeunload", onUnload);
  }, [when]);
};

/**
 * The screen that creates a batch or a plan of the questionnaire catalogue: its title, a form of a name and a list
 * of members (the screen's own fields, as children), the list's error, "+ Add questionnaire", the submit and Cancel
 * (confirmed) buttons, and the guards that hold unsaved changes. On success a snackbar and back to the list with
 * the new item selected; the server's field errors show on the form's fields, any other failure as `failedMessage`.
 */
export const CatalogueItemCreateForm = <
  Input extends FieldValues & { name: string; members: unknown[] },
  Output extends FieldValues,
>({
  title,
  nameLabel,
  nameMaxLength,
  nameSx,
  form,
  create,
  listPath,
  snackbarMs,
  failedMessage,
  submitLabel,
  requireValid = false,
  canAdd,
  onAdd,
  cancelTitle,
  returnLabel,
  maxWidth,
  dialogs,
  children,
}: {
  title: string;
  nameLabel: string;
  nameMaxLength: number;
  nameSx?: { maxWidth: number };
  form: UseFormReturn<Input, unknown, Output>;
  create: UseMutationResult<{ id: string; name: string }, Error, Output>;
  listPath: string;
  /** How long the success snackbar stays (the snackbar's default without it). */
  snackbarMs?: number;
  failedMessage: string;
  submitLabel: string;
  /** Submit stays disabled until the form is valid (the batch form's own rule). */
  requireValid?: boolean;
  canAdd: boolean;
  onAdd: () => void;
  cancelTitle: string;
  /** The cancel dialog's button that returns to the form. */
  returnLabel: string;
  maxWidth: number;
  /** The screen's own dialogs. */
  dialogs?: ReactNode;
  /** The members' fields. */
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  const titleId = useId();
  const [cancelling, setCancelling] = useState(false);
  const unsaved = form.formState.isDirty && !create.isSuccess;
  useUnloadGuard(unsaved);

  const submit = (body: Output) =>
    create.mutate(body, {
      onSuccess: (item) => {
        enqueueSnackbar(messages.questionnaireCreated(item.name), {
          variant: "success",
          ...(snackbarMs === undefined ? {} : { autoHideDuration: snackbarMs }),
        });
        navigate(`${listPath}#${item.id}`, { state: skipLeaveGuard });
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const { field, message } of error.fieldErrors)
            form.setError(field as Path<Input>, { type: "server", message });
      },
    });
  const membersError = errorMessageAt(form.formState.errors, "members");
  const serverFailed = create.isError && !(create.error instanceof ApiError && create.error.fieldErrors.length);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Form form={form} onSubmit={submit}>
        <Stack spacing={3}>
          <FormTextField
            control={form.control}
            name={"name" as Path<Input>}
            label={nameLabel}
            required
            slotProps={{ htmlInput: { maxLength: nameMaxLength } }}
            helperText=" "
            sx={nameSx}
            disabled={create.isPending}
          />
          {children}
          {membersError ? <Alert severity="error">{membersError}</Alert> : null}
          {canAdd ? (
            <Box>
              <Button onClick={onAdd}>+ Add questionnaire</Button>
            </Box>
          ) : null}
          {serverFailed ? <Alert severity="error">{failedMessage}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <FormSubmitButton pending={create.isPending} requireValid={requireValid}>
              {submitLabel}
            </FormSubmitButton>
            <Button onClick={() => setCancelling(true)} disabled={create.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Form>
      {dialogs}
      <ConfirmDialog
        open={cancelling}
        title={cancelTitle}
        confirmLabel="Confirm cancel"
        cancelLabel={returnLabel}
        onConfirm={() => navigate(listPath, { state: skipLeaveGuard })}
        onCancel={() => setCancelling(false)}
      >
        {messages.batchCancelText}
      </ConfirmDialog>
      <LeaveGuard when={unsaved} />
    </Box>
  );
};
