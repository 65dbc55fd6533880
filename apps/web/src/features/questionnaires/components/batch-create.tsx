import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, MenuItem, Stack, Typography } from "@mui/material";
import {
  batchSelectorOptions,
  canAddBatchSelector,
  canRemoveBatchSelector,
  createBatchBody,
  questionnaireSettingsLimits as L,
  messages,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useEffect, useId, useState } from "react";
import { type Path, useFieldArray, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { Loading } from "../../../components/loading";
import { ApiError } from "../../../lib/http";
import { useCreateBatch, useQuestionnaireItems } from "../api";

/** Unsaved changes also hold the browser on the page (reload, closing the tab). */
export const useUnloadGuard = (when: boolean) => {
  useEffect(() => {
    if (!when) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onUnload);
    return () => window.removeEventListener("beforeunload", onUnload);
  }, [when]);
};

/** The form's values (a selector left on its placeholder is ""), sent as the wire's body: positions become orders. */
const batchForm = z
  .object({ name: z.string(), members: z.array(z.object({ questionnaireId: z.string() })) })
  .transform(
    ({ name, members }): z.input<typeof createBatchBody> => ({
      name,
      members: members.map(({ questionnaireId }, i) => ({ questionnaireId: questionnaireId || null, order: i + 1 })),
    }),
  )
  .pipe(createBatchBody);
type BatchValues = z.input<typeof batchForm>;

const PLACEHOLDER = "";

/**
 * Create questionnaire batch: a name and 2–10 questionnaires, each chosen one removed from the
 * other selectors. Create is disabled until the form is valid (document 3); a field's error shows once it was left.
 * On success a 4-second snackbar and back to the list with the new batch selected.
 */
export const BatchCreate = ({ programId, listPath }: { programId: string; listPath: string }) => {
  const navigate = useNavigate();
  const titleId = useId();
  const items = useQuestionnaireItems(programId);
  const create = useCreateBatch(programId);
  const form = useSchemaForm(
    batchForm,
    { name: "", members: [{ questionnaireId: PLACEHOLDER }, { questionnaireId: PLACEHOLDER }] },
    "onTouched",
  );
  const selectors = useFieldArray({ control: form.control, name: "members" });
  const chosen = useWatch({ control: form.control, name: "members" }).map((m) => m.questionnaireId);
  const [removing, setRemoving] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const dirty = form.formState.isDirty;
  useUnloadGuard(dirty && !create.isSuccess);

  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  const available = items.data.filter((i) => i.type === "questionnaire" || i.type === "hardcoded");

  const submit = (body: z.output<typeof batchForm>) =>
    create.mutate(body, {
      onSuccess: (batch) => {
        enqueueSnackbar(messages.questionnaireCreated(batch.name), {
          variant: "success",
          autoHideDuration: L.batchSnackbarMs,
        });
        navigate(`${listPath}#${batch.id}`, { state: skipLeaveGuard });
      },
      onError: (error) => {
        if (error instanceof ApiError)
          for (const { field, message } of error.fieldErrors)
            form.setError(field as Path<BatchValues>, { type: "server", message });
      },
    });

  const remove = (index: number) => {
    selectors.remove(index);
    setRemoving(null);
  };
  const membersError = form.formState.errors.members?.root?.message ?? form.formState.errors.members?.message;
  const serverFailed = create.isError && !(create.error instanceof ApiError && create.error.fieldErrors.length);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 640 }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
        Create questionnaire batch
      </Typography>
      <Form form={form} onSubmit={submit}>
        <Stack spacing={3}>
          <FormTextField
            control={form.control}
            name="name"
            label="Batch name"
            required
            slotProps={{ htmlInput: { maxLength: L.batchNameMax } }}
            helperText=" "
            disabled={create.isPending}
          />
          {selectors.fields.map((selector, index) => {
            const value = chosen[index] ?? PLACEHOLDER;
            const options = batchSelectorOptions(available, chosen, index);
            return (
              <Stack key={selector.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <FormSelectField
                  control={form.control}
                  name={`members.${index}.questionnaireId`}
                  fullWidth
                  required
                  label={`Questionnaire ${index + 1}`}
                  helperText=" "
                  disabled={create.isPending}
                >
                  <MenuItem value={PLACEHOLDER}>
                    <em>Choose a questionnaire</em>
                  </MenuItem>
                  {options.map((item) => (
                    <MenuItem key={item.id} value={item.id}>
                      {item.name}
                    </MenuItem>
                  ))}
                </FormSelectField>
                {canRemoveBatchSelector(chosen.length) ? (
                  <IconButton
                    aria-label={`Remove questionnaire ${index + 1}`}
                    onClick={() => (value ? setRemoving(index) : remove(index))}
                    sx={{ mt: 1 }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                ) : null}
              </Stack>
            );
          })}
          {membersError ? <Alert severity="error">{membersError}</Alert> : null}
          {canAddBatchSelector(chosen.length, available.length) ? (
            <Box>
              <Button onClick={() => selectors.append({ questionnaireId: PLACEHOLDER })}>+ Add questionnaire</Button>
            </Box>
          ) : null}
          {serverFailed ? <Alert severity="error">{messages.batchCreateFailed}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <FormSubmitButton pending={create.isPending} requireValid>
              Create
            </FormSubmitButton>
            <Button onClick={() => setCancelling(true)} disabled={create.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Form>
      <ConfirmDialog
        open={removing !== null}
        title={messages.batchRemoveMemberTitle((removing ?? 0) + 1)}
        confirmLabel="Delete"
        destructive
        onConfirm={() => removing !== null && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {available.find((i) => i.id === chosen[removing ?? 0])?.name}
      </ConfirmDialog>
      <ConfirmDialog
        open={cancelling}
        title={messages.batchCancelTitle}
        confirmLabel="Confirm cancel"
        cancelLabel="Return to batch"
        onConfirm={() => navigate(listPath, { state: skipLeaveGuard })}
        onCancel={() => setCancelling(false)}
      >
        {messages.batchCancelText}
      </ConfirmDialog>
      <LeaveGuard when={dirty && !create.isSuccess} />
    </Box>
  );
};
