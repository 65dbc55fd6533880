import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  type LogItem,
  type PatientDose,
  type PatientProgram,
  type PatientTextKey,
  patientGradeChoices,
  patientSymptomName,
  type SymptomWords,
} from "@openpro/core";
import { useState } from "react";
import { formatDay, formatTime, formatUnit, hasPatientText, t } from "../../lib/patient-text";
import { useMyHistory, useSymptomCatalogue } from "../api";
import { usePatientSymptomWords } from "../symptom-words";
import { touch } from "./me-layout";

const DAYS_AT_A_TIME = 7;

interface Entry {
  id: string;
  at: string;
  day: string;
  title: string;
  lines: string[];
  removed: boolean;
}

const intlUnit = { C: "celsius", F: "fahrenheit", kg: "kilogram", lb: "pound" } as const;
/** What the patient typed (the value in its original unit), else the stored one, as their locale writes it. */
const asTyped = (data: LogItem["data"]) => {
  const value = data.originalValue ?? data.value;
  const unit = data.originalUnit ?? data.unit;
  if (value === null || value === undefined) return "";
  const known = intlUnit[(unit ?? "") as keyof typeof intlUnit];
  return known ? formatUnit(Number(value), known) : `${value} ${unit ?? ""}`.trim();
};

const classTitle: Record<string, PatientTextKey> = {
  TEMPERATURE: "temperature",
  WEIGHT: "weight",
  ACTIVITY: "logActivityTitle",
  FEELING: "logFeelingTitle",
  MOOD: "logFeelingTitle",
};
const activityLabel: Record<string, PatientTextKey> = {
  steps: "activitySteps",
  walking: "activityWalking",
  cycling: "activityCycling",
  other: "activityOther",
};
const feelingLabel = (value: number) => {
  const key = `feeling${value}`;
  return hasPatientText(key) ? t(key) : String(value);
};
/** A skip reason the app offers, in the patient's words; another (from an older app) as it was sent. */
export const skipReasonLabel = (reason: string) => {
  const key = `skipReason_${reason}`;
  return hasPatientText(key) ? t(key) : reason;
};

/** The grade the patient chose, in the words they chose it by (the symptom group's), else the app's five. */
const gradeWords = (log: LogItem, words: SymptomWords) => {
  const grade = Math.min(4, Math.max(0, log.level?.grade ?? 0));
  const choice = patientGradeChoices(log.logTypeId ?? "", words).find((c) => c.grade === grade);
  return choice?.label || t(`grade${grade}` as PatientTextKey);
};

const logEntry = (log: LogItem, symptomName: (id: string) => string, words: SymptomWords): Entry => {
  const lines: string[] = [];
  const titleKey = classTitle[log.logClass];
  let title = titleKey ? t(titleKey) : log.logClass.toLowerCase().replace("_", " ");
  if (log.logClass === "SYMPTOMS") {
    title = symptomName(log.logTypeId ?? "");
    lines.push(t("historyGrade", { label: gradeWords(log, words) }));
  } else if (log.logClass === "TEMPERATURE") lines.push(t("historyTemperature", { value: asTyped(log.data) }));
  else if (log.logClass === "WEIGHT") lines.push(t("historyWeight", { value: asTyped(log.data) }));
  else if (log.logClass === "ACTIVITY") {
    if (log.data.steps !== undefined) lines.push(t("historySteps", { steps: log.data.steps }));
    if (log.data.durationMinutes !== undefined)
      lines.push(
        `${t(activityLabel[String(log.data.activityType ?? "").toLowerCase()] ?? "activityOther")}: ${t("historyMinutes", { minutes: log.data.durationMinutes })}`,
      );
  } else if (log.logClass === "FEELING" || log.logClass === "MOOD") {
    lines.push(t("historyFeeling", { label: feelingLabel(Number(log.data.value ?? 1)) }));
  }
  if (log.data.note) lines.push(t("historyNote", { note: log.data.note }));
  return { id: log.logId, at: log.date, day: log.localDate, title, lines, removed: log.validationStatus === "Removed" };
};

const doseEntry = (dose: PatientDose): Entry => ({
  id: dose.medicationEventId,
  at: dose.date,
  day: dose.localDate,
  title: dose.medicationName,
  lines: [
    dose.status === "SKIPPED"
      ? dose.skipReason
        ? t("historyDoseSkippedBecause", { name: dose.medicationName, reason: skipReasonLabel(dose.skipReason) })
        : t("historyDoseSkipped", { name: dose.medicationName })
      : t("historyDoseTaken", { name: dose.medicationName }),
  ],
  removed: false,
});

/** The last four weeks of what the patient sent (logs and doses), by day, newest first. */
export const HistoryList = ({ program }: { program: PatientProgram }) => {
  const history = useMyHistory(program.programId);
  const catalogue = useSymptomCatalogue();
  const { words } = usePatientSymptomWords();
  // A week of days at a time: a long list is hard to read (and slow) on a phone.
  const [shownDays, setShownDays] = useState(DAYS_AT_A_TIME);
  // The symptom by the plain name the patient logged it by, in their language.
  const symptomName = (id: string) => {
    const symptom = catalogue.data?.find((s) => s.logTypeId === id);
    return symptom ? patientSymptomName(symptom, words) : t("logSymptomTitle");
  };
  if (history.isPending) return <Typography>{t("loading")}</Typography>;
  if (history.isError) return <Alert severity="error">{t("historyFailed")}</Alert>;
  const entries = [
    ...history.data.results.map((log) => logEntry(log, symptomName, words)),
    ...history.data.doses.map(doseEntry),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const allDays = [...new Set(entries.map((e) => e.day))];
  const days = allDays.slice(0, shownDays);
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Typography>{t("historyIntro")}</Typography>
      {entries.length === 0 ? <Alert severity="info">{t("historyEmpty")}</Alert> : null}
      {days.map((day) => (
        <Box component="section" key={day} aria-labelledby={`me-day-${day}`}>
          <Typography id={`me-day-${day}`} variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            {formatDay(day)}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
            {entries
              .filter((e) => e.day === day)
              .map((entry) => (
                <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {formatTime(entry.at)} · {entry.title}
                  </Typography>
                  {entry.lines.map((line) => (
                    <Typography key={line}>{line}</Typography>
                  ))}
                  {entry.removed ? <Typography color="text.secondary">{t("historyRemoved")}</Typography> : null}
                </Paper>
              ))}
          </Box>
        </Box>
      ))}
      {allDays.length > days.length ? (
        <Button variant="outlined" sx={touch} onClick={() => setShownDays((n) => n + DAYS_AT_A_TIME)}>
          {t("historyMore")}
        </Button>
      ) : null}
    </Box>
  );
};
