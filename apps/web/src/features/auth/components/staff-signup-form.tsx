import type { CurrentUser } from "@openpro/core";
import { messages, newPasswordProblems } from "@openpro/core/schema-free";
import type { ReactNode } from "react";
import { Alert, Checkbox, SubmitButton } from "../../../components/plain-ui";
import { ApiError } from "../../../lib/api-error";
import { usePlainForm } from "../../../lib/plain-form";
import type { TokenPair } from "../../../lib/tokens";
import { useRegisterStaff } from "../staff-sign-in-api";
import { type DocumentDialogProps, LegalAcceptanceFields } from "./legal-acceptance-fields";
import { NewPasswordFields } from "./new-password-fields";

const fields = ["password", "confirmPassword", "privacyPolicy", "eula", "dataSharing"] as const;

/**
 * A new clinician finishing an invitation: password and confirm (with the live checklist), the
 * privacy policy and EULA (each read in a dialog) and the data sharing acknowledgement. Plain, with
 * core's field rules (the register schema's messages): the light entry's invitation page shows it.
 * Create account waits for a change (document 1 §5, decision 031); errors show after the first press.
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
  documentDialog: (props: DocumentDialogProps) => ReactNode;
  onRegistered: (result: TokenPair & { user: CurrentUser }) => void;
  onInvalidInvite: () => void;
}) => {
  const register = useRegisterStaff();
  const form = usePlainForm(
    { password: "", confirmPassword: "", privacyPolicy: false, eula: false, dataSharing: false },
    (values) => ({
      ...newPasswordProblems(values.password, values.confirmPassword),
      privacyPolicy: values.privacyPolicy ? null : messages.privacyPolicyRequired,
      eula: values.eula ? null : messages.eulaRequired,
      dataSharing: values.dataSharing ? null : messages.dataSharingRequired,
    }),
  );
  const pending = register.isPending;
  const error = register.error;
  const failure =
    error instanceof ApiError && error.status === 409
      ? error.message || messages.accountAlreadyExists
      : error && !(error instanceof ApiError && (error.status === 422 || error.status === 503))
        ? messages.somethingWentWrong
        : null;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      {
        inviteCode,
        email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        privacyPolicy: true,
        eula: true,
        dataSharing: true,
      },
      {
        onSuccess: onRegistered,
        onError: (failed) => {
          if (failed instanceof ApiError && failed.status === 400 && failed.errorCode?.startsWith("INVITATION")) {
            onInvalidInvite();
            return;
          }
          form.applyServerErrors(failed, fields);
        },
      },
    ),
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-label="Create account">
      <p className="pu-text">
        {`You have been invited to join ${teamName || "a team"} on OpenPRO as ${email}. `}
        OpenPRO shows patients' health data to the members of their care team; by creating an account you acknowledge
        that you will use it only for the care and programs you take part in.
      </p>
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields form={form} email={email} pending={pending} />
      <LegalAcceptanceFields
        documents={["privacy-policy", "eula"]}
        accepted={form.values}
        errorOf={form.errorOf}
        onAnswer={(field, accepted) => form.set(field)(accepted)}
        disabled={pending}
        documentDialog={documentDialog}
      />
      <Checkbox
        name="dataSharing"
        checked={form.values.dataSharing}
        onChecked={form.set("dataSharing")}
        error={form.errorOf("dataSharing")}
        disabled={pending}
        label="I acknowledge that patient data is shared with the program's care team"
      />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <SubmitButton disabled={form.saveDisabled(pending)}>Create account</SubmitButton>
    </form>
  );
};
