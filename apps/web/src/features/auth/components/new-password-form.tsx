import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { changePasswordBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import type { TokenPair } from "../../../lib/tokens";
import { useResetPassword } from "../api";
import { PasswordPairFields } from "./password-pair-fields";
import { SubmitButton } from "./submit-button";

type Values = z.input<typeof changePasswordBody>;

/** Sets a new password with a reset code (6-digit e-mailed code or 8-character reset code). */
/** onDone receives the new session's tokens when the server signed the user in (8-character reset code). */
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
  const form = useForm<Values, unknown, z.output<typeof changePasswordBody>>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const message = inlineMessage(reset.error, "password-change");

  const onSubmit = form.handleSubmit((values) =>
    reset.mutateAsync({ email, code, ...values }).then(onDone, (error: unknown) => {
      applyFieldErrors(error, form.setError, ["password", "confirmPassword"]);
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set a new password">
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <PasswordPairFields control={form.control} disabled={reset.isPending} />
      {message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      <SubmitButton formState={form.formState} pending={reset.isPending}>
        Set new password
      </SubmitButton>
    </Box>
  );
};
