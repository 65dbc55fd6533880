import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import {
  type EnrolledPatient,
  emailField,
  formatNhsNumber,
  type Grants,
  limits,
  maxPatientIdLength,
  messages,
  normalisePatientId,
  patientIdPlaceholder,
  refinePatientId,
  requiredText,
  type Territory,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import type { ComponentProps } from "react";
import { type Control, Controller } from "react-hook-form";
import { z } from "zod";
import { useSchemaForm } from "../../../components/form";
import { FormDrawer, FormDrawerContent } from "../../../components/form-drawer";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { ApiError } from "../../../lib/http";
import type { Program } from "../../../lib/wire";
import { useCreatePatient, useUpdatePatient } from "../api";

export interface PatientIdTypeChoice {
  id: string;
  name: string;
}

/** What a list of the program's patients is given: the program, who is looking, the identifier types its drawer offers. */
export interface PatientListProps {
  program: Program;
  actor: Grants;
  idTypes: readonly PatientIdTypeChoice[];
}

/** The identifier is checked by the contract's own rule, with the program's territory. */
const schemaFor = (territory: Territory | undefined) =>
  z
    .object({
      firstName: requiredText(limits.text.personName, messages.patientFirstNameRequired),
      lastName: requiredText(limits.text.personName, messages.patientLastNameRequired),
      email: emailField(limits.text.email, messages.patientEmailRequired),
      // The select starts empty: "" stands for "not chosen".
      patientIdType: z.string().refine((v) => v !== "", messages.patientIdTypeRequired),
      patientId: z.string(),
    })
    .superRefine(refinePatientId(territory));
type Schema = ReturnType<typeof schemaFor>;
type Values = z.input<Schema>;
type Output = z.output<Schema>;
const fields = ["firstName", "lastName", "email", "patientIdType", "patientId"] as const;
type Field = (typeof fields)[number];

/** The generic summary of a 422 only restates the field errors. */
const isGenericMessage = (message: string) => !message.trim() || message === messages.validationFailed;

interface PatientFormProps {
  programId: string;
  /** The patient being edited; none to add one. */
  patient: EnrolledPatient | null;
  idTypes: readonly PatientIdTypeChoice[];
  /** The program's territory: whose rule a social security number follows. */
  territory?: Territory | undefined;
  onClose: () => void;
}

/** Add a patient to the program or edit one, in a right-hand drawer. */
export const PatientDrawer = ({ open, ...props }: PatientFormProps & { open: boolean }) => (
  <FormDrawer open={open} onClose={props.onClose}>
    {(titleId) => <PatientForm key={props.patient?.id ?? "new"} titleId={titleId} {...props} />}
  </FormDrawer>
);

const PatientForm = ({
  titleId,
  programId,
  patient,
  idTypes,
  territory,
  onClose,
}: PatientFormProps & { titleId: string }) => {
  const create = useCreatePatient();
  const update = useUpdatePatient(programId);
  const pending = create.isPending || update.isPending;
  const editing = patient !== null;
  const initialType = patient?.patientIdType ?? "";
  const form = useSchemaForm(schemaFor(territory), {
    firstName: patient?.firstName ?? "",
    lastName: patient?.lastName ?? "",
    email: patient?.email ?? "",
    patientIdType: initialType,
    patientId: initialType === "nhs_number" ? formatNhsNumber(patient?.patientId ?? "") : (patient?.patientId ?? ""),
  });

  const onFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      enqueueSnackbar(messages.oops, { variant: "error" });
      return;
    }
    if (error.message === messages.territoryMismatch) {
      form.setError("email", { type: "server", message: messages.territoryMismatchExplained }, { shouldFocus: true });
      return;
    }
    let placed = false;
    if (error.status === 409 || error.status === 422) {
      for (const { field, message } of error.fieldErrors) {
        if (!(fields as readonly string[]).includes(field)) continue;
        form.setError(field as Field, { type: "server", message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    const patientIdError = error.fieldErrors.find((e) => e.field === "patientId")?.message;
    const message = !isGenericMessage(error.message)
      ? error.message
      : (patientIdError ?? (placed ? null : messages.oops));
    if (message) enqueueSnackbar(message, { variant: "error" });
  };

  const onSubmit = async (values: Output) => {
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      patientIdType: values.patientIdType,
      patientId: normalisePatientId(values.patientIdType, values.patientId),
    };
    try {
      if (patient) {
        const { email, ...rest } = body;
        await update.mutateAsync({ userId: patient.id, body: patient.inviteAccepted ? rest : { ...rest, email } });
        enqueueSnackbar(messages.patientUpdated, { variant: "success" });
      } else {
        await create.mutateAsync({ ...body, projectId: programId });
        enqueueSnackbar(messages.patientAdded, { variant: "success" });
      }
      onClose();
    } catch (error) {
      onFailure(error);
    }
  };

  return (
    <FormDrawerContent
      titleId={titleId}
      title={editing ? "Edit patient" : "Add a new patient to the program"}
      width={460}
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={editing ? "Save" : "Add patient"}
      pending={pending}
    >
      <NameField control={form.control} name="firstName" label="First name" disabled={pending} />
      <NameField control={form.control} name="lastName" label="Last name" disabled={pending} />
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        required
        disabled={pending || (editing && patient.inviteAccepted)}
        helperText={editing && patient.inviteAccepted ? "The patient has accepted the invite." : undefined}
        slotProps={{ htmlInput: { maxLength: limits.text.email } }}
      />
      <FormSelectField
        control={form.control}
        name="patientIdType"
        label="Patient id type"
        required
        // A new type starts a new identifier (once submitted, <Form> validates the change).
        onChange={() => form.setValue("patientId", "", { shouldDirty: true })}
        disabled={pending}
      >
        {idTypes.map((type) => (
          <MenuItem key={type.id} value={type.id}>
            {type.name}
          </MenuItem>
        ))}
      </FormSelectField>
      <PatientIdField
        control={form.control}
        type={form.watch("patientIdType")}
        territory={territory}
        disabled={pending}
      />
    </FormDrawerContent>
  );
};

/** The patient's first or last name: required, at most a person's name's length. */
const NameField = (props: Omit<ComponentProps<typeof FormTextField<Values, Output>>, "required" | "slotProps">) => (
  <FormTextField {...props} required slotProps={{ htmlInput: { maxLength: limits.text.personName } }} />
);

const PatientIdField = ({
  control,
  type,
  territory,
  disabled,
}: {
  control: Control<Values, unknown, Output>;
  type: string;
  territory: Territory | undefined;
  disabled: boolean;
}) => (
  <Controller
    control={control}
    name="patientId"
    render={({ field, fieldState }) => (
      <TextField
        label="Patient id"
        required
        name={field.name}
        value={field.value}
        onChange={(event) =>
          field.onChange(type === "nhs_number" ? formatNhsNumber(event.target.value) : event.target.value)
        }
        onBlur={field.onBlur}
        inputRef={field.ref}
        disabled={disabled || !type}
        placeholder={patientIdPlaceholder(type, territory)}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? (type ? undefined : "Choose the patient id type first.")}
        slotProps={{
          htmlInput: {
            maxLength:
              type === "nhs_number" ? maxPatientIdLength(type) + 2 : type ? maxPatientIdLength(type) : undefined,
            inputMode: type === "nhs_number" ? "numeric" : undefined,
          },
        }}
      />
    )}
  />
);
