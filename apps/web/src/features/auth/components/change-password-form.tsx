import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, TextField } from "@mui/material";
import { changePasswordBody, changePasswordWithCurrentBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors, isSubmitDisabled } from "../../../lib/forms";
import { useChangePassword } from "../api";
import { PasswordPairFields } from "./password-pair-fields";

type Values = z.input<typeof changePasswordBody>;

/**
 * Change the signed-in user's password; every session ends afterwards, so the caller signs the user
 * in again with the new password (`onChanged` receives it) or out.
 * From settings (`requireCurrentPassword`) the current password is asked for too; the forced change
 * after signing in with an expired password does not ask for it again.
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
  const form = useForm<Values, unknown, z.output<typeof changePasswordBody>>({
    resolver: zodResolver(requireCurrentPassword ? changePasswordWithCurrentBody : changePasswordBody),
    defaultValues: requireCurrentPassword
      ? { currentPassword: "", password: "", confirmPassword: "" }
      : { password: "", confirmPassword: "" },
  });
  const message = inlineMessage(change.error, "password-change");

  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => onChanged(values.password),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["currentPassword", "password", "confirmPassword"]);
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
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
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={isSubmitDisabled(form.formState, change.isPending)}
      >
        Update password
      </Button>
    </Box>
  );
};
