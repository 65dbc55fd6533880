import {
  addDays,
  catchUp,
  type InstrumentCode,
  inDays,
  instrumentDeliverable,
  instruments,
  type MemberOutcome,
  nextPlanMemberStart,
  type Occurrence,
  type PlanMemberRule,
  planMemberFrequencyDays,
  programScheduleStartDate,
  reminderAt,
  sendDates,
  type Territory,
  utcDate,
  windowClosesAt,
} from "@openpro/core";
import type { AppContext } from "../../platform/context.js";
import { queueMails } from "../../platform/mail/mailer.js";
import { patientMail, patientMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { renderLayout } from "../../platform/mail/templates.js";
import { unsubscribeToken } from "../patients/service.js";
import { pushOrPass } from "../push/service.js";
import * as q from "./queries.js";
import { answerableCount, parseScheme } from "./questions.js";

/**
 * The delivery engine. Each run (a durable job, hourly, and right after a schedule is made or a
 * questionnaire completed) does four things, all safe to repeat and to run in two processes at once:
 *
 * 1. marks missed the questionnaires whose window closed unanswered;
 * 2. for every live schedule × consented patient, works out the sends due up to today (program
 *    schedules from the consent day, patient schedules from their start date, plans member by member)
 *    and inserts the ones not made yet. The unique key of an event makes a second insert a no-op,
 *    and only the insert that took the row sends the e-mail. After downtime only the latest send
 *    whose window is still open goes out; older ones are recorded as missed;
 * 3. e-mails each patient once per run about what became due (not when they unsubscribed);
 * 4. sends the one reminder before a window closes (claimed row by row, so it goes once).
 *
 * A licensed instrument whose wording is not installed is never sent (core instrumentDeliverable):
 * its sends are held, counted in the report and logged with the instruments; the other questionnaires
 * of the same batch or plan still go. Staff read why on the schedule (heldBack).
 */

export const DELIVERY_JOB = "questionnaire-delivery.run";
const PAGE = 500;
const REMINDER_BATCH = 500;
const MAIL_BATCH = 500;

export interface DeliveryReport {
  created: number;
  sent: number;
  missed: number;
  closed: number;
  reminded: number;
  mails: number;
  /** Sends not made: a licensed instrument whose wording is not installed (HAZ-008). */
  held: number;
}

interface Target extends q.DeliveryTarget {}

interface Member {
  rule: PlanMemberRule;
  typeIds: string[];
}

interface Planned extends Occurrence {
  typeIds: string[];
  missed: boolean;
}

const sortedTypeIds = (members: q.BatchMemberRow[]) =>
  [...members].sort((a, b) => a.memberOrder - b.memberOrder).map((m) => m.questionnaireTypeId);

/** The members of a plan as the rules read them. */
const planMembersOf = (rows: q.PlanMemberRow[], batches: Map<string, string[]>): Member[] =>
  rows.map((m) => ({
    rule: {
      order: m.memberOrder,
      schedulingType: m.schedulingType,
      conditionType: m.conditionType,
      condition: m.condition,
      delayDays: inDays(m.delay, m.delayUnit),
      delayType: m.delayType,
      frequencyDays: planMemberFrequencyDays(m.frequency, m.frequencyCustom),
      numberToSend: m.numberToSend,
      responseWindowDays: inDays(m.responseWindow, m.responseWindowUnit),
    },
    typeIds: m.memberType === "batch" ? (batches.get(m.questionnaireBatchId ?? "") ?? []) : [m.questionnaireTypeId!],
  }));

/** Where a member of a plan stands once this run's sends are counted. */
const outcomeOf = (
  dates: string[],
  last: q.EventProgressRow | undefined,
  planned: Planned[],
  answers: Map<string, Record<string, unknown>>,
  now: Date,
): MemberOutcome => {
  const newest = planned.at(-1);
  const lastOccurrence = newest?.occurrence ?? last?.occurrence ?? -1;
  const allSent = lastOccurrence >= dates.length - 1;
  if (newest) {
    return {
      allSent,
      lastDate: newest.date,
      resolved: newest.missed,
      completed: false,
      completedDate: null,
      answers: {},
    };
  }
  if (!last)
    return { allSent: false, lastDate: null, resolved: false, completed: false, completedDate: null, answers: {} };
  const completed = last.state === "COMPLETED";
  return {
    allSent,
    lastDate: last.dueDate,
    resolved: completed || last.state === "MISSED" || new Date(last.windowClosesAt).getTime() <= now.getTime(),
    completed,
    completedDate: last.completedAt ? utcDate(new Date(last.completedAt)) : null,
    answers: answers.get(last.eventId) ?? {},
  };
};

/** The sends of one schedule for one patient that this run creates. */
export const plannedSends = (
  schedule: q.ScheduleRow,
  target: Target,
  lastSends: Map<string, q.EventProgressRow>,
  catalogue: { batches: Map<string, string[]>; plans: Map<string, Member[]> },
  answers: Map<string, Record<string, unknown>>,
  now: Date,
): Planned[] => {
  const today = utcDate(now);
  const startDate =
    schedule.patientId && schedule.startDate
      ? schedule.startDate
      : programScheduleStartDate(target.consentDate, schedule.startDay ?? 0);
  const key = (member: number) => `${schedule.id}|${target.patientId}|${member}`;
  const single =
    schedule.itemType === "batch"
      ? (catalogue.batches.get(schedule.questionnaireBatchId ?? "") ?? [])
      : [schedule.questionnaireTypeId ?? ""];

  if (schedule.scheduleType === "ALWAYS_ON") {
    // Always on: one open questionnaire at a time, from the start day.
    if (startDate > today) return [];
    const last = lastSends.get(key(0));
    const open = last && last.state !== "COMPLETED" && new Date(last.windowClosesAt).getTime() > now.getTime();
    if (open) return [];
    return [
      {
        occurrence: (last?.occurrence ?? -1) + 1,
        planMemberOrder: 0,
        date: today,
        responseWindowDays: schedule.responseWindow,
        typeIds: single,
        missed: false,
      },
    ];
  }

  const plan = (member: number, dates: string[], responseWindowDays: number, typeIds: string[]): Planned[] => {
    const lastOccurrence = lastSends.get(key(member))?.occurrence ?? -1;
    const pending = dates
      .slice(lastOccurrence + 1)
      .map((date, i) => ({ occurrence: lastOccurrence + 1 + i, planMemberOrder: member, date, responseWindowDays }));
    const { send, missed } = catchUp(pending, now);
    return [
      ...missed.map((o) => ({ ...o, typeIds, missed: true })),
      ...send.map((o) => ({ ...o, typeIds, missed: false })),
    ].sort((a, b) => a.occurrence - b.occurrence);
  };

  if (schedule.itemType !== "plan") {
    const dates = sendDates({ startDate, frequency: schedule.frequency, numberToSend: schedule.numberToSend });
    return plan(0, dates, schedule.responseWindow, single);
  }

  const members = catalogue.plans.get(schedule.questionnairePlanId ?? "") ?? [];
  const out: Planned[] = [];
  let previous: MemberOutcome | null = null;
  for (const [i, member] of members.entries()) {
    let start: string;
    if (i === 0 || !previous) {
      start = startDate;
    } else {
      const step = nextPlanMemberStart(member.rule, previous);
      if (step.kind !== "start") break;
      start = step.date;
    }
    const last = lastSends.get(key(member.rule.order));
    if (!last && schedule.deferredMemberOrder === member.rule.order && schedule.deferredTo) start = schedule.deferredTo;
    const dates = sendDates({
      startDate: start,
      frequency: member.rule.frequencyDays,
      numberToSend: member.rule.numberToSend,
    });
    const planned = plan(member.rule.order, dates, member.rule.responseWindowDays, member.typeIds);
    out.push(...planned);
    previous = outcomeOf(dates, last, planned, answers, now);
  }
  return out;
};

/** The next send days of a schedule for one patient, for display (plans: the member now running). */
export const upcomingDates = (
  schedule: q.ScheduleRow,
  patientId: string,
  consentDate: string | null,
  lastSends: Map<string, q.EventProgressRow>,
  catalogue: { batches: Map<string, string[]>; plans: Map<string, Member[]> },
  answers: Map<string, Record<string, unknown>>,
  now: Date,
): {
  dates: string[];
  planMembers: { order: number; startDate: string | null; state: "done" | "active" | "waiting" | "skipped" }[];
} => {
  const today = utcDate(now);
  const startDate =
    schedule.patientId && schedule.startDate
      ? schedule.startDate
      : consentDate
        ? programScheduleStartDate(consentDate, schedule.startDay ?? 0)
        : null;
  if (!startDate) return { dates: [], planMembers: [] };
  const key = (member: number) => `${schedule.id}|${patientId}|${member}`;
  if (schedule.scheduleType === "ALWAYS_ON") return { dates: startDate > today ? [startDate] : [], planMembers: [] };
  if (schedule.itemType !== "plan") {
    const last = lastSends.get(key(0))?.occurrence ?? -1;
    const dates = sendDates({ startDate, frequency: schedule.frequency, numberToSend: schedule.numberToSend });
    return { dates: dates.slice(last + 1).filter((d) => d >= today), planMembers: [] };
  }
  const members = catalogue.plans.get(schedule.questionnairePlanId ?? "") ?? [];
  const planMembers: { order: number; startDate: string | null; state: "done" | "active" | "waiting" | "skipped" }[] =
    [];
  const upcoming: string[] = [];
  let previous: MemberOutcome | null = null;
  let stopped = false;
  for (const [i, member] of members.entries()) {
    if (stopped) {
      planMembers.push({ order: member.rule.order, startDate: null, state: "skipped" });
      continue;
    }
    let start: string | null = null;
    if (i === 0 || !previous) start = startDate;
    else {
      const step = nextPlanMemberStart(member.rule, previous);
      if (step.kind === "stop") {
        stopped = true;
        planMembers.push({ order: member.rule.order, startDate: null, state: "skipped" });
        continue;
      }
      if (step.kind === "start") start = step.date;
      else if (previous.lastDate && previous.allSent) {
        // Waiting on completion or a condition: at the earliest, its delay after the last delivery.
        start = addDays(previous.lastDate, member.rule.delayDays);
      }
    }
    const last = lastSends.get(key(member.rule.order));
    if (!last && start && schedule.deferredMemberOrder === member.rule.order && schedule.deferredTo) {
      start = schedule.deferredTo;
    }
    if (!start) {
      planMembers.push({ order: member.rule.order, startDate: null, state: "waiting" });
      previous = {
        allSent: false,
        lastDate: null,
        resolved: false,
        completed: false,
        completedDate: null,
        answers: {},
      };
      continue;
    }
    const dates = sendDates({
      startDate: start,
      frequency: member.rule.frequencyDays,
      numberToSend: member.rule.numberToSend,
    });
    const remaining = dates.slice((last?.occurrence ?? -1) + 1);
    upcoming.push(...remaining.filter((d) => d >= today));
    const done = remaining.length === 0;
    planMembers.push({
      order: member.rule.order,
      startDate: start,
      state: done ? "done" : last ? "active" : "waiting",
    });
    previous = outcomeOf(dates, last, [], answers, now);
  }
  return { dates: upcoming, planMembers };
};

/** The batches and plans the schedules send, with their members. */
export const loadCatalogue = async (ctx: AppContext, schedules: q.ScheduleRow[]) => {
  const plans = await q.findPlanMembers(ctx.db, [
    ...new Set(schedules.flatMap((s) => (s.questionnairePlanId ? [s.questionnairePlanId] : []))),
  ]);
  const batchIds = new Set(schedules.flatMap((s) => (s.questionnaireBatchId ? [s.questionnaireBatchId] : [])));
  for (const m of plans) if (m.questionnaireBatchId) batchIds.add(m.questionnaireBatchId);
  const batchRows = await q.findBatchMembers(ctx.db, [...batchIds]);
  const batches = new Map<string, string[]>();
  for (const id of batchIds) batches.set(id, sortedTypeIds(batchRows.filter((r) => r.batchId === id)));
  const planMap = new Map<string, Member[]>();
  for (const id of new Set(plans.map((p) => p.planId))) {
    planMap.set(
      id,
      planMembersOf(
        plans.filter((p) => p.planId === id),
        batches,
      ),
    );
  }
  return { batches, plans: planMap, batchRows, planRows: plans };
};

/** The answers of the last sends plans may branch on (question conditions). */
export const loadConditionAnswers = async (
  ctx: AppContext,
  lastSends: q.EventProgressRow[],
  planScheduleIds: Set<string>,
) => {
  const ids = lastSends
    .filter((l) => planScheduleIds.has(l.scheduleId) && l.state === "COMPLETED")
    .map((l) => l.eventId);
  const rows = await q.findAnswersOfEvents(ctx.db, ids);
  const map = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    if (r.skipped) continue;
    const entry = map.get(r.eventId) ?? {};
    entry[r.questionId] = r.value;
    map.set(r.eventId, entry);
  }
  return map;
};

export const progressKey = (row: { scheduleId: string; patientId: string; planMemberOrder: number }) =>
  `${row.scheduleId}|${row.patientId}|${row.planMemberOrder}`;

/**
 * How many questions a questionnaire asks before any answer (help texts excluded), and the licensed
 * instruments among them that cannot be sent (their wording not installed).
 */
const questionFacts = async (ctx: AppContext, typeIds: string[]) => {
  const types = await q.findTypes(ctx.db, typeIds);
  const counts = new Map<string, number>();
  const held = new Map<string, InstrumentCode>();
  for (const t of types) {
    if (t.kind === "hardcoded" && t.code) {
      const code = t.code as InstrumentCode;
      counts.set(t.id, instruments[code].items.length);
      if (!instrumentDeliverable(ctx.licensedWording, code)) held.set(t.id, code);
    } else {
      const scheme = parseScheme(t.specification);
      counts.set(t.id, scheme ? answerableCount(scheme, {}) : 0);
    }
  }
  return { counts, held };
};

/** Every questionnaire a schedule sends: its own, a batch's members, every member of a plan. */
export const scheduleTypeIds = (
  schedule: Pick<q.ScheduleRow, "itemType" | "questionnaireTypeId" | "questionnaireBatchId" | "questionnairePlanId">,
  catalogue: { batches: Map<string, string[]>; plans: Map<string, Member[]> },
): string[] => {
  if (schedule.itemType === "batch") return catalogue.batches.get(schedule.questionnaireBatchId ?? "") ?? [];
  if (schedule.itemType === "plan")
    return [...new Set((catalogue.plans.get(schedule.questionnairePlanId ?? "") ?? []).flatMap((m) => m.typeIds))];
  return schedule.questionnaireTypeId ? [schedule.questionnaireTypeId] : [];
};

/** A patient's questionnaire e-mail, in their language (the account's, else the program's). */
export const questionnaireMail = (
  ctx: Pick<AppContext, "settings">,
  who: {
    userId: string;
    firstName: string;
    email: string;
    programName: string;
    language: string | null;
    territory: Territory;
  },
  count: number,
  reminder: boolean,
) => {
  const url = `${ctx.settings.publicUrl}/unsubscribe?${new URLSearchParams({
    email: Buffer.from(who.email, "utf8").toString("base64"),
    userId: who.userId,
    token: unsubscribeToken(ctx.settings.jwtSecret, who.userId, who.email),
  }).toString()}`;
  const language = patientMailLanguage(who.language, who.territory);
  const text = patientMail(language);
  const program = who.programName;
  return renderLayout({
    language,
    subject: text(reminder ? "questionnaireReminderSubject" : "questionnaireDueSubject", { count, program }),
    greeting: text("greeting", { name: who.firstName }),
    paragraphs: [text(reminder ? "questionnaireReminder" : "questionnaireDue", { count, program }), text("openTheApp")],
    footer: text("questionnaireFooter", { program, url }),
  });
};

/**
 * One word per patient and program for what became due (or closes soon): a push to the phone
 * when they opted in to that kind (the push module, within quiet hours), else an e-mail unless
 * they unsubscribed. The push names the run's first questionnaire, so it goes once.
 */
const mailPatients = async (
  ctx: AppContext,
  db: AppContext["db"],
  rows: { id: string; patientId: string; programId: string }[],
  reminder: boolean,
) => {
  if (rows.length === 0) return 0;
  const groups = new Map<string, { count: number; firstId: string }>();
  for (const r of rows) {
    const key = `${r.patientId}|${r.programId}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { count: 1, firstId: r.id });
    else {
      group.count++;
      if (r.id < group.firstId) group.firstId = r.id;
    }
  }
  const recipients = await q.findRecipients(db, rows);
  const category = reminder ? "questionnaire.reminder" : "questionnaire.due";
  const kind = reminder ? "questionnaire_closing" : "questionnaire_due";
  const events = recipients.flatMap((r) => {
    const group = groups.get(`${r.userId}|${r.programId}`);
    if (!group) return [];
    const fallbackMail = r.questionnaireReminders
      ? { to: r.email, mail: questionnaireMail(ctx, r, group.count, reminder), category }
      : null;
    return [
      { userId: r.userId, programId: r.programId, kind, eventKey: `${kind}:${group.firstId}`, fallbackMail } as const,
    ];
  });
  const mails = (await pushOrPass(db, ctx.clock, events)).flatMap((e) => (e.fallbackMail ? [e.fallbackMail] : []));
  // A few multi-row inserts, not two statements per mail (thousands a day at scale).
  for (let i = 0; i < mails.length; i += MAIL_BATCH) await queueMails(db, ctx.clock, mails.slice(i, i + MAIL_BATCH));
  return mails.length;
};

const deliverPage = async (
  ctx: AppContext,
  targets: Target[],
  schedules: Map<string, q.ScheduleRow>,
  catalogue: Awaited<ReturnType<typeof loadCatalogue>>,
  now: Date,
  report: DeliveryReport,
) => {
  const lastRows = await q.findLastSends(ctx.db, targets);
  const lastSends = new Map(lastRows.map((r) => [progressKey(r), r]));
  const planIds = new Set([...schedules.values()].filter((s) => s.itemType === "plan").map((s) => s.id));
  const answers = planIds.size ? await loadConditionAnswers(ctx, lastRows, planIds) : new Map();

  const planned = targets.flatMap((target) => {
    const schedule = schedules.get(target.scheduleId);
    if (!schedule) return [];
    return plannedSends(schedule, target, lastSends, catalogue, answers, now).map((p) => ({ target, p }));
  });
  if (planned.length === 0) return;
  const { counts, held } = await questionFacts(ctx, [...new Set(planned.flatMap(({ p }) => p.typeIds))]);
  const heldCodes = new Set<InstrumentCode>();
  const rows: q.NewEvent[] = planned.flatMap(({ target, p }) =>
    p.typeIds.flatMap((typeId, i) => {
      const code = held.get(typeId);
      if (code) {
        // Never as codes to a patient: held until the wording is installed (HAZ-008).
        heldCodes.add(code);
        report.held += 1;
        return [];
      }
      const remind = reminderAt(p.date, p.responseWindowDays);
      return {
        programId: target.programId,
        patientId: target.patientId,
        scheduleId: target.scheduleId,
        questionnaireTypeId: typeId,
        planMemberOrder: p.planMemberOrder,
        occurrence: p.occurrence,
        batchMemberOrder: p.typeIds.length > 1 ? i + 1 : 0,
        dueDate: p.date,
        windowClosesAt: windowClosesAt(p.date, p.responseWindowDays),
        remindAt: p.missed || remind.getTime() <= now.getTime() ? null : remind,
        state: p.missed ? ("MISSED" as const) : ("DUE" as const),
        questionCount: counts.get(typeId) ?? 0,
        createdAt: now,
        notifiedAt: p.missed ? null : now,
        remindedAt: null,
        startedAt: null,
        completedAt: null,
        submitClientId: null,
        scores: null,
      };
    }),
  );
  if (heldCodes.size > 0)
    ctx.log.warn(
      { instruments: [...heldCodes], held: report.held },
      "questionnaire sends held: the licensed wording of these instruments is not installed (LICENSED_WORDING_FILE)",
    );
  if (rows.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    const inserted = [];
    for (let i = 0; i < rows.length; i += 1000) inserted.push(...(await q.insertEvents(trx, rows.slice(i, i + 1000))));
    const due = inserted.filter((r) => r.state === "DUE");
    report.created += inserted.length;
    report.sent += due.length;
    report.missed += inserted.length - due.length;
    report.mails += await mailPatients(ctx, trx, due, false);
  });
};

/** One run of the engine at the clock's now. */
export const runDelivery = async (ctx: AppContext): Promise<DeliveryReport> => {
  const now = ctx.clock.now();
  const today = utcDate(now);
  const report: DeliveryReport = { created: 0, sent: 0, missed: 0, closed: 0, reminded: 0, mails: 0, held: 0 };
  report.closed = await q.closeExpired(ctx.db, now);
  // Program by program, its consented patients in pages along the (program, patient) index: each
  // page costs the same however many patients there are (one query over every pair, re-sorted per
  // page, made the run quadratic: 62 s at 10,000 patients).
  for (const programId of await q.findDeliveryPrograms(ctx.db, today)) {
    const live = await q.findLiveSchedules(ctx.db, programId);
    const schedules = new Map(live.map((s) => [s.id, s]));
    const programLevel = live.filter((s) => !s.patientId);
    const ownSchedules = new Map<string, q.ScheduleRow[]>();
    for (const s of live) if (s.patientId) ownSchedules.set(s.patientId, [...(ownSchedules.get(s.patientId) ?? []), s]);
    const catalogue = await loadCatalogue(ctx, live);
    let after: string | null = null;
    for (;;) {
      const patients = await q.findConsentedPatients(ctx.db, programId, after, PAGE);
      if (patients.length === 0) break;
      const targets = patients.flatMap((p) =>
        [...programLevel, ...(ownSchedules.get(p.userId) ?? [])].map((s) => ({
          scheduleId: s.id,
          patientId: p.userId,
          programId,
          consentDate: p.consentDate,
        })),
      );
      if (targets.length) await deliverPage(ctx, targets, schedules, catalogue, now, report);
      after = patients.at(-1)!.userId;
      if (patients.length < PAGE) break;
    }
  }
  for (;;) {
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await q.claimReminders(trx, now, REMINDER_BATCH);
      report.mails += await mailPatients(ctx, trx, rows, true);
      return rows.length;
    });
    report.reminded += claimed;
    if (claimed < REMINDER_BATCH) break;
  }
  return report;
};
