import { emailProblem, messages, requiredTextProblem } from "@openpro/core/schema-free";
import { Alert, SubmitButton } from "../../../components/plain-ui";
import { ApiError } from "../../../lib/api-error";
import { t } from "../../../lib/patient-text";
import { usePlainForm } from "../../../lib/plain-form";
import { usePatientSignIn } from "../patient-api";
import { inviteErrorMessage } from "./invite-error";
import { SignInFields } from "./sign-in-fields";

/** The catalogue's sign-in rows (lib/error-catalogue.ts, flow "login") for what the form shows itself. */
const signInFailure = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status === 503) return null;
  if (error.status === 400 || error.status === 401) return messages.loginFailed;
  if (error.status === 429) return error.message || messages.tooManyLoginAttempts;
  if (error.status === undefined || error.status >= 500) return messages.somethingWentWrong;
  return error.message || messages.somethingWentWrong;
};

/** The patient app's reset, with the address typed so far. */
const forgotPasswordAddress = (email: string) =>
  email.trim() ? `/me/forgot-password?email=${encodeURIComponent(email.trim())}` : "/me/forgot-password";

/** A patient with an account signs in from the invite (scope patient, with the invite code). */
export const PatientSignInForm = ({
  inviteCode,
  defaultEmail = "",
  onSignedIn,
  onInviteError,
}: {
  inviteCode: string;
  defaultEmail?: string;
  /** With the new session: the page decides where the patient goes next. */
  onSignedIn: (session: { accessToken: string; refreshToken: string; user: { id: string } }) => void;
  onInviteError: (message: string) => void;
}) => {
  const signIn = usePatientSignIn();
  const form = usePlainForm({ email: defaultEmail, password: "" }, (values) => ({
    email: emailProblem(values.email),
    password: requiredTextProblem(values.password),
  }));
  const message = inviteErrorMessage(signIn.error, ["email", "password"]) ? null : signInFailure(signIn.error);

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(
      { email: values.email.trim().toLowerCase(), password: values.password, inviteCode },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const problem = inviteErrorMessage(error, ["email", "password"]);
          if (problem) onInviteError(problem);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign in">
      {message ? <Alert severity="error">{message}</Alert> : null}
      <SignInFields form={form} />
      <SubmitButton disabled={form.submitDisabled(signIn.isPending)}>Sign in</SubmitButton>
      {/* A patient who forgot the password sets a new one in the patient app (/me). */}
      <p className="pu-text">
        <a href={forgotPasswordAddress(form.values.email)}>{t("forgotPasswordLink")}</a>
      </p>
    </form>
  );
};
