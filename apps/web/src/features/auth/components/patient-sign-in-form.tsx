import { limits } from "@openpro/core/schema-free";
import { Alert, SubmitButton } from "../../../components/plain-ui";
import { ApiError } from "../../../lib/api-error";
import { patientEmailProblem, patientTextProblem } from "../../../lib/patient-fields";
import { t } from "../../../lib/patient-text";
import { usePlainForm } from "../../../lib/plain-form";
import { usePatientSignIn } from "../patient-api";
import { inviteErrorMessage } from "./invite-error";
import { SignInFields } from "./sign-in-fields";

/** The sign-in's failures (lib/error-catalogue.ts, flow "login") in the patient's words. */
const signInFailure = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status === 503) return null;
  if (error.status === 400 || error.status === 401) return t("wrongDetails");
  if (error.status === 429) return t("tooManyTries");
  if (error.status === 403) return t("staffAccount");
  return t("signInFailed");
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
    email: patientEmailProblem(values.email),
    password: patientTextProblem(values.password, limits.passwordMaxLength),
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
    <form noValidate onSubmit={onSubmit} aria-label={t("signInTitle")}>
      {message ? <Alert severity="error">{message}</Alert> : null}
      <SignInFields form={form} labels={{ email: t("email"), password: t("password") }} />
      <SubmitButton disabled={form.submitDisabled(signIn.isPending)}>{t("signInButton")}</SubmitButton>
      {/* A patient who forgot the password sets a new one in the patient app (/me). */}
      <p className="pu-text">
        <a href={forgotPasswordAddress(form.values.email)}>{t("forgotPasswordLink")}</a>
      </p>
    </form>
  );
};
