import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  type CustomQuestionnaire,
  joinParagraphs,
  messages,
  type PatchQuestionnaireInput,
  splitParagraphs,
  validateCustomQuestionnaire,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { Loading } from "../../../components/loading";
import { problemLines, usePatchQuestionnaire, useQuestionnaireScheme, useUpdateCustomQuestionnaire } from "../api";
import { type ChosenJson, JsonFileField } from "./json-file-field";

/** 'Upload questionnaire JSON': a new configuration for this questionnaire (its questions stay). */
const UploadJsonDialog = ({
  programId,
  questionnaireId,
  open,
  onClose,
}: {
  programId: string;
  questionnaireId: string;
  open: boolean;
  onClose: () => void;
}) => {
  const titleId = useId();
  const [chosen, setChosen] = useState<ChosenJson | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateCustomQuestionnaire(programId, questionnaireId);
  const close = () => {
    setChosen(null);
    setSubmitted(false);
    update.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Upload questionnaire JSON</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Upload the configuration file of this questionnaire. The questions (the transcript) are not changed: to
            change them, delete the questionnaire and create it again.
          </DialogContentText>
          <JsonFileField
            label="Configuration file"
            onChosen={(c) => {
              setChosen(c);
              update.reset();
            }}
            problems={problemLines(update.error, "specification.")}
            showMissing={submitted}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={update.isPending}
          onClick={() => {
            setSubmitted(true);
            if (!chosen) return;
            update.mutate(chosen.json, {
              onSuccess: () => {
                enqueueSnackbar(messages.questionnaireUpdated, { variant: "success" });
                close();
              },
            });
          }}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
};

interface TextsForm {
  imageUrl: string;
  intro: string;
  help: Record<string, string>;
}

const textsOf = (q: CustomQuestionnaire): TextsForm => ({
  imageUrl: q.imageUrl ?? "",
  intro: joinParagraphs(q.introductionText),
  help: Object.fromEntries(
    q.questions.flatMap((x) => (x.type === "helpText" ? [[x.id, joinParagraphs(x.data.text)]] : [])),
  ),
});

/** Only the fields that changed, texts split into paragraphs on blank lines. */
export const changedTexts = (before: TextsForm, after: TextsForm): PatchQuestionnaireInput => {
  const patch: PatchQuestionnaireInput = {};
  if (after.imageUrl.trim() !== before.imageUrl.trim()) patch.imageUrl = after.imageUrl.trim() || null;
  if (splitParagraphs(after.intro).join("\n\n") !== splitParagraphs(before.intro).join("\n\n"))
    patch.introductionText = splitParagraphs(after.intro);
  const help = Object.keys(after.help)
    .filter(
      (id) =>
        splitParagraphs(after.help[id] ?? "").join("\n\n") !== splitParagraphs(before.help[id] ?? "").join("\n\n"),
    )
    .map((id) => ({ questionId: id, text: splitParagraphs(after.help[id] ?? "") }));
  if (help.length) patch.helpTexts = help;
  return patch;
};

const EditForm = ({
  programId,
  id,
  name,
  questionnaire,
  listPath,
}: {
  programId: string;
  id: string;
  name: string;
  questionnaire: CustomQuestionnaire;
  listPath: string;
}) => {
  const navigate = useNavigate();
  const initial = textsOf(questionnaire);
  const [form, setForm] = useState<TextsForm>(initial);
  const [uploading, setUploading] = useState(false);
  const patch = usePatchQuestionnaire(programId, id);
  const changes = changedTexts(initial, form);
  const dirty = Object.keys(changes).length > 0;
  const helpQuestions = questionnaire.questions.filter((q) => q.type === "helpText");
  const problems = problemLines(patch.error);

  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <Typography variant="h2">{name}</Typography>
      <Box>
        <Button variant="outlined" onClick={() => setUploading(true)}>
          Upload questionnaire JSON
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Intro">
        <Typography variant="h3" sx={{ mb: 2 }}>
          Intro
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Image URL"
            value={form.imageUrl}
            onChange={(e) => setForm({ ...form, imageUrl: e.target.value })}
            disabled={patch.isPending}
          />
          <TextField
            label="Intro text"
            multiline
            minRows={4}
            value={form.intro}
            onChange={(e) => setForm({ ...form, intro: e.target.value })}
            helperText="Leave a blank line between paragraphs."
            disabled={patch.isPending}
          />
        </Stack>
      </Paper>
      {helpQuestions.map((q) => {
        const title = `Help text, Section: ${q.section ?? "—"}, Question: ${q.index}`;
        return (
          <Paper key={q.id} variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
            <Typography variant="h3" sx={{ mb: 2 }}>
              {title}
            </Typography>
            <TextField
              label="Help text"
              fullWidth
              multiline
              minRows={3}
              value={form.help[q.id] ?? ""}
              onChange={(e) => setForm({ ...form, help: { ...form.help, [q.id]: e.target.value } })}
              disabled={patch.isPending}
            />
          </Paper>
        );
      })}
      {patch.isError ? (
        <Alert severity="error">
          {messages.questionnaireUpdateFailed}
          {problems.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          disabled={!dirty || patch.isPending}
          onClick={() =>
            patch.mutate(changes, {
              onSuccess: () => {
                enqueueSnackbar(messages.questionnaireUpdated, { variant: "success" });
                navigate(`${listPath}#${id}`, { state: skipLeaveGuard });
              },
            })
          }
        >
          Save
        </Button>
        <Button onClick={() => navigate(`${listPath}#${id}`)}>Cancel</Button>
      </Stack>
      <UploadJsonDialog
        programId={programId}
        questionnaireId={id}
        open={uploading}
        onClose={() => setUploading(false)}
      />
      <LeaveGuard when={dirty && !patch.isSuccess} />
    </Stack>
  );
};

/** Edit custom questionnaire: its intro and help texts, and a new configuration file. */
export const CustomQuestionnaireEdit = ({
  programId,
  id,
  listPath,
}: {
  programId: string;
  id: string;
  listPath: string;
}) => {
  const scheme = useQuestionnaireScheme(programId, id);
  if (scheme.isPending) return <Loading />;
  const parsed = scheme.data?.specification ? validateCustomQuestionnaire(scheme.data.specification) : null;
  if (scheme.isError || !parsed?.ok || scheme.data.type !== "questionnaire")
    return <Alert severity="error">{messages.customQuestionnaireMissing}</Alert>;
  // Remounted when the stored scheme changes (after an upload), so the form starts from it.
  return (
    <EditForm
      key={JSON.stringify(scheme.data.specification)}
      programId={programId}
      id={id}
      name={scheme.data.name}
      questionnaire={parsed.questionnaire}
      listPath={listPath}
    />
  );
};
