import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type AdminUser, can, type Grants, isAdmin, messages, roleLabels, updateUserBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { Loading } from "../../../components/loading";
import { formatDateTime } from "../../../lib/format";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { type UserChanges, useDeleteUser, usePermissionCatalogue, useUpdateUser } from "../api";

// Every field of the update, permissions included: the form holds them all, and sends only what changed.
const schema = updateUserBody.required();

/**
 * The form's values for a user. The permissions are kept sorted, so that a permission ticked and unticked again
 * leaves the form as it was (a change undone is no change, decision 031).
 */
const valuesOf = (user: Pick<AdminUser, "firstName" | "lastName" | "email" | "permissions">) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  permissions: [...user.permissions].sort(),
});

const specialWeight = new Set(["admin", "internal_tester", "internal_program_admin"]);
/**
 * A permission in the product's words: the catalogue's codes keep the API's "project" and "user"
 * (of a program, a patient), which the screens call program and patient.
 */
export const permissionLabel = (permission: string): string => {
  const words = permission
    .replace(/_/g, " ")
    .replace(/\bproject users\b/g, "patients")
    .replace(/\bproject user\b/g, "patient")
    .replace(/\bprojects\b/g, "programs")
    .replace(/\bproject\b/g, "program")
    .replace(/\buser log\b/g, "patient log")
    .replace(/\bmeds\b/g, "medications");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const groupLabels: Record<string, string> = {
  "Special weight": "Administrator rights",
  Projects: "Programs",
  "Project users (patients)": "Patients",
  "Project staff": "Program staff",
};
/** A permission group's name in the product's words ("Special weight" was the catalogue's jargon). */
export const permissionGroupLabel = (name: string): string => groupLabels[name] ?? name;
const yesNo = (value: boolean) => (value ? "Yes" : "No");
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status !== undefined && error.status < 500 && error.message
    ? error.message
    : messages.somethingWentWrong;

/** Edit a user's names, e-mail and permissions; the consent flags are read-only; delete after a confirm. */
export const UserEditForm = ({ user, actor, onDeleted }: { user: AdminUser; actor: Grants; onDeleted: () => void }) => {
  const catalogue = usePermissionCatalogue();
  const update = useUpdateUser(user.id);
  const remove = useDeleteUser(user.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canEdit = can(actor, "edit_user");
  const canDelete = can(actor, "delete_user");
  // The user admin's own rule (1-foundation.md): "Save is enabled when permissions changed or the form is dirty and
  // valid". Save alone would not say what is wrong with a name, so a field's error shows once the field was left.
  const form = useSchemaForm(schema, valuesOf(user), "onTouched");
  const permissions = useWatch({ control: form.control, name: "permissions" });
  const permissionsChanged = !sameSet(permissions, user.permissions);
  // Read on every render, so that react-hook-form keeps it up to date from the start.
  const namesInvalid = !form.formState.isValid;
  const failure =
    update.error && !(update.error instanceof ApiError && update.error.fieldErrors.length > 0)
      ? errorText(update.error)
      : null;

  const toggle = (permission: string, checked: boolean) =>
    form.setValue(
      "permissions",
      checked ? [...permissions, permission].sort() : permissions.filter((p) => p !== permission),
      { shouldDirty: true },
    );

  const onSubmit = (next: z.output<typeof schema>) => {
    const body: UserChanges = {};
    if (next.firstName !== user.firstName) body.firstName = next.firstName;
    if (next.lastName !== user.lastName) body.lastName = next.lastName;
    if (next.email !== user.email) body.email = next.email;
    if (!sameSet(next.permissions, user.permissions)) body.permissions = next.permissions;
    if (Object.keys(body).length === 0) return;
    return update.mutateAsync(body).then(
      (saved) => {
        form.reset(valuesOf(saved));
        enqueueSnackbar(messages.userUpdated, { variant: "success" });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["firstName", "lastName", "email"]);
      },
    );
  };

  const readOnly: [string, string][] = [
    ["Role", user.userRole ? roleLabels[user.userRole] : "—"],
    ["Date of birth", user.dob ?? "—"],
    ["Date created", formatDateTime(user.dateCreated)],
    ["Privacy policy accepted", yesNo(user.privacyPolicy)],
    ["EULA accepted", yesNo(user.eula)],
    ["Marketing consent", yesNo(user.marketingConsent)],
    ["E-mail verified", yesNo(user.emailVerified)],
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="user-edit-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="user-edit-heading">
        {`${user.firstName} ${user.lastName}`.trim() || user.email}
      </Typography>
      <Form form={form} onSubmit={onSubmit} aria-labelledby="user-edit-heading">
        <Box sx={{ display: "grid", gap: { sm: 2 }, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <FormTextField control={form.control} name="firstName" label="First name" required disabled={!canEdit} />
          <FormTextField control={form.control} name="lastName" label="Last name" required disabled={!canEdit} />
        </Box>
        <FormTextField control={form.control} name="email" label="Email" type="email" required disabled={!canEdit} />

        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, my: 2 }}
        >
          {readOnly.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>

        <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
          Permissions
        </Typography>
        {catalogue.isPending ? <Loading label="Loading permissions" /> : null}
        {catalogue.isError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
        {catalogue.data?.groups.map((group) => (
          <Box component="fieldset" key={group.name} sx={{ border: 1, borderColor: "divider", borderRadius: 1, mb: 2 }}>
            <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
              {permissionGroupLabel(group.name)}
            </Typography>
            <FormGroup sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
              {group.permissions.map((permission) => (
                <FormControlLabel
                  key={permission}
                  label={permissionLabel(permission)}
                  control={
                    <Checkbox
                      checked={permissions.includes(permission)}
                      onChange={(event) => toggle(permission, event.target.checked)}
                      disabled={!canEdit || (specialWeight.has(permission) && !isAdmin(actor))}
                      name={permission}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        ))}
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          <FormSubmitButton pending={update.isPending} disabled={!canEdit || (namesInvalid && !permissionsChanged)}>
            Save
          </FormSubmitButton>
          {canDelete ? (
            <Button
              color="error"
              variant="outlined"
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
              aria-haspopup="dialog"
            >
              Delete user permanently
            </Button>
          ) : null}
        </Box>
      </Form>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this user permanently?"
        confirmLabel="Delete permanently"
        destructive
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              enqueueSnackbar(messages.userDeleted, { variant: "success" });
              onDeleted();
            },
          })
        }
      >
        <Typography component="span" sx={{ display: "block" }}>
          {`The account of ${user.email} will be deleted. This cannot be undone.`}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
};
