/**
 * The days an enrolment logged, kept in one row a patient (the worklist's summary, issue 36 §1):
 * the patient's latest calendar day with a log and a bitmap of the days before it. The upload
 * adds its days to the row in SQL (the same arithmetic as addLogDays); the worklist reads the row
 * on the clinic's today with logDaysOn, which slides the bitmap, anchored at the last log day, to
 * today: a patient who has not logged for weeks keeps an old anchor and counts nothing recent.
 *
 * Days are the patient's own calendar days (a log's local date), as quietReasons counts them.
 */
import { addDays, daysBetween } from "./questionnaire-delivery.js";
import { daysUntilToday, reportingWindowDays } from "./worklist.js";

/** Days the bitmap keeps: the last log day and the 31 before it (a 32-bit integer). */
export const logDaysKept = 32;

/** One enrolment's days logged: bit i of `bits` set when the patient logged on lastLogDay − i. */
export interface LogDaysSummary {
  /** The patient's latest calendar day with a log (YYYY-MM-DD); its bit (0) is always set. */
  lastLogDay: string;
  /** A 32-bit integer (signed, as the database's integer holds it); days older than 31 before lastLogDay are not kept. */
  bits: number;
}

/** What the worklist's rule (QuietFacts) reads of the days logged on the clinic's `today`. */
export interface LogDaysOn {
  /** The latest day logged in the two reporting windows, else the latest day logged at all; null: never logged. */
  lastLogDay: string | null;
  /** Distinct days logged in reportingWindows(today).recent (today and the 13 before) and .earlier (the 14 before those). */
  recentLogDays: number;
  earlierLogDays: number;
}

const bitCount = (n: number) => {
  let v = n >>> 0;
  let count = 0;
  while (v !== 0) {
    v &= v - 1;
    count++;
  }
  return count;
};

/** Bits i with from ≤ i ≤ to, within the 32 kept (an empty range when to < from). */
const bitsBetween = (from: number, to: number) => {
  const lo = Math.max(from, 0);
  const hi = Math.min(to, logDaysKept - 1);
  if (hi < lo) return 0;
  const width = hi - lo + 1;
  return (width === 32 ? -1 : ((1 << width) - 1) << lo) | 0;
};

/**
 * The summary slid to `today`: days logged in each reporting window and the last log day, as
 * they would be counted from every day logged. A day after today (a patient whose calendar is
 * ahead of the clinic's) counts in no window; a window reaching further back than the 32 days
 * kept (only when the last log day is more than 4 days after today, which an upload refuses)
 * counts the days not kept as not logged.
 */
export const logDaysOn = (summary: LogDaysSummary | null, today: string): LogDaysOn => {
  if (!summary) return { lastLogDay: null, recentLogDays: 0, earlierLogDays: 0 };
  // Bit i is the day lastLogDay − i, which is today − (i − ahead).
  const ahead = -daysUntilToday(summary.lastLogDay, today);
  const recent = summary.bits & bitsBetween(ahead, ahead + reportingWindowDays - 1);
  const earlier = summary.bits & bitsBetween(ahead + reportingWindowDays, ahead + 2 * reportingWindowDays - 1);
  let lastLogDay = summary.lastLogDay;
  if (ahead > 0) {
    // The last day logged on or before today, if the windows hold one.
    const inWindows = recent | earlier;
    if (inWindows !== 0) lastLogDay = addDays(summary.lastLogDay, -(31 - Math.clz32(inWindows & -inWindows)));
  }
  return { lastLogDay, recentLogDays: bitCount(recent), earlierLogDays: bitCount(earlier) };
};

/** `bits` slid `by` days towards the future: bit i becomes bit i + by, those past the 32 kept fall off. */
const slide = (bits: number, by: number) => (by >= logDaysKept ? 0 : (bits << by) | 0);

/**
 * Two summaries of one enrolment as one (a row and an upload's days): anchored at the later last
 * log day, each one's bits slid to it and joined. What the upload's SQL does to the row.
 */
export const mergeLogDays = (a: LogDaysSummary | null, b: LogDaysSummary | null): LogDaysSummary | null => {
  if (!a || !b) return a ?? b;
  const lastLogDay = a.lastLogDay > b.lastLogDay ? a.lastLogDay : b.lastLogDay;
  return {
    lastLogDay,
    bits: slide(a.bits, daysBetween(a.lastLogDay, lastLogDay)) | slide(b.bits, daysBetween(b.lastLogDay, lastLogDay)),
  };
};

/** The summary with more days logged (any order, repeats allowed): each day merged in. */
export const addLogDays = (summary: LogDaysSummary | null, days: readonly string[]): LogDaysSummary | null =>
  days.reduce<LogDaysSummary | null>((s, day) => mergeLogDays(s, { lastLogDay: day, bits: 1 }), summary);
