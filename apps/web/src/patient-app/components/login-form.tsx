import Box from "@mui/material/Box";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/http";
import { t } from "../../lib/patient-text";
import { useSignIn } from "../api";
import { EmailField, PasswordField, ProblemAlert, SubmitButton } from "./form-parts";

const messageOf = (error: unknown): string => {
  if (!(error instanceof ApiError)) return t("signInFailed");
  if (error.status === 401 || error.status === 400 || error.status === 422) return t("wrongDetails");
  if (error.status === 403) return t("staffAccount");
  if (error.status === 429) return t("tooManyTries");
  return t("signInFailed");
};

/** E-mail and password, patient scope (patients need no e-mailed code). */
export const LoginForm = ({ onSignedIn, defaultEmail = "" }: { onSignedIn: () => void; defaultEmail?: string }) => {
  const signIn = useSignIn();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      email: email.trim() ? undefined : t("emailNeeded"),
      password: password ? undefined : t("passwordNeeded"),
    };
    setMissing(problems);
    if (problems.email || problems.password) return;
    signIn.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2 }}>
      <ProblemAlert problem={signIn.isError ? messageOf(signIn.error) : null} />
      <EmailField value={email} onChange={setEmail} problem={missing.email} />
      <PasswordField
        label={t("password")}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        problem={missing.password}
      />
      <SubmitButton pending={signIn.isPending} label={t("signInButton")} busy={t("signingIn")} />
    </Box>
  );
};
