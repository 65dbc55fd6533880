import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { t } from "../../lib/patient-text";
import { LightTextField } from "./light-text-field";
import { touch } from "./me-layout";

/** A form's send button, as tall as a thumb; while the form is sent it waits and says so (`busy`). */
export const SubmitButton = ({ pending, label, busy }: { pending: boolean; label: string; busy: string }) => (
  <Button type="submit" variant="contained" size="large" sx={touch} disabled={pending}>
    {pending ? busy : label}
  </Button>
);

/** What went wrong, read out at once (role alert); nothing when `problem` is null. */
export const ProblemAlert = ({ problem }: { problem: string | null }) =>
  problem === null ? null : (
    <Alert severity="error" role="alert">
      {problem}
    </Alert>
  );

/** The patient's e-mail address (the e-mail keyboard, the browser's autofill); `problem` under it. */
export const EmailField = ({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
}) => (
  <LightTextField
    label={t("email")}
    type="email"
    autoComplete="email"
    inputMode="email"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={!!problem}
    helperText={problem}
    required
  />
);

/** A password: the one the patient has (`current-password`) or a new one, for the password manager to offer one; `problem` under it. */
export const PasswordField = ({
  label,
  autoComplete,
  value,
  onChange,
  problem,
}: {
  label: string;
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
}) => (
  <LightTextField
    label={label}
    type="password"
    autoComplete={autoComplete}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={!!problem}
    helperText={problem}
    required
  />
);
