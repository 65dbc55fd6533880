import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { type CurrentUser, loginBody } from "@openpro/core";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { inlineMessage } from "../../../lib/api-errors";
import { applyFieldErrors } from "../../../lib/forms";
import type { TokenPair } from "../../../lib/tokens";
import { useLogin } from "../api";
import { SubmitButton } from "./submit-button";

const loginFormSchema = loginBody.omit({ scope: true });
type LoginValues = z.input<typeof loginFormSchema>;

export interface LoginResult extends TokenPair {
  user: CurrentUser;
}

/** E-mail and password (scope clinical); errors appear after the first submit. */
export const LoginForm = ({
  onSignedIn,
  defaultEmail = "",
}: {
  onSignedIn: (result: LoginResult) => void;
  defaultEmail?: string;
}) => {
  const login = useLogin();
  const form = useForm<LoginValues, unknown, z.output<typeof loginFormSchema>>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const message = inlineMessage(login.error, "login");

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(onSignedIn, (error: unknown) => {
      applyFieldErrors(error, form.setError, ["email", "password"]);
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      {message ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ) : null}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="username" required />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton formState={form.formState} pending={login.isPending}>
        Log in
      </SubmitButton>
    </Box>
  );
};
