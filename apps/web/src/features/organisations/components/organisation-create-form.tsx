import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button } from "@mui/material";
import { createOrganisationBody, limits, messages } from "@openpro/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { CancelDialog, LeaveGuard } from "../../../components/leave-guard";
import { isSubmitDisabled } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { useCreateOrganisation } from "../api";

const schema = z.object({ name: createOrganisationBody.shape.name });
type Values = z.input<typeof schema>;

/** The callers navigate with skipLeaveGuard state. Name only (required, trimmed, max 250); any server failure is shown on the name field. */
export const OrganisationCreateForm = ({
  onCreated,
  onCancel,
}: {
  onCreated: (organisationId: string) => void;
  onCancel: () => void;
}) => {
  const create = useCreateOrganisation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: "" },
  });

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ name: values.name }).then(
      ({ organisationId }) => onCreated(organisationId),
      (error: unknown) => {
        const fieldMessage =
          error instanceof ApiError ? error.fieldErrors.find((e) => e.field === "name")?.message : null;
        const message =
          fieldMessage ??
          (error instanceof ApiError && error.status !== undefined ? error.message : messages.somethingWentWrong);
        form.setError("name", { type: "server", message }, { shouldFocus: true });
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create organisation" sx={{ maxWidth: 560 }}>
      <FormTextField
        control={form.control}
        name="name"
        label="Organisation name"
        required
        disabled={create.isPending}
        helperText={`At most ${limits.text.organisationName} characters`}
      />
      <Box sx={{ display: "flex", gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isSubmitDisabled(form.formState, create.isPending)}>
          Save
        </Button>
        <Button onClick={() => setConfirmCancel(true)} disabled={create.isPending}>
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
      <LeaveGuard when={form.formState.isDirty} />
    </Box>
  );
};
