import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from "@mui/material";
import { emailField, limits, messages, requiredText, withConfirmedPassword } from "@openpro/core";
import { type ReactNode, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { applyFieldErrors, isSubmitDisabled } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { usePatientRegister } from "../api";
import { inviteErrorMessage } from "./invite-error";
import { PasswordPairFields } from "./password-pair-fields";
import type { DocumentDialogProps, SignupDocument } from "./staff-signup-form";

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

const documents: { id: SignupDocument; field: "privacyPolicy" | "eula"; label: string }[] = [
  { id: "eula", field: "eula", label: "EULA" },
  { id: "privacy-policy", field: "privacyPolicy", label: "privacy policy" },
];

/** A patient creating an account from an invite (doc 2 §5 "Patient sign-up"). */
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
  const [reading, setReading] = useState<SignupDocument | null>(null);
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

  const checkbox = (name: Path<Values>, label: ReactNode) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} sx={{ display: "block", mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                disabled={pending}
                slotProps={{ input: { "aria-describedby": fieldState.error ? `${field.name}-error` : undefined } }}
              />
            }
            label={label}
          />
          {fieldState.error ? (
            <FormHelperText id={`${field.name}-error`} sx={{ mx: 0 }}>
              {fieldState.error.message}
            </FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
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
      {documents.map((doc) =>
        checkbox(
          doc.field,
          <>
            I accept the{" "}
            <Link
              component="button"
              type="button"
              onClick={(event) => {
                event.preventDefault();
                setReading(doc.id);
              }}
              sx={{ verticalAlign: "baseline" }}
            >
              {doc.label}
            </Link>
          </>,
        ),
      )}
      {checkbox("marketingConsent", "I would like to receive news and updates about OpenPRO (optional)")}
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        disabled={isSubmitDisabled(form.formState, pending)}
      >
        Create account
      </Button>
      {documents.map((doc) => (
        <Box key={doc.id}>
          {documentDialog({
            documentId: doc.id,
            open: reading === doc.id,
            onAccept: () => {
              form.setValue(doc.field, true, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              setReading(null);
            },
            onDecline: () => {
              form.setValue(doc.field, false as unknown as true, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              });
              setReading(null);
            },
          })}
        </Box>
      ))}
    </Box>
  );
};
