import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { messages, type Organisation, organisationNameField } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { formatDateTime } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useDeleteOrganisation, useUpdateOrganisation } from "../api";

const schema = z.object({ name: organisationNameField });

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status !== undefined && error.status < 500 && error.message
    ? error.message
    : messages.somethingWentWrong;

/** ORGANISATION DETAILS: rename (when allowed, else read-only) and delete (when allowed). */
export const OrganisationDetails = ({
  organisation,
  canRename,
  canDelete,
  onDeleted,
}: {
  organisation: Organisation;
  canRename: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) => {
  const update = useUpdateOrganisation(organisation.organisationId);
  const remove = useDeleteOrganisation(organisation.organisationId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useSchemaForm(schema, { name: organisation.name });

  const onSubmit = (values: z.output<typeof schema>) =>
    update.mutateAsync({ name: values.name }).then(
      (saved) => {
        form.reset({ name: saved.name });
        enqueueSnackbar(messages.organisationUpdated, { variant: "success" });
      },
      (error: unknown) => {
        const field = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === "name") : undefined;
        form.setError("name", { type: "server", message: field?.message ?? errorText(error) }, { shouldFocus: true });
      },
    );

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        enqueueSnackbar(messages.organisationDeleted, { variant: "success" });
        onDeleted();
      },
    });

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
        <Typography variant="h2">Organisation details</Typography>
        {canDelete ? (
          <Tooltip title="Delete organisation">
            <IconButton
              aria-label="Delete organisation"
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
              color="error"
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      {canRename ? (
        <Form form={form} onSubmit={onSubmit} aria-label="Rename organisation">
          <FormTextField
            control={form.control}
            name="name"
            label="Organisation name"
            required
            disabled={update.isPending}
          />
          <FormSubmitButton pending={update.isPending} sx={{ mt: 1 }}>
            Save
          </FormSubmitButton>
        </Form>
      ) : (
        <TextField label="Organisation name" value={organisation.name} slotProps={{ htmlInput: { readOnly: true } }} />
      )}
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {organisation.programCount} {organisation.programCount === 1 ? "program" : "programs"} · created{" "}
        {formatDateTime(organisation.createdAt)}
      </Typography>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete organisation?"
        confirmLabel="Delete organisation"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmDelete(false)}
        error={remove.isError ? errorText(remove.error) : null}
      >
        <Typography component="span" sx={{ display: "block" }}>
          {`"${organisation.name}" will be deleted permanently.`}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
};
