import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import {
  orderPatientSymptoms,
  type PatientProgram,
  patientGradeChoices,
  patientSymptomName,
  searchPatientSymptoms,
} from "@openpro/core";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { patientLanguageNow, t, usePatientLanguage } from "../../lib/patient-text";
import { useSubmitLog, useSymptomCatalogue } from "../api";
import { localIsoWithOffset } from "../local-time";
import type { SubmitOutcome } from "../outbox";
import { usePatientSymptomWords } from "../symptom-words";
import { LogOutcome } from "./log-outcome";
import { touch } from "./me-layout";

/** A symptom's name inside a sentence: lower case, but German keeps its nouns capitalised. */
const inSentence = (name: string) => (patientLanguageNow() === "de" ? name : name.toLocaleLowerCase());

const NOTE_MAX = 1000;

/** A radio row as tall as a thumb, the whole row tappable. */
export const optionSx = { ...touch, m: 0, px: 1, border: 1, borderColor: "divider", borderRadius: 1 } as const;

/** Search the symptom catalogue, pick how bad it is (the five patient labels), an optional note, send. */
export const SymptomLogForm = ({ program }: { program: PatientProgram }) => {
  const catalogue = useSymptomCatalogue();
  // Names, search terms and grade words in the patient's language; the CTCAE grade stays the value.
  const { words, ready: wordsReady } = usePatientSymptomWords();
  const { locale } = usePatientLanguage();
  const submit = useSubmitLog();
  const [search, setSearch] = useState("");
  const [symptomId, setSymptomId] = useState("");
  const [grade, setGrade] = useState("");
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{ symptom?: string; grade?: string; note?: string }>({});
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const notesAllowed = !program.disabledNoteTypes.includes("symptoms");

  const symptoms = catalogue.data ?? [];
  const chosen = symptoms.find((s) => s.logTypeId === symptomId);
  // Found by the patient's own words (plain names, lay terms, UK and US spellings), the program's
  // prioritised symptoms first.
  const matches = useMemo(() => {
    const found = orderPatientSymptoms(
      searchPatientSymptoms(symptoms, search, words),
      program.prioritisedSymptoms ?? [],
      words,
      locale,
    );
    // The chosen symptom stays in view while the patient searches on.
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [symptoms, search, chosen, program.prioritisedSymptoms, words, locale]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      symptom: chosen ? undefined : t("symptomNeeded"),
      grade: grade === "" ? t("gradeNeeded") : undefined,
      note: note.length > NOTE_MAX ? t("noteTooLong") : undefined,
    };
    setProblems(next);
    if (next.symptom || next.grade || next.note || !chosen) return;
    const trimmed = note.trim();
    submit.mutate(
      {
        programId: program.programId,
        log: {
          clientId: crypto.randomUUID(),
          logClass: "SYMPTOMS",
          date: localIsoWithOffset(new Date()),
          logTypeId: chosen.logTypeId,
          grade: Number(grade),
          ...(notesAllowed && trimmed ? { note: trimmed } : {}),
        },
      },
      {
        onSuccess: (result) => {
          setOutcome(result);
          if (result.status !== "refused") {
            setSymptomId("");
            setGrade("");
            setNote("");
            setSearch("");
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
      {catalogue.isError ? <Alert severity="error">{t("catalogueFailed")}</Alert> : null}
      {catalogue.isPending || !wordsReady ? <Typography>{t("loading")}</Typography> : null}
      {catalogue.data && wordsReady ? (
        <Box component="form" noValidate onSubmit={send} sx={{ display: "grid", gap: 3 }}>
          <FormControl error={!!problems.symptom} component="fieldset">
            <FormLabel id="me-symptom-question" component="legend" sx={{ fontSize: "1.2rem", mb: 1 }}>
              {t("symptomQuestion")}
            </FormLabel>
            <TextField
              type="search"
              label={t("symptomSearch")}
              helperText={t("symptomSearchHint")}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              fullWidth
              sx={{ mb: 1 }}
            />
            {matches.length === 0 ? <Typography role="status">{t("noSymptomFound")}</Typography> : null}
            <RadioGroup
              aria-labelledby="me-symptom-question"
              value={symptomId}
              onChange={(e) => setSymptomId(e.target.value)}
              sx={{ gap: 1, maxHeight: 360, overflowY: "auto", flexWrap: "nowrap" }}
            >
              {matches.map((s) => (
                <FormControlLabel
                  key={s.logTypeId}
                  value={s.logTypeId}
                  control={<Radio />}
                  label={patientSymptomName(s, words)}
                  sx={optionSx}
                />
              ))}
            </RadioGroup>
            {problems.symptom ? <FormHelperText>{problems.symptom}</FormHelperText> : null}
          </FormControl>
          {chosen ? (
            <FormControl error={!!problems.grade} component="fieldset">
              <FormLabel id="me-grade-question" component="legend" sx={{ fontSize: "1.2rem", mb: 1 }}>
                {t("gradeQuestion", {
                  symptom: inSentence(patientSymptomName(chosen, words)),
                })}
              </FormLabel>
              <RadioGroup
                aria-labelledby="me-grade-question"
                value={grade}
                onChange={(e) => setGrade(e.target.value)}
                sx={{ gap: 1 }}
              >
                {/* What the patient feels, in words of the symptom's group; the value is the CTCAE grade. */}
                {patientGradeChoices(chosen.logTypeId, words).map(({ grade: value, label }) => (
                  <FormControlLabel key={value} value={String(value)} control={<Radio />} label={label} sx={optionSx} />
                ))}
              </RadioGroup>
              {problems.grade ? <FormHelperText>{problems.grade}</FormHelperText> : null}
            </FormControl>
          ) : null}
          {chosen && notesAllowed ? (
            <TextField
              label={t("note")}
              helperText={problems.note ?? t("noteHint")}
              error={!!problems.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={3}
              fullWidth
            />
          ) : null}
          <Button type="submit" variant="contained" size="large" sx={touch} disabled={submit.isPending}>
            {submit.isPending ? t("sending") : t("save")}
          </Button>
        </Box>
      ) : null}
    </>
  );
};
