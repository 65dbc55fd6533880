import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import {
  answerProblem,
  answerStatus,
  askedQuestionIds,
  type CustomQuestionnaire,
  splitParagraphs,
  validateCustomQuestionnaire,
} from "./custom-scheme.js";

const checkIn = {
  title: "Weekly check-in",
  introductionText: "Tell us about your week.\n\nIt takes two minutes.",
  questions: [
    {
      id: "pain",
      index: 1,
      title: "Have you had pain?",
      type: "choice",
      section: 1,
      required: true,
      includeInAggregate: true,
      data: {
        answers: [
          { label: "Yes", value: 1 },
          { label: "No", value: 0, nextQuestion: "sleep" },
        ],
      },
    },
    { id: "painScore", index: 2, title: "How bad?", type: "range", section: 1, data: { min: 0, max: 10 } },
    { id: "sleep", index: 3, title: "Sleep", type: "choice", data: { answers: [{ label: "Well", value: "well" }] } },
    { id: "note", index: 4, title: "Anything else?", type: "freeText" },
  ],
};

const parse = (spec: unknown): CustomQuestionnaire => {
  const result = validateCustomQuestionnaire(spec);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.questionnaire;
};

const problemsOf = (spec: unknown) => {
  const result = validateCustomQuestionnaire(spec);
  return result.ok ? [] : result.problems;
};

describe("validating a custom questionnaire", () => {
  it("accepts a well-formed scheme and splits texts into paragraphs", () => {
    const q = parse(checkIn);
    expect(q.introductionText).toEqual(["Tell us about your week.", "It takes two minutes."]);
    expect(q.questions[1]).toMatchObject({ required: false, includeInAggregate: false, displayType: "answer" });
  });

  it("lists every problem with its path", () => {
    const broken = {
      title: "Broken",
      extra: true,
      questions: [
        { id: "a", index: 1, title: "A", type: "choice", data: { answers: [] } },
        {
          id: "a",
          index: 2,
          title: "B",
          type: "choice",
          data: { answers: [{ label: "x", value: 1, nextQuestion: "zz" }] },
        },
        { id: "c", index: 2, title: "C", type: "range", data: { min: 5, max: 1 } },
        { id: "d", index: 4, title: "D", type: "video" },
      ],
    };
    expect(problemsOf(broken)).toEqual([
      {
        field: "questions.3.type",
        message: messages.schemeOneOf(["choice", "multipleStringChoice", "date", "helpText", "range", "freeText"]),
      },
      { field: "extra", message: messages.unknownField("extra") },
    ]);
    broken.questions.pop();
    const { extra: _extra, ...rest } = broken;
    expect(problemsOf(rest)).toEqual([
      { field: "questions.0.data.answers", message: messages.schemeEmptyChoices },
      { field: "questions.1.id", message: messages.schemeDuplicateId("a") },
      { field: "questions.1.data.answers.0.nextQuestion", message: messages.schemeUnknownNextQuestion("zz") },
      { field: "questions.2.index", message: messages.schemeDuplicateIndex(2) },
      { field: "questions.2.data.max", message: messages.schemeRangeOrder },
    ]);
  });

  it("says which fields are missing or of the wrong kind, in its own words", () => {
    expect(problemsOf({ questions: [{ id: "a", index: "1", type: "date" }] })).toEqual([
      { field: "questions.0.index", message: messages.schemeExpected("a number") },
      { field: "questions.0.title", message: messages.schemeMissing },
    ]);
    expect(problemsOf([])).toEqual([{ field: "specification", message: messages.schemeNotObject }]);
    expect(problemsOf({ questions: [] })).toEqual([{ field: "questions", message: messages.schemeNoQuestions }]);
  });

  it("finds a branching cycle and reports it on the answer that jumps back", () => {
    const cyclic = structuredClone(checkIn);
    cyclic.questions[2]!.data = { answers: [{ label: "Badly", value: "bad", nextQuestion: "pain" } as never] };
    expect(problemsOf(cyclic)).toEqual([
      {
        field: "questions.2.data.answers.0.nextQuestion",
        message: messages.schemeCycle(["pain", "painScore", "sleep", "pain"]),
      },
    ]);
  });
});

describe("branching", () => {
  const q = parse(checkIn);

  it("asks the next question by index unless the answer branches", () => {
    expect(askedQuestionIds(q, {})).toEqual(["pain", "painScore", "sleep", "note"]);
    expect(askedQuestionIds(q, { pain: 1 })).toEqual(["pain", "painScore", "sleep", "note"]);
    expect(askedQuestionIds(q, { pain: 0 })).toEqual(["pain", "sleep", "note"]);
  });

  it("marks questions skipped by branching, skipped, answered and not answered", () => {
    expect(answerStatus(q, { pain: 0, sleep: "well" }, { submitted: true })).toEqual({
      pain: "ANSWERED",
      painScore: "SKIPPED_DUE_TO_BRANCHING",
      sleep: "ANSWERED",
      note: "SKIPPED",
    });
    expect(answerStatus(q, {})).toMatchObject({ pain: "NOT_ANSWERED", note: "NOT_ANSWERED" });
  });

  it("asks every question at most once, whatever the answers", () => {
    fc.assert(
      fc.property(
        fc.record({ pain: fc.constantFrom(0, 1, undefined), sleep: fc.constantFrom("well", undefined) }),
        (answers) => {
          const asked = askedQuestionIds(q, answers);
          expect(new Set(asked).size).toBe(asked.length);
          expect(asked[0]).toBe("pain");
        },
      ),
    );
  });

  it("checks an answer against its question", () => {
    const [pain, painScore, , note] = q.questions;
    expect(answerProblem(pain!, 1)).toBeNull();
    expect(answerProblem(pain!, 7)).toBe(messages.schemeAnswerInvalid);
    expect(answerProblem(painScore!, 11)).toBe(messages.schemeAnswerInvalid);
    expect(answerProblem(note!, "fine")).toBeNull();
  });
});

describe("paragraphs", () => {
  it("splits on blank lines only", () => {
    expect(splitParagraphs("One\nline two\n\n  \nThree\r\n\r\nFour")).toEqual(["One\nline two", "Three", "Four"]);
  });
});
