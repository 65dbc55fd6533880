import { createOrganisationBody, limits, messages } from "@openpro/core";
import { z } from "zod";
import { Form, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { LeaveGuard, SaveOrCancelButtons } from "../../../components/leave-guard";
import { ApiError } from "../../../lib/http";
import { useCreateOrganisation } from "../api";

const schema = z.object({ name: createOrganisationBody.shape.name });

/** The callers navigate with skipLeaveGuard state. Name only (required, trimmed, max 250); any server failure is shown on the name field. */
export const OrganisationCreateForm = ({
  onCreated,
  onCancel,
}: {
  onCreated: (organisationId: string) => void;
  onCancel: () => void;
}) => {
  const create = useCreateOrganisation();
  const form = useSchemaForm(schema, { name: "" });

  const onSubmit = (values: z.output<typeof schema>) =>
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
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Create organisation" sx={{ maxWidth: 560 }}>
      <FormTextField
        control={form.control}
        name="name"
        label="Organisation name"
        required
        disabled={create.isPending}
        helperText={`At most ${limits.text.organisationName} characters`}
      />
      <SaveOrCancelButtons pending={create.isPending} cancelDisabled={create.isPending} onCancel={onCancel} mt={2} />
      <LeaveGuard when={form.formState.isDirty} />
    </Form>
  );
};
