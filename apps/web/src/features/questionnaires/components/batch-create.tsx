import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
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
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { Loading } from "../../../components/loading";
import { fieldMessages, useCreateBatch, useQuestionnaireItems } from "../api";

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

const PLACEHOLDER = "";

/**
 * Create questionnaire batch: a name and 2–10 questionnaires, each chosen one removed from the
 * other selectors. On success a 4-second snackbar and back to the list with the new batch selected.
 */
export const BatchCreate = ({ programId, listPath }: { programId: string; listPath: string }) => {
  const navigate = useNavigate();
  const titleId = useId();
  const items = useQuestionnaireItems(programId);
  const create = useCreateBatch(programId);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([PLACEHOLDER, PLACEHOLDER]);
  const [removing, setRemoving] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [touched, setTouched] = useState(false);
  const dirty = name !== "" || chosen.some((c) => c !== PLACEHOLDER) || chosen.length !== 2;
  useUnloadGuard(dirty && !create.isSuccess);

  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  const available = items.data.filter((i) => i.type === "questionnaire" || i.type === "hardcoded");

  const body = {
    name,
    members: chosen.map((questionnaireId, i) => ({ questionnaireId: questionnaireId || null, order: i + 1 })),
  };
  const parsed = createBatchBody.safeParse(body);
  const errors: Record<string, string> = { ...fieldMessages(create.error) };
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;

  const submit = () => {
    setTouched(true);
    if (!parsed.success) return;
    create.mutate(body, {
      onSuccess: (batch) => {
        enqueueSnackbar(messages.questionnaireCreated(batch.name), {
          variant: "success",
          autoHideDuration: L.batchSnackbarMs,
        });
        navigate(`${listPath}#${batch.id}`, { state: skipLeaveGuard });
      },
    });
  };

  const remove = (index: number) => {
    setChosen((list) => list.filter((_, i) => i !== index));
    setRemoving(null);
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 640 }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
        Create questionnaire batch
      </Typography>
      <Stack
        spacing={3}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Batch name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          slotProps={{ htmlInput: { maxLength: L.batchNameMax } }}
          error={touched && !!errors.name}
          helperText={(touched && errors.name) || " "}
          disabled={create.isPending}
        />
        {chosen.map((value, index) => {
          const options = batchSelectorOptions(available, chosen, index);
          const error = errors[`members.${index}.questionnaireId`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: selectors are positions in the batch
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
              <TextField
                select
                fullWidth
                required
                label={`Questionnaire ${index + 1}`}
                value={value}
                onChange={(e) => setChosen((list) => list.map((c, i) => (i === index ? e.target.value : c)))}
                error={touched && !!error}
                helperText={(touched && error) || " "}
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
              </TextField>
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
        {touched && errors.members ? <Alert severity="error">{errors.members}</Alert> : null}
        {canAddBatchSelector(chosen.length, available.length) ? (
          <Box>
            <Button onClick={() => setChosen((list) => [...list, PLACEHOLDER])}>+ Add questionnaire</Button>
          </Box>
        ) : null}
        {create.isError && !Object.keys(fieldMessages(create.error)).length ? (
          <Alert severity="error">{messages.batchCreateFailed}</Alert>
        ) : null}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={!parsed.success || create.isPending}>
            Create
          </Button>
          <Button onClick={() => setCancelling(true)} disabled={create.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
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
