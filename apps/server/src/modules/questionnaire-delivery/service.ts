import {
  type AnswerInput,
  answerProblem,
  answerStatus,
  type CreateScheduleBody,
  type CustomAnswers,
  daysBetween,
  findItemWording,
  hasConsented,
  type InstrumentCode,
  instrumentDeliverable,
  instruments,
  instrumentsWithoutWording,
  isValidDeferDate,
  messages,
  orderedQuestions,
  patientStartDateRange,
  percentComplete,
  programScheduleStartDate,
  type QuestionnaireEvent,
  questionnaireDayStatus,
  questionnairesReachPatient,
  type ScaleScore,
  type ScheduleItem,
  scoreQuestionnaire,
  skippedAnswerLabels,
  utcDate,
  wireEventStatus,
} from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import { patientRecordEvent } from "../../platform/audit/audit.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, type FieldError, forbidden, invalidField, notFound, unprocessable } from "../../platform/errors.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { loadProgram } from "../programs/service.js";
import {
  DELIVERY_JOB,
  loadCatalogue,
  loadConditionAnswers,
  progressKey,
  scheduleTypeIds,
  upcomingDates,
} from "./engine.js";
import * as q from "./queries.js";
import { askedAnswerable, displayAnswer, instrumentItems, isValidAnswer, parseScheme } from "./questions.js";

export { DELIVERY_JOB, runDelivery } from "./engine.js";

const consentDateOf = (e: { dateConsentGiven: Date | string | null }) =>
  e.dateConsentGiven ? utcDate(new Date(e.dateConsentGiven)) : null;

const loadPatient = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const enrolment = await q.findEnrolment(ctx.db, programId, userId);
  if (!enrolment || !hasConsented(enrolment.status)) throw notFound();
  return { program, enrolment };
};

/**
 * Answered questionnaires of a program (or of one of its patients), in due-date order, as keyset
 * pages: what the data exports (research export, a patient's own data) read of answers and scores.
 * No permission check here: the caller (exports/service.ts) has checked its own.
 */
export async function* answeredQuestionnairePages(
  ctx: AppContext,
  programId: string,
  patientId: string | null = null,
  pageSize = 500,
) {
  let after: { dueDate: string; id: string } | null = null;
  for (;;) {
    const rows = await q.findExportPage(ctx.db, programId, patientId ? { patientId } : {}, after, pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...r, scores: Array.isArray(r.scores) ? (r.scores as ScaleScore[]) : [] }));
    const last = rows.at(-1)!;
    after = { dueDate: last.dueDate, id: last.id };
    if (rows.length < pageSize) return;
  }
}

/** Runs the engine soon (a schedule was made, a questionnaire completed); one such run waits at a time. */
export const requestDeliveryRun = (ctx: AppContext, db: AppContext["db"]) =>
  enqueueJob(db, ctx.clock, DELIVERY_JOB, {}, { singletonKey: `${DELIVERY_JOB}:soon` });

// ---------------------------------------------------------------------------------------------
// Schedules

/** The names of instruments, as staff read them ("EQ-5D-3L and EORTC QLQ-C30"). */
const instrumentNames = (codes: readonly InstrumentCode[]) => {
  const names = codes.map((code) => instruments[code].name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
};

/**
 * The licensed instruments among what these schedules send whose wording is not installed, by
 * schedule: they are not delivered to patients (core instrumentDeliverable; HAZ-008).
 */
const heldInstruments = async (
  ctx: AppContext,
  db: AppContext["db"],
  rows: Pick<
    q.ScheduleRow,
    "id" | "itemType" | "questionnaireTypeId" | "questionnaireBatchId" | "questionnairePlanId"
  >[],
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>,
) => {
  const typeIdsByRow = new Map(rows.map((r) => [r.id, scheduleTypeIds(r, catalogue)]));
  const types = await q.findTypes(db, [...new Set([...typeIdsByRow.values()].flat())]);
  const codeOf = new Map(types.map((t) => [t.id, t.kind === "hardcoded" ? t.code : null]));
  return new Map(
    rows.map((r) => {
      const codes = (typeIdsByRow.get(r.id) ?? []).map((id) => codeOf.get(id));
      const held = instrumentsWithoutWording(ctx.licensedWording, codes);
      // Nothing of it goes out when every questionnaire it sends is a held instrument.
      const all = codes.length > 0 && codes.every((code) => code && held.includes(code as InstrumentCode));
      return [r.id, { codes: held, all }] as const;
    }),
  );
};

const itemField = (body: CreateScheduleBody) =>
  body.type === "batch" ? "questionnaireBatchId" : body.type === "plan" ? "questionnairePlanId" : "questionnaireTypeId";

/** Refuses to schedule a licensed instrument whose wording is not installed, alone or in a batch or plan. */
const refuseWithoutWording = async (ctx: AppContext, db: AppContext["db"], body: CreateScheduleBody) => {
  const candidate = {
    id: "new",
    itemType: body.type,
    questionnaireTypeId: body.type === "hardcoded" || body.type === "questionnaire" ? body.questionnaireTypeId! : null,
    questionnaireBatchId: body.type === "batch" ? body.questionnaireBatchId! : null,
    questionnairePlanId: body.type === "plan" ? body.questionnairePlanId! : null,
  };
  const catalogue = await loadCatalogue({ ...ctx, db }, [candidate as q.ScheduleRow]);
  const held = (await heldInstruments(ctx, db, [candidate], catalogue)).get("new")?.codes ?? [];
  if (held.length > 0) throw invalidField(itemField(body), messages.qsLicensedWordingMissing(instrumentNames(held)));
};

const itemOf = async (db: AppContext["db"], programId: string, body: CreateScheduleBody) => {
  if (body.type === "batch") {
    const batch = await q.findProgramBatch(db, programId, body.questionnaireBatchId!);
    if (!batch) throw invalidField("questionnaireBatchId", messages.qsItemUnknown);
    return { name: batch.name };
  }
  if (body.type === "plan") {
    const plan = await q.findProgramPlan(db, programId, body.questionnairePlanId!);
    if (!plan) throw invalidField("questionnairePlanId", messages.qsItemUnknown);
    return { name: plan.name };
  }
  const type = await q.findProgramType(db, programId, body.questionnaireTypeId!);
  const wanted = body.type === "hardcoded" ? "hardcoded" : "custom";
  if (!type || type.kind !== wanted) throw invalidField("questionnaireTypeId", messages.qsItemUnknown);
  return { name: type.name };
};

interface ItemContext {
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>;
  sends: Map<string, number>;
  patient: { id: string; consentDate: string | null } | null;
  lastSends: Map<string, q.EventProgressRow>;
  answers: Map<string, Record<string, unknown>>;
  now: Date;
  /** By schedule: its licensed instruments that are not sent (wording not installed). */
  held: Map<string, { codes: InstrumentCode[]; all: boolean }>;
}

const toScheduleItem = (row: q.ScheduleRow, c: ItemContext): ScheduleItem => {
  const batchMembers = row.questionnaireBatchId
    ? c.catalogue.batchRows
        .filter((m) => m.batchId === row.questionnaireBatchId)
        .map((m) => ({ id: m.questionnaireTypeId, name: m.name, order: m.memberOrder }))
    : null;
  const held = c.held.get(row.id);
  const planned = c.patient
    ? upcomingDates(row, c.patient.id, c.patient.consentDate, c.lastSends, c.catalogue, c.answers, c.now)
    : { dates: [], planMembers: [] };
  // Not sent at all while held: no send is shown as upcoming.
  const upcoming = held?.all ? { ...planned, dates: [] } : planned;
  const planRows = row.questionnairePlanId
    ? c.catalogue.planRows.filter((m) => m.planId === row.questionnairePlanId)
    : [];
  const planMembers = planRows.map((m) => {
    const state = upcoming.planMembers.find((p) => p.order === m.memberOrder);
    return {
      id: `${row.id}:${m.memberOrder}`,
      order: m.memberOrder,
      memberType: m.memberType,
      name: m.name,
      startDate: state?.startDate ?? null,
      state: state?.state ?? ("waiting" as const),
    };
  });
  const nextMember = planMembers.find((m) => m.state === "waiting" && m.startDate) ?? null;
  const startDate =
    row.startDate ??
    (c.patient?.consentDate && row.startDay !== null
      ? programScheduleStartDate(c.patient.consentDate, row.startDay)
      : null);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.itemType,
    scheduleType: row.scheduleType,
    audience: row.patientId ? "user" : "all",
    userId: row.patientId,
    frequency: row.frequency,
    numberToSend: row.numberToSend,
    responseWindow: row.responseWindow,
    startDay: row.startDay,
    startDate,
    sentCount: c.sends.get(row.id) ?? 0,
    nextSendDate: upcoming.dates[0] ?? null,
    scheduledEvents: upcoming.dates,
    instructionsForPatient: row.instructionsForPatient,
    questionnaireTypeId: row.questionnaireTypeId,
    questionnaireBatchId: row.questionnaireBatchId,
    questionnairePlanId: row.questionnairePlanId,
    questionnaireBatch: batchMembers ? { members: batchMembers } : null,
    questionnairePlan: row.questionnairePlanId
      ? { members: planMembers, nextPlanMemberId: nextMember?.id ?? null }
      : null,
    removable: !(c.patient && !row.patientId),
    heldBack: held?.codes.length ? messages.qsHeldNoWording(instrumentNames(held.codes)) : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
};

/** Everything the schedule items of a program or of one patient need, read once. */
const itemContext = async (
  ctx: AppContext,
  rows: q.ScheduleRow[],
  patient: { id: string; consentDate: string | null } | null,
): Promise<ItemContext> => {
  const catalogue = await loadCatalogue(ctx, rows);
  const ids = rows.map((r) => r.id);
  const sends = await q.countSends(ctx.db, ids, patient?.id ?? null);
  let lastSends = new Map<string, q.EventProgressRow>();
  let answers = new Map<string, Record<string, unknown>>();
  if (patient) {
    const last = await q.findLastSends(
      ctx.db,
      ids.map((scheduleId) => ({ scheduleId, patientId: patient.id })),
    );
    lastSends = new Map(last.map((r) => [progressKey(r), r]));
    const planIds = new Set(rows.filter((r) => r.itemType === "plan").map((r) => r.id));
    if (planIds.size) answers = await loadConditionAnswers(ctx, last, planIds);
  }
  const held = await heldInstruments(ctx, ctx.db, rows, catalogue);
  return { catalogue, sends, patient, lastSends, answers, now: ctx.clock.now(), held };
};

const patientSchedule = async (
  ctx: AppContext,
  program: { id: string; closed: boolean },
  enrolment: q.EnrolmentRow,
) => {
  const rows = await q.findSchedulesOf(ctx.db, program.id, enrolment.userId);
  const c = await itemContext(ctx, rows, { id: enrolment.userId, consentDate: consentDateOf(enrolment) });
  const items = rows.map((r) => toScheduleItem(r, c));
  // After withdrawal or the program's end nothing more is sent: no upcoming send to show.
  return questionnairesReachPatient(program, enrolment.status)
    ? items
    : items.map((item) => ({ ...item, scheduledEvents: [] }));
};

export const listSchedules = async (scope: RequestScope, programId: string, query: { userId?: string }) => {
  if (query.userId) {
    const { program, enrolment } = await loadPatient(scope, programId, query.userId);
    const results = await patientSchedule(scope.ctx, program, enrolment);
    await scope.audit(patientRecordEvent("questionnaire.schedule.read", programId, enrolment.userId));
    return { results, totalCount: results.length };
  }
  await inProgram(scope, programId);
  const rows = await q.findSchedulesOf(scope.ctx.db, programId, null);
  const c = await itemContext(scope.ctx, rows, null);
  const results = rows.map((r) => toScheduleItem(r, c));
  return { results, totalCount: results.length };
};

export const createSchedule = async (scope: RequestScope, programId: string, body: CreateScheduleBody) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  if (program.closed) throw forbidden();
  let item = await itemOf(ctx.db, programId, body);
  await refuseWithoutWording(ctx, ctx.db, body);
  let patientId: string | null = null;
  let consentDate: string | null = null;
  if (body.audience === "user") {
    const enrolment = await q.findEnrolment(ctx.db, programId, body.userId);
    if (!enrolment || !hasConsented(enrolment.status)) throw notFound();
    consentDate = consentDateOf(enrolment);
    if (enrolment.status !== "CONSENTED" || !consentDate) throw invalidField("userId", messages.qsPatientNotScheduling);
    const range = patientStartDateRange(consentDate, utcDate(ctx.clock.now()));
    if (body.startDate < range.min || body.startDate > range.max) {
      throw invalidField("startDate", messages.qsStartDateRange(range.min, range.max));
    }
    patientId = enrolment.userId;
  }
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // Checked again under the program's share lock: the item may have been deleted meanwhile.
    await q.shareProgram(trx, programId);
    item = await itemOf(trx, programId, body);
    await refuseWithoutWording(ctx, trx, body);
    const created = await q.insertSchedule(trx, {
      programId,
      patientId,
      itemType: body.type,
      scheduleType: body.scheduleType,
      questionnaireTypeId:
        body.type === "hardcoded" || body.type === "questionnaire" ? body.questionnaireTypeId! : null,
      questionnaireBatchId: body.type === "batch" ? body.questionnaireBatchId! : null,
      questionnairePlanId: body.type === "plan" ? body.questionnairePlanId! : null,
      name: item.name,
      description: body.description ?? null,
      frequency: body.frequency,
      numberToSend: body.numberToSend,
      responseWindow: body.responseWindow,
      startDay: body.audience === "all" ? body.startDay : null,
      startDate: body.audience === "user" ? body.startDate : null,
      instructionsForPatient: body.instructionsForPatient || null,
      deferredMemberOrder: null,
      deferredTo: null,
      createdBy: scope.actor.userId,
      createdAt: now,
      deletedAt: null,
    });
    await scope.audit(
      {
        action: "questionnaire.schedule.create",
        entityType: "questionnaire_schedule",
        entityId: created.id,
        programId,
        ...(patientId ? { patientId } : {}),
        details: { type: body.type, audience: body.audience, name: item.name },
      },
      trx,
    );
    await requestDeliveryRun(ctx, trx);
    return created;
  });
  const c = await itemContext(ctx, [row], patientId ? { id: patientId, consentDate } : null);
  return toScheduleItem(row, c);
};

export const deleteSchedule = async (
  scope: RequestScope,
  programId: string,
  scheduleId: string,
  query: { userId?: string; type?: string },
) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const row = await q.findSchedule(ctx.db, programId, scheduleId);
  if (!row) throw notFound();
  if (query.type && query.type !== row.itemType) throw notFound();
  if (query.userId) {
    await loadPatient(scope, programId, query.userId);
    if (!row.patientId) throw conflict(messages.qsProgramLevelNotRemovable);
    if (row.patientId !== query.userId) throw notFound();
  }
  await ctx.db.transaction().execute(async (trx) => {
    await q.softDeleteSchedule(trx, row.id, ctx.clock.now());
    await scope.audit(
      {
        action: "questionnaire.schedule.delete",
        entityType: "questionnaire_schedule",
        entityId: row.id,
        programId,
        ...(row.patientId ? { patientId: row.patientId } : {}),
        details: { type: row.itemType, name: row.name },
      },
      trx,
    );
  });
  return null;
};

export const deferSchedule = async (
  scope: RequestScope,
  programId: string,
  scheduleId: string,
  body: { targetDate: string },
) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const row = await q.findSchedule(ctx.db, programId, scheduleId);
  if (!row) throw notFound();
  if (row.itemType !== "plan" || !row.patientId) throw invalidField("targetDate", messages.qsNotAPlan);
  const { enrolment } = await loadPatient(scope, programId, row.patientId);
  const c = await itemContext(ctx, [row], { id: enrolment.userId, consentDate: consentDateOf(enrolment) });
  const item = toScheduleItem(row, c);
  const next = item.questionnairePlan?.members.find((m) => m.id === item.questionnairePlan?.nextPlanMemberId);
  if (!next?.startDate) throw invalidField("targetDate", messages.qsNothingToDefer);
  if (!isValidDeferDate(body.targetDate, next.startDate, utcDate(ctx.clock.now()))) {
    throw invalidField("targetDate", messages.qsDeferDateInvalid);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await q.setDeferral(trx, row.id, next.order, body.targetDate);
    await scope.audit(
      {
        action: "questionnaire.schedule.defer",
        entityType: "questionnaire_schedule",
        entityId: row.id,
        programId,
        patientId: row.patientId!,
        details: { memberOrder: next.order, from: next.startDate, to: body.targetDate },
      },
      trx,
    );
  });
  const fresh = (await q.findSchedule(ctx.db, programId, scheduleId))!;
  return toScheduleItem(fresh, await itemContext(ctx, [fresh], c.patient));
};

export const scheduledQuestionnaires = async (scope: RequestScope, programId: string, userId: string) => {
  const { program, enrolment } = await loadPatient(scope, programId, userId);
  const results = await patientSchedule(scope.ctx, program, enrolment);
  const upcoming = results
    .flatMap((s) => s.scheduledEvents.map((date) => ({ scheduleId: s.id, name: s.name, date, type: s.type })))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)));
  await scope.audit(patientRecordEvent("questionnaire.schedule.read", programId, userId));
  return { results, upcoming };
};

// ---------------------------------------------------------------------------------------------
// Questionnaires sent

const toEvent = (row: q.EventRow, consentDate: string | null, now: Date): QuestionnaireEvent => {
  const today = utcDate(now);
  const completed = row.state === "COMPLETED";
  const status = questionnaireDayStatus({
    date: row.dueDate,
    today,
    completed,
    answered: row.answeredCount,
    total: row.questionCount,
  });
  return {
    id: row.id,
    questionnaireUserEventId: row.id,
    scheduleId: row.scheduleId,
    questionnaireTypeId: row.questionnaireTypeId,
    name: row.name,
    questionnaireType: row.name,
    kind: row.kind,
    code: row.code,
    date: row.dueDate,
    day: consentDate ? daysBetween(consentDate, row.dueDate) + 1 : null,
    windowClosesAt: new Date(row.windowClosesAt).toISOString(),
    status: wireEventStatus(row.state),
    statusLabel: status.label,
    isStarted: row.answeredCount > 0 || !!row.startedAt,
    isFailed: status.kind === "failed",
    percentComplete: completed ? 100 : percentComplete(row.answeredCount, row.questionCount),
    completedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null,
    scores: completed && Array.isArray(row.scores) ? (row.scores as ScaleScore[]) : null,
  };
};

export const deliveredQuestionnaires = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  query: { _page: number; _perPage: number; questionnaireTypeId?: string },
) => {
  const { enrolment } = await loadPatient(scope, programId, userId);
  const now = scope.ctx.clock.now();
  const { rows, total } = await q.findEventsPage(scope.ctx.db, programId, userId, {
    typeId: query.questionnaireTypeId,
    page: query._page,
    perPage: query._perPage,
    today: utcDate(now),
  });
  await scope.audit(patientRecordEvent("questionnaire.results.read", programId, userId, { page: query._page }));
  return { results: rows.map((r) => toEvent(r, consentDateOf(enrolment), now)), totalCount: total };
};

export const eventsSummary = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  query: { startDate: string; endDate: string },
) => {
  const { enrolment } = await loadPatient(scope, programId, userId);
  const now = scope.ctx.clock.now();
  const rows = await q.findEventsBetween(scope.ctx.db, programId, userId, query.startDate, query.endDate);
  await scope.audit(patientRecordEvent("questionnaire.results.read", programId, userId, query));
  return { results: rows.map((r) => toEvent(r, consentDateOf(enrolment), now)) };
};

const answersMap = (rows: { questionId: string; value: unknown; skipped: boolean }[]) => {
  const map: Record<string, unknown> = {};
  for (const r of rows) map[r.questionId] = r.skipped ? null : r.value;
  return map;
};

export const hardcodedEvent = async (scope: RequestScope, programId: string, userId: string, eventId: string) => {
  const { enrolment } = await loadPatient(scope, programId, userId);
  const row = await q.findEvent(scope.ctx.db, programId, userId, eventId);
  if (row?.kind !== "hardcoded" || !row.code) throw notFound();
  const answers = answersMap(await q.findAnswers(scope.ctx.db, eventId));
  await scope.audit(patientRecordEvent("questionnaire.results.read", programId, userId, { eventId }));
  return {
    event: toEvent(row, consentDateOf(enrolment), scope.ctx.clock.now()),
    logs: instrumentItems(row.code as InstrumentCode).map((item) => ({
      logType: item.code,
      data: { value: typeof answers[item.code] === "number" ? (answers[item.code] as number) : null },
    })),
  };
};

export const customEvent = async (scope: RequestScope, programId: string, userId: string, eventId: string) => {
  const { enrolment } = await loadPatient(scope, programId, userId);
  const row = await q.findEvent(scope.ctx.db, programId, userId, eventId);
  if (row?.kind !== "custom") throw notFound();
  const type = (await q.findTypes(scope.ctx.db, [row.questionnaireTypeId]))[0];
  const scheme = parseScheme(type?.specification);
  const answers = answersMap(await q.findAnswers(scope.ctx.db, eventId)) as CustomAnswers;
  const statuses = scheme ? answerStatus(scheme, answers, { submitted: row.state === "COMPLETED" }) : {};
  await scope.audit(patientRecordEvent("questionnaire.results.read", programId, userId, { eventId }));
  return {
    event: toEvent(row, consentDateOf(enrolment), scope.ctx.clock.now()),
    answers: scheme
      ? orderedQuestions(scheme)
          .filter((question) => question.type !== "helpText")
          .map((question) => {
            const status = statuses[question.id] ?? "NOT_ANSWERED";
            return {
              questionId: question.id,
              section: question.section === undefined ? null : String(question.section),
              question: question.title,
              questionType: question.type,
              displayAnswer:
                status === "ANSWERED"
                  ? displayAnswer(scheme, question.id, answers[question.id])
                  : (skippedAnswerLabels[status] ?? null),
              status,
            };
          })
      : [],
  };
};

// ---------------------------------------------------------------------------------------------
// The patients' app

/** The patient's own accepted enrolment (404 otherwise). */
const myEnrolment = async (scope: RequestScope, programId: string) => {
  await loadProgram(scope.ctx, null, programId);
  const enrolment = await q.findEnrolment(scope.ctx.db, programId, scope.actor.userId);
  if (!enrolment?.inviteAcceptedAt || !hasConsented(enrolment.status)) throw notFound();
  return enrolment;
};

const isOpen = (row: q.EventRow, now: Date) =>
  (row.state === "DUE" || row.state === "IN_PROGRESS") && new Date(row.windowClosesAt).getTime() > now.getTime();

/** A licensed instrument is answered only with its wording installed, never as codes (HAZ-008). */
const reachesPatient = (ctx: AppContext, row: q.EventRow) =>
  row.kind !== "hardcoded" || !row.code || instrumentDeliverable(ctx.licensedWording, row.code as InstrumentCode);

export const myEvents = async (scope: RequestScope, programId: string, query: { state: "due" | "past" | "all" }) => {
  const enrolment = await myEnrolment(scope, programId);
  const program = await loadProgram(scope.ctx, null, programId);
  const now = scope.ctx.clock.now();
  const rows = await q.findPatientEvents(scope.ctx.db, programId, enrolment.userId, utcDate(now));
  const consent = consentDateOf(enrolment);
  // Due only what submitAnswers would take: after withdrawal or the program's end, nothing.
  const answerable = questionnairesReachPatient(program, enrolment.status);
  const isDue = (r: q.EventRow) => answerable && isOpen(r, now);
  // One sent before its wording was removed is not shown until the wording is back (never as codes).
  const shown = rows.filter((r) => reachesPatient(scope.ctx, r) || r.state === "COMPLETED");
  const due = query.state === "past" ? [] : shown.filter(isDue).map((r) => toEvent(r, consent, now));
  const past = query.state === "due" ? [] : shown.filter((r) => !isDue(r)).map((r) => toEvent(r, consent, now));
  return { due, past };
};

const questionsOf = async (ctx: AppContext, row: q.EventRow, language?: string) => {
  if (row.kind === "hardcoded" && row.code) {
    const code = row.code as InstrumentCode;
    const items = instrumentItems(code);
    return {
      questions: {
        kind: "hardcoded" as const,
        code: row.code,
        // The installed wording (never in this repository); without it the item code and numbers.
        items: items.map((i) => {
          const wording = findItemWording(ctx.licensedWording, code, i.code, language);
          return {
            code: i.code,
            text: wording?.text ?? null,
            scale: {
              ...i.scale,
              labels: i.scale.labels.map((l) => ({
                value: l.value,
                label: wording?.answers?.find((a) => a.value === l.value)?.label ?? l.label,
              })),
            },
          };
        }),
      },
      scheme: null,
      items,
    };
  }
  const type = (await q.findTypes(ctx.db, [row.questionnaireTypeId]))[0];
  const scheme = parseScheme(type?.specification);
  if (!scheme) throw notFound();
  return { questions: { kind: "custom" as const, scheme: type!.specification }, scheme, items: null };
};

const eventDetail = async (ctx: AppContext, row: q.EventRow, consentDate: string | null, language: string | null) => {
  const { questions, scheme, items } = await questionsOf(ctx, row, language ?? undefined);
  const answers = answersMap(await q.findAnswers(ctx.db, row.id));
  const instructions = await q.findInstructions(ctx.db, row.scheduleId);
  return {
    event: toEvent(row, consentDate, ctx.clock.now()),
    questions,
    answers,
    askedQuestionIds: scheme ? askedAnswerable(scheme, answers as CustomAnswers) : items!.map((i) => i.code),
    instructionsForPatient: instructions?.instructionsForPatient ?? null,
  };
};

export const myEvent = async (scope: RequestScope, programId: string, eventId: string) => {
  const enrolment = await myEnrolment(scope, programId);
  const row = await q.findEvent(scope.ctx.db, programId, enrolment.userId, eventId);
  if (!row) throw notFound();
  if (row.state !== "COMPLETED" && !reachesPatient(scope.ctx, row)) throw conflict(messages.qsEventClosed);
  return eventDetail(scope.ctx, row, consentDateOf(enrolment), scope.actor.language);
};

/** Checks a request's answers against the questions (and the branching, for custom ones). */
const checkAnswers = (
  input: AnswerInput[],
  saved: Record<string, unknown>,
  questions: Awaited<ReturnType<typeof questionsOf>>,
  submit: boolean,
) => {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const merged: Record<string, unknown> = { ...saved };
  input.forEach((a, i) => {
    if (seen.has(a.questionId)) errors.push({ field: `answers.${i}.questionId`, message: messages.qsAnswerDuplicate });
    seen.add(a.questionId);
    const value = a.skipped ? null : (a.value ?? null);
    if (questions.items) {
      const item = questions.items.find((it) => it.code === a.questionId);
      if (!item) errors.push({ field: `answers.${i}.questionId`, message: messages.qsQuestionUnknown });
      else if (value !== null && !isValidAnswer(item, value)) {
        errors.push({ field: `answers.${i}.value`, message: messages.qsAnswerInvalid });
      }
    } else {
      const question = questions.scheme!.questions.find((qq) => qq.id === a.questionId);
      if (!question || question.type === "helpText") {
        errors.push({ field: `answers.${i}.questionId`, message: messages.qsQuestionUnknown });
      } else if (value !== null && answerProblem(question, value as CustomAnswers[string])) {
        errors.push({ field: `answers.${i}.value`, message: messages.qsAnswerInvalid });
      } else if (value === null && question.required && a.skipped) {
        errors.push({ field: `answers.${i}.value`, message: messages.qsAnswerRequired });
      }
    }
    merged[a.questionId] = value;
  });
  // Branching, on the answers as they will stand: an answer to a question not asked is refused.
  let asked: string[];
  if (questions.scheme) {
    const clean = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null)) as CustomAnswers;
    asked = askedAnswerable(questions.scheme, clean);
    const askedSet = new Set(asked);
    input.forEach((a, i) => {
      const answered = !a.skipped && a.value !== null && a.value !== undefined;
      if (answered && !askedSet.has(a.questionId) && !errors.some((e) => e.field.startsWith(`answers.${i}.`))) {
        errors.push({ field: `answers.${i}.questionId`, message: messages.qsQuestionNotAsked });
      }
    });
  } else {
    asked = questions.items!.map((i) => i.code);
  }
  if (submit && errors.length === 0) {
    const requiredMissing = asked.filter((id) => {
      const required = questions.scheme ? questions.scheme.questions.find((qq) => qq.id === id)?.required : true;
      return required && (merged[id] === null || merged[id] === undefined) && !(id in merged && questions.items);
    });
    for (const id of requiredMissing) errors.push({ field: `answers.${id}`, message: messages.qsAnswerRequired });
  }
  return { errors, merged, asked };
};

export const submitAnswers = async (
  scope: RequestScope,
  programId: string,
  eventId: string,
  body: { answers: AnswerInput[]; submit?: boolean; clientId?: string },
) => {
  const { ctx } = scope;
  const enrolment = await myEnrolment(scope, programId);
  const program = await loadProgram(ctx, null, programId);
  const row = await q.findEvent(ctx.db, programId, enrolment.userId, eventId);
  if (!row) throw notFound();
  const consent = consentDateOf(enrolment);
  if (row.state === "COMPLETED") {
    if (body.submit && body.clientId && body.clientId === row.submitClientId)
      return eventDetail(ctx, row, consent, scope.actor.language);
    throw conflict(messages.qsEventCompleted);
  }
  if (!questionnairesReachPatient(program, enrolment.status)) throw forbidden(messages.qsEventClosed);
  const now = ctx.clock.now();
  if (!isOpen(row, now) || !reachesPatient(ctx, row)) throw conflict(messages.qsEventClosed);
  const questions = await questionsOf(ctx, row);
  const submit = body.submit === true;

  await ctx.db.transaction().execute(async (trx) => {
    const locked = await q.lockEvent(trx, eventId);
    if (locked?.state === "COMPLETED") {
      if (submit && body.clientId && locked.submitClientId === body.clientId) return;
      throw conflict(messages.qsEventCompleted);
    }
    const savedRows = await q.findAnswers(trx, eventId);
    const saved = answersMap(savedRows);
    const { errors, merged, asked } = checkAnswers(body.answers, saved, questions, submit);
    if (errors.length) throw unprocessable(errors);
    await q.upsertAnswers(
      trx,
      body.answers.map((a) => ({
        eventId,
        programId,
        patientId: enrolment.userId,
        questionId: a.questionId,
        value: a.skipped ? null : (a.value ?? null),
        skipped: a.skipped === true || a.value === null || a.value === undefined,
        answeredAt: now,
      })),
    );
    // A changed branch: answers to questions no longer asked are dropped.
    const askedSet = new Set(asked);
    await q.deleteAnswers(
      trx,
      eventId,
      Object.keys(merged).filter((id) => !askedSet.has(id)),
    );
    const answered = asked.filter((id) => merged[id] !== null && merged[id] !== undefined).length;
    const scores =
      submit && questions.items && row.code
        ? scoreQuestionnaire(
            row.code as InstrumentCode,
            Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, typeof v === "number" ? v : null])),
          )
        : null;
    await q.updateEventProgress(trx, eventId, {
      state: submit ? "COMPLETED" : "IN_PROGRESS",
      answeredCount: answered,
      questionCount: asked.length,
      ...(row.startedAt ? {} : { startedAt: now }),
      ...(submit ? { completedAt: now, submitClientId: body.clientId ?? null } : {}),
      ...(scores ? { scores: JSON.stringify(scores) } : {}),
    });
    await scope.audit(
      {
        action: submit ? "questionnaire.answers.submit" : "questionnaire.answers.save",
        entityType: "questionnaire_event",
        entityId: eventId,
        programId,
        patientId: enrolment.userId,
        details: { answers: body.answers.length },
      },
      trx,
    );
    // A completed questionnaire may start the next member of a plan.
    if (submit) await requestDeliveryRun(ctx, trx);
  });
  const fresh = (await q.findEvent(ctx.db, programId, enrolment.userId, eventId))!;
  return eventDetail(ctx, fresh, consent, scope.actor.language);
};
