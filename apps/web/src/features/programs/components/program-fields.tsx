import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import type { SxProps, Theme } from "@mui/material/styles";
import { limits } from "@openpro/core";
import { type Control, Controller, type FieldValues, type Path, useWatch } from "react-hook-form";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { NoteTypesField } from "./note-types-field";

/** The fields the create form and the settings form have in common, with the same names, labels and messages. */
export interface SharedProgramValues {
  name: string;
  patientProgramName: string;
  description: string;
  projectPeriod: string;
  populateNvAppointments: boolean;
  disabledNoteTypes: string[];
  defaultPatientIdType: string;
  customPatientIdName: string;
}

type Name = keyof SharedProgramValues;
const field = <T extends FieldValues>(name: Name) => name as Path<T>;

interface FieldProps<T extends SharedProgramValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  disabled: boolean;
}

/** Program name, patient-facing name (when the actor may see it) and description. */
export const ProgramNameFields = <T extends SharedProgramValues, O extends FieldValues = T>({
  control,
  disabled,
  patientProgramName,
  fullWidth,
}: FieldProps<T, O> & {
  /** Absent when the actor may not see the patient-facing name. */
  patientProgramName: { disabled: boolean } | null;
  fullWidth?: boolean;
}) => (
  <>
    <FormTextField
      control={control}
      name={field<T>("name")}
      label="Program name"
      required
      fullWidth={fullWidth}
      disabled={disabled}
    />
    {patientProgramName ? (
      <FormTextField
        control={control}
        name={field<T>("patientProgramName")}
        label="Patient-facing program name"
        helperText="Shown to patients in the mobile app instead of the program name."
        fullWidth={fullWidth}
        disabled={patientProgramName.disabled}
      />
    ) : null}
    <FormTextField
      control={control}
      name={field<T>("description")}
      label="Description"
      multiline
      minRows={3}
      fullWidth={fullWidth}
      helperText={`At most ${limits.text.description} characters`}
      disabled={disabled}
    />
  </>
);

/** Participation period in weeks; `stepper` makes it a number input bounded to 1–520. */
export const ProjectPeriodField = <T extends SharedProgramValues, O extends FieldValues = T>({
  control,
  disabled,
  stepper,
}: FieldProps<T, O> & { stepper?: boolean }) => (
  <FormTextField
    control={control}
    name={field<T>("projectPeriod")}
    label="Participation period (weeks)"
    disabled={disabled}
    numberRule={{ decimals: 0, min: 1, max: 520 }}
    {...(stepper
      ? { type: "number", slotProps: { htmlInput: { min: 1, max: 520, step: 1, inputMode: "numeric" } } }
      : { slotProps: { htmlInput: { inputMode: "numeric" } } })}
  />
);

export const PopulateNvAppointmentsField = <T extends SharedProgramValues, O extends FieldValues = T>({
  control,
  disabled,
  sx,
}: FieldProps<T, O> & { sx?: SxProps<Theme> }) => (
  <Controller
    control={control}
    name={field<T>("populateNvAppointments")}
    render={({ field: { name, value, onChange } }) => (
      <FormControlLabel
        sx={sx}
        control={
          <Switch
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            name={name}
            disabled={disabled}
          />
        }
        label="Populate nurse-visit appointments"
      />
    )}
  />
);

export const DisabledNoteTypesField = <T extends SharedProgramValues, O extends FieldValues = T>({
  control,
  disabled,
}: FieldProps<T, O>) => <NoteTypesField control={control} name={field<T>("disabledNoteTypes")} disabled={disabled} />;

/**
 * The identifier new patients are given by default and, when it is "other", the name of that identifier.
 * `offerNone`: whether "None" is a choice; `typesPending`: the choices are still loading (the select waits);
 * `spaced`: a margin above each field, where they follow others in a settings section.
 */
export const PatientIdTypeFields = <T extends SharedProgramValues, O extends FieldValues = T>({
  control,
  disabled,
  types,
  offerNone,
  typesPending = false,
  spaced = false,
}: FieldProps<T, O> & {
  types: readonly { id: string; name: string }[];
  offerNone: boolean;
  typesPending?: boolean;
  spaced?: boolean;
}) => {
  const idType = useWatch({ control, name: field<T>("defaultPatientIdType") });
  return (
    <>
      <FormSelectField
        control={control}
        name={field<T>("defaultPatientIdType")}
        label="Default patient identifier"
        disabled={disabled || typesPending}
        {...(spaced ? { sx: { mt: 2, minWidth: 260 } } : {})}
      >
        {offerNone ? <MenuItem value="">None</MenuItem> : null}
        {types.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </FormSelectField>
      {idType === "other" ? (
        <FormTextField
          control={control}
          name={field<T>("customPatientIdName")}
          label="Patient identifier name"
          required
          disabled={disabled}
          {...(spaced ? { sx: { mt: 2, display: "block" } } : {})}
        />
      ) : null}
    </>
  );
};
