import type { ComponentProps } from "react";
import { TextField } from "../../../components/plain-ui";
import type { usePlainForm } from "../../../lib/plain-form";
import { type ChecklistWords, PasswordChecklist } from "./password-checklist";

type NewPasswordForm = ReturnType<typeof usePlainForm<{ password: string; confirmPassword: string }>>;

/** A required field for a new password: hidden as typed, and the browser may offer to generate one. */
const NewPasswordField = (props: Omit<ComponentProps<typeof TextField>, "type" | "autoComplete" | "required">) => (
  <TextField {...props} type="password" autoComplete="new-password" required />
);

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
    <NewPasswordField
      label={words?.password ?? "New password"}
      {...form.field("password", pending)}
      aria-describedby="password-checklist"
    />
    <PasswordChecklist
      password={form.values.password}
      id="password-checklist"
      email={email}
      {...(words ? { words: words.checklist } : {})}
    />
    <NewPasswordField
      label={words?.confirmPassword ?? "Confirm new password"}
      {...form.field("confirmPassword", pending)}
    />
  </>
);
