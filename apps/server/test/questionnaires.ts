import type { TestApp } from "./test-app.js";

/** The EQ-5D-3L of the catalogue (migration 0010 seeds it under this id). */
export const EQ5D_TYPE_ID = "00000000-0000-4000-8000-0000000e05d0";

/** A program-level schedule of one questionnaire, as the scheduling screen would save it. */
export const insertProgramSchedule = async (
  t: TestApp,
  schedule: { programId: string; questionnaireTypeId: string; name: string; kind?: "hardcoded" | "questionnaire" },
): Promise<string> =>
  (
    await t.ctx.db
      .insertInto("questionnaireSchedules")
      .values({
        programId: schedule.programId,
        itemType: schedule.kind ?? "hardcoded",
        questionnaireTypeId: schedule.questionnaireTypeId,
        name: schedule.name,
        frequency: 7,
        numberToSend: 10,
        responseWindow: 7,
        startDay: 0,
        createdAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

export type QuestionnaireState = "DUE" | "IN_PROGRESS" | "COMPLETED" | "MISSED";

/**
 * A questionnaire sent to a patient on `dueDate`, in the state given, as the delivery engine
 * leaves it (its window closes at the end of the due day unless `windowClosesAt` says otherwise);
 * optionally with answers (question id → value).
 */
export const insertQuestionnaireEvent = async (
  t: TestApp,
  event: {
    programId: string;
    patientId: string;
    scheduleId: string;
    questionnaireTypeId: string;
    occurrence: number;
    dueDate: string;
    state: QuestionnaireState;
    windowClosesAt?: string;
    scores?: unknown;
    answers?: Record<string, unknown>;
  },
): Promise<string> => {
  const answers = Object.entries(event.answers ?? {});
  const answeredAt = new Date(`${event.dueDate}T10:05:00Z`);
  const { id } = await t.ctx.db
    .insertInto("questionnaireEvents")
    .values({
      programId: event.programId,
      patientId: event.patientId,
      scheduleId: event.scheduleId,
      questionnaireTypeId: event.questionnaireTypeId,
      planMemberOrder: 0,
      batchMemberOrder: 0,
      occurrence: event.occurrence,
      dueDate: event.dueDate,
      windowClosesAt: event.windowClosesAt ?? `${event.dueDate}T23:59:00Z`,
      state: event.state,
      answeredCount: answers.length,
      questionCount: answers.length,
      createdAt: `${event.dueDate}T00:00:00Z`,
      startedAt: answers.length > 0 ? `${event.dueDate}T10:00:00Z` : null,
      completedAt: event.state === "COMPLETED" ? answeredAt : null,
      scores: event.scores === undefined ? null : JSON.stringify(event.scores),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (answers.length > 0)
    await t.ctx.db
      .insertInto("questionnaireAnswers")
      .values(
        answers.map(([questionId, value]) => ({
          eventId: id,
          programId: event.programId,
          patientId: event.patientId,
          questionId,
          value: JSON.stringify(value),
          skipped: false,
          answeredAt,
        })),
      )
      .execute();
  return id;
};

/** A custom questionnaire of one free-text question, "How was your week?", as the builder saves it. */
export const WEEKLY_CHECK_IN = {
  title: "Weekly check-in",
  questions: [
    { id: "ok", index: 1, title: "How was your week?", type: "freeText", section: "Week", required: false, data: {} },
  ],
};

/** The program's own "Weekly check-in" (a custom questionnaire type, WEEKLY_CHECK_IN): its type id. */
export const insertWeeklyCheckIn = async (t: TestApp, programId: string): Promise<string> =>
  (
    await t.ctx.db
      .insertInto("questionnaireTypes")
      .values({
        programId,
        kind: "custom",
        code: null,
        name: WEEKLY_CHECK_IN.title,
        specification: JSON.stringify(WEEKLY_CHECK_IN),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
