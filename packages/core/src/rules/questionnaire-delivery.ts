/**
 * Questionnaire scheduling and delivery rules shared by the server's delivery engine and the web
 * forms: when each questionnaire of a schedule is sent, how a plan moves from one member to the
 * next, what the status of a delivered questionnaire reads, and the bounds of the forms.
 *
 * Days are calendar dates (YYYY-MM-DD). A questionnaire sent on a day opens at the start of that
 * day (UTC) and stays open for the response window in whole days.
 */

export const questionnaireScheduleLimits = {
  startDayMin: 1,
  responseWindowMin: 1,
  responseWindowMax: 14,
  /** Program-level custom frequency (3-settings §5). */
  customFrequencyMax: 100,
  /** Patient-level custom frequency (2-participants §5). */
  patientCustomFrequencyMax: 180,
  numberToSendMin: 1,
  numberToSendMax: 100,
  /** Every day needs at least two sends. */
  numberToSendMinEveryDay: 2,
  instructionsMax: 150,
  earliestStartDaysBack: 29,
  latestStartDaysAhead: 180,
  deferWindowDays: 30,
  delayMax: 90,
  /** A questionnaire not started more than this many days after its date failed. */
  failedAfterDays: 3,
  dashboardWidgetSize: 3,
} as const;

/** Once only (0), every day, every 7, 14, 30, 60 and 90 days; anything else is "custom". */
export const questionnaireFrequencyOptions = [0, 1, 7, 14, 30, 60, 90] as const;

export const scheduleItemTypes = ["hardcoded", "questionnaire", "batch", "plan"] as const;
export type ScheduleItemType = (typeof scheduleItemTypes)[number];
export const scheduleTypes = ["RECURRING", "ALWAYS_ON"] as const;
export type ScheduleType = (typeof scheduleTypes)[number];

/** Stored states of one delivered questionnaire. */
export const questionnaireEventStates = ["DUE", "IN_PROGRESS", "COMPLETED", "MISSED"] as const;
export type QuestionnaireEventState = (typeof questionnaireEventStates)[number];
/** What the API says (2-participants §3: MISSED, COMPLETED, NOT_COMPLETED). */
export const questionnaireEventStatuses = ["MISSED", "COMPLETED", "NOT_COMPLETED"] as const;
export type QuestionnaireEventStatus = (typeof questionnaireEventStatuses)[number];

export const wireEventStatus = (state: QuestionnaireEventState): QuestionnaireEventStatus =>
  state === "COMPLETED" ? "COMPLETED" : state === "MISSED" ? "MISSED" : "NOT_COMPLETED";

export const customAnswerStatuses = ["ANSWERED", "NOT_ANSWERED", "SKIPPED", "SKIPPED_DUE_TO_BRANCHING"] as const;
export type CustomAnswerStatus = (typeof customAnswerStatuses)[number];

/** How a skipped answer reads to staff (2-participants §8). */
export const skippedAnswerLabels: Partial<Record<CustomAnswerStatus, string>> = {
  SKIPPED: "Question skipped",
  SKIPPED_DUE_TO_BRANCHING: "Question not asked",
};

// ---------------------------------------------------------------------------------------------
// Dates

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

/** The UTC calendar day of an instant: the engine's "today". */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

export const startOfDay = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** The form's start day (1 = the consent day) as the API carries it: the entered value minus 1. */
export const wireStartDay = (entered: number): number => entered - 1;

/** The day a program-level schedule first sends: the consent day plus the sent start day (entered − 1). */
export const programScheduleStartDate = (consentDate: string, startDay: number): string =>
  addDays(consentDate, Math.max(0, startDay));

export const unitDays = { days: 1, weeks: 7, months: 30 } as const;
export type SchedulePeriodUnit = keyof typeof unitDays;
export const inDays = (amount: number, unit: SchedulePeriodUnit = "days") => amount * unitDays[unit];

/** A plan member's frequency as stored ('once', 'custom', or a number of days) in days; 0 is once. */
export const planMemberFrequencyDays = (frequency: string | null, custom: number | null): number => {
  if (frequency === null || frequency === "" || frequency === "once" || frequency === "0") return 0;
  if (frequency === "custom") return Math.max(0, custom ?? 0);
  const n = Number(frequency);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};

/** Every day a schedule sends on: start, start + frequency, … (numberToSend of them; once sends 1). */
export const sendDates = (s: { startDate: string; frequency: number; numberToSend: number }): string[] => {
  const count = s.frequency <= 0 ? 1 : Math.max(1, s.numberToSend);
  return Array.from({ length: count }, (_, i) => addDays(s.startDate, i * Math.max(0, s.frequency)));
};

/** When the response window of a questionnaire sent on `date` closes. */
export const windowClosesAt = (date: string, responseWindowDays: number): Date =>
  startOfDay(addDays(date, Math.max(1, responseWindowDays)));

/**
 * The one reminder before a window closes: a day before, or half-way through a one-day window.
 */
export const reminderAt = (date: string, responseWindowDays: number): Date => {
  const closes = windowClosesAt(date, responseWindowDays).getTime();
  const lead = responseWindowDays >= 2 ? DAY_MS : DAY_MS / 2;
  return new Date(closes - lead);
};

// ---------------------------------------------------------------------------------------------
// Catching up

export interface Occurrence {
  /** Which send of the schedule (plan members: of that member), from 0. */
  occurrence: number;
  planMemberOrder: number;
  date: string;
  responseWindowDays: number;
}

/**
 * What the engine creates now among occurrences that have no event yet: those dated today or
 * before. Of those whose window is still open only the latest of each plan member is sent
 * (after downtime a patient gets one questionnaire, not a flood); every other one is recorded
 * as missed.
 */
export const catchUp = <O extends Occurrence>(pending: readonly O[], now: Date): { send: O[]; missed: O[] } => {
  const today = utcDate(now);
  const due = pending.filter((o) => o.date <= today);
  const open = due.filter((o) => windowClosesAt(o.date, o.responseWindowDays).getTime() > now.getTime());
  const latest = new Map<number, O>();
  for (const o of open) {
    const best = latest.get(o.planMemberOrder);
    if (!best || o.date > best.date || (o.date === best.date && o.occurrence > best.occurrence)) {
      latest.set(o.planMemberOrder, o);
    }
  }
  const send = [...latest.values()];
  const sent = new Set(send);
  return { send, missed: due.filter((o) => !sent.has(o)) };
};

// ---------------------------------------------------------------------------------------------
// Plans

export interface PlanMemberRule {
  order: number;
  schedulingType: "delay" | "delay_with_condition" | null;
  conditionType: "always" | "completion" | "question";
  condition: { questionId: string; answer: string } | null;
  delayDays: number;
  delayType: "from_completion" | "from_delivery" | null;
  frequencyDays: number;
  numberToSend: number;
  responseWindowDays: number;
}

/** How the previous plan member went (its last send decides). */
export interface MemberOutcome {
  /** Every send of the member has been delivered. */
  allSent: boolean;
  /** The day of its last send. */
  lastDate: string | null;
  /** The last send is completed or its window has closed. */
  resolved: boolean;
  completed: boolean;
  /** The day the last send was completed. */
  completedDate: string | null;
  /** Answers of the last send by question id (a choice answer as its value, as text). */
  answers: Readonly<Record<string, unknown>>;
}

export type PlanStep = { kind: "wait" } | { kind: "stop" } | { kind: "start"; date: string };

const answerMatches = (given: unknown, expected: string): boolean =>
  Array.isArray(given) ? given.some((g) => String(g) === expected) : given !== undefined && String(given) === expected;

/**
 * When member `member` (after the first) starts, given how the previous member went: after its
 * delay from the previous delivery (or completion), once its condition is known; a condition
 * that is not met ends the plan.
 */
export const nextPlanMemberStart = (member: PlanMemberRule, previous: MemberOutcome): PlanStep => {
  if (!previous.allSent || !previous.lastDate) return { kind: "wait" };
  const conditional = member.schedulingType === "delay_with_condition";
  const fromCompletion = conditional && member.delayType === "from_completion";
  const conditionType = conditional ? member.conditionType : "always";
  if (conditionType === "always" && !fromCompletion) {
    return { kind: "start", date: addDays(previous.lastDate, member.delayDays) };
  }
  if (!previous.resolved) return { kind: "wait" };
  if (conditionType === "completion" && !previous.completed) return { kind: "stop" };
  if (conditionType === "question") {
    const c = member.condition;
    if (!c || !answerMatches(previous.answers[c.questionId], c.answer)) return { kind: "stop" };
  }
  if (fromCompletion) {
    if (!previous.completed || !previous.completedDate) return { kind: "stop" };
    return { kind: "start", date: addDays(previous.completedDate, member.delayDays) };
  }
  return { kind: "start", date: addDays(previous.lastDate, member.delayDays) };
};

// ---------------------------------------------------------------------------------------------
// Statuses

export type QuestionnaireDayStatus =
  | { kind: "completed"; label: "Completed" }
  | { kind: "partial"; label: string; percent: number }
  | { kind: "failed"; label: "Failed to respond" }
  | { kind: "not-started"; label: "Not started yet" };

export const percentComplete = (answered: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.floor((answered / total) * 100));

/**
 * 2-participants §4: Completed (all questions answered), N% Completed (started), Failed to
 * respond (not started and more than 3 days past its date), otherwise Not started yet.
 */
export const questionnaireDayStatus = (e: {
  date: string;
  today: string;
  completed: boolean;
  answered: number;
  total: number;
}): QuestionnaireDayStatus => {
  if (e.completed || (e.total > 0 && e.answered >= e.total)) return { kind: "completed", label: "Completed" };
  if (e.answered > 0) {
    const percent = percentComplete(e.answered, e.total);
    return { kind: "partial", label: `${percent}% Completed`, percent };
  }
  if (daysBetween(e.date, e.today) > questionnaireScheduleLimits.failedAfterDays) {
    return { kind: "failed", label: "Failed to respond" };
  }
  return { kind: "not-started", label: "Not started yet" };
};

// ---------------------------------------------------------------------------------------------
// Form bounds

/** The start dates a patient-level schedule may take: from the consent day (at most 29 days back) to 180 days ahead. */
export const patientStartDateRange = (consentDate: string, today: string): { min: string; max: string } => {
  const earliest = addDays(today, -questionnaireScheduleLimits.earliestStartDaysBack);
  return {
    min: consentDate > earliest ? consentDate : earliest,
    max: addDays(today, questionnaireScheduleLimits.latestStartDaysAhead),
  };
};

/** Deferring a plan member: from tomorrow to the current next send date + 30 days, and not that date. */
export const deferRange = (nextSendDate: string, today: string): { min: string; max: string } => ({
  min: addDays(today, 1),
  max: addDays(nextSendDate, questionnaireScheduleLimits.deferWindowDays),
});

export const isValidDeferDate = (target: string, nextSendDate: string, today: string): boolean => {
  const { min, max } = deferRange(nextSendDate, today);
  return target >= min && target <= max && target !== nextSendDate;
};

/** The least number of sends a frequency needs: two for every day, else one. */
export const minimumNumberToSend = (frequency: number): number =>
  frequency === 1 ? questionnaireScheduleLimits.numberToSendMinEveryDay : questionnaireScheduleLimits.numberToSendMin;

/**
 * Whether a patient can still be sent and answer questionnaires in a program: consented (not
 * withdrawn, not completed) and the program not closed. The answer endpoint refuses everything
 * else ("This questionnaire can no longer be answered"), so the patient's list shows nothing as
 * due and the care team sees no upcoming send otherwise.
 */
export const questionnairesReachPatient = (program: { closed: boolean }, enrolmentStatus: string): boolean =>
  !program.closed && enrolmentStatus === "CONSENTED";
