import {
  askedQuestionIds,
  type CustomAnswers,
  type CustomQuestionnaire,
  customQuestionnaireSchema,
  type InstrumentCode,
  instruments,
  isChoiceQuestion,
  isValidInstrumentAnswer as isValidAnswer,
  orderedQuestions,
} from "@openpro/core";

/**
 * The questions of a delivered questionnaire, as the answers API and the engine read them: the
 * licensed instrument's items (item codes, answer scale), or the custom scheme with its branching
 * (qset's helpers in core questionnaires/custom-scheme.ts).
 */

/** The stored scheme of a custom questionnaire (validated when it was made). */
export const parseScheme = (specification: unknown): CustomQuestionnaire | null => {
  const parsed = customQuestionnaireSchema.safeParse(specification);
  return parsed.success ? parsed.data : null;
};

/** Questions that take an answer and are asked, given the answers so far. */
export const askedAnswerable = (scheme: CustomQuestionnaire, answers: CustomAnswers): string[] => {
  const byId = new Map(scheme.questions.map((q) => [q.id, q]));
  return askedQuestionIds(scheme, answers).filter((id) => byId.get(id)?.type !== "helpText");
};

export const answerableCount = (scheme: CustomQuestionnaire, answers: CustomAnswers): number =>
  askedAnswerable(scheme, answers).length;

export const instrumentItems = (code: InstrumentCode) => instruments[code].items;

/** A custom answer as staff read it: the chosen answers' labels, or the value itself. */
export const displayAnswer = (scheme: CustomQuestionnaire, questionId: string, value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const question = scheme.questions.find((q) => q.id === questionId);
  if (question && isChoiceQuestion(question)) {
    const values = Array.isArray(value) ? value : [value];
    return values
      .map((v) => question.data.answers.find((a) => String(a.value) === String(v))?.label ?? String(v))
      .join(", ");
  }
  return Array.isArray(value) ? value.join(", ") : String(value);
};

export { isValidAnswer, orderedQuestions };
