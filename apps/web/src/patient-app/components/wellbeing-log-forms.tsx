import TextField from "@mui/material/TextField";
import type { PatientProgram } from "@openpro/core";
import { type FormEvent, useState } from "react";
import { t } from "../../lib/patient-text";
import { ChoiceQuestion } from "./choice-question";
import { SubmitButton } from "./form-parts";
import { LogFormFields, NoteField, useLogForm } from "./log-form";

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
        logClass: "ACTIVITY",
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
      <LogFormFields onSubmit={submit}>
        <ChoiceQuestion
          id="me-activity-kind"
          question={t("activityKind")}
          choices={activities.map((a) => ({ value: a.value, label: t(a.label) }))}
          value={kind}
          onChange={setKind}
        />
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
        {notesAllowed ? <NoteField value={note} onChange={setNote} /> : null}
        <SubmitButton pending={pending} label={t("save")} busy={t("sending")} />
      </LogFormFields>
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
        logClass: "FEELING",
        value: Number(value),
      },
      () => setValue(""),
    );
  };

  return (
    <>
      {outcomeBox}
      <LogFormFields onSubmit={submit}>
        <ChoiceQuestion
          id="me-feeling"
          question={t("feelingQuestion")}
          choices={feelingKeys.map((key, index) => ({ value: String(index + 1), label: t(key) }))}
          value={value}
          onChange={setValue}
          problem={problem}
        />
        <SubmitButton pending={pending} label={t("save")} busy={t("sending")} />
      </LogFormFields>
    </>
  );
};
