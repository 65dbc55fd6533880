import { z } from "zod";
import { messages } from "../messages.js";

/**
 * The JSON scheme of a custom questionnaire (3-settings.md §3 "Questionnaire scheme"): a title,
 * an optional image and introduction, and questions in sections. Choice answers may branch with
 * `nextQuestion` (the id of the question asked next); without it the next question by index follows.
 * The server validates every uploaded file with `validateCustomQuestionnaire`, which lists every
 * problem as a field path plus a detail; the answers API follows the branching with `askedQuestionIds`.
 */

export const customQuestionTypes = ["choice", "multipleStringChoice", "date", "helpText", "range", "freeText"] as const;
export type CustomQuestionType = (typeof customQuestionTypes)[number];

/** Paragraphs: a list, or one text that is split on blank lines. */
const paragraphs = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (typeof v === "string" ? splitParagraphs(v) : v));

/** Texts are edited as one block and stored as paragraphs split on blank lines. */
export const splitParagraphs = (text: string): string[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
export const joinParagraphs = (list: readonly string[] | undefined): string => (list ?? []).join("\n\n");

const answerSchema = z.strictObject({
  label: z.string().trim().min(1),
  value: z.union([z.string().min(1), z.number()]),
  nextQuestion: z.string().min(1).nullable().optional(),
});
export type CustomAnswer = z.infer<typeof answerSchema>;

const questionBase = {
  id: z.string().trim().min(1),
  index: z.number().int().min(0),
  title: z.string(),
  section: z.union([z.string(), z.number()]).optional(),
  required: z.boolean().default(false),
  includeInAggregate: z.boolean().default(false),
  displayType: z.enum(["answer", "score"]).default("answer"),
};

const choiceData = z.strictObject({ answers: z.array(answerSchema) });

const questionSchema = z.discriminatedUnion("type", [
  z.strictObject({ ...questionBase, type: z.literal("choice"), data: choiceData }),
  z.strictObject({ ...questionBase, type: z.literal("multipleStringChoice"), data: choiceData }),
  z.strictObject({ ...questionBase, type: z.literal("date"), data: z.strictObject({}).default({}) }),
  z.strictObject({
    ...questionBase,
    type: z.literal("helpText"),
    data: z.strictObject({ text: paragraphs, imageUrl: z.string().nullable().optional() }),
  }),
  z.strictObject({
    ...questionBase,
    type: z.literal("range"),
    data: z.strictObject({
      min: z.number(),
      max: z.number(),
      step: z.number().positive().optional(),
      minLabel: z.string().optional(),
      maxLabel: z.string().optional(),
    }),
  }),
  z.strictObject({
    ...questionBase,
    type: z.literal("freeText"),
    data: z.strictObject({ maxLength: z.number().int().positive().optional() }).default({}),
  }),
]);
export type CustomQuestion = z.infer<typeof questionSchema>;
export type ChoiceQuestion = Extract<CustomQuestion, { type: "choice" | "multipleStringChoice" }>;

export const customQuestionnaireSchema = z.strictObject({
  name: z.string().optional(),
  title: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
  introductionText: paragraphs.optional(),
  questions: z.array(questionSchema),
});
export type CustomQuestionnaire = z.infer<typeof customQuestionnaireSchema>;

export interface SchemeProblem {
  field: string;
  message: string;
}

export type SchemeValidation =
  | { ok: true; questionnaire: CustomQuestionnaire }
  | { ok: false; problems: SchemeProblem[] };

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".") || "specification";

const typeNames: Record<string, string> = {
  string: "a text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/** Zod's issue, said in our own words (no library text reaches a user). */
const describeIssue = (issue: z.core.$ZodIssue, value: unknown): SchemeProblem[] => {
  const field = pathOf(issue.path);
  switch (issue.code) {
    case "invalid_type": {
      const present = valueAt(value, issue.path) !== undefined;
      return [
        {
          field,
          message: present
            ? messages.schemeExpected(typeNames[issue.expected] ?? issue.expected)
            : messages.schemeMissing,
        },
      ];
    }
    case "invalid_union": {
      if ("discriminator" in issue && issue.discriminator === "type")
        return [
          {
            field: issue.path.at(-1) === "type" ? field : pathOf([...issue.path, "type"]),
            message: messages.schemeOneOf([...customQuestionTypes]),
          },
        ];
      return [{ field, message: messages.schemeInvalidValue }];
    }
    case "invalid_value":
      return [{ field, message: messages.schemeOneOf(issue.values.map(String)) }];
    case "too_small":
      return [{ field, message: issue.origin === "string" ? messages.schemeMissing : messages.schemeTooSmall }];
    case "unrecognized_keys":
      return issue.keys.map((key) => ({ field: pathOf([...issue.path, key]), message: messages.unknownField(key) }));
    default:
      return [{ field, message: messages.schemeInvalidValue }];
  }
};

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown => {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
};

export const isChoiceQuestion = (q: CustomQuestion): q is ChoiceQuestion =>
  q.type === "choice" || q.type === "multipleStringChoice";

/** Questions in the order they are asked when nothing branches. */
export const orderedQuestions = (questionnaire: CustomQuestionnaire): CustomQuestion[] =>
  questionnaire.questions
    .map((q, position) => ({ q, position }))
    .sort((a, b) => a.q.index - b.q.index || a.position - b.position)
    .map(({ q }) => q);

/** Where each question may lead: the next one by index, and every answer's nextQuestion. */
const successors = (ordered: CustomQuestion[], byId: Map<string, CustomQuestion>) => {
  const next = new Map<string, string[]>();
  ordered.forEach((q, i) => {
    const targets = new Set<string>();
    const following = ordered[i + 1]?.id;
    const answers = isChoiceQuestion(q) ? q.data.answers : [];
    const branching = answers.filter((a) => a.nextQuestion);
    // A choice whose every answer branches never falls through to the next question.
    if (following && (answers.length === 0 || branching.length < answers.length || q.type === "multipleStringChoice"))
      targets.add(following);
    for (const a of branching) if (byId.has(a.nextQuestion!)) targets.add(a.nextQuestion!);
    next.set(q.id, [...targets]);
  });
  return next;
};

/** One cycle of the branching graph (as question ids, first repeated at the end), or null. */
const findCycle = (ordered: CustomQuestion[], next: Map<string, string[]>): string[] | null => {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, "open");
    stack.push(id);
    for (const target of next.get(id) ?? []) {
      if (state.get(target) === "open") return [...stack.slice(stack.indexOf(target)), target];
      if (!state.has(target)) {
        const found = visit(target);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(id, "done");
    return null;
  };
  for (const q of ordered) {
    if (state.has(q.id)) continue;
    const found = visit(q.id);
    if (found) return found;
  }
  return null;
};

/** The rules zod cannot express: unique ids, real branch targets, no cycles, usable answers. */
const semanticProblems = (questionnaire: CustomQuestionnaire): SchemeProblem[] => {
  const problems: SchemeProblem[] = [];
  const { questions } = questionnaire;
  if (questions.length === 0) problems.push({ field: "questions", message: messages.schemeNoQuestions });
  const byId = new Map<string, CustomQuestion>();
  const positionOf = new Map<CustomQuestion, number>();
  const indexes = new Set<number>();
  questions.forEach((q, i) => {
    positionOf.set(q, i);
    if (byId.has(q.id)) problems.push({ field: `questions.${i}.id`, message: messages.schemeDuplicateId(q.id) });
    else byId.set(q.id, q);
    if (indexes.has(q.index))
      problems.push({ field: `questions.${i}.index`, message: messages.schemeDuplicateIndex(q.index) });
    indexes.add(q.index);
    if (q.type !== "helpText" && q.title.trim() === "")
      problems.push({ field: `questions.${i}.title`, message: messages.schemeMissing });
    if (isChoiceQuestion(q)) {
      if (q.data.answers.length === 0)
        problems.push({ field: `questions.${i}.data.answers`, message: messages.schemeEmptyChoices });
      const values = new Set<string>();
      q.data.answers.forEach((a, j) => {
        const value = String(a.value);
        if (values.has(value))
          problems.push({
            field: `questions.${i}.data.answers.${j}.value`,
            message: messages.schemeDuplicateValue(value),
          });
        values.add(value);
        if (a.nextQuestion && !questions.some((other) => other.id === a.nextQuestion))
          problems.push({
            field: `questions.${i}.data.answers.${j}.nextQuestion`,
            message: messages.schemeUnknownNextQuestion(a.nextQuestion),
          });
        if (a.nextQuestion === q.id)
          problems.push({
            field: `questions.${i}.data.answers.${j}.nextQuestion`,
            message: messages.schemeCycle([q.id, q.id]),
          });
      });
    }
    if (q.type === "range" && q.data.min >= q.data.max)
      problems.push({ field: `questions.${i}.data.max`, message: messages.schemeRangeOrder });
    if (q.type === "helpText" && q.data.text.length === 0)
      problems.push({ field: `questions.${i}.data.text`, message: messages.schemeHelpTextEmpty });
    if (q.includeInAggregate && q.type !== "choice" && q.type !== "range")
      problems.push({ field: `questions.${i}.includeInAggregate`, message: messages.schemeAggregateNotScored });
  });
  // Cycles are looked for only once every id is unique and every target exists (else the graph is not defined).
  if (problems.length === 0) {
    const ordered = orderedQuestions(questionnaire);
    const cycle = findCycle(ordered, successors(ordered, byId));
    if (cycle) {
      // Reported on the answer that jumps back: the edge from the cycle's last question to its first.
      const from = byId.get(cycle[cycle.length - 2]!)!;
      const to = cycle[cycle.length - 1]!;
      const answerIndex = isChoiceQuestion(from) ? from.data.answers.findIndex((a) => a.nextQuestion === to) : -1;
      const i = positionOf.get(from)!;
      problems.push({
        field: answerIndex >= 0 ? `questions.${i}.data.answers.${answerIndex}.nextQuestion` : `questions.${i}`,
        message: messages.schemeCycle(cycle),
      });
    }
  }
  return problems;
};

/** Every problem of an uploaded scheme, or the parsed questionnaire. */
export const validateCustomQuestionnaire = (spec: unknown): SchemeValidation => {
  if (spec === null || typeof spec !== "object" || Array.isArray(spec))
    return { ok: false, problems: [{ field: "specification", message: messages.schemeNotObject }] };
  const parsed = customQuestionnaireSchema.safeParse(spec);
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems: SchemeProblem[] = [];
    for (const issue of parsed.error.issues)
      for (const problem of describeIssue(issue, spec)) {
        const key = `${problem.field}|${problem.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(problem);
      }
    return { ok: false, problems };
  }
  const problems = semanticProblems(parsed.data);
  return problems.length ? { ok: false, problems } : { ok: true, questionnaire: parsed.data };
};

/** What the patient gave for one question: a value, a list of values (multiple choice), or nothing. */
export type CustomAnswerValue = string | number | (string | number)[] | null | undefined;
export type CustomAnswers = Record<string, CustomAnswerValue>;

export const isAnswered = (value: CustomAnswerValue): boolean =>
  value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/** The answer's branch target for a choice question, if the given answer has one. */
const branchOf = (q: CustomQuestion, value: CustomAnswerValue): string | null => {
  if (!isChoiceQuestion(q) || !isAnswered(value)) return null;
  const chosen = new Set((Array.isArray(value) ? value : [value]).map(String));
  // Several answers chosen (multiple choice): the first, in the question's order, that branches.
  return q.data.answers.find((a) => chosen.has(String(a.value)) && a.nextQuestion)?.nextQuestion ?? null;
};

/**
 * The questions asked, in order, given the answers so far: start at the first question, follow each
 * answered choice's nextQuestion, otherwise go to the next question by index. Questions after an
 * unanswered one are still asked (the patient may answer them yet).
 */
export const askedQuestionIds = (questionnaire: CustomQuestionnaire, answers: CustomAnswers): string[] => {
  const ordered = orderedQuestions(questionnaire);
  const position = new Map(ordered.map((q, i) => [q.id, i]));
  const asked: string[] = [];
  const seen = new Set<string>();
  let i = ordered.length ? 0 : -1;
  while (i >= 0 && i < ordered.length) {
    const q = ordered[i]!;
    if (seen.has(q.id)) break; // a cycle (a scheme validated before storage has none)
    seen.add(q.id);
    asked.push(q.id);
    const target = branchOf(q, answers[q.id]);
    i = target !== null && position.has(target) ? position.get(target)! : i + 1;
  }
  return asked;
};

export const answerStatuses = ["ANSWERED", "NOT_ANSWERED", "SKIPPED", "SKIPPED_DUE_TO_BRANCHING"] as const;
export type AnswerStatus = (typeof answerStatuses)[number];

/**
 * The status of every question that takes an answer (help texts take none): answered; not asked
 * because an earlier answer branched past it; skipped (an optional question left empty in a
 * submitted questionnaire); or not answered (yet).
 */
export const answerStatus = (
  questionnaire: CustomQuestionnaire,
  answers: CustomAnswers,
  options: { submitted?: boolean } = {},
): Record<string, AnswerStatus> => {
  const asked = new Set(askedQuestionIds(questionnaire, answers));
  const statuses: Record<string, AnswerStatus> = {};
  for (const q of orderedQuestions(questionnaire)) {
    if (q.type === "helpText") continue;
    if (!asked.has(q.id)) statuses[q.id] = "SKIPPED_DUE_TO_BRANCHING";
    else if (isAnswered(answers[q.id])) statuses[q.id] = "ANSWERED";
    else statuses[q.id] = options.submitted && !q.required ? "SKIPPED" : "NOT_ANSWERED";
  }
  return statuses;
};

/** Why a value does not answer the question (a message of messages.ts), or null when it does. */
export const answerProblem = (q: CustomQuestion, value: CustomAnswerValue): string | null => {
  if (!isAnswered(value)) return null;
  const values = isChoiceQuestion(q) ? new Set(q.data.answers.map((a) => String(a.value))) : null;
  switch (q.type) {
    case "choice":
      return !Array.isArray(value) && values!.has(String(value)) ? null : messages.schemeAnswerInvalid;
    case "multipleStringChoice": {
      const list = Array.isArray(value) ? value : [value];
      return list.every((v) => values!.has(String(v))) && new Set(list.map(String)).size === list.length
        ? null
        : messages.schemeAnswerInvalid;
    }
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : messages.schemeAnswerInvalid;
    case "range": {
      const n = typeof value === "number" ? value : Number.NaN;
      return n >= q.data.min && n <= q.data.max ? null : messages.schemeAnswerInvalid;
    }
    case "freeText":
      return typeof value === "string" && (q.data.maxLength === undefined || value.length <= q.data.maxLength)
        ? null
        : messages.schemeAnswerInvalid;
    default:
      return messages.schemeAnswerInvalid;
  }
};

/** The choice questions of a questionnaire, for plan conditions ("an answer of the previous questionnaire"). */
export const choiceQuestions = (questionnaire: CustomQuestionnaire) =>
  orderedQuestions(questionnaire).filter((q): q is Extract<CustomQuestion, { type: "choice" }> => q.type === "choice");

/**
 * The questions' transcript (ids, types, titles, answers) — what an update of an existing
 * questionnaire may not change, since stored answers refer to it.
 */
export const transcriptOf = (questionnaire: CustomQuestionnaire) =>
  orderedQuestions(questionnaire).map((q) => ({
    id: q.id,
    type: q.type,
    title: q.title,
    answers: isChoiceQuestion(q) ? q.data.answers.map((a) => [a.label, String(a.value)]) : null,
  }));
