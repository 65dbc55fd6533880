import Alert from "@mui/material/Alert";
import { changePasswordBody } from "@openpro/core";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import type { TokenPair } from "../../../lib/tokens";
import { useResetPassword } from "../api";
import { PasswordPairFields } from "./password-pair-fields";

/**
 * Sets a new password with a reset code (6-digit e-mailed code or 8-character reset code); onDone receives the new
 * session's tokens when the server signed the user in (8-character reset code). The staff form idiom (decision 031):
 * Set new password waits for a change (a password manager's fill counts), errors show after the first press.
 */
export const NewPasswordForm = ({
  email,
  code,
  onDone,
}: {
  email: string;
  code: string;
  onDone: (tokens: TokenPair | null) => void;
}) => {
  const reset = useResetPassword();
  const form = useSchemaForm(changePasswordBody, { password: "", confirmPassword: "" });
  const message = inlineMessage(reset.error, "password-change");

  const onSubmit = (values: z.output<typeof changePasswordBody>) =>
    reset.mutateAsync({ email, code, ...values }).then(onDone, (error: unknown) => {
      applyFieldErrors(error, form.setError, ["password", "confirmPassword"]);
    });

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Set a new password">
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <PasswordPairFields control={form.control} disabled={reset.isPending} />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      <FormSubmitButton pending={reset.isPending} size="large" fullWidth sx={{ mt: 2 }}>
        Set new password
      </FormSubmitButton>
    </Form>
  );
};
