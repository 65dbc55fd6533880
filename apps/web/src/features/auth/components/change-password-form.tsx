import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import { changePasswordBody, changePasswordWithCurrentBody } from "@openpro/core";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useChangePassword } from "../api";
import { PasswordPairFields } from "./password-pair-fields";

/**
 * Change the signed-in user's password; every session ends afterwards, so the caller signs the user
 * in again with the new password (`onChanged` receives it) or out.
 * From settings (`requireCurrentPassword`) the current password is asked for too; the forced change
 * after signing in with an expired password does not ask for it again.
 * The staff form idiom (decision 031): Update password waits for a change (a password manager's fill
 * counts), errors show after the first press.
 */
export const ChangePasswordForm = ({
  email,
  requireCurrentPassword = false,
  onChanged,
}: {
  email?: string;
  requireCurrentPassword?: boolean;
  onChanged: (newPassword: string) => void;
}) => {
  const change = useChangePassword();
  const form = useSchemaForm<z.input<typeof changePasswordBody>, z.output<typeof changePasswordBody>>(
    requireCurrentPassword ? changePasswordWithCurrentBody : changePasswordBody,
    requireCurrentPassword
      ? { currentPassword: "", password: "", confirmPassword: "" }
      : { password: "", confirmPassword: "" },
  );
  const message = inlineMessage(change.error, "password-change");

  const onSubmit = (values: z.output<typeof changePasswordBody>) =>
    change.mutateAsync(values).then(
      () => onChanged(values.password),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["currentPassword", "password", "confirmPassword"]);
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Change password">
      {email !== undefined ? (
        <TextField label="Email" value={email} disabled autoComplete="username" name="email" />
      ) : null}
      {requireCurrentPassword ? (
        <FormTextField
          control={form.control}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          disabled={change.isPending}
        />
      ) : null}
      <PasswordPairFields control={form.control} disabled={change.isPending} />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      <FormSubmitButton pending={change.isPending} sx={{ mt: 2 }}>
        Update password
      </FormSubmitButton>
    </Form>
  );
};
