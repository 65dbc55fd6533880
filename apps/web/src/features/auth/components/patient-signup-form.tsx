import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box } from "@mui/material";
import { emailField, limits, messages, requiredText, withConfirmedPassword } from "@openpro/core";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { usePatientRegister } from "../api";
import { inviteErrorMessage } from "./invite-error";
import { CheckboxField, type DocumentDialogProps, LegalAcceptanceFields } from "./legal-acceptance-fields";
import { PasswordPairFields } from "./password-pair-fields";
import { SubmitButton } from "./submit-button";

const schema = withConfirmedPassword({
  inviteCode: z.string().min(1).max(200),
  firstName: requiredText(limits.text.personName, messages.firstNameRequired),
  lastName: requiredText(limits.text.personName, messages.lastNameRequired),
  email: emailField(),
  privacyPolicy: z.literal(true, { error: messages.privacyPolicyRequired }),
  eula: z.literal(true, { error: messages.eulaRequired }),
  marketingConsent: z.boolean(),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

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

/** A patient creating an account from an invite. */
export const PatientSignupForm = ({
  inviteCode,
  email,
  disabled = false,
  documentDialog,
  onRegistered,
  onInviteError,
}: {
  inviteCode: string;
  /** The invite's e-mail, when it has one. */
  email: string | null;
  disabled?: boolean;
  documentDialog: (props: DocumentDialogProps) => ReactNode;
  onRegistered: () => void;
  onInviteError: (message: string) => void;
}) => {
  const register = usePatientRegister();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      inviteCode,
      firstName: "",
      lastName: "",
      email: email ?? "",
      password: "",
      confirmPassword: "",
      privacyPolicy: false as unknown as true,
      eula: false as unknown as true,
      marketingConsent: false,
    },
  });
  const pending = register.isPending || disabled;
  const error = register.error;
  const failure =
    !error || inviteErrorMessage(error, fields) || (error instanceof ApiError && error.status === 422)
      ? null
      : error instanceof ApiError && error.status === 409
        ? error.message || messages.accountAlreadyExists
        : messages.somethingWentWrong;

  const onSubmit = form.handleSubmit((values) =>
    register.mutateAsync(values).then(onRegistered, (failed: unknown) => {
      const problem = inviteErrorMessage(failed, fields);
      if (problem) {
        onInviteError(problem);
        return;
      }
      applyFieldErrors(failed, form.setError, fields);
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account">
      <FormTextField
        control={form.control}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
        disabled={pending}
      />
      <FormTextField
        control={form.control}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
        disabled={pending}
      />
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        disabled={pending}
      />
      <PasswordPairFields control={form.control} disabled={pending} />
      <LegalAcceptanceFields
        form={form}
        documents={["eula", "privacy-policy"]}
        disabled={pending}
        documentDialog={documentDialog}
      />
      <CheckboxField
        control={form.control}
        name="marketingConsent"
        label="I would like to receive news and updates about OpenPRO (optional)"
        disabled={pending}
      />
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <SubmitButton formState={form.formState} pending={pending} sx={{ mt: 3 }}>
        Create account
      </SubmitButton>
    </Box>
  );
};
