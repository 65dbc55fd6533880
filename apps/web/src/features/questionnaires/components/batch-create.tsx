import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import {
  batchSelectorOptions,
  canAddBatchSelector,
  canRemoveBatchSelector,
  createBatchBody,
  questionnaireSettingsLimits as L,
  messages,
} from "@openpro/core";
import { useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useSchemaForm } from "../../../components/form";
import { FormSelectField } from "../../../components/form-select-field";
import { Loading } from "../../../components/loading";
import { useCreateBatch, useQuestionnaireItems } from "../api";
import { CatalogueItemCreateForm } from "./catalogue-item-create-form";

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

const PLACEHOLDER = "";

/**
 * Create questionnaire batch: a name and 2–10 questionnaires, each chosen one removed from the
 * other selectors. Create is disabled until the form is valid (document 3); a field's error shows once it was left.
 * On success a 4-second snackbar and back to the list with the new batch selected.
 */
export const BatchCreate = ({ programId, listPath }: { programId: string; listPath: string }) => {
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

  if (items.isPending) return <Loading />;
  if (items.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  const available = items.data.filter((i) => i.type === "questionnaire" || i.type === "hardcoded");

  const remove = (index: number) => {
    selectors.remove(index);
    setRemoving(null);
  };

  return (
    <CatalogueItemCreateForm
      title="Create questionnaire batch"
      nameLabel="Batch name"
      nameMaxLength={L.batchNameMax}
      form={form}
      create={create}
      listPath={listPath}
      snackbarMs={L.batchSnackbarMs}
      failedMessage={messages.batchCreateFailed}
      submitLabel="Create"
      requireValid
      canAdd={canAddBatchSelector(chosen.length, available.length)}
      onAdd={() => selectors.append({ questionnaireId: PLACEHOLDER })}
      cancelTitle={messages.batchCancelTitle}
      returnLabel="Return to batch"
      maxWidth={640}
      dialogs={
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
      }
    >
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
    </CatalogueItemCreateForm>
  );
};
