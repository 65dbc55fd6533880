import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type CustomQuestion, messages, questionnaireSettingsLimits, type SchemeSummary } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { CancelDialog, LeaveGuard, skipLeaveGuard } from "../../../components/leave-guard";
import { fieldMessages, problemLines, useCreateCustomQuestionnaire, useValidateSpecification } from "../api";
import { type ChosenJson, JsonFileField } from "./json-file-field";
import { questionTypeLabels } from "./question-types";

/** The review step: what the server read from the file. */
const SummaryTable = ({ name, summary }: { name: string; summary: SchemeSummary }) => (
  <Table size="small" aria-label="Questionnaire summary">
    <TableBody>
      {[
        ["Name", name],
        ["Title in the file", summary.title || "—"],
        ["Questions", String(summary.questionCount)],
        ["Sections", summary.sections.join(", ") || "—"],
        ["Help texts", String(summary.helpTextCount)],
        ["Questions that branch", String(summary.branchingQuestionCount)],
        ["Questions in the aggregate score", String(summary.aggregateQuestionCount)],
        [
          "Question types",
          Object.entries(summary.questionTypes)
            .map(([type, count]) => `${questionTypeLabels[type as CustomQuestion["type"]] ?? type}: ${count}`)
            .join(", "),
        ],
      ].map(([label, value]) => (
        <TableRow key={label}>
          <TableCell component="th" scope="row">
            {label}
          </TableCell>
          <TableCell>{value}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** Create custom questionnaire: a name and a JSON file, checked by the server, reviewed, then confirmed. */
export const CustomQuestionnaireCreate = ({ programId, listPath }: { programId: string; listPath: string }) => {
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<ChosenJson | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [summary, setSummary] = useState<SchemeSummary | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const validate = useValidateSpecification(programId);
  const create = useCreateCustomQuestionnaire(programId);

  const trimmed = name.trim();
  const nameError = !trimmed
    ? messages.customQuestionnaireName
    : trimmed.length > questionnaireSettingsLimits.customNameMax
      ? messages.maxLength(questionnaireSettingsLimits.customNameMax)
      : null;
  const serverName = fieldMessages(create.error).name;
  const dirty = name !== "" || chosen !== null;

  const review = () => {
    setSubmitted(true);
    if (nameError || !chosen) return;
    validate.mutate(chosen.json, { onSuccess: setSummary });
  };
  const confirm = () => {
    if (!chosen) return;
    create.mutate(
      { name: trimmed, specification: chosen.json },
      {
        onSuccess: (created) => {
          enqueueSnackbar(messages.questionnaireCreated(created.name), { variant: "success" });
          navigate(`${listPath}#${created.id}`, { state: skipLeaveGuard });
        },
        onError: () => setSummary(null),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 640 }}>
      <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
        Create custom questionnaire
      </Typography>
      <Stack spacing={3}>
        <TextField
          label="Questionnaire name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          error={(submitted && !!nameError) || !!serverName}
          helperText={(submitted && nameError) || serverName || " "}
        />
        <JsonFileField
          label="Questionnaire JSON file"
          onChosen={(c) => {
            setChosen(c);
            validate.reset();
          }}
          problems={[
            ...problemLines(validate.error, "specification."),
            ...problemLines(create.error, "specification."),
          ].filter((line) => !line.startsWith("name:"))}
          showMissing={submitted}
        />
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={review} disabled={validate.isPending}>
            Review
          </Button>
          <Button onClick={() => (dirty ? setCancelling(true) : navigate(listPath))}>Cancel</Button>
        </Stack>
      </Stack>
      <Dialog open={!!summary} onClose={() => setSummary(null)} aria-labelledby={`${titleId}-review`}>
        <DialogTitle id={`${titleId}-review`}>Review questionnaire</DialogTitle>
        <DialogContent>{summary ? <SummaryTable name={trimmed} summary={summary} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setSummary(null)} disabled={create.isPending}>
            Back
          </Button>
          <Button variant="contained" onClick={confirm} disabled={create.isPending}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
      <CancelDialog
        open={cancelling}
        onStay={() => setCancelling(false)}
        onLeave={() => navigate(listPath, { state: skipLeaveGuard })}
      />
      <LeaveGuard when={dirty && !create.isSuccess} />
    </Box>
  );
};
