import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, MenuItem } from "@mui/material";
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
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormDrawer, FormDrawerContent } from "../../../components/form-drawer";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { applyFieldErrors, isSubmitDisabled } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { useAddTeamMember, useUpdateTeamMember } from "../api";

// The role is a select that starts empty: "" stands for "not chosen" until the schema runs.
const schema = createTeamMemberBody.extend({
  role: z.string().refine((v) => v !== "", messages.required),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const fields = ["firstName", "lastName", "displayName", "email", "role"] as const;

/** Add or edit an organisation team member in a right-hand drawer (doc 1 §5 "Organisation and team"). */
export const TeamMemberDrawer = ({
  organisationId,
  actor,
  member,
  open,
  onClose,
}: {
  organisationId: string;
  actor: Grants;
  /** The member being edited; none to add one. */
  member: TeamMember | null;
  open: boolean;
  onClose: () => void;
}) => {
  return (
    <FormDrawer open={open} onClose={onClose}>
      {(titleId) => (
        <MemberForm
          titleId={titleId}
          key={member?.id ?? "new"}
          organisationId={organisationId}
          actor={actor}
          member={member}
          onClose={onClose}
        />
      )}
    </FormDrawer>
  );
};

const MemberForm = ({
  titleId,
  organisationId,
  actor,
  member,
  onClose,
}: {
  titleId: string;
  organisationId: string;
  actor: Grants;
  member: TeamMember | null;
  onClose: () => void;
}) => {
  const add = useAddTeamMember(organisationId);
  const update = useUpdateTeamMember(organisationId);
  const mutation = member ? update : add;
  const editing = member !== null;
  const roleChoices = assignableRoles(actor);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: member?.firstName ?? "",
      lastName: member?.lastName ?? "",
      displayName: member?.displayName ?? "",
      email: member?.email ?? "",
      role: member?.role ?? "",
    },
  });

  // Spec (doc 1 §8): "This user already exists" when already on the team, any other failure "Something went wrong".
  const failure = (() => {
    const error = mutation.error;
    if (!error) return null;
    if (error instanceof ApiError && error.status === 409) return null;
    if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) return null;
    return messages.somethingWentWrong;
  })();

  const onSubmit = form.handleSubmit(async (values) => {
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      ...(values.displayName ? { displayName: values.displayName } : {}),
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
  });

  return (
    <FormDrawerContent
      titleId={titleId}
      title={editing ? "Edit team member" : "Add team member"}
      width={440}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={editing ? "Save" : "Invite"}
      submitDisabled={isSubmitDisabled(form.formState, mutation.isPending)}
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
