import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  type AnswerInput,
  askedQuestionIds,
  type CustomAnswers,
  type CustomAnswerValue,
  customQuestionnaireSchema,
  isAnswered,
} from "@openpro/core";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { RouterLink } from "../../components/router-link";
import { ApiError } from "../../lib/http";
import { t } from "../../lib/patient-text";
import { useQuestionnaireEvent, useSaveAnswers } from "../api";
import { optionSx } from "./choice-question";
import { touch } from "./me-layout";

type Value = CustomAnswerValue;

/** One screen's question, whatever the questionnaire kind. */
interface Step {
  id: string;
  title: string;
  kind: "choice" | "multiple" | "number" | "date" | "text" | "info";
  options: { label: string; value: string | number }[];
  min?: number;
  max?: number;
  /** Help text paragraphs (info screens). */
  text?: string[];
  required: boolean;
}

/** Choices on a scale (0–10, 1–7): one radio each; a long scale (0–100) is typed. */
const scaleOptions = (min: number, max: number, step = 1, labels: { value: number; label: string }[] = []) => {
  if ((max - min) / step > 12) return null;
  const options: { label: string; value: number }[] = [];
  for (let v = min; v <= max; v += step) {
    options.push({ value: v, label: labels.find((l) => l.value === v)?.label ?? String(v) });
  }
  return options;
};

/** The questions of the event in the form a screen needs, and the order asked given the answers. */
const useSteps = (detail: ReturnType<typeof useQuestionnaireEvent>["data"], answers: CustomAnswers) =>
  useMemo(() => {
    if (!detail) return { byId: new Map<string, Step>(), asked: [] as string[] };
    const byId = new Map<string, Step>();
    if (detail.questions.kind === "hardcoded") {
      for (const item of detail.questions.items) {
        const options = scaleOptions(item.scale.min, item.scale.max, 1, item.scale.labels);
        byId.set(item.code, {
          id: item.code,
          // The installed licensed wording; a server without it does not send the instrument (HAZ-008).
          title: item.text ?? t("licensedItem", { code: item.code }),
          kind: options ? "choice" : "number",
          options: options ?? [],
          min: item.scale.min,
          max: item.scale.max,
          required: false,
        });
      }
      return { byId, asked: detail.askedQuestionIds.filter((id) => byId.has(id)) };
    }
    const parsed = customQuestionnaireSchema.safeParse(detail.questions.scheme);
    if (!parsed.success) return { byId, asked: [] };
    for (const q of parsed.data.questions) {
      const base = { id: q.id, title: q.title, required: q.required, options: [] as Step["options"] };
      if (q.type === "choice" || q.type === "multipleStringChoice") {
        byId.set(q.id, {
          ...base,
          kind: q.type === "choice" ? "choice" : "multiple",
          options: q.data.answers.map((a) => ({ label: a.label, value: a.value })),
        });
      } else if (q.type === "range") {
        const options = scaleOptions(q.data.min, q.data.max, q.data.step ?? 1);
        byId.set(q.id, {
          ...base,
          kind: options ? "choice" : "number",
          options: (options ?? []).map((o) => ({
            ...o,
            label:
              o.value === q.data.min && q.data.minLabel
                ? `${o.value} – ${q.data.minLabel}`
                : o.value === q.data.max && q.data.maxLabel
                  ? `${o.value} – ${q.data.maxLabel}`
                  : o.label,
          })),
          min: q.data.min,
          max: q.data.max,
        });
      } else if (q.type === "date") byId.set(q.id, { ...base, kind: "date" });
      else if (q.type === "freeText") byId.set(q.id, { ...base, kind: "text" });
      else byId.set(q.id, { ...base, kind: "info", required: false, text: q.data.text });
    }
    return { byId, asked: askedQuestionIds(parsed.data, answers) };
  }, [detail, answers]);

const StepInput = ({
  step,
  value,
  onChange,
  problem,
}: {
  step: Step;
  value: Value;
  onChange: (value: Value) => void;
  problem: string | undefined;
}) => {
  const labelId = `me-q-${step.id}`;
  const legend = (
    <FormLabel id={labelId} component="legend" sx={{ fontSize: "1.3rem", color: "text.primary", mb: 1.5 }}>
      {step.title}
    </FormLabel>
  );
  if (step.kind === "choice") {
    return (
      <FormControl component="fieldset" error={!!problem}>
        {legend}
        <RadioGroup
          aria-labelledby={labelId}
          value={value === null || value === undefined ? "" : String(value)}
          onChange={(e) => onChange(step.options.find((o) => String(o.value) === e.target.value)?.value ?? null)}
          sx={{ gap: 1 }}
        >
          {step.options.map((o) => (
            <FormControlLabel
              key={String(o.value)}
              value={String(o.value)}
              control={<Radio />}
              label={o.label}
              sx={optionSx}
            />
          ))}
        </RadioGroup>
        {problem ? <FormHelperText>{problem}</FormHelperText> : null}
      </FormControl>
    );
  }
  if (step.kind === "multiple") {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <FormControl component="fieldset" error={!!problem}>
        {legend}
        <FormGroup aria-labelledby={labelId} sx={{ gap: 1 }}>
          {step.options.map((o) => (
            <FormControlLabel
              key={String(o.value)}
              control={
                <Checkbox
                  checked={chosen.some((c) => String(c) === String(o.value))}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...chosen, o.value] : chosen.filter((c) => String(c) !== String(o.value)),
                    )
                  }
                />
              }
              label={o.label}
              sx={optionSx}
            />
          ))}
        </FormGroup>
        {problem ? <FormHelperText>{problem}</FormHelperText> : null}
      </FormControl>
    );
  }
  if (step.kind === "info") {
    return (
      <Box>
        <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 1.5 }}>
          {step.title}
        </Typography>
        {(step.text ?? []).map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 1.5, fontSize: "1.1rem" }}>
            {paragraph}
          </Typography>
        ))}
      </Box>
    );
  }
  return (
    <FormControl component="fieldset" error={!!problem}>
      {legend}
      <TextField
        label={step.kind === "date" ? t("chooseDate") : t("typeAnswer")}
        type={step.kind === "date" ? "date" : "text"}
        value={value === null || value === undefined ? "" : String(value)}
        onChange={(e) => onChange(e.target.value)}
        error={!!problem}
        helperText={problem}
        multiline={step.kind === "text"}
        minRows={step.kind === "text" ? 3 : undefined}
        fullWidth
        slotProps={{
          inputLabel: step.kind === "date" ? { shrink: true } : undefined,
          htmlInput: step.kind === "number" ? { inputMode: "numeric" } : undefined,
        }}
      />
    </FormControl>
  );
};

/** The first question still to answer (a questionnaire opened again resumes there). */
const resumeAt = (asked: string[], byId: Map<string, Step>, saved: Record<string, unknown>) => {
  if (Object.keys(saved).length === 0) return asked[0] ?? null;
  return asked.find((id) => byId.get(id)?.kind !== "info" && !(id in saved)) ?? asked.at(-1) ?? null;
};

/**
 * One question per screen: progress, Back, Skip (where allowed), Next; each answer is saved as the
 * patient goes (so they can stop and resume), branching follows the answers, the last one submits.
 */
export const QuestionnaireRunner = ({ programId, eventId }: { programId: string; eventId: string }) => {
  const event = useQuestionnaireEvent(programId, eventId);
  const save = useSaveAnswers(programId, eventId);
  const [answers, setAnswers] = useState<CustomAnswers | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [draft, setDraft] = useState<Value>(undefined);
  const [problem, setProblem] = useState<string | undefined>();
  const [finished, setFinished] = useState(false);
  const [clientId] = useState(() => crypto.randomUUID());
  const headingRef = useRef<HTMLDivElement>(null);
  const known = answers ?? ((event.data?.answers ?? {}) as CustomAnswers);
  const { byId, asked } = useSteps(event.data, known);

  if (event.isPending) return <Typography>{t("loading")}</Typography>;
  if (event.isError) return <Alert severity="error">{t("questionnaireFailed")}</Alert>;
  const closed = event.data.event.status !== "NOT_COMPLETED";
  if (finished || event.data.event.status === "COMPLETED") {
    return (
      <Box sx={{ display: "grid", gap: 2 }} ref={headingRef} tabIndex={-1}>
        <Alert severity="success" role="status" sx={{ fontSize: "1.2rem" }}>
          <Typography variant="h2" sx={{ fontSize: "1.4rem", mb: 1 }}>
            {t("thankYouTitle")}
          </Typography>
          {t("thankYou")}
        </Alert>
        <Button component={RouterLink} to="/me" variant="contained" sx={touch}>
          {t("backHome")}
        </Button>
      </Box>
    );
  }
  if (closed) return <Alert severity="info">{t("questionnaireClosed")}</Alert>;

  const id = current ?? resumeAt(asked, byId, event.data.answers);
  const step = id ? byId.get(id) : undefined;
  if (!id || !step) return <Alert severity="error">{t("questionnaireFailed")}</Alert>;
  const index = asked.indexOf(id);
  const value = draft !== undefined ? draft : known[id];
  const isLast = index === asked.length - 1;
  const progress = Math.round((index / Math.max(1, asked.length)) * 100);

  const goTo = (next: string | null) => {
    setCurrent(next);
    setDraft(undefined);
    setProblem(undefined);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) setProblem(t("questionnaireClosed"));
    else if (error instanceof ApiError && error.fieldErrors.length > 0) setProblem(error.fieldErrors[0]!.message);
    else setProblem(t("answerSaveFailed"));
  };
  /** Saves this screen's answer (or skip), then moves on along the branch the answers now take. */
  const advance = (skip: boolean) => {
    if (step.kind === "info") {
      if (isLast) return;
      goTo(asked[index + 1] ?? null);
      return;
    }
    const typed = step.kind === "number" && typeof value === "string" ? Number(value.trim().replace(",", ".")) : value;
    const given = skip ? null : typed;
    if (!skip && typeof given === "number" && !Number.isFinite(given)) {
      setProblem(t("valueNeeded"));
      return;
    }
    if (!skip && !isAnswered(given)) {
      setProblem(t("answerNeeded"));
      return;
    }
    const next = { ...known, [id]: given };
    const nextAsked =
      event.data.questions.kind === "custom"
        ? (() => {
            const parsed = customQuestionnaireSchema.safeParse(event.data.questions.scheme);
            return parsed.success ? askedQuestionIds(parsed.data, next) : asked;
          })()
        : asked;
    const following = nextAsked[nextAsked.indexOf(id) + 1] ?? null;
    const answer: AnswerInput = skip ? { questionId: id, skipped: true } : { questionId: id, value: given };
    const submit = following === null;
    save.mutate(
      { answers: [answer], ...(submit ? { submit: true, clientId } : {}) },
      {
        onSuccess: () => {
          setAnswers(next);
          if (submit) setFinished(true);
          else goTo(following);
        },
        onError: failed,
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    advance(false);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 3 }}>
      <Box ref={headingRef} tabIndex={-1} sx={{ outline: "none" }}>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {t("questionProgress", { n: index + 1, total: asked.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t("questionProgress", { n: index + 1, total: asked.length })}
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Box>
      {index === 0 && event.data.instructionsForPatient ? (
        <Typography sx={{ whiteSpace: "pre-line" }}>{event.data.instructionsForPatient}</Typography>
      ) : null}
      <StepInput step={step} value={value} onChange={(v) => setDraft(v)} problem={problem} />
      <Box sx={{ display: "grid", gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          sx={touch}
          disabled={save.isPending || (step.kind === "info" && isLast)}
        >
          {save.isPending ? t("sending") : isLast && step.kind !== "info" ? t("finish") : t("next")}
        </Button>
        {!step.required && step.kind !== "info" ? (
          <Button variant="outlined" sx={touch} disabled={save.isPending} onClick={() => advance(true)}>
            {t("skipQuestion")}
          </Button>
        ) : null}
        {index > 0 ? (
          <Button sx={touch} disabled={save.isPending} onClick={() => goTo(asked[index - 1] ?? null)}>
            {t("back")}
          </Button>
        ) : null}
        <Button component={RouterLink} to="/me" sx={touch}>
          {t("saveAndExit")}
        </Button>
      </Box>
    </Box>
  );
};
