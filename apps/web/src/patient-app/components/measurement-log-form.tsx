import { Box, Button, FormControl, FormLabel, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import type { PatientProgram } from "@openpro/core";
import { type FormEvent, useId, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useSubmitLog } from "../api";
import { localIsoWithOffset } from "../local-time";
import type { SubmitOutcome } from "../outbox";
import { LogOutcome } from "./log-outcome";
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
  const submit = useSubmitLog();
  const unitLabel = useId();
  const [value, setValue] = useState("");
  const [unit, setUnit] = useState<string>(spec.units[0].value);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const notesAllowed = spec.noteType === null || !program.disabledNoteTypes.includes(spec.noteType);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const number = parseNumber(value);
    setProblem(number === null ? t("valueNeeded") : undefined);
    if (number === null) return;
    const trimmed = note.trim();
    const base = {
      clientId: crypto.randomUUID(),
      date: localIsoWithOffset(new Date()),
      value: number,
      ...(notesAllowed && trimmed ? { note: trimmed } : {}),
    };
    const log =
      kind === "temperature"
        ? { ...base, logClass: "TEMPERATURE" as const, unit: unit as "C" | "F" }
        : { ...base, logClass: "WEIGHT" as const, unit: unit as "kg" | "lb" };
    submit.mutate(
      { programId: program.programId, log },
      {
        onSuccess: (result) => {
          setOutcome(result);
          if (result.status !== "refused") {
            setValue("");
            setNote("");
          }
          requestAnimationFrame(() => outcomeRef.current?.focus());
        },
      },
    );
  };

  return (
    <>
      <Box ref={outcomeRef} tabIndex={-1} sx={{ outline: "none" }}>
        {outcome ? <LogOutcome outcome={outcome} program={program} /> : null}
      </Box>
      <Box component="form" noValidate onSubmit={send} sx={{ display: "grid", gap: 3 }}>
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
        <Button type="submit" variant="contained" size="large" sx={touch} disabled={submit.isPending}>
          {submit.isPending ? t("sending") : t("save")}
        </Button>
      </Box>
    </>
  );
};
