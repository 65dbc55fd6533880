import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Typography } from "@mui/material";
import { type CurrentUser, messages, registerBody } from "@openpro/core";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import type { TokenPair } from "../../../lib/tokens";
import { useRegisterStaff } from "../api";
import { CheckboxField, type DocumentDialogProps, LegalAcceptanceFields } from "./legal-acceptance-fields";
import { PasswordPairFields } from "./password-pair-fields";
import { SubmitButton } from "./submit-button";

type Values = z.input<typeof registerBody>;
type Output = z.output<typeof registerBody>;

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

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account">
      <Typography component="p" sx={{ mb: 2 }}>
        {`You have been invited to join ${teamName || "a team"} on OpenPRO as ${email}. `}
        OpenPRO shows patients' health data to the members of their care team; by creating an account you acknowledge
        that you will use it only for the care and programs you take part in.
      </Typography>
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <PasswordPairFields control={form.control} disabled={pending} />
      <LegalAcceptanceFields
        form={form}
        documents={["privacy-policy", "eula"]}
        disabled={pending}
        documentDialog={documentDialog}
      />
      <CheckboxField
        control={form.control}
        name="dataSharing"
        label="I acknowledge that patient data is shared with the program's care team"
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
