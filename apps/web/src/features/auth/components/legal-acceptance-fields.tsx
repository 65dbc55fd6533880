import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from "@mui/material";
import type { LegalDocumentId } from "@openpro/core";
import { type ReactNode, useState } from "react";
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from "react-hook-form";

export type SignupDocument = Extract<LegalDocumentId, "privacy-policy" | "eula">;

export interface DocumentDialogProps {
  documentId: SignupDocument;
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

const documentFields: Record<SignupDocument, { field: "privacyPolicy" | "eula"; label: string }> = {
  "privacy-policy": { field: "privacyPolicy", label: "privacy policy" },
  eula: { field: "eula", label: "EULA" },
};

/** A checkbox bound to react-hook-form; checked means `true`, and the error text appears under it. */
export const CheckboxField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: ReactNode;
  disabled?: boolean;
}) => (
  <Controller
    control={control}
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
              disabled={disabled}
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

interface LegalAcceptance extends FieldValues {
  privacyPolicy: true;
  eula: true;
}

/**
 * "I accept the {document}" checkboxes of a sign-up form, in the given order; the document's name opens it in a
 * dialog (provided by the content feature) whose Accept and Decline tick and untick the box.
 */
export const LegalAcceptanceFields = <T extends LegalAcceptance, O extends FieldValues>({
  form,
  documents,
  disabled,
  documentDialog,
}: {
  form: UseFormReturn<T, unknown, O>;
  documents: readonly SignupDocument[];
  disabled?: boolean;
  documentDialog: (props: DocumentDialogProps) => ReactNode;
}) => {
  const [reading, setReading] = useState<SignupDocument | null>(null);
  const answer = (id: SignupDocument, accepted: boolean) => {
    form.setValue(documentFields[id].field as Path<T>, accepted as PathValue<T, Path<T>>, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    setReading(null);
  };
  return (
    <>
      {documents.map((id) => (
        <CheckboxField
          key={id}
          control={form.control}
          name={documentFields[id].field as Path<T>}
          disabled={disabled}
          label={
            <>
              I accept the{" "}
              <Link
                component="button"
                type="button"
                onClick={(event) => {
                  event.preventDefault();
                  setReading(id);
                }}
                sx={{ verticalAlign: "baseline" }}
              >
                {documentFields[id].label}
              </Link>
            </>
          }
        />
      ))}
      {documents.map((id) => (
        <Box key={id}>
          {documentDialog({
            documentId: id,
            open: reading === id,
            onAccept: () => answer(id, true),
            onDecline: () => answer(id, false),
          })}
        </Box>
      ))}
    </>
  );
};
