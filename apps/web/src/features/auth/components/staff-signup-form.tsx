import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Typography,
} from "@mui/material";
import { type CurrentUser, type LegalDocumentId, messages, registerBody } from "@openpro/core";
import { type ReactNode, useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyFieldErrors, isSubmitDisabled } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import type { TokenPair } from "../../../lib/tokens";
import { useRegisterStaff } from "../api";
import { PasswordPairFields } from "./password-pair-fields";

type Values = z.input<typeof registerBody>;
type Output = z.output<typeof registerBody>;

export type SignupDocument = Extract<LegalDocumentId, "privacy-policy" | "eula">;

export interface DocumentDialogProps {
  documentId: SignupDocument;
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

const documents: { id: SignupDocument; field: "privacyPolicy" | "eula"; label: string }[] = [
  { id: "privacy-policy", field: "privacyPolicy", label: "privacy policy" },
  { id: "eula", field: "eula", label: "EULA" },
];

/**
 * A new clinician finishing an invitation: password and confirm (with the live checklist), the privacy policy
 * and EULA (each read in a dialog) and the data sharing acknowledgement.
 */
export const StaffSignupForm = ({
  inviteCode,
  email,
  teamName,
  documentDialog,
  onRegistered,
  onInvalidInvite,
}: {
  inviteCode: string;
  email: string;
  teamName: string;
  /** Renders the document dialog (the content feature provides it). */
  documentDialog: (props: DocumentDialogProps) => ReactNode;
  onRegistered: (result: TokenPair & { user: CurrentUser }) => void;
  onInvalidInvite: () => void;
}) => {
  const register = useRegisterStaff();
  const [reading, setReading] = useState<SignupDocument | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(registerBody),
    defaultValues: {
      inviteCode,
      email,
      password: "",
      confirmPassword: "",
      privacyPolicy: false as unknown as true,
      eula: false as unknown as true,
      dataSharing: false as unknown as true,
    },
  });
  const pending = register.isPending;
  const failure =
    register.error instanceof ApiError && register.error.status === 409
      ? register.error.message || messages.accountAlreadyExists
      : register.error && !(register.error instanceof ApiError && register.error.status === 422)
        ? messages.somethingWentWrong
        : null;

  const onSubmit = form.handleSubmit((values) =>
    register.mutateAsync(values).then(onRegistered, (error: unknown) => {
      if (error instanceof ApiError && error.status === 400 && error.errorCode?.startsWith("INVITATION")) {
        onInvalidInvite();
        return;
      }
      applyFieldErrors(error, form.setError, ["password", "confirmPassword", "privacyPolicy", "eula", "dataSharing"]);
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
      <Typography component="p" sx={{ mb: 2 }}>
        {`You have been invited to join ${teamName || "a team"} on OpenPRO as ${email}. `}
        OpenPRO shows patients' health data to the members of their care team; by creating an account you acknowledge
        that you will use it only for the care and programs you take part in.
      </Typography>
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
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
      {checkbox("dataSharing", "I acknowledge that patient data is shared with the program's care team")}
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
