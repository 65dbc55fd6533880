import type { CurrentUser } from "@openpro/core";
import { emailProblem, messages } from "@openpro/core/schema-free";
import { Alert, SubmitButton } from "../../../components/plain-ui";
import { outcomeOf } from "../../../lib/api-errors";
import { usePlainForm } from "../../../lib/plain-form";
import type { TokenPair } from "../../../lib/tokens";
import { useStaffSignIn } from "../staff-sign-in-api";
import { SignInFields } from "./sign-in-fields";

export interface LoginResult extends TokenPair {
  user: CurrentUser;
}

const fields = ["email", "password"] as const;

/**
 * What the form says for a failed sign-in, from the catalogue (lib/error-catalogue.ts, flow
 * "login"): its notice, or the text the staff app would show in a dialog. Maintenance (a page of
 * its own) and field errors (on the fields) are shown elsewhere.
 */
const failureText = (error: unknown): string | null => {
  if (!error) return null;
  const outcome = outcomeOf(error, "login");
  if (outcome.kind === "notice") return outcome.message;
  if (outcome.kind === "dialog") return outcome.dialog.message || outcome.dialog.title;
  if (outcome.kind === "field-errors") return outcome.dialog?.message ?? null;
  if (outcome.kind === "logout") return outcome.message ?? messages.somethingWentWrong;
  return null;
};

/**
 * E-mail and password (scope clinical); errors appear after the first submit, and Log in waits for a
 * change (document 1 §5, decision 031): credentials the browser or a password manager filled count
 * as one, so a prefilled form signs in with one press. Keeps the tokens as the staff session before
 * `onSignedIn` decides where to go. Plain (no form or schema library): the light entry's sign-in and
 * invitation pages show it.
 */
export const LoginForm = ({
  onSignedIn,
  defaultEmail = "",
}: {
  onSignedIn: (result: LoginResult) => void;
  defaultEmail?: string;
}) => {
  const login = useStaffSignIn();
  const form = usePlainForm({ email: defaultEmail, password: "" }, (values) => ({
    email: emailProblem(values.email),
    password: values.password ? null : messages.required,
  }));
  const message = failureText(login.error);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(
      { email: values.email.trim().toLowerCase(), password: values.password },
      { onSuccess: onSignedIn, onError: (error) => form.applyServerErrors(error, fields) },
    ),
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-label="Sign in">
      {message ? <Alert severity="error">{message}</Alert> : null}
      <SignInFields form={form} />
      <SubmitButton disabled={form.saveDisabled(login.isPending)}>Log in</SubmitButton>
    </form>
  );
};
