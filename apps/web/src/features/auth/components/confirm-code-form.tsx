import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { emailField, limits, resetCodeCheckBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import { useResetCodeCheck } from "../api";
import { SubmitButton } from "./submit-button";

// The check endpoint accepts the code alone; this screen always asks for the e-mail too.
const confirmCodeSchema = resetCodeCheckBody.extend({ email: emailField() });
type Values = z.input<typeof confirmCodeSchema>;

/** E-mail + 8-character reset code; a valid pair continues to /new-password. */
export const ConfirmCodeForm = ({
  defaultEmail,
  onConfirmed,
}: {
  defaultEmail?: string;
  onConfirmed: (values: { email: string; resetCode: string }) => void;
}) => {
  const check = useResetCodeCheck();
  const form = useForm<Values, unknown, z.output<typeof confirmCodeSchema>>({
    resolver: zodResolver(confirmCodeSchema),
    defaultValues: { email: defaultEmail ?? "", resetCode: "" },
  });
  const message = inlineMessage(check.error, "reset-code-check");

  const onSubmit = form.handleSubmit((values) =>
    check.mutateAsync(values).then(
      () => onConfirmed(values),
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["email", "resetCode"]);
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Confirm reset code">
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
      <SubmitButton formState={form.formState} pending={check.isPending}>
        Confirm code
      </SubmitButton>
    </Box>
  );
};
