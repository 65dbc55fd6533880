import Alert from "@mui/material/Alert";
import { resetCodeRequestBody } from "@openpro/core";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useResetSendOtp } from "../api";

/**
 * Asks for the e-mail and sends the 6-digit reset code (the server answers the same for unknown e-mails). The staff
 * form idiom (decision 031): Send code waits for a change (an autofilled e-mail counts), errors after the first press.
 */
export const ResetRequestForm = ({ onSent }: { onSent: (email: string) => void }) => {
  const send = useResetSendOtp({ inlineErrors: true });
  const form = useSchemaForm(resetCodeRequestBody, { email: "" });
  const message = inlineMessage(send.error, "otp-resend");

  const onSubmit = ({ email }: { email: string }) =>
    send.mutateAsync(email).then(
      () => onSent(email),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["email"]);
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Reset password">
      {message ? <Alert severity="error">{message}</Alert> : null}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
      <FormSubmitButton pending={send.isPending} size="large" fullWidth sx={{ mt: 2 }}>
        Send code
      </FormSubmitButton>
    </Form>
  );
};
