import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import type { LogUpload, PatientProgram } from "@openpro/core";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useSubmitLog } from "../api";
import { localIsoWithOffset } from "../local-time";
import type { SubmitOutcome } from "../outbox";
import { LogOutcome } from "./log-outcome";
import { touch } from "./me-layout";
import { optionSx } from "./symptom-log-form";

/** Sends one log through the outbox and shows what became of it (focus moves to the outcome). */
const useLogForm = (program: PatientProgram) => {
  const submit = useSubmitLog();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const send = (log: LogUpload, onSent: () => void) =>
    submit.mutate(
      { programId: program.programId, log },
      {
        onSuccess: (result) => {
          setOutcome(result);
          if (result.status !== "refused") onSent();
          requestAnimationFrame(() => outcomeRef.current?.focus());
        },
      },
    );
  const outcomeBox: ReactNode = (
    <Box ref={outcomeRef} tabIndex={-1} sx={{ outline: "none" }}>
      {outcome ? <LogOutcome outcome={outcome} program={program} /> : null}
    </Box>
  );
  return { send, outcomeBox, pending: submit.isPending };
};

/** A whole number as typed, or null (empty or not a whole number). */
const wholeNumber = (text: string): number | null => {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
};

const activities = [
  { value: "Steps", label: "activitySteps" },
  { value: "Walking", label: "activityWalking" },
  { value: "Cycling", label: "activityCycling" },
  { value: "Other", label: "activityOther" },
] as const;

const feelingKeys = ["feeling1", "feeling2", "feeling3", "feeling4", "feeling5"] as const;

/** Steps (a count) or an activity with its minutes, typed by the patient (source MANUAL). */
export const ActivityLogForm = ({ program }: { program: PatientProgram }) => {
  const { send, outcomeBox, pending } = useLogForm(program);
  const [kind, setKind] = useState<string>("Steps");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const notesAllowed = !program.disabledNoteTypes.includes("activity");
  const isSteps = kind === "Steps";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = wholeNumber(amount);
    setProblem(amount.trim() === "" ? t("activityNeeded") : value === null ? t("wholeNumberNeeded") : undefined);
    if (value === null) return;
    const trimmed = note.trim();
    send(
      {
        clientId: crypto.randomUUID(),
        logClass: "ACTIVITY",
        date: localIsoWithOffset(new Date()),
        activityType: kind,
        source: "MANUAL",
        ...(isSteps ? { steps: value } : { durationMinutes: value }),
        ...(notesAllowed && trimmed ? { note: trimmed } : {}),
      },
      () => {
        setAmount("");
        setNote("");
      },
    );
  };

  return (
    <>
      {outcomeBox}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 3 }}>
        <FormControl component="fieldset">
          <FormLabel id="me-activity-kind" component="legend" sx={{ fontSize: "1.2rem", mb: 1 }}>
            {t("activityKind")}
          </FormLabel>
          <RadioGroup
            aria-labelledby="me-activity-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            sx={{ gap: 1 }}
          >
            {activities.map((a) => (
              <FormControlLabel key={a.value} value={a.value} control={<Radio />} label={t(a.label)} sx={optionSx} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={isSteps ? t("steps") : t("minutes")}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!problem}
          helperText={problem}
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        {notesAllowed ? (
          <TextField
            label={t("note")}
            helperText={t("noteHint")}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        ) : null}
        <Button type="submit" variant="contained" size="large" sx={touch} disabled={pending}>
          {pending ? t("sending") : t("save")}
        </Button>
      </Box>
    </>
  );
};

/** How the patient feels overall: five plain labels, 1 (very bad) to 5 (very good). */
export const FeelingLogForm = ({ program }: { program: PatientProgram }) => {
  const { send, outcomeBox, pending } = useLogForm(program);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(value ? undefined : t("feelingNeeded"));
    if (!value) return;
    send(
      {
        clientId: crypto.randomUUID(),
        logClass: "FEELING",
        date: localIsoWithOffset(new Date()),
        value: Number(value),
      },
      () => setValue(""),
    );
  };

  return (
    <>
      {outcomeBox}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 3 }}>
        <FormControl component="fieldset" error={!!problem}>
          <FormLabel id="me-feeling" component="legend" sx={{ fontSize: "1.2rem", mb: 1 }}>
            {t("feelingQuestion")}
          </FormLabel>
          <RadioGroup
            aria-labelledby="me-feeling"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ gap: 1 }}
          >
            {feelingKeys.map((key, index) => (
              <FormControlLabel key={key} value={String(index + 1)} control={<Radio />} label={t(key)} sx={optionSx} />
            ))}
          </RadioGroup>
          {problem ? <FormHelperText>{problem}</FormHelperText> : null}
        </FormControl>
        <Button type="submit" variant="contained" size="large" sx={touch} disabled={pending}>
          {pending ? t("sending") : t("save")}
        </Button>
      </Box>
    </>
  );
};
