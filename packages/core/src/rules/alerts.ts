/**
 * Rules of symptom alerts and reminders, shared by the server (upload, jobs) and the web console:
 * which logs raise a care-team alert, the alert lifecycle, reminder schedules and durations.
 */
import { isDangerGrade } from "./logs.js";

/** Symptom alert grades as a program may configure them (the spec's 0 to 5). */
export const alertGradeRange = { min: 0, max: 5 } as const;
export const maxPrioritisedSymptoms = 10;
export const alertMessageMaxLength = 500;
/** An alert still Open this long after it was raised is e-mailed again to the program admins. */
export const defaultEscalationMinutes = 60;
export const escalationMinutesRange = { min: 5, max: 7 * 24 * 60 } as const;

export const alertStatuses = ["open", "taken", "closed"] as const;
export type AlertStatus = (typeof alertStatuses)[number];
export const alertStatusLabels: Record<AlertStatus, string> = { open: "Open", taken: "Taken", closed: "Closed" };

export const alertKinds = ["symptom", "temperature"] as const;
export type AlertKind = (typeof alertKinds)[number];

export const closeActions = [
  "called_patient",
  "advised_emergency",
  "dose_adjusted",
  "no_action_needed",
  "other",
] as const;
export type CloseAction = (typeof closeActions)[number];
export const closeActionLabels: Record<CloseAction, string> = {
  called_patient: "Called patient",
  advised_emergency: "Advised to attend A&E/ED",
  dose_adjusted: "Dose adjusted",
  no_action_needed: "No action needed",
  other: "Other",
};

/** Open → Taken → Closed; an Open alert may also be closed at once (no action needed). */
export const canTake = (status: AlertStatus) => status === "open";
export const canClose = (status: AlertStatus) => status !== "closed";

/**
 * An alert whose every log staff invalidated no longer has grounds: the queue says so and offers
 * to close it as not needed in one step.
 */
export const alertLogsAllInvalidated = (alert: { logCount: number; invalidatedLogCount: number }) =>
  alert.logCount > 0 && alert.invalidatedLogCount >= alert.logCount;

/** Severity used to sort the queue: the symptom grade; an out-of-range temperature counts as severe (3). */
export const temperatureSeverity = 3;
export const severityOf = (alert: { kind: AlertKind; grade: number | null }) =>
  alert.kind === "temperature" ? temperatureSeverity : (alert.grade ?? 0);

/** The pair key of a symptom and grade, as a program's alert messages are matched. */
export const pairKey = (logTypeId: string, grade: number) => `${logTypeId}:${grade}`;

/**
 * A symptom log raises a care-team alert at a danger grade of the catalogue, or at a symptom and
 * grade the program gave an alert message.
 */
export const symptomRaisesAlert = (logTypeId: string, grade: number, programPairs: ReadonlySet<string>): boolean =>
  isDangerGrade(grade) || programPairs.has(pairKey(logTypeId, grade));

/** A temperature (°C) outside the program's thresholds; a missing threshold never triggers. */
export const temperatureOutOfRange = (celsius: number, min: number | null, max: number | null): boolean =>
  (min !== null && celsius < min) || (max !== null && celsius > max);

/** What an open alert is about: one open alert per patient and trigger, later logs attach to it. */
export const alertTriggerKey = (kind: AlertKind, logTypeId: string | null) =>
  kind === "temperature" ? "TEMPERATURE" : `SYMPTOM:${logTypeId}`;

/** Whole seconds between two instants (never negative); null while the second is missing. */
export const secondsBetween = (from: string | Date, to: string | Date | null | undefined): number | null => {
  if (!to) return null;
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));
};

/** "45 s", "12 min", "2 h 5 min", "3 d 4 h": how long a step took, for people. */
export const formatDuration = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
};

// ---------------------------------------------------------------------------------------------
// Symptom reminders

export const periodUnits = ["days", "weeks", "months"] as const;
export type PeriodUnit = (typeof periodUnits)[number];

export interface IntervalSchedule {
  offsetAmount: number;
  offsetPeriod: PeriodUnit;
  durationAmount: number | null;
  durationPeriod: PeriodUnit | null;
  intervalAmount: number | null;
  intervalPeriod: PeriodUnit | null;
}

/** A date moved on by whole days, weeks or calendar months (UTC; the 31st clamps to the month's end). */
export const addPeriod = (from: Date, amount: number, unit: PeriodUnit): Date => {
  if (unit === "days") return new Date(from.getTime() + amount * 86_400_000);
  if (unit === "weeks") return new Date(from.getTime() + amount * 7 * 86_400_000);
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + amount);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
};

/** The k-th reminder (from 0) after consent, or null when the schedule has ended before it. */
export const reminderOccurrence = (consentedAt: Date, s: IntervalSchedule, k: number): Date | null => {
  const start = addPeriod(consentedAt, s.offsetAmount, s.offsetPeriod);
  if (k === 0) return start;
  if (!s.intervalAmount || !s.intervalPeriod) return null;
  const at = addPeriod(start, s.intervalAmount * k, s.intervalPeriod);
  if (
    s.durationAmount &&
    s.durationPeriod &&
    at.getTime() >= addPeriod(start, s.durationAmount, s.durationPeriod).getTime()
  )
    return null;
  return at;
};

/**
 * The latest reminder due by `now` and not before `notBefore` (the reminder's own creation: a new
 * reminder does not send what it would have sent in the past), or null. Only the latest one is
 * sent: a server that was down does not send a burst of old reminders.
 */
export const dueReminderOccurrence = (
  consentedAt: Date,
  s: IntervalSchedule,
  notBefore: Date,
  now: Date,
): { index: number; at: Date } | null => {
  const first = reminderOccurrence(consentedAt, s, 0)!;
  if (first.getTime() > now.getTime()) return null;
  let best: { index: number; at: Date } | null =
    first.getTime() >= notBefore.getTime() ? { index: 0, at: first } : null;
  if (!s.intervalAmount || !s.intervalPeriod) return best;
  // Estimate k from the average period length, then step to the exact occurrence.
  const approxMs = { days: 86_400_000, weeks: 7 * 86_400_000, months: 30.44 * 86_400_000 }[s.intervalPeriod];
  let k = Math.max(0, Math.floor((now.getTime() - first.getTime()) / (approxMs * s.intervalAmount)) - 2);
  for (;;) {
    const at = reminderOccurrence(consentedAt, s, k);
    if (!at || at.getTime() > now.getTime()) break;
    if (at.getTime() >= notBefore.getTime()) best = { index: k, at };
    k++;
  }
  return best;
};

/** The reminder form: the start day is counted from 1 (day of consent); the wire's offset from 0. */
export interface ReminderForm {
  startDay: number;
  durationAmount: number | null;
  durationPeriod: PeriodUnit | null;
  intervalAmount: number | null;
  intervalPeriod: PeriodUnit | null;
}

export const scheduleFromForm = (f: ReminderForm): IntervalSchedule => ({
  offsetAmount: f.startDay - 1,
  offsetPeriod: "days",
  durationAmount: f.durationAmount,
  durationPeriod: f.durationAmount ? f.durationPeriod : null,
  intervalAmount: f.intervalAmount,
  intervalPeriod: f.intervalAmount ? f.intervalPeriod : null,
});

export const formFromSchedule = (s: IntervalSchedule): ReminderForm => ({
  // The form counts days; an offset in weeks or months is shown in days from consent.
  startDay:
    s.offsetPeriod === "days"
      ? s.offsetAmount + 1
      : Math.round(addPeriod(new Date(0), s.offsetAmount, s.offsetPeriod).getTime() / 86_400_000 + 1),
  durationAmount: s.durationAmount,
  durationPeriod: s.durationPeriod,
  intervalAmount: s.intervalAmount,
  intervalPeriod: s.intervalPeriod,
});

/** "Day 1, every 2 days for 3 weeks": a schedule in words. */
export const describeSchedule = (s: IntervalSchedule): string => {
  const { startDay } = formFromSchedule(s);
  const unit = (n: number, p: PeriodUnit) => `${n} ${n === 1 ? p.slice(0, -1) : p}`;
  const parts = [`From day ${startDay}`];
  if (s.intervalAmount && s.intervalPeriod) parts.push(`every ${unit(s.intervalAmount, s.intervalPeriod)}`);
  else parts.push("once");
  if (s.durationAmount && s.durationPeriod) parts.push(`for ${unit(s.durationAmount, s.durationPeriod)}`);
  return parts.join(", ");
};
