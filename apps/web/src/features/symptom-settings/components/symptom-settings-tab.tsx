import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  alertGradeRange,
  alertMessageBody,
  alertMessageMaxLength,
  can,
  type Grants,
  type LogType,
  maxPrioritisedSymptoms,
  messages,
  type PatientLanguage,
  programDefaultLanguage,
  type SevereSymptomMessage,
  type Territory,
  territoryLanguages,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { Loading } from "../../../components/loading";
import { staffLanguageName } from "../../../lib/format";
import { applyFieldErrors } from "../../../lib/forms";
import type { Program } from "../../../lib/wire";
import {
  type AlertMessageChanges,
  errorText,
  useAddSymptomGrade,
  useAlertMessages,
  useDeleteAlertMessage,
  useDeleteSymptomGrade,
  usePrioritisedSymptoms,
  useSaveAlertMessage,
  useSavePrioritisedSymptoms,
  useSymptomCatalogue,
} from "../api";
import { DeleteConfirmDialog } from "./delete-confirm-dialog";
import { SymptomReminders, type SymptomSectionProps } from "./symptom-reminders";

const grades = Array.from({ length: alertGradeRange.max - alertGradeRange.min + 1 }, (_, i) => alertGradeRange.min + i);

/** Prioritised symptoms: a searchable multi-select of the catalogue, at most 10. */
const PrioritisedSymptoms = ({ programId, catalogue, editable }: SymptomSectionProps) => {
  const saved = usePrioritisedSymptoms(programId);
  const save = useSavePrioritisedSymptoms(programId);
  const [chosen, setChosen] = useState<LogType[] | null>(null);
  const headingId = useId();
  if (saved.isPending) return <Loading label="Loading prioritised symptoms" />;
  if (saved.isError) return <Alert severity="error">{errorText(saved.error)}</Alert>;
  const current =
    chosen ??
    saved.data.logTypes.flatMap((ref) => catalogue.filter((t) => t.identifier === ref.identifier).slice(0, 1));
  const tooMany = current.length > maxPrioritisedSymptoms;
  const onSave = () =>
    save.mutate(
      current.map((t) => t.identifier),
      {
        onSuccess: () => {
          setChosen(null);
          enqueueSnackbar(messages.symptomSaved, { variant: "success" });
        },
        onError: (error) => enqueueSnackbar(errorText(error), { variant: "error" }),
      },
    );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Prioritised symptoms
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Patients see these symptoms first in the app. Choose up to {maxPrioritisedSymptoms}.
      </Typography>
      <Autocomplete
        multiple
        options={catalogue}
        value={current}
        disabled={!editable || save.isPending}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
        groupBy={(o) => o.category}
        onChange={(_, value) => setChosen(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Prioritised symptoms"
            placeholder="Search symptoms"
            error={tooMany}
            helperText={
              tooMany ? messages.prioritisedSymptomsMax : `${current.length} of ${maxPrioritisedSymptoms} chosen`
            }
          />
        )}
      />
      {editable ? (
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
          <Button variant="contained" onClick={onSave} disabled={tooMany || chosen === null || save.isPending}>
            Save prioritised symptoms
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
};

type Texts = Partial<Record<PatientLanguage, string>>;

/** The alert message as the form holds it: the text in the program's language and one per other language. */
type AlertMessageValues = z.input<typeof alertMessageBody> & { messageTranslations: Texts };

/** The program's language (its territory's first) and the others a message may be given in (issue 31 §3). */
const languagesOf = (territory: Territory) => ({
  defaultLanguage: programDefaultLanguage(territory),
  otherLanguages: territoryLanguages[territory].slice(1),
});

/** The form's values of a message: one field per other language of the territory, each filled with its text. */
const valuesOf = (alert: SevereSymptomMessage | undefined, otherLanguages: readonly PatientLanguage[]) => ({
  message: alert?.message ?? "",
  messageTranslations: Object.fromEntries(
    otherLanguages.map((language) => [language, alert?.messageTranslations?.[language] ?? ""]),
  ) as Texts,
});

const alertMessageSchema = alertMessageBody as z.ZodType<AlertMessageChanges, AlertMessageValues>;

/** One alert card: the message the patient sees (in each of the program's languages), and the symptom-and-grade pairs that show it. */
const AlertCard = ({
  programId,
  territory,
  alert,
  position,
  catalogue,
  editable,
  onSaved,
  onDiscard,
}: {
  programId: string;
  territory: Territory;
  alert?: SevereSymptomMessage;
  position: number;
  catalogue: LogType[];
  editable: boolean;
  onSaved?: () => void;
  onDiscard?: () => void;
}) => {
  const headingId = useId();
  const save = useSaveAlertMessage(programId);
  const remove = useDeleteAlertMessage(programId);
  const addGrade = useAddSymptomGrade(programId);
  const deleteGrade = useDeleteSymptomGrade(programId);
  const { defaultLanguage, otherLanguages } = languagesOf(territory);
  const form = useSchemaForm(alertMessageSchema, valuesOf(alert, otherLanguages));
  const text = form.watch("message") ?? "";
  const [symptom, setSymptom] = useState<LogType | null>(null);
  const [grade, setGrade] = useState<string>("");
  const [pairError, setPairError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const title = alert ? `Alert ${position}` : `New alert ${position}`;
  const defaultName = staffLanguageName(defaultLanguage);

  const onSave = async (body: AlertMessageChanges) => {
    try {
      const saved = await save.mutateAsync({ messageId: alert?.id, body });
      form.reset(valuesOf(saved, otherLanguages));
      enqueueSnackbar(messages.alertSaved, { variant: "success" });
      onSaved?.();
    } catch (error) {
      const fields = ["message", ...otherLanguages.map((l) => `messageTranslations.${l}` as const)] as const;
      if (!applyFieldErrors(error, form.setError, fields)) enqueueSnackbar(errorText(error), { variant: "error" });
    }
  };
  const onAddPair = () => {
    if (!alert) return;
    if (!symptom) return setPairError(messages.logTypeUnknown);
    if (grade === "") return setPairError(messages.symptomGradeRange);
    setPairError(undefined);
    addGrade.mutate(
      { messageId: alert.id, identifier: symptom.identifier, grade: Number(grade) },
      {
        onSuccess: () => {
          setSymptom(null);
          setGrade("");
          enqueueSnackbar(messages.symptomGradeSaved, { variant: "success" });
        },
        onError: (error) => setPairError(error instanceof Error && error.message ? error.message : messages.oops),
      },
    );
  };

  const off = !editable || save.isPending;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h4" id={headingId} sx={{ mb: 1, fontSize: "1.1rem", fontWeight: 600 }}>
        {title}
      </Typography>
      <Form form={form} onSubmit={onSave} aria-label={`${title} message`}>
        <FormTextField
          control={form.control}
          name="message"
          label="Alert message"
          multiline
          minRows={3}
          fullWidth
          lang={defaultLanguage}
          disabled={off}
          helperText={
            otherLanguages.length > 0
              ? `In ${defaultName}, the program's language. ${text.length}/${alertMessageMaxLength}`
              : `${text.length}/${alertMessageMaxLength}`
          }
        />
        {otherLanguages.map((language) => (
          <FormTextField
            key={language}
            control={form.control}
            name={`messageTranslations.${language}`}
            label={`Alert message in ${staffLanguageName(language)}`}
            multiline
            minRows={2}
            fullWidth
            lang={language}
            disabled={off}
            helperText={`At most ${alertMessageMaxLength} characters. Left blank: patients reading ${staffLanguageName(language)} see the ${defaultName} message, marked as ${defaultName}.`}
            sx={{ mt: 2 }}
          />
        ))}
        {editable ? (
          <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
            <FormSubmitButton pending={save.isPending}>Save alert</FormSubmitButton>
          </Box>
        ) : null}
      </Form>
      {alert ? (
        <Box sx={{ mt: 2 }}>
          <Typography component="h5" sx={{ fontWeight: 600, mb: 1 }}>
            Symptoms and grades that show this message
          </Typography>
          {alert.severeSymptomGrade.length === 0 ? (
            <Typography color="text.secondary">No symptom yet.</Typography>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: "wrap" }}
              component="ul"
              aria-label={`${title} symptoms`}
              style={{ listStyle: "none", padding: 0, margin: 0 }}
            >
              {alert.severeSymptomGrade.map((pair) => (
                <li key={`${pair.logType.identifier}-${pair.grade}`}>
                  <Chip
                    label={`${pair.logType.name} – grade ${pair.grade}`}
                    {...(editable
                      ? {
                          onDelete: () =>
                            deleteGrade.mutate(
                              { messageId: alert.id, identifier: pair.logType.identifier, grade: pair.grade },
                              {
                                onSuccess: () => enqueueSnackbar(messages.symptomGradeDeleted, { variant: "success" }),
                                onError: (error) => enqueueSnackbar(errorText(error), { variant: "error" }),
                              },
                            ),
                        }
                      : {})}
                  />
                </li>
              ))}
            </Stack>
          )}
          {editable ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 2, alignItems: { sm: "flex-start" } }}>
              <Autocomplete
                options={catalogue}
                value={symptom}
                onChange={(_, value) => setSymptom(value)}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.identifier === b.identifier}
                sx={{ width: { xs: "100%", sm: 300 } }}
                renderInput={(params) => <TextField {...params} label="Symptom" error={!!pairError} />}
              />
              <TextField
                select
                label="Grade"
                value={grade}
                onChange={(e) => setGrade(e.target.value)}
                sx={{ width: { xs: "100%", sm: 120 } }}
                error={!!pairError}
              >
                {grades.map((g) => (
                  <MenuItem key={g} value={String(g)}>
                    {g}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                onClick={onAddPair}
                disabled={addGrade.isPending}
                sx={{ whiteSpace: "nowrap", alignSelf: { sm: "center" } }}
              >
                Add symptom
              </Button>
            </Stack>
          ) : null}
          {pairError ? (
            <FormHelperText error role="alert">
              {pairError}
            </FormHelperText>
          ) : null}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Save the message, then add the symptoms and grades that show it.
        </Typography>
      )}
      {editable ? (
        <Box sx={{ display: "flex", gap: 1, mt: 2, justifyContent: "flex-end" }}>
          <Button
            color="error"
            variant="outlined"
            onClick={() => (alert ? setConfirming(true) : onDiscard?.())}
            disabled={remove.isPending}
          >
            Delete alert
          </Button>
        </Box>
      ) : null}
      <DeleteConfirmDialog
        id={confirming && alert ? alert.id : null}
        title="Delete alert?"
        remove={remove}
        deletedMessage={messages.alertDeleted}
        onClose={() => setConfirming(false)}
      >
        Patients will no longer see this message for its symptoms.
      </DeleteConfirmDialog>
    </Paper>
  );
};

const AlertCards = ({ programId, territory, catalogue, editable }: SymptomSectionProps & { territory: Territory }) => {
  const list = useAlertMessages(programId);
  const [drafts, setDrafts] = useState<number[]>([]);
  const [next, setNext] = useState(1);
  const headingId = useId();
  if (list.isPending) return <Loading label="Loading alert messages" />;
  if (list.isError) return <Alert severity="error">{errorText(list.error)}</Alert>;
  const without = (key: number) => setDrafts((d) => d.filter((k) => k !== key));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Symptom severity alerts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        When a patient logs one of these symptoms at its grade, the app shows them the message, and the care team gets
        an alert.
      </Typography>
      <Stack spacing={2}>
        {list.data.map((alert, i) => (
          <AlertCard
            key={alert.id}
            programId={programId}
            territory={territory}
            alert={alert}
            position={i + 1}
            catalogue={catalogue}
            editable={editable}
          />
        ))}
        {drafts.map((key, i) => (
          <AlertCard
            key={`draft-${key}`}
            programId={programId}
            territory={territory}
            position={list.data.length + i + 1}
            catalogue={catalogue}
            editable={editable}
            onSaved={() => without(key)}
            onDiscard={() => without(key)}
          />
        ))}
      </Stack>
      {editable ? (
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => {
            setDrafts((d) => [...d, next]);
            setNext((n) => n + 1);
          }}
        >
          Add alert
        </Button>
      ) : null}
    </Box>
  );
};

/** The Symptom settings tab (needs view of the symptom severity threshold; edits need its edit permission). */
export const SymptomSettingsTab = ({ program, actor }: { program: Program; actor: Grants }) => {
  const catalogue = useSymptomCatalogue();
  const editable = can(actor, "edit_project_symptom_severity_threshold");
  if (catalogue.isPending) return <Loading label="Loading the symptom list" />;
  if (catalogue.isError) return <Alert severity="error">{errorText(catalogue.error)}</Alert>;
  return (
    <Stack spacing={3}>
      <Typography variant="h2">Symptom settings</Typography>
      <PrioritisedSymptoms programId={program.programId} catalogue={catalogue.data} editable={editable} />
      <SymptomReminders programId={program.programId} catalogue={catalogue.data} editable={editable} />
      <AlertCards
        programId={program.programId}
        territory={program.territory}
        catalogue={catalogue.data}
        editable={editable}
      />
    </Stack>
  );
};
