import FormControl from "@mui/material/FormControl";
import FormLabel from "@mui/material/FormLabel";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import type { PatientProgram } from "@openpro/core";
import { type FormEvent, useId, useState } from "react";
import { t } from "../../lib/patient-text";
import { SubmitButton } from "./form-parts";
import { LogFormFields, NoteField, useLogForm } from "./log-form";
import { touch } from "./me-layout";

const kinds = {
  temperature: {
    label: "temperature",
    units: [
      { value: "C", label: "celsius" },
      { value: "F", label: "fahrenheit" },
    ],
    noteType: "temperature",
  },
  weight: {
    label: "weight",
    units: [
      { value: "kg", label: "kilograms" },
      { value: "lb", label: "pounds" },
    ],
    noteType: null,
  },
} as const;

/** Accepts a decimal comma as typed on many phones. */
const parseNumber = (text: string): number | null => {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
};

/** Temperature (°C/°F) or weight (kg/lb): a number, its unit, an optional note where the program takes one. */
export const MeasurementLogForm = ({ program, kind }: { program: PatientProgram; kind: keyof typeof kinds }) => {
  const spec = kinds[kind];
  const { send, outcomeBox, pending } = useLogForm(program);
  const unitLabel = useId();
  const [value, setValue] = useState("");
  const [unit, setUnit] = useState<string>(spec.units[0].value);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const notesAllowed = spec.noteType === null || !program.disabledNoteTypes.includes(spec.noteType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = parseNumber(value);
    setProblem(number === null ? t("valueNeeded") : undefined);
    if (number === null) return;
    const trimmed = note.trim();
    const base = {
      value: number,
      ...(notesAllowed && trimmed ? { note: trimmed } : {}),
    };
    const log =
      kind === "temperature"
        ? { ...base, logClass: "TEMPERATURE" as const, unit: unit as "C" | "F" }
        : { ...base, logClass: "WEIGHT" as const, unit: unit as "kg" | "lb" };
    send(log, () => {
      setValue("");
      setNote("");
    });
  };

  return (
    <>
      {outcomeBox}
      <LogFormFields onSubmit={submit}>
        <TextField
          label={t(spec.label)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!problem}
          helperText={problem}
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        <FormControl>
          <FormLabel id={unitLabel}>{t("unit")}</FormLabel>
          <ToggleButtonGroup
            exclusive
            value={unit}
            onChange={(_, next: string | null) => {
              if (next) setUnit(next);
            }}
            aria-labelledby={unitLabel}
            sx={{ mt: 1 }}
          >
            {spec.units.map((u) => (
              <ToggleButton
                key={u.value}
                value={u.value}
                sx={{
                  ...touch,
                  minWidth: 88,
                  fontSize: "1.1rem",
                  color: "text.primary",
                  "&.Mui-selected, &.Mui-selected:hover": { bgcolor: "primary.main", color: "primary.contrastText" },
                }}
              >
                {t(u.label)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        {notesAllowed ? <NoteField value={note} onChange={setNote} /> : null}
        <SubmitButton pending={pending} label={t("save")} busy={t("sending")} />
      </LogFormFields>
    </>
  );
};
