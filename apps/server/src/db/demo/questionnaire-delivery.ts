import {
  addDays,
  askedQuestionIds,
  type CustomAnswers,
  type CustomQuestionnaire,
  customQuestionnaireSchema,
  hardcodedTypeIds,
  type InstrumentCode,
  instruments,
  orderedQuestions,
  programScheduleStartDate,
  reminderAt,
  scoreQuestionnaire,
  sendDates,
  utcDate,
  windowClosesAt,
} from "@openpro/core";
import type { Insertable } from "kysely";
import type { Db } from "../kysely.js";
import type { QuestionnaireEventsTable } from "../schema.js";
import { startDemoJob } from "./queries.js";

/**
 * Questionnaires of the demo programs: every program sends EQ-5D weekly (from the consent day,
 * 3-day window) and QLQ-C30 monthly (from day 3, 7-day window) to all its patients. Each
 * consented patient has the months since consent delivered: most completed (answers and scores
 * that drift with the treatment cycle), some half done, some missed; the one still open is due.
 * Deterministic (a hash of the patient's position and the send), written in a few multi-row inserts,
 * so `npm start` stays fast. Runs after the questionnaire settings' seed; the delivery engine's
 * hourly job takes over from there.
 */

/** Must equal the engine's job name (modules/questionnaire-delivery/engine.ts DELIVERY_JOB). */
const DELIVERY_JOB = "questionnaire-delivery.run";

interface DemoSchedule {
  code: InstrumentCode | null;
  /** The program's custom questionnaire of that name (qset's demo), when code is null. */
  customName?: string;
  startDay: number;
  frequency: number;
  numberToSend: number;
  responseWindow: number;
}
const demoSchedules: DemoSchedule[] = [
  { code: "EQ5D", startDay: 0, frequency: 7, numberToSend: 52, responseWindow: 3 },
  { code: "QLQC30", startDay: 2, frequency: 30, numberToSend: 12, responseWindow: 7 },
  {
    code: null,
    customName: "Weekly oncology check-in",
    startDay: 3,
    frequency: 7,
    numberToSend: 52,
    responseWindow: 3,
  },
];

/** A draw in [0, 1) from integers (xorshift-style mixing): the same inputs, the same draw. */
const draw = (...keys: number[]) => {
  let h = 2166136261;
  for (const k of keys) {
    h ^= k + 0x9e3779b9 + (h << 6) + (h >>> 2);
    h = Math.imul(h ^ (h >>> 16), 2246822507) >>> 0;
  }
  return (h >>> 0) / 4294967296;
};

/** Answers that are worse in the first week of each 21-day cycle, better later on. */
const answersFor = (code: InstrumentCode, patient: number, send: number, day: number) => {
  const cycle = (day % 21) / 21;
  const burden = Math.max(0, 0.6 - cycle) + draw(patient, send, 99) * 0.3;
  const answers: Record<string, number> = {};
  for (const [i, item] of instruments[code].items.entries()) {
    const { min, max } = item.scale;
    const span = max - min;
    const r = draw(patient, send, i);
    // Higher is better on the global (7-point) and VAS items, worse elsewhere.
    const good = span >= 6;
    const level = good ? 1 - burden * 0.8 - r * 0.2 : burden * 0.9 + r * 0.3;
    answers[item.code] = Math.min(max, Math.max(min, min + Math.round(Math.min(1, Math.max(0, level)) * span)));
  }
  return answers;
};

/**
 * A custom questionnaire answered as a patient would: following its branching, every asked
 * question answered (optional ones sometimes skipped); `upTo` stops half-way for a partial one.
 */
const customAnswersFor = (
  scheme: CustomQuestionnaire,
  patient: number,
  send: number,
  date: string,
  upTo = Infinity,
) => {
  const answers: CustomAnswers = {};
  const decided = new Set<string>();
  const byId = new Map(orderedQuestions(scheme).map((q) => [q.id, q]));
  for (let step = 0; step < byId.size && decided.size < upTo; step++) {
    const next = askedQuestionIds(scheme, answers).find((id) => !decided.has(id) && byId.get(id)!.type !== "helpText");
    if (!next) break;
    decided.add(next);
    const q = byId.get(next)!;
    const r = draw(patient, send, step, 7);
    if (!q.required && r < 0.35) continue;
    if (q.type === "choice") answers[q.id] = q.data.answers[Math.floor(r * q.data.answers.length)]!.value;
    else if (q.type === "multipleStringChoice")
      answers[q.id] = [q.data.answers[Math.floor(r * q.data.answers.length)]!.value];
    else if (q.type === "range") answers[q.id] = Math.round(q.data.min + r * (q.data.max - q.data.min));
    else if (q.type === "date") answers[q.id] = date;
    else if (q.type === "freeText")
      answers[q.id] = r < 0.7 ? "Tired after the infusion but managing." : "Feeling better this week.";
  }
  const asked = askedQuestionIds(scheme, answers).filter((id) => byId.get(id)!.type !== "helpText");
  return { answers, asked: asked.length };
};

export const seedQuestionnaireDelivery = async (db: Db, { now }: { now: Date }) => {
  const today = utcDate(now);
  const programs = await db.selectFrom("programs").select("id").orderBy("name").execute();
  const schedules: {
    id: string;
    programId: string;
    s: DemoSchedule;
    typeId: string;
    scheme: CustomQuestionnaire | null;
  }[] = [];
  for (const program of programs) {
    const customs = await db
      .selectFrom("questionnaireTypes")
      .select(["id", "name", "specification"])
      .where("programId", "=", program.id)
      .where("kind", "=", "custom")
      .execute();
    const wanted = demoSchedules.flatMap(
      (s): { s: DemoSchedule; typeId: string; name: string; scheme: CustomQuestionnaire | null }[] => {
        if (s.code) return [{ s, typeId: hardcodedTypeIds[s.code], name: instruments[s.code].name, scheme: null }];
        const custom = customs.find((c) => c.name === s.customName);
        const scheme = custom ? customQuestionnaireSchema.safeParse(custom.specification) : null;
        return custom && scheme?.success ? [{ s, typeId: custom.id, name: custom.name, scheme: scheme.data }] : [];
      },
    );
    const rows = await db
      .insertInto("questionnaireSchedules")
      .values(
        wanted.map(({ s, typeId, name }) => ({
          programId: program.id,
          patientId: null,
          itemType: s.code ? ("hardcoded" as const) : ("questionnaire" as const),
          scheduleType: "RECURRING" as const,
          questionnaireTypeId: typeId,
          questionnaireBatchId: null,
          questionnairePlanId: null,
          name,
          description: null,
          frequency: s.frequency,
          numberToSend: s.numberToSend,
          responseWindow: s.responseWindow,
          startDay: s.startDay,
          startDate: null,
          instructionsForPatient: null,
          deferredMemberOrder: null,
          deferredTo: null,
          createdBy: null,
          createdAt: now,
          deletedAt: null,
        })),
      )
      .returning("id")
      .execute();
    for (const [i, r] of rows.entries()) schedules.push({ id: r.id, programId: program.id, ...wanted[i]! });
  }
  const patients = await db
    .selectFrom("programPatients")
    .select(["programId", "userId", "dateConsentGiven", "dateConsentRevoked"])
    .where("dateConsentGiven", "is not", null)
    .where("status", "in", ["CONSENTED", "CONSENT_WITHDRAWN", "PROJECT_COMPLETED"])
    .orderBy("programId")
    .orderBy("inviteEmail")
    .execute();

  const events: Insertable<QuestionnaireEventsTable>[] = [];
  const answers: { key: string; rows: Record<string, unknown>; at: Date }[] = [];
  patients.forEach((p, index) => {
    const consent = utcDate(new Date(p.dateConsentGiven!));
    const last = p.dateConsentRevoked ? utcDate(new Date(p.dateConsentRevoked)) : today;
    for (const { id, programId, s, typeId, scheme } of schedules.filter((x) => x.programId === p.programId)) {
      const dates = sendDates({
        startDate: programScheduleStartDate(consent, s.startDay),
        frequency: s.frequency,
        numberToSend: s.numberToSend,
      }).filter((d) => d <= last);
      const total = s.code ? instruments[s.code].items.length : 0;
      dates.forEach((date, occurrence) => {
        const closes = windowClosesAt(date, s.responseWindow);
        const open = closes.getTime() > now.getTime();
        const r = draw(index, occurrence, s.startDay);
        const kind: QuestionnaireEventsTable["state"] = open
          ? r < 0.5
            ? "DUE"
            : "COMPLETED"
          : r < 0.72
            ? "COMPLETED"
            : r < 0.84
              ? "IN_PROGRESS"
              : "MISSED";
        const answerAt = new Date(
          Math.min(now.getTime() - 60_000, Date.parse(`${date}T18:00:00Z`) + Math.floor(r * 2) * 86_400_000),
        );
        let given: Record<string, unknown> = {};
        let questionCount = total;
        let scores: string | null = null;
        if (kind === "COMPLETED" || kind === "IN_PROGRESS") {
          if (s.code) {
            const full = answersFor(s.code, index, occurrence, occurrence * s.frequency);
            given =
              kind === "COMPLETED" ? full : Object.fromEntries(Object.entries(full).slice(0, Math.ceil(total / 2)));
            if (kind === "COMPLETED") scores = JSON.stringify(scoreQuestionnaire(s.code, full));
          } else if (scheme) {
            const result = customAnswersFor(scheme, index, occurrence, date, kind === "COMPLETED" ? Infinity : 3);
            given = result.answers;
            questionCount = result.asked;
          }
        } else if (scheme) {
          questionCount = askedQuestionIds(scheme, {}).filter(
            (qid) => scheme.questions.find((q) => q.id === qid)?.type !== "helpText",
          ).length;
        }
        const answered = Object.keys(given).length;
        const key = `${id}|${p.userId}|${occurrence}`;
        events.push({
          programId,
          patientId: p.userId,
          scheduleId: id,
          questionnaireTypeId: typeId,
          planMemberOrder: 0,
          occurrence,
          batchMemberOrder: 0,
          dueDate: date,
          windowClosesAt: closes,
          remindAt: open ? reminderAt(date, s.responseWindow) : null,
          state: kind,
          // A completed custom questionnaire counts its skipped optional questions as done.
          answeredCount: kind === "COMPLETED" ? questionCount : answered,
          questionCount,
          createdAt: new Date(`${date}T08:00:00Z`),
          notifiedAt: new Date(`${date}T08:00:00Z`),
          remindedAt:
            !open && kind !== "COMPLETED" ? new Date(`${addDays(date, s.responseWindow - 1)}T00:00:00Z`) : null,
          startedAt: answered ? answerAt : null,
          completedAt: kind === "COMPLETED" ? answerAt : null,
          submitClientId: null,
          scores,
        });
        if (answered) answers.push({ key, rows: given, at: answerAt });
      });
    }
  });
  const ids = new Map<string, string>();
  for (let i = 0; i < events.length; i += 1000) {
    const inserted = await db
      .insertInto("questionnaireEvents")
      .values(events.slice(i, i + 1000))
      .returning(["id", "scheduleId", "patientId", "occurrence"])
      .execute();
    for (const e of inserted) ids.set(`${e.scheduleId}|${e.patientId}|${e.occurrence}`, e.id);
  }
  const answerRows = answers.flatMap(({ key, rows, at }) => {
    const eventId = ids.get(key)!;
    const [, patientId] = key.split("|");
    const programId = schedules.find((s) => key.startsWith(s.id))!.programId;
    return Object.entries(rows).map(([questionId, value]) => ({
      eventId,
      programId,
      patientId: patientId!,
      questionId,
      value: JSON.stringify(value),
      skipped: false,
      answeredAt: at,
    }));
  });
  for (let i = 0; i < answerRows.length; i += 2000) {
    await db
      .insertInto("questionnaireAnswers")
      .values(answerRows.slice(i, i + 2000))
      .execute();
  }
  // The engine's hourly chain starts here.
  await startDemoJob(db, DELIVERY_JOB, `${DELIVERY_JOB}:soon`, now);
};
