/**
 * Patients gone quiet (issue 36 §1): who the care team should call because they stopped
 * reporting, why, and since when. The server reads a few facts per enrolment (quietFacts'
 * shape) and applies quietReasons; the web app shows the same labels.
 *
 * Days are the clinic's calendar days (the program's territory zone, todayIn), except a log's
 * day, which is the patient's own calendar day (its local date, as their calendar and the
 * program dashboard count it): a log sent at 23:30 in Lisbon counts for that evening wherever
 * the clinic is.
 */
import type { PatientStatus } from "./patients.js";
import { addDays } from "./questionnaire-delivery.js";

export const worklistReasons = ["never_opened", "missed_questionnaire", "no_log", "reporting_dropped"] as const;
export type WorklistReason = (typeof worklistReasons)[number];

export const worklistReasonLabels: Record<WorklistReason, string> = {
  never_opened: "Has not opened the app since consenting",
  missed_questionnaire: "Missed a questionnaire",
  no_log: "No log",
  reporting_dropped: "Reporting dropped",
};

/** N of "no log for N days" when the program has not set it. */
export const defaultQuietDays = 7;
export const quietDaysRange = { min: 2, max: 60 } as const;
/** Each of the two windows "reporting dropped" compares: the last two weeks against the two before. */
export const reportingWindowDays = 14;
/**
 * Days a consented patient has to open the app (a day to install it and sign in) before the
 * worklist asks the team to call.
 */
export const appOpenGraceDays = 2;

export const contactOutcomes = ["called", "left_message", "unwell_or_admitted", "no_answer"] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];
export const contactOutcomeLabels: Record<ContactOutcome, string> = {
  called: "Called: spoke with the patient",
  left_message: "Left a message",
  unwell_or_admitted: "Patient unwell or admitted",
  no_answer: "No answer",
};

type Windows = { recent: { from: string; to: string }; earlier: { from: string; to: string } };
let lastWindows: { today: string; windows: Windows } | null = null;

/**
 * The two windows "reporting dropped" compares, in clinic days, both ending with `today`'s.
 * The same for every patient of a list: the last answer is kept (10,000 patients, one day).
 */
export const reportingWindows = (today: string): Windows => {
  if (lastWindows?.today === today) return lastWindows.windows;
  const windows = {
    recent: Object.freeze({ from: addDays(today, 1 - reportingWindowDays), to: today }),
    earlier: Object.freeze({
      from: addDays(today, 1 - 2 * reportingWindowDays),
      to: addDays(today, -reportingWindowDays),
    }),
  };
  lastWindows = { today, windows };
  return windows;
};

/** What the worklist knows of one enrolment on the clinic's `today`. */
export interface QuietFacts {
  status: PatientStatus;
  /** The clinic day consent was given (null: never consented). */
  consentDay: string | null;
  /** The patient's calendar day of their latest log (null: none). */
  lastLogDay: string | null;
  /** Distinct days with a log in reportingWindows(today).recent and .earlier. */
  recentLogDays: number;
  earlierLogDays: number;
  /** Whether the patient has signed in to the app, logged or answered since consenting. */
  openedAppSinceConsent: boolean;
  /**
   * Missed questionnaires after the patient's last completed one: the instant each window closed
   * and the clinic day of it. Earlier ones do not count (the patient answered since).
   */
  missed: readonly { closedAt: string; day: string }[];
  /** The team's latest contact: its instant and clinic day. */
  lastContact: { at: string; day: string } | null;
}

export interface QuietProgram {
  /** The clinic's today (todayIn the territory). */
  today: string;
  /** The program is closed (ended, or its end date passed): nobody is chased after the end. */
  closed: boolean;
  /** N: days without a log before the patient is listed. */
  quietDays: number;
}

export interface QuietReason {
  reason: WorklistReason;
  /** The clinic day the quiet period began. */
  since: string;
}

const later = (a: string, b: string | null | undefined) => (b && b > a ? b : a);

let lastToday: { date: string; day: number } | null = null;

/**
 * Days from `from` to the clinic's `today` (daysBetween's answer), read as numbers: a list asks
 * it of 10,000 patients on one today, whose number is kept, and Date.UTC on the parts is several
 * times cheaper than parsing the text.
 */
export const daysUntilToday = (from: string, today: string): number => {
  if (lastToday?.date !== today) lastToday = { date: today, day: dayNumberOf(today) };
  return lastToday.day - dayNumberOf(from);
};

const dayNumberOf = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/**
 * Why a patient is on the worklist, earliest quiet period first; [] when not. Only a patient
 * taking part (consented, not withdrawn, program not closed) is listed, and only for a quiet
 * period that began on or after the consent and on or after the team's last contact: a contact
 * takes the patient off the list until they are quiet again.
 */
export const quietReasons = (facts: QuietFacts, program: QuietProgram): QuietReason[] => {
  if (program.closed || facts.status !== "CONSENTED" || !facts.consentDay) return [];
  if (facts.consentDay > program.today) return [];
  const { today } = program;
  const contactDay = facts.lastContact?.day ?? null;
  // The first day a quiet period may start: consent, then the team's last contact.
  const start = later(facts.consentDay, contactDay);
  const reasons: QuietReason[] = [];

  if (!facts.openedAppSinceConsent && daysUntilToday(start, today) >= appOpenGraceDays)
    reasons.push({ reason: "never_opened", since: start });

  const missed = facts.missed.find(
    (m) => m.day >= facts.consentDay! && m.day <= today && (!facts.lastContact || m.closedAt > facts.lastContact.at),
  );
  if (missed) reasons.push({ reason: "missed_questionnaire", since: missed.day });

  // No log for N days: N days without one, from the day after the last (or the start) to today.
  // (The day after the last log is later than the start exactly when the last log is on or after it.)
  if (facts.openedAppSinceConsent) {
    const afterLog = facts.lastLogDay !== null && facts.lastLogDay >= start;
    const quietDays = afterLog ? daysUntilToday(facts.lastLogDay!, today) : daysUntilToday(start, today) + 1;
    if (quietDays >= program.quietDays)
      reasons.push({ reason: "no_log", since: afterLog ? addDays(facts.lastLogDay!, 1) : start });
  }

  // Reporting dropped: both windows after consent, the recent one after the last contact.
  const windows = reportingWindows(today);
  if (
    facts.consentDay <= windows.earlier.from &&
    (!contactDay || contactDay < windows.recent.from) &&
    facts.earlierLogDays > 0 &&
    facts.recentLogDays * 2 < facts.earlierLogDays
  )
    reasons.push({ reason: "reporting_dropped", since: windows.recent.from });

  return reasons.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
};

/** Longest quiet first (the earliest start of a quiet period), then by name. */
export const compareQuietRows = (
  a: { quietSince: string; patientName: string },
  b: { quietSince: string; patientName: string },
) => {
  if (a.quietSince !== b.quietSince) return a.quietSince < b.quietSince ? -1 : 1;
  return a.patientName.localeCompare(b.patientName);
};
