import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  alertMessageMaxLength,
  can,
  type Grants,
  limits,
  messages,
  type PatientLanguage,
  patientIdTypes,
  programSettingsRules,
  readinessTexts,
  territoryLanguages,
  updateProgramBody,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import type { ComponentProps, ReactNode } from "react";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormDateField } from "../../../components/form-date-field";
import { FormTextField } from "../../../components/form-text-field";
import { LeaveGuard } from "../../../components/leave-guard";
import { staffLanguageName } from "../../../lib/format";
import { applyFieldErrors } from "../../../lib/forms";
import { ApiError } from "../../../lib/http";
import type { Program } from "../../../lib/wire";
import { type ProgramChanges, useRemoveProgramImage, useUpdateProgram } from "../api";
import { ImageUpload } from "./image-upload";
import {
  DisabledNoteTypesField,
  PatientIdTypeFields,
  PopulateNvAppointmentsField,
  ProgramNameFields,
  ProjectPeriodField,
  type SharedProgramValues,
} from "./program-fields";

export interface ProgramSettingsValues extends SharedProgramValues {
  startDate: string;
  articles: { articleId: string; header: string; url: string }[];
  consentMessage: string;
  /** The consent message in the program's other languages (issue 31 §3); blank: patients see the default's, marked. */
  consentMessageTranslations: Partial<Record<PatientLanguage, string>>;
  disclaimer: string;
  adverseEventReportingMessage: string;
  temperatureMin: string;
  temperatureMax: string;
  temperatureMessage: string;
  defaultAlertMessage: string;
}

type FieldName = keyof ProgramSettingsValues;

/** The languages of the program's territory besides its default (the first), in which staff may give texts. */
const otherLanguagesOf = (program: Program): PatientLanguage[] => territoryLanguages[program.territory].slice(1);
const valuesOf = (program: Program): ProgramSettingsValues => ({
  name: program.name,
  patientProgramName: program.patientProgramName ?? "",
  description: program.description ?? "",
  projectPeriod: program.projectPeriod === null ? "" : String(program.projectPeriod),
  startDate: program.startDate,
  defaultPatientIdType: program.defaultPatientIdType ?? "",
  customPatientIdName: program.customPatientIdName ?? "",
  populateNvAppointments: program.populateNvAppointments,
  disabledNoteTypes: [...program.disabledNoteTypes],
  articles: program.articles.map((a) => ({ ...a })),
  consentMessage: program.consentMessage ?? "",
  consentMessageTranslations: Object.fromEntries(
    otherLanguagesOf(program).map((language) => [language, program.consentMessageTranslations?.[language] ?? ""]),
  ),
  disclaimer: program.disclaimer ?? "",
  adverseEventReportingMessage: program.adverseEventReportingMessage ?? "",
  temperatureMin: program.temperatureMin === null ? "" : String(program.temperatureMin),
  temperatureMax: program.temperatureMax === null ? "" : String(program.temperatureMax),
  temperatureMessage: program.temperatureMessage ?? "",
  defaultAlertMessage: program.defaultAlertMessage ?? "",
});

/** The form's text as the update body: a blank period is null (cleared), blank article ids are new rows. */
const toBody = (values: ProgramSettingsValues) => ({
  ...values,
  projectPeriod: values.projectPeriod.trim() === "" ? null : values.projectPeriod,
  // A program created without a default identifier keeps none until one is chosen.
  defaultPatientIdType: values.defaultPatientIdType === "" ? undefined : values.defaultPatientIdType,
  articles: values.articles.map((a) => ({
    ...(a.articleId ? { articleId: a.articleId } : {}),
    header: a.header,
    url: a.url,
  })),
});

const settingsSchema = z.preprocess((v) => toBody(v as ProgramSettingsValues), updateProgramBody);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
    <Typography variant="h3" sx={{ fontSize: "1.1rem", fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** One of the program's longer texts (consent, disclaimer, alert messages): several lines, full width, its limit below. */
const MessageField = ({
  max,
  ...props
}: Omit<
  ComponentProps<typeof FormTextField<ProgramSettingsValues, ProgramChanges>>,
  "multiline" | "fullWidth" | "helperText"
> & {
  max: number;
}) => <FormTextField {...props} multiline fullWidth helperText={`At most ${max} characters`} />;

/** General settings tab: every section editable with its permission; a sticky bar saves the changes. */
export const ProgramSettingsForm = ({ program, actor }: { program: Program; actor: Grants }) => {
  const rules = programSettingsRules(actor);
  const update = useUpdateProgram(program.programId);
  const imageUpdate = useUpdateProgram(program.programId);
  const imageRemoval = useRemoveProgramImage(program.programId);
  // This screen's own rule (3-settings.md): the save bar knows whether the changes are valid, so errors show as the
  // values change, and the bar says what is not valid yet.
  const form = useSchemaForm(
    settingsSchema as z.ZodType<ProgramChanges, ProgramSettingsValues>,
    valuesOf(program),
    "onChange",
  );
  const articles = useFieldArray({ control: form.control, name: "articles" });
  const { isDirty, isValid, isSubmitting } = form.formState;
  const pending = update.isPending || isSubmitting;

  const onSubmit = async (parsed: ProgramChanges) => {
    const body = parsed as Record<string, unknown>;
    const before = form.formState.defaultValues as ProgramSettingsValues;
    const now = form.getValues();
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(now) as FieldName[]) {
      if (!sameValue(now[key], before[key]) && body[key] !== undefined) changes[key] = body[key];
    }
    // Thresholds are checked together, so a changed one travels with its partner.
    if ("temperatureMin" in changes || "temperatureMax" in changes) {
      changes.temperatureMin = body.temperatureMin ?? null;
      changes.temperatureMax = body.temperatureMax ?? null;
      if (!rules.temperatureEnabled) {
        delete changes.temperatureMin;
        delete changes.temperatureMax;
      }
    }
    try {
      const saved = await update.mutateAsync(changes as ProgramChanges);
      form.reset(valuesOf(saved));
      enqueueSnackbar(messages.programSaved, { variant: "success" });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const nameTaken = error.fieldErrors.find((e) => e.field === "name")?.message;
      if (error.status === 409 && nameTaken) {
        form.setError("name", { type: "server", message: nameTaken }, { shouldFocus: true });
        return;
      }
      applyFieldErrors(error, form.setError, Object.keys(now) as FieldName[]);
    }
  };

  const imageSaved = () => enqueueSnackbar(messages.imageSaved, { variant: "success" });
  const saveImage = (image: { imageUrl: string; thumbnailUrl: string } | null) =>
    image
      ? imageUpdate.mutate(image, { onSuccess: imageSaved })
      : imageRemoval.mutate(undefined, { onSuccess: imageSaved });

  const off = !rules.edit || pending;
  const invalidSummary = (fields: number) =>
    fields === 0
      ? "Some settings are not valid yet: see the messages above"
      : `${fields} setting${fields === 1 ? " is" : "s are"} not valid yet: see the message${fields === 1 ? "" : "s"} above`;

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="General settings" sx={{ maxWidth: 800 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Program settings
      </Typography>
      {rules.edit ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {messages.programSettingsReadOnly}
        </Alert>
      )}

      <Section title="Name and description">
        <ProgramNameFields
          control={form.control}
          disabled={off}
          patientProgramName={
            rules.patientProgramNameVisible ? { disabled: off || !rules.patientProgramNameEnabled } : null
          }
          fullWidth
        />
        {rules.projectPeriod ? <ProjectPeriodField control={form.control} disabled={off} /> : null}
      </Section>

      <Section title="Start date and patient identifier">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Correct what was set when the program was created. The start date cannot be after the first patient consented;
          patients already enrolled keep the identifier they were added with.
        </Typography>
        <FormDateField control={form.control} name="startDate" label="Start date" required disabled={off} />
        <PatientIdTypeFields
          control={form.control}
          disabled={off}
          types={patientIdTypes}
          offerNone={program.defaultPatientIdType === null}
          spaced
        />
      </Section>

      <Section title="Appointments">
        <PopulateNvAppointmentsField control={form.control} disabled={off} />
      </Section>

      {rules.notesVisible ? (
        <Section title="Patient app set up">
          <DisabledNoteTypesField control={form.control} disabled={off || !rules.notesEnabled} />
        </Section>
      ) : null}

      {rules.articlesVisible ? (
        <Section title="Program-specific articles">
          {articles.fields.length === 0 ? <Typography color="text.secondary">No articles yet.</Typography> : null}
          {articles.fields.map((row, index) => (
            <Box
              key={row.id}
              role="group"
              aria-label={`Article ${index + 1}`}
              sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}
            >
              <FormTextField
                control={form.control}
                name={`articles.${index}.header`}
                label={`Article ${index + 1} header`}
                required
                disabled={off}
                sx={{ flex: 1 }}
              />
              <FormTextField
                control={form.control}
                name={`articles.${index}.url`}
                label={`Article ${index + 1} link`}
                required
                disabled={off}
                placeholder="https://"
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={`Remove article ${index + 1}`}
                onClick={() => articles.remove(index)}
                disabled={off}
                sx={{ mt: 3 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => articles.append({ articleId: "", header: "", url: "" })}
            disabled={off || articles.fields.length >= limits.articles.max}
            sx={{ mt: 1 }}
          >
            Add article
          </Button>
        </Section>
      ) : null}

      <Section title="Program image">
        <ImageUpload
          value={
            program.imageUrl && program.thumbnailUrl
              ? { imageUrl: program.imageUrl, thumbnailUrl: program.thumbnailUrl }
              : null
          }
          onChange={saveImage}
          disabled={!rules.image || imageUpdate.isPending}
          successMessage={null}
        />
      </Section>

      {rules.consentVisible ? (
        <Section title="Consent message">
          <MessageField
            control={form.control}
            name="consentMessage"
            label="Consent message"
            minRows={4}
            max={limits.text.consentMessage}
            disabled={off || !rules.consentEnabled}
          />
          {otherLanguagesOf(program).length > 0 ? (
            <>
              <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
                {`The message above is in ${staffLanguageName(territoryLanguages[program.territory][0]!)}, the program's language. Patients who read another of its languages see the message in their language when you give one below; otherwise they see the message above, marked as ${staffLanguageName(territoryLanguages[program.territory][0]!)}.`}
              </Typography>
              {otherLanguagesOf(program).map((language) => (
                <MessageField
                  key={language}
                  control={form.control}
                  name={`consentMessageTranslations.${language}`}
                  label={`Consent message in ${staffLanguageName(language)}`}
                  minRows={3}
                  lang={language}
                  max={limits.text.consentMessage}
                  disabled={off || !rules.consentEnabled}
                  sx={{ mt: 2 }}
                />
              ))}
            </>
          ) : null}
        </Section>
      ) : null}

      <Section title="Disclaimer">
        <MessageField
          control={form.control}
          name="disclaimer"
          label="Disclaimer"
          minRows={3}
          max={limits.text.disclaimer}
          disabled={off}
        />
      </Section>

      <Section title="Adverse event reporting message">
        <MessageField
          control={form.control}
          name="adverseEventReportingMessage"
          label="Adverse event reporting message"
          minRows={2}
          max={limits.text.adverseEventMessage}
          disabled={off}
        />
      </Section>

      {rules.temperatureVisible ? (
        <Section title="High/low temperature alert">
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <FormTextField
              control={form.control}
              name="temperatureMin"
              label="Low temperature (°C)"
              disabled={off || !rules.temperatureEnabled}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
            <FormTextField
              control={form.control}
              name="temperatureMax"
              label="High temperature (°C)"
              disabled={off || !rules.temperatureEnabled}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
          </Box>
          <MessageField
            control={form.control}
            name="temperatureMessage"
            label="Temperature alert message"
            minRows={2}
            max={limits.text.temperatureMessage}
            disabled={off || !rules.temperatureEnabled}
          />
        </Section>
      ) : null}

      {can(actor, "view_project_symptom_severity_threshold") ? (
        <Section title="Default alert message">
          <Typography sx={{ mb: 1 }}>{readinessTexts.defaultAlertMessageHint}</Typography>
          <MessageField
            control={form.control}
            name="defaultAlertMessage"
            label="Default alert message"
            minRows={2}
            max={alertMessageMaxLength}
            disabled={off || !can(actor, "edit_project_symptom_severity_threshold")}
          />
        </Section>
      ) : null}

      {/* The bar stays while the form is invalid and says why Save is off: hidden, it took the
          Discard button with it and left the admin guessing. */}
      {isDirty ? (
        <Paper
          role="region"
          aria-label="Unsaved changes"
          elevation={6}
          sx={{
            position: "sticky",
            bottom: 0,
            zIndex: 2,
            p: 2,
            display: "flex",
            justifyContent: "flex-end",
            alignItems: "center",
            flexWrap: "wrap",
            gap: 2,
          }}
        >
          {isValid ? null : (
            <Typography role="status" color="error" sx={{ mr: "auto" }}>
              {invalidSummary(Object.keys(form.formState.errors).length)}
            </Typography>
          )}
          <Button onClick={() => form.reset()} disabled={pending}>
            Discard changes
          </Button>
          <FormSubmitButton pending={update.isPending} requireValid>
            Save changes
          </FormSubmitButton>
        </Paper>
      ) : null}
      <LeaveGuard when={isDirty} />
    </Form>
  );
};
