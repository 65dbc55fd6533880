import { limits } from "@openpro/core/schema-free";
import type { ReactNode } from "react";
import { Alert, Checkbox, SubmitButton, TextField } from "../../../components/plain-ui";
import { ApiError } from "../../../lib/api-error";
import {
  patientChecklistWords,
  patientEmailProblem,
  patientNewPasswordProblems,
  patientServerFieldErrors,
  patientTextProblem,
} from "../../../lib/patient-fields";
import { t } from "../../../lib/patient-text";
import { usePlainForm } from "../../../lib/plain-form";
import { usePatientRegister } from "../patient-api";
import { inviteErrorMessage } from "./invite-error";
import { type DocumentDialogProps, LegalAcceptanceFields } from "./legal-acceptance-fields";
import { NewPasswordFields } from "./new-password-fields";

const fields = [
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
  "privacyPolicy",
  "eula",
  "marketingConsent",
] as const;

/**
 * A patient creating an account from an invite: a plain controlled form with core's field rules
 * (rules/form-fields.ts, the same messages as the register schema), so that the invitation page
 * loads no form or schema library.
 */
export const PatientSignupForm = ({
  inviteCode,
  email,
  names,
  documentDialog,
  onRegistered,
  onInviteError,
}: {
  inviteCode: string;
  /** The invite's e-mail, when it has one. */
  email: string | null;
  /** The names the care team entered on a personal invitation, filled in for the patient to check. */
  names?: { firstName: string | null; lastName: string | null };
  documentDialog: (props: DocumentDialogProps) => ReactNode;
  onRegistered: () => void;
  onInviteError: (message: string) => void;
}) => {
  const register = usePatientRegister();
  const form = usePlainForm(
    {
      firstName: names?.firstName ?? "",
      lastName: names?.lastName ?? "",
      email: email ?? "",
      password: "",
      confirmPassword: "",
      privacyPolicy: false,
      eula: false,
      marketingConsent: false,
    },
    (values) => ({
      firstName: patientTextProblem(values.firstName, limits.text.personName, "firstNameRequired"),
      lastName: patientTextProblem(values.lastName, limits.text.personName, "lastNameRequired"),
      email: patientEmailProblem(values.email),
      ...patientNewPasswordProblems(values.password, values.confirmPassword, values.email),
      privacyPolicy: values.privacyPolicy ? null : t("privacyPolicyRequired"),
      eula: values.eula ? null : t("licenceRequired"),
    }),
  );
  const pending = register.isPending;
  const error = register.error;
  const failure =
    !error || inviteErrorMessage(error, fields) || (error instanceof ApiError && error.status === 422)
      ? null
      : error instanceof ApiError && error.status === 409
        ? t("accountAlreadyExists")
        : error instanceof ApiError && error.status === 429
          ? t("tooManyTries")
          : t("somethingWentWrong");

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      {
        ...values,
        inviteCode,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim().toLowerCase(),
        privacyPolicy: true,
        eula: true,
      },
      {
        onSuccess: onRegistered,
        onError: (failed) => {
          const problem = inviteErrorMessage(failed, fields);
          if (problem) onInviteError(problem);
          else form.applyServerErrors(patientServerFieldErrors(failed), fields);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("createAccount")}>
      <TextField label={t("firstName")} autoComplete="given-name" required {...form.field("firstName", pending)} />
      <TextField label={t("lastName")} autoComplete="family-name" required {...form.field("lastName", pending)} />
      <TextField label={t("email")} type="email" autoComplete="username" required {...form.field("email", pending)} />
      <NewPasswordFields
        form={form}
        email={form.values.email}
        pending={pending}
        words={{
          password: t("newPassword"),
          confirmPassword: t("confirmPassword"),
          checklist: patientChecklistWords(),
        }}
      />
      <LegalAcceptanceFields
        documents={["eula", "privacy-policy"]}
        accepted={form.values}
        errorOf={form.errorOf}
        onAnswer={(field, accepted) => form.set(field)(accepted)}
        disabled={pending}
        documentDialog={documentDialog}
        words={{
          iAcceptThe: t("iAcceptThe"),
          names: { "privacy-policy": t("privacyPolicy"), eula: t("licenceAgreement") },
        }}
      />
      <Checkbox
        name="marketingConsent"
        checked={form.values.marketingConsent}
        onChecked={form.set("marketingConsent")}
        disabled={pending}
        label={t("marketingConsent")}
      />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <SubmitButton disabled={form.submitDisabled(pending)}>{t("createAccount")}</SubmitButton>
    </form>
  );
};
