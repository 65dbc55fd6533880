import { Alert, Box, Button, Paper, Typography } from "@mui/material";
import {
  type LogItem,
  type PatientDose,
  type PatientProgram,
  symptomGradeLabels,
  patientMessages as t,
} from "@openpro/core";
import { useState } from "react";
import { useMyHistory, useSymptomCatalogue } from "../api";
import { formatDay } from "../local-time";
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

const unitLabel: Record<string, string> = { C: "°C", F: "°F", kg: "kg", lb: "lb" };
/** What the patient typed (the value in its original unit), else the stored one. */
const asTyped = (data: LogItem["data"]) => {
  const value = data.originalValue ?? data.value;
  const unit = data.originalUnit ?? data.unit;
  return value === null || value === undefined ? "" : `${value} ${unitLabel[unit ?? ""] ?? unit ?? ""}`.trim();
};

const classTitle: Record<string, string> = {
  TEMPERATURE: t.temperature,
  WEIGHT: t.weight,
  ACTIVITY: t.logActivityTitle,
  FEELING: t.logFeelingTitle,
  MOOD: t.logFeelingTitle,
};

const logEntry = (log: LogItem, symptomName: (id: string) => string): Entry => {
  const lines: string[] = [];
  let title = classTitle[log.logClass] ?? t.historyOther(log.logClass.toLowerCase().replace("_", " "));
  if (log.logClass === "SYMPTOMS") {
    title = symptomName(log.logTypeId ?? "");
    lines.push(t.historyGrade(symptomGradeLabels[log.level?.grade ?? 0] ?? ""));
  } else if (log.logClass === "TEMPERATURE") lines.push(t.historyTemperature(asTyped(log.data)));
  else if (log.logClass === "WEIGHT") lines.push(t.historyWeight(asTyped(log.data)));
  else if (log.logClass === "ACTIVITY") {
    if (log.data.steps !== undefined) lines.push(t.historySteps(log.data.steps));
    if (log.data.durationMinutes !== undefined)
      lines.push(`${log.data.activityType ?? ""}: ${t.historyMinutes(log.data.durationMinutes)}`);
  } else if (log.logClass === "FEELING" || log.logClass === "MOOD") {
    lines.push(t.historyFeeling(t.feelingLabels[(log.data.value ?? 1) - 1] ?? String(log.data.value)));
  }
  if (log.data.note) lines.push(t.historyNote(log.data.note));
  return { id: log.logId, at: log.date, day: log.localDate, title, lines, removed: log.validationStatus === "Removed" };
};

const doseEntry = (dose: PatientDose): Entry => ({
  id: dose.medicationEventId,
  at: dose.date,
  day: dose.localDate,
  title: dose.medicationName,
  lines: [
    dose.status === "SKIPPED"
      ? t.historyDoseSkipped(dose.medicationName, dose.skipReason ? (t.skipReasons[dose.skipReason] ?? null) : null)
      : t.historyDoseTaken(dose.medicationName),
  ],
  removed: false,
});

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

/** The last four weeks of what the patient sent (logs and doses), by day, newest first. */
export const HistoryList = ({ program }: { program: PatientProgram }) => {
  const history = useMyHistory(program.programId);
  const catalogue = useSymptomCatalogue();
  // A week of days at a time: a long list is hard to read (and slow) on a phone.
  const [shownDays, setShownDays] = useState(DAYS_AT_A_TIME);
  const symptomName = (id: string) => catalogue.data?.find((s) => s.logTypeId === id)?.name ?? t.logSymptomTitle;
  if (history.isPending) return <Typography>{t.loading}</Typography>;
  if (history.isError) return <Alert severity="error">{t.historyFailed}</Alert>;
  const entries = [
    ...history.data.results.map((log) => logEntry(log, symptomName)),
    ...history.data.doses.map(doseEntry),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const allDays = [...new Set(entries.map((e) => e.day))];
  const days = allDays.slice(0, shownDays);
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Typography>{t.historyIntro}</Typography>
      {entries.length === 0 ? <Alert severity="info">{t.historyEmpty}</Alert> : null}
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
                    {time(entry.at)} · {entry.title}
                  </Typography>
                  {entry.lines.map((line) => (
                    <Typography key={line}>{line}</Typography>
                  ))}
                  {entry.removed ? <Typography color="text.secondary">{t.historyRemoved}</Typography> : null}
                </Paper>
              ))}
          </Box>
        </Box>
      ))}
      {allDays.length > days.length ? (
        <Button variant="outlined" sx={touch} onClick={() => setShownDays((n) => n + DAYS_AT_A_TIME)}>
          {t.historyMore}
        </Button>
      ) : null}
    </Box>
  );
};
