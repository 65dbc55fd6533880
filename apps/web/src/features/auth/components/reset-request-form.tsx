import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { resetCodeRequestBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useResetSendOtp } from "../api";
import { SubmitButton } from "./submit-button";

type Values = z.input<typeof resetCodeRequestBody>;

/** Asks for the e-mail and sends the 6-digit reset code (the server answers the same for unknown e-mails). */
export const ResetRequestForm = ({ onSent }: { onSent: (email: string) => void }) => {
  const send = useResetSendOtp({ inlineErrors: true });
  const form = useForm<Values, unknown, z.output<typeof resetCodeRequestBody>>({
    resolver: zodResolver(resetCodeRequestBody),
    defaultValues: { email: "" },
  });
  const message = inlineMessage(send.error, "otp-resend");

  const onSubmit = form.handleSubmit(({ email }) =>
    send.mutateAsync(email).then(
      () => onSent(email),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["email"]);
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
      {message ? <Alert severity="error">{message}</Alert> : null}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
      <SubmitButton formState={form.formState} pending={send.isPending}>
        Send code
      </SubmitButton>
    </Box>
  );
};
