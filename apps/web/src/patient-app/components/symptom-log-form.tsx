import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  orderPatientSymptoms,
  type PatientProgram,
  patientGradeChoices,
  patientSymptomName,
  searchPatientSymptoms,
} from "@openpro/core";
import { type FormEvent, useMemo, useState } from "react";
import { patientLanguageNow, t, usePatientLanguage } from "../../lib/patient-text";
import { useSymptomCatalogue } from "../api";
import { usePatientSymptomWords } from "../symptom-words";
import { ChoiceQuestion } from "./choice-question";
import { SubmitButton } from "./form-parts";
import { LogFormFields, useLogForm } from "./log-form";

/** A symptom's name inside a sentence: lower case, but German keeps its nouns capitalised. */
const inSentence = (name: string) => (patientLanguageNow() === "de" ? name : name.toLocaleLowerCase());

const NOTE_MAX = 1000;

/** Search the symptom catalogue, pick how bad it is (the five patient labels), an optional note, send. */
export const SymptomLogForm = ({ program }: { program: PatientProgram }) => {
  const catalogue = useSymptomCatalogue();
  // Names, search terms and grade words in the patient's language; the CTCAE grade stays the value.
  const { words, ready: wordsReady } = usePatientSymptomWords();
  const { locale } = usePatientLanguage();
  const { send, outcomeBox, pending } = useLogForm(program);
  const [search, setSearch] = useState("");
  const [symptomId, setSymptomId] = useState("");
  const [grade, setGrade] = useState("");
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{ symptom?: string; grade?: string; note?: string }>({});
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      symptom: chosen ? undefined : t("symptomNeeded"),
      grade: grade === "" ? t("gradeNeeded") : undefined,
      note: note.length > NOTE_MAX ? t("noteTooLong") : undefined,
    };
    setProblems(next);
    if (next.symptom || next.grade || next.note || !chosen) return;
    const trimmed = note.trim();
    send(
      {
        logClass: "SYMPTOMS",
        logTypeId: chosen.logTypeId,
        grade: Number(grade),
        ...(notesAllowed && trimmed ? { note: trimmed } : {}),
      },
      () => {
        setSymptomId("");
        setGrade("");
        setNote("");
        setSearch("");
      },
    );
  };

  return (
    <>
      {outcomeBox}
      {catalogue.isError ? <Alert severity="error">{t("catalogueFailed")}</Alert> : null}
      {catalogue.isPending || !wordsReady ? <Typography>{t("loading")}</Typography> : null}
      {catalogue.data && wordsReady ? (
        <LogFormFields onSubmit={submit}>
          <ChoiceQuestion
            id="me-symptom-question"
            question={t("symptomQuestion")}
            choices={matches.map((s) => ({ value: s.logTypeId, label: patientSymptomName(s, words) }))}
            value={symptomId}
            onChange={setSymptomId}
            problem={problems.symptom}
            groupSx={{ gap: 1, maxHeight: 360, overflowY: "auto", flexWrap: "nowrap" }}
          >
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
          </ChoiceQuestion>
          {chosen ? (
            <ChoiceQuestion
              id="me-grade-question"
              question={t("gradeQuestion", { symptom: inSentence(patientSymptomName(chosen, words)) })}
              // What the patient feels, in words of the symptom's group; the value is the CTCAE grade.
              choices={patientGradeChoices(chosen.logTypeId, words).map(({ grade: value, label }) => ({
                value: String(value),
                label,
              }))}
              value={grade}
              onChange={setGrade}
              problem={problems.grade}
            />
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
          <SubmitButton pending={pending} label={t("save")} busy={t("sending")} />
        </LogFormFields>
      ) : null}
    </>
  );
};
