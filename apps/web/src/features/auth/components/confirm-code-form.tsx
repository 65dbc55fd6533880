import Alert from "@mui/material/Alert";
import { emailField, limits, resetCodeCheckBody } from "@openpro/core";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useResetCodeCheck } from "../api";

// The check endpoint accepts the code alone; this screen always asks for the e-mail too.
const confirmCodeSchema = resetCodeCheckBody.extend({ email: emailField() });

/**
 * E-mail + 8-character reset code; a valid pair continues to /new-password. The staff form idiom (decision 031):
 * Confirm code waits for a change (an autofilled e-mail counts), errors show after the first press.
 */
export const ConfirmCodeForm = ({
  defaultEmail,
  onConfirmed,
}: {
  defaultEmail?: string;
  onConfirmed: (values: { email: string; resetCode: string }) => void;
}) => {
  const check = useResetCodeCheck();
  const form = useSchemaForm(confirmCodeSchema, { email: defaultEmail ?? "", resetCode: "" });
  const message = inlineMessage(check.error, "reset-code-check");

  const onSubmit = (values: { email: string; resetCode: string }) =>
    check.mutateAsync(values).then(
      () => onConfirmed(values),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["email", "resetCode"]);
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Confirm reset code">
      {message ? <Alert severity="error">{message}</Alert> : null}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
      <FormTextField
        control={form.control}
        name="resetCode"
        label="Reset code"
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { maxLength: limits.resetCodeLength, spellCheck: false } }}
      />
      <FormSubmitButton pending={check.isPending} size="large" fullWidth sx={{ mt: 2 }}>
        Confirm code
      </FormSubmitButton>
    </Form>
  );
};
