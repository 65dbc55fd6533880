import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { alertMessageMaxLength, alertSettingsBody, limits, messages, type PatientLanguage } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId } from "react";
import { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { Loading } from "../../../components/loading";
import { staffLanguageName } from "../../../lib/format";
import { applyFieldErrors } from "../../../lib/forms";
import { type AlertSettingsChanges, alertErrorText, useAlertSettings, useSaveAlertSettings } from "../api";

type Texts = Partial<Record<PatientLanguage, string>>;

interface AlertSettingsValues {
  escalationMinutes: string;
  severeSymptomMessageTranslations: Texts;
  temperatureMessageTranslations: Texts;
}

type Settings = NonNullable<ReturnType<typeof useAlertSettings>["data"]>;

/** One field per language the program's territory offers besides its default, each filled with its text. */
const textsFor = (languages: readonly PatientLanguage[], texts: Texts | undefined): Texts =>
  Object.fromEntries(languages.map((language) => [language, texts?.[language] ?? ""]));

const valuesOf = (settings: Settings): AlertSettingsValues => {
  const languages = settings.otherLanguages ?? [];
  return {
    escalationMinutes: String(settings.escalationMinutes),
    severeSymptomMessageTranslations: textsFor(languages, settings.severeSymptomMessageTranslations),
    temperatureMessageTranslations: textsFor(languages, settings.temperatureMessageTranslations),
  };
};

/** The form's text as the body: the delay as a number (blank: none, the schema's message). */
const toBody = (values: AlertSettingsValues) => ({
  ...values,
  escalationMinutes: values.escalationMinutes.trim() === "" ? undefined : Number(values.escalationMinutes),
});

const settingsSchema = z.preprocess((v) => toBody(v as AlertSettingsValues), alertSettingsBody) as z.ZodType<
  AlertSettingsChanges,
  AlertSettingsValues
>;

/** A message patients are shown after an upload, with its texts in the program's other languages. */
const MessageLanguages = ({
  title,
  field,
  text,
  settings,
  max,
  disabled,
  control,
}: {
  title: string;
  field: "severeSymptomMessageTranslations" | "temperatureMessageTranslations";
  text: string;
  settings: Settings;
  max: number;
  disabled: boolean;
  control: ReturnType<typeof useSchemaForm<AlertSettingsValues, AlertSettingsChanges>>["control"];
}) => {
  const defaultName = staffLanguageName(settings.defaultLanguage ?? "en");
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography component="legend" variant="h4" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {`In ${defaultName}, the program's language (changed under General settings):`}
      </Typography>
      <Typography
        component="blockquote"
        lang={settings.defaultLanguage}
        sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: "divider", whiteSpace: "pre-line" }}
      >
        {text}
      </Typography>
      {(settings.otherLanguages ?? []).map((language) => (
        <FormTextField
          key={language}
          control={control}
          name={`${field}.${language}`}
          label={`${title} in ${staffLanguageName(language)}`}
          multiline
          minRows={2}
          fullWidth
          lang={language}
          helperText={`At most ${max} characters. Left blank: patients reading ${staffLanguageName(language)} see the ${defaultName} message, marked as ${defaultName}.`}
          disabled={disabled}
          sx={{ mt: 2 }}
        />
      ))}
    </Box>
  );
};

const AlertSettingsForm = ({
  programId,
  settings,
  editable,
  temperatureEditable,
}: {
  programId: string;
  settings: Settings;
  editable: boolean;
  temperatureEditable: boolean;
}) => {
  const headingId = useId();
  const save = useSaveAlertSettings(programId);
  const form = useSchemaForm(settingsSchema, valuesOf(settings));
  const languages = settings.otherLanguages ?? [];
  const showsTemperature = typeof settings.temperatureMessage === "string";
  const onSubmit = async (body: AlertSettingsChanges) => {
    // The temperature texts are sent only by those who may change them (the server refuses a change otherwise).
    const { temperatureMessageTranslations, ...rest } = body;
    try {
      const saved = await save.mutateAsync(
        showsTemperature && temperatureEditable ? { ...rest, temperatureMessageTranslations } : rest,
      );
      form.reset(valuesOf(saved as Settings));
      enqueueSnackbar(messages.alertSettingsSaved, { variant: "success" });
    } catch (error) {
      const fields = [
        "escalationMinutes",
        ...languages.map((l) => `severeSymptomMessageTranslations.${l}` as const),
        ...languages.map((l) => `temperatureMessageTranslations.${l}` as const),
      ] as const;
      if (!applyFieldErrors(error, form.setError, fields)) enqueueSnackbar(alertErrorText(error), { variant: "error" });
    }
  };
  const off = !editable || save.isPending;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Alert settings
      </Typography>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          An alert nobody has taken after this many minutes is e-mailed to the program admins.
        </Typography>
        <FormTextField
          control={form.control}
          name="escalationMinutes"
          label="Escalation delay (minutes)"
          disabled={off}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
        />
        {languages.length > 0 ? (
          <>
            <Typography color="text.secondary" sx={{ mt: 3 }}>
              {`Patients are shown these messages after logging a severe symptom or a temperature out of range, followed by whom to call. Give them in the program's other languages so that each patient reads them in their own.`}
            </Typography>
            <MessageLanguages
              title="Severe-symptom message"
              field="severeSymptomMessageTranslations"
              text={settings.severeSymptomMessage ?? ""}
              settings={settings}
              max={alertMessageMaxLength}
              disabled={off}
              control={form.control}
            />
            {showsTemperature ? (
              <MessageLanguages
                title="Temperature message"
                field="temperatureMessageTranslations"
                text={settings.temperatureMessage ?? ""}
                settings={settings}
                max={limits.text.temperatureMessage}
                disabled={off || !temperatureEditable}
                control={form.control}
              />
            ) : null}
          </>
        ) : null}
        {editable ? (
          <Box sx={{ mt: 2 }}>
            <FormSubmitButton pending={save.isPending}>Save</FormSubmitButton>
          </Box>
        ) : null}
      </Form>
    </Paper>
  );
};

/**
 * The program's alert settings: the escalation delay (an alert still Open this long is e-mailed to
 * the program admins), and the alert messages patients are shown in the program's other languages
 * (issue 31 §3); a language left blank shows its patients the default language's message, marked.
 */
export const AlertSettingsCard = ({
  programId,
  editable,
  temperatureEditable = editable,
}: {
  programId: string;
  editable: boolean;
  /** May change the temperature message's texts (the temperature thresholds' edit permission). */
  temperatureEditable?: boolean;
}) => {
  const settings = useAlertSettings(programId);
  if (settings.isPending) return <Loading label="Loading alert settings" />;
  if (settings.isError) return null;
  return (
    <AlertSettingsForm
      programId={programId}
      settings={settings.data}
      editable={editable}
      temperatureEditable={temperatureEditable}
    />
  );
};
