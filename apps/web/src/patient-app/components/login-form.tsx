import { Alert, Box, Button } from "@mui/material";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/http";
import { t } from "../../lib/patient-text";
import { useSignIn } from "../api";
import { LightTextField } from "./light-text-field";
import { touch } from "./me-layout";

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
      {signIn.isError ? (
        <Alert severity="error" role="alert">
          {messageOf(signIn.error)}
        </Alert>
      ) : null}
      <LightTextField
        label={t("email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={!!missing.email}
        helperText={missing.email}
        required
      />
      <LightTextField
        label={t("password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!missing.password}
        helperText={missing.password}
        required
      />
      <Button type="submit" variant="contained" size="large" sx={touch} disabled={signIn.isPending}>
        {signIn.isPending ? t("signingIn") : t("signInButton")}
      </Button>
    </Box>
  );
};
