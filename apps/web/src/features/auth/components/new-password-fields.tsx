import { TextField } from "../../../components/plain-ui";
import type { usePlainForm } from "../../../lib/plain-form";
import { type ChecklistWords, PasswordChecklist } from "./password-checklist";

type NewPasswordForm = ReturnType<typeof usePlainForm<{ password: string; confirmPassword: string }>>;

/** A new password, the live checklist of its rules (which may not contain the e-mail), and its confirmation. */
export const NewPasswordFields = ({
  form,
  email,
  pending,
  words,
}: {
  form: NewPasswordForm;
  email: string;
  pending: boolean;
  /** The patient's pages give their catalogue's words; the staff screens keep core's English. */
  words?: { password: string; confirmPassword: string; checklist: ChecklistWords };
}) => (
  <>
    <TextField
      label={words?.password ?? "New password"}
      type="password"
      autoComplete="new-password"
      required
      {...form.field("password", pending)}
      aria-describedby="password-checklist"
    />
    <PasswordChecklist
      password={form.values.password}
      id="password-checklist"
      email={email}
      {...(words ? { words: words.checklist } : {})}
    />
    <TextField
      label={words?.confirmPassword ?? "Confirm new password"}
      type="password"
      autoComplete="new-password"
      required
      {...form.field("confirmPassword", pending)}
    />
  </>
);
