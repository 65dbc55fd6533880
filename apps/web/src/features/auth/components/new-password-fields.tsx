import { TextField } from "../../../components/plain-ui";
import type { usePlainForm } from "../../../lib/plain-form";
import { PasswordChecklist } from "./password-checklist";

type NewPasswordForm = ReturnType<typeof usePlainForm<{ password: string; confirmPassword: string }>>;

/** A new password, the live checklist of its rules (which may not contain the e-mail), and its confirmation. */
export const NewPasswordFields = ({
  form,
  email,
  pending,
}: {
  form: NewPasswordForm;
  email: string;
  pending: boolean;
}) => (
  <>
    <TextField
      label="New password"
      type="password"
      autoComplete="new-password"
      required
      {...form.field("password", pending)}
      aria-describedby="password-checklist"
    />
    <PasswordChecklist password={form.values.password} id="password-checklist" email={email} />
    <TextField
      label="Confirm new password"
      type="password"
      autoComplete="new-password"
      required
      {...form.field("confirmPassword", pending)}
    />
  </>
);
