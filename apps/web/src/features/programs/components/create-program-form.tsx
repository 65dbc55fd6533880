import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import {
  createProgramBody,
  createProgramRules,
  type Grants,
  type InviteMode,
  inviteModes,
  isAdminType,
  messages,
  programKindLabels,
  programKinds,
  territories,
  territoryLabels,
} from "@openpro/core";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Form, useSchemaForm } from "../../../components/form";
import { FormDateField } from "../../../components/form-date-field";
import { FormRadioField } from "../../../components/form-radio-field";
import { FormSelectField } from "../../../components/form-select-field";
import { LeaveGuard, SaveOrCancelButtons } from "../../../components/leave-guard";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import { type NewProgram, useCreateProgram, useOrganisationChoices, usePatientIdTypes } from "../api";
import { ImageUpload, type UploadedImage } from "./image-upload";
import {
  DisabledNoteTypesField,
  PatientIdTypeFields,
  PopulateNvAppointmentsField,
  ProgramNameFields,
  ProjectPeriodField,
  type SharedProgramValues,
} from "./program-fields";

export interface ProgramFormValues extends SharedProgramValues {
  territory: string;
  organisationId: string;
  startDate: string;
  inviteMode: string;
  kind: string;
}

/** Optional fields are omitted when empty, hidden ones never sent. */
const toBody = (values: ProgramFormValues, shown: { [K in keyof ProgramFormValues]?: boolean }) => {
  const body: Record<string, unknown> = {};
  const text = (key: keyof ProgramFormValues) => {
    const value = (values[key] as string).trim();
    if (shown[key] !== false && value !== "") body[key] = value;
  };
  text("name");
  text("patientProgramName");
  text("description");
  text("territory");
  text("organisationId");
  text("startDate");
  text("projectPeriod");
  text("defaultPatientIdType");
  if (values.defaultPatientIdType === "other") text("customPatientIdName");
  if (shown.disabledNoteTypes !== false && values.disabledNoteTypes.length > 0)
    body.disabledNoteTypes = values.disabledNoteTypes;
  if (shown.inviteMode !== false) body.inviteMode = values.inviteMode;
  if (shown.kind !== false) body.kind = values.kind;
  body.populateNvAppointments = values.populateNvAppointments;
  // Required fields stay present (empty) so that their messages appear.
  for (const key of ["name", "territory", "startDate"] as const) body[key] ??= values[key];
  return body;
};

const inviteModeLabels: Record<InviteMode, string> = {
  individual: "Individual e-mail invites",
  public: "Public invite code",
};

/** The radio groups stand apart from the fields above them, each on its own line. */
const spaced = { mt: 2, display: "block" } as const;

const fieldNames = [
  "name",
  "patientProgramName",
  "description",
  "territory",
  "organisationId",
  "startDate",
  "projectPeriod",
  "disabledNoteTypes",
  "defaultPatientIdType",
  "customPatientIdName",
  "inviteMode",
  "populateNvAppointments",
] as const;

/** Create program: every field with its visibility rule; the server decides the organisation. */
export const CreateProgramForm = ({
  actor,
  presetOrganisationId,
  onCreated,
  onCancel,
}: {
  actor: Grants;
  presetOrganisationId: string | null;
  onCreated: (programId: string, name: string) => void;
  onCancel: () => void;
}) => {
  const rules = createProgramRules(actor);
  const adminType = isAdminType(actor);
  const choices = useOrganisationChoices(true);
  const idTypes = usePatientIdTypes();
  const create = useCreateProgram();
  const [image, setImage] = useState<UploadedImage | null>(null);
  const organisationCount = choices.data?.results.length;
  // Hidden for admin-type users (1-foundation.md §2): their page passes the organisation chosen first.
  const showOrganisation =
    !adminType && !presetOrganisationId && organisationCount !== undefined && organisationCount !== 1;

  const shown = {
    patientProgramName: rules.patientProgramName,
    projectPeriod: rules.projectPeriod,
    disabledNoteTypes: rules.disabledNotesVisible && rules.disabledNotesEnabled,
    inviteMode: rules.inviteMode,
    kind: rules.kind,
    organisationId: showOrganisation || Boolean(presetOrganisationId),
  };
  const schema = z.preprocess((v) => toBody(v as ProgramFormValues, shown), createProgramBody);

  // The resolver validates the cleaned body with the shared schema, so its output is a NewProgram.
  const form = useSchemaForm(schema as z.ZodType<NewProgram, ProgramFormValues>, {
    name: "",
    patientProgramName: "",
    description: "",
    territory: "",
    organisationId: presetOrganisationId ?? "",
    startDate: "",
    projectPeriod: "",
    disabledNoteTypes: [],
    defaultPatientIdType: "",
    customPatientIdName: "",
    inviteMode: "individual",
    kind: "individual",
    populateNvAppointments: false,
  });
  const inviteMode = useWatch({ control: form.control, name: "inviteMode" });
  const pending = create.isPending || form.formState.isSubmitting;
  const dirty = form.formState.isDirty || image !== null;

  const failure = (() => {
    const error = create.error;
    if (!error || !(error instanceof ApiError)) return error ? messages.somethingWentWrong : null;
    if (error.status === 409 || (error.status === 422 && error.fieldErrors.length > 0)) return null;
    return error.status !== undefined && error.status < 500 ? error.message : messages.somethingWentWrong;
  })();

  const onSubmit = (body: NewProgram) =>
    create.mutateAsync({ ...body, ...(image ?? {}) }).then(
      ({ programId }) => onCreated(programId, body.name),
      (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        const nameTaken =
          error.fieldErrors.find((e) => e.field === "name")?.message ??
          (/name already exist/i.test(error.message) ? error.message : undefined);
        if (error.status === 409 && nameTaken) {
          form.setError("name", { type: "server", message: nameTaken }, { shouldFocus: true });
          return;
        }
        applyFieldErrors(error, form.setError, fieldNames);
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Create program" sx={{ maxWidth: 720 }}>
      <Box component="fieldset" disabled={pending} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <ProgramNameFields
          control={form.control}
          disabled={pending}
          patientProgramName={shown.patientProgramName ? { disabled: pending } : null}
        />
        <FormSelectField control={form.control} name="territory" label="Country" required disabled={pending}>
          {territories.map((t) => (
            <MenuItem key={t} value={t}>
              {territoryLabels[t]}
            </MenuItem>
          ))}
        </FormSelectField>
        {showOrganisation ? (
          <FormSelectField
            control={form.control}
            name="organisationId"
            label="Organisation"
            required={adminType}
            disabled={pending || choices.isPending}
          >
            {(choices.data?.results ?? []).map((o) => (
              <MenuItem key={o.organisationId} value={o.organisationId}>
                {o.name}
              </MenuItem>
            ))}
          </FormSelectField>
        ) : null}
        <FormDateField control={form.control} name="startDate" label="Start date" required disabled={pending} />
        {shown.projectPeriod ? <ProjectPeriodField control={form.control} disabled={pending} stepper /> : null}
        {rules.disabledNotesVisible ? (
          <DisabledNoteTypesField control={form.control} disabled={pending || !rules.disabledNotesEnabled} />
        ) : null}
        <PatientIdTypeFields
          control={form.control}
          disabled={pending}
          types={idTypes.data?.patientIdTypes ?? []}
          typesPending={idTypes.isPending}
          offerNone
        />
        {shown.inviteMode ? (
          <FormRadioField
            control={form.control}
            name="inviteMode"
            legend="Invite mode"
            row
            options={inviteModes.map((mode) => ({ value: mode, label: inviteModeLabels[mode] }))}
            helperText={
              inviteMode === "public"
                ? "Public invite codes are managed in the program settings (Invite codes) once the program exists."
                : undefined
            }
            disabled={pending}
            sx={spaced}
          />
        ) : null}
        {shown.kind ? (
          <FormRadioField
            control={form.control}
            name="kind"
            legend="Program kind"
            options={programKinds.map((kind) => ({ value: kind, label: programKindLabels[kind] }))}
            helperText="The kind cannot be changed once the program exists."
            disabled={pending}
            sx={spaced}
          />
        ) : null}
        <PopulateNvAppointmentsField control={form.control} disabled={pending} sx={{ mt: 2, display: "flex" }} />
        {rules.image ? <ImageUpload value={image} onChange={setImage} disabled={pending} /> : null}
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <SaveOrCancelButtons pending={create.isPending} cancelDisabled={pending} onCancel={onCancel} mt={3} />
      <LeaveGuard when={dirty} />
    </Form>
  );
};
