import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, TextField } from "@mui/material";
import { type CurrentUser, messages, updateCurrentBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useUpdateCurrentUser } from "../api";

// The same field rules as PATCH /current, but both names are present in the form.
const detailsSchema = z.object({
  firstName: updateCurrentBody.shape.firstName.unwrap(),
  lastName: updateCurrentBody.shape.lastName.unwrap(),
});
type Values = z.input<typeof detailsSchema>;

/** First name, last name and the read-only e-mail; Save only when valid and changed; sends changed fields only. */
export const PersonalDetailsForm = ({ user }: { user: CurrentUser }) => {
  const update = useUpdateCurrentUser();
  const form = useForm<Values, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    // Messages appear once a field was left, so that a disabled Save is never unexplained.
    mode: "onTouched",
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const values = useWatch({ control: form.control });
  const valid = detailsSchema.safeParse(values).success;
  const changed =
    (values.firstName ?? "").trim() !== user.firstName || (values.lastName ?? "").trim() !== user.lastName;
  const message = inlineMessage(update.error);

  const onSubmit = form.handleSubmit((next) => {
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
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Personal details">
      <FormTextField control={form.control} name="firstName" label="First name" autoComplete="given-name" required />
      <FormTextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" required />
      <TextField label="Email" value={user.email} disabled name="email" autoComplete="email" />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!valid || !changed || update.isPending}>
        Save
      </Button>
    </Box>
  );
};
