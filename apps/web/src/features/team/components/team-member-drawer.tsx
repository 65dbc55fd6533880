import Alert from "@mui/material/Alert";
import MenuItem from "@mui/material/MenuItem";
import {
  assignableRoles,
  createTeamMemberBody,
  type Grants,
  messages,
  type Role,
  roleLabels,
  type TeamMember,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { z } from "zod";
import { useSchemaForm } from "../../../components/form";
import { FormDrawer, FormDrawerContent } from "../../../components/form-drawer";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { type TeamRef, useAddTeamMember, useUpdateTeamMember } from "../api";

// The role is a select that starts empty: "" stands for "not chosen" until the schema runs.
const schema = createTeamMemberBody.extend({
  role: z.string().refine((v) => v !== "", messages.required),
});
type Output = z.output<typeof schema>;

const fields = ["firstName", "lastName", "displayName", "email", "role"] as const;

/** HTTP reason phrases a server may send without a message of its own, in the product's words. */
const friendlyTexts: Record<string, string> = {
  Forbidden: messages.forbidden,
  "Not Found": messages.notFound,
  Conflict: messages.teamMemberExists,
};

/**
 * The notice under the form for a failure not shown on a field. An organisation team says "Something went wrong";
 * a program team shows the server message in friendly words, else the raw message, else the default.
 */
const failureText = (team: TeamRef, error: unknown): string | null => {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 409) return null;
  if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) return null;
  if (team.kind === "organisation") return messages.somethingWentWrong;
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500) {
    return messages.somethingWentWrong;
  }
  const raw = error.message.trim();
  return friendlyTexts[raw] ?? (raw || messages.somethingWentWrong);
};

interface MemberFormProps {
  team: TeamRef;
  actor: Grants;
  /** The member being edited; none to add one. */
  member: TeamMember | null;
  onClose: () => void;
}

/** Add or edit a team member (organisation or program) in a right-hand drawer. */
export const TeamMemberDrawer = ({ open, ...props }: MemberFormProps & { open: boolean }) => (
  <FormDrawer open={open} onClose={props.onClose}>
    {(titleId) => <MemberForm key={props.member?.id ?? "new"} titleId={titleId} {...props} />}
  </FormDrawer>
);

const MemberForm = ({ titleId, team, actor, member, onClose }: MemberFormProps & { titleId: string }) => {
  const add = useAddTeamMember(team);
  const update = useUpdateTeamMember(team);
  const mutation = member ? update : add;
  const editing = member !== null;
  const roleChoices = assignableRoles(actor);
  const form = useSchemaForm(schema, {
    firstName: member?.firstName ?? "",
    lastName: member?.lastName ?? "",
    displayName: member?.displayName ?? "",
    email: member?.email ?? "",
    role: member?.role ?? "",
  });

  // "This user already exists" (409) goes on the e-mail field; other failures under the form.
  const failure = failureText(team, mutation.error);

  const onSubmit = async (values: Output) => {
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      // A new member gets a display name only when one is typed; an edit sends it only when it
      // changed (empty clears it), so a save never overwrites one the form did not touch.
      ...(member
        ? values.displayName !== (member.displayName ?? "")
          ? { displayName: values.displayName }
          : {}
        : values.displayName
          ? { displayName: values.displayName }
          : {}),
    };
    try {
      if (member) {
        await update.mutateAsync({ userId: member.id, body: common });
        enqueueSnackbar(messages.teamMemberUpdated, { variant: "success" });
      } else {
        await add.mutateAsync({ ...common, role: values.role as Role });
        enqueueSnackbar(messages.teamMemberInvited, { variant: "success" });
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const message = error.fieldErrors.find((e) => e.field === "email")?.message ?? messages.teamMemberExists;
        form.setError("email", { type: "server", message }, { shouldFocus: true });
        return;
      }
      applyFieldErrors(error, form.setError, fields);
    }
  };

  return (
    <FormDrawerContent
      titleId={titleId}
      title={editing ? "Edit team member" : "Add team member"}
      width={440}
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={editing ? "Save" : "Invite"}
      pending={mutation.isPending}
    >
      <FormTextField
        control={form.control}
        name="firstName"
        label="First name"
        required
        disabled={mutation.isPending}
      />
      <FormTextField control={form.control} name="lastName" label="Last name" required disabled={mutation.isPending} />
      <FormTextField control={form.control} name="displayName" label="Display name" disabled={mutation.isPending} />
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        required
        disabled={mutation.isPending}
      />
      <FormSelectField
        control={form.control}
        name="role"
        label="Role"
        required
        disabled={editing || mutation.isPending}
        helperText={editing ? "The role cannot be changed." : undefined}
      >
        {(editing && member && !roleChoices.includes(member.role) ? [...roleChoices, member.role] : roleChoices).map(
          (role) => (
            <MenuItem key={role} value={role}>
              {roleLabels[role]}
            </MenuItem>
          ),
        )}
      </FormSelectField>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </FormDrawerContent>
  );
};
