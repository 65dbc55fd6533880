import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import { type CurrentUser, messages, updateCurrentBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useUpdateCurrentUser } from "../api";

// The same field rules as PATCH /current, but both names are present in the form.
const detailsSchema = z.object({
  firstName: updateCurrentBody.shape.firstName.unwrap(),
  lastName: updateCurrentBody.shape.lastName.unwrap(),
});

/**
 * First name, last name and the read-only e-mail; sends changed fields only. The staff form idiom (decision 031)
 * with the settings page's own stricter rule (document 1 §2): Save only when valid and changed, a name with only
 * spaces added counting as unchanged; so that a disabled Save is never unexplained, a field's message shows once the
 * field was left (like the batch form).
 */
export const PersonalDetailsForm = ({ user }: { user: CurrentUser }) => {
  const update = useUpdateCurrentUser();
  const form = useSchemaForm(detailsSchema, { firstName: user.firstName, lastName: user.lastName }, "onTouched");
  const values = useWatch({ control: form.control });
  const changed =
    (values.firstName ?? "").trim() !== user.firstName || (values.lastName ?? "").trim() !== user.lastName;
  const message = inlineMessage(update.error);

  const onSubmit = (next: z.output<typeof detailsSchema>) => {
    const body: { firstName?: string; lastName?: string } = {};
    if (next.firstName !== user.firstName) body.firstName = next.firstName;
    if (next.lastName !== user.lastName) body.lastName = next.lastName;
    if (Object.keys(body).length === 0) return;
    return update.mutateAsync(body).then(
      (saved) => {
        form.reset({ firstName: saved.firstName, lastName: saved.lastName });
        enqueueSnackbar(messages.settingsUpdated, { variant: "success" });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["firstName", "lastName"]);
      },
    );
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Personal details">
      <FormTextField control={form.control} name="firstName" label="First name" autoComplete="given-name" required />
      <FormTextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" required />
      <TextField label="Email" value={user.email} disabled name="email" autoComplete="email" />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      <FormSubmitButton pending={update.isPending} requireValid disabled={!changed} sx={{ mt: 2 }}>
        Save
      </FormSubmitButton>
    </Form>
  );
};
