import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { loginBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { usePatientLogin } from "../api";
import { inviteErrorMessage } from "./invite-error";
import { SubmitButton } from "./submit-button";

const schema = loginBody.pick({ email: true, password: true });
type Values = z.input<typeof schema>;

/** A patient with an account signs in from the invite (scope patient, with the invite code). */
export const PatientSignInForm = ({
  inviteCode,
  defaultEmail = "",
  disabled = false,
  onSignedIn,
  onInviteError,
}: {
  inviteCode: string;
  defaultEmail?: string;
  disabled?: boolean;
  onSignedIn: () => void;
  onInviteError: (message: string) => void;
}) => {
  const login = usePatientLogin();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const inviteProblem = inviteErrorMessage(login.error, ["email", "password"]);
  const message = inviteProblem ? null : inlineMessage(login.error, "login");

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync({ ...values, inviteCode }).then(onSignedIn, (error: unknown) => {
      const problem = inviteErrorMessage(error, ["email", "password"]);
      if (problem) onInviteError(problem);
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      {message ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ) : null}
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        disabled={disabled}
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        disabled={disabled}
      />
      <SubmitButton formState={form.formState} pending={disabled || login.isPending}>
        Sign in
      </SubmitButton>
    </Box>
  );
};
