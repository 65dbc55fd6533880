/**
 * The program's reporting trend (issue 36 §1, beside the worklist): week by week, the share of
 * patient-days with a log and the share of questionnaires answered, over the last N weeks. What
 * the trials that kept patients reporting watched (weekly completion).
 *
 * Weeks are seven clinic days (the program territory's calendar, todayIn), the last ending
 * yesterday: today is not over, and counting it would make every trend dip at its end. A patient
 * counts from the clinic day of their consent to the day before they withdrew or the program's
 * last day, whichever is first: nothing before consent, nothing from the withdrawal on, nothing
 * after the end. A log counts on the patient's own calendar day (its local date), as the worklist
 * and the calendar count it; a questionnaire on its due day, once answered or missed (one still
 * open counts in neither figure).
 */
import { addDays } from "./questionnaire-delivery.js";

export const reportingTrendWeeks = { default: 8, min: 2, max: 26 } as const;

export interface TrendWeek {
  /** First and last clinic day of the week (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** The N weeks of seven clinic days before `today`, oldest first. */
export const trendWeeks = (today: string, weeks: number): TrendWeek[] =>
  Array.from({ length: weeks }, (_, i) => {
    const to = addDays(today, -1 - 7 * (weeks - 1 - i));
    return { from: addDays(to, -6), to };
  });

/** One enrolment as the trend reads it. */
export interface TrendEnrolment {
  /** The clinic day consent was given; null: never consented (never counted). */
  consentDay: string | null;
  /** The clinic day consent was withdrawn (not counted, nor anything after); null: still taking part. */
  withdrawnDay: string | null;
  /** Distinct days with a log (the patient's calendar days), any order. */
  logDays: readonly string[];
  /** Questionnaires answered or missed: their due day and whether answered. */
  questionnaires: readonly { dueDay: string; completed: boolean }[];
}

export interface TrendFigures extends TrendWeek {
  /** Patients taking part on at least one day of the week. */
  patients: number;
  /** Days a patient took part, summed over patients, and those of them with a log. */
  patientDays: number;
  loggedDays: number;
  /** loggedDays ÷ patientDays in whole percent; null when no one took part. */
  loggingRate: number | null;
  /** Questionnaires due in the week while the patient took part, and those answered. */
  questionnairesDue: number;
  questionnairesCompleted: number;
  /** completed ÷ due in whole percent; null when none was due. */
  completionRate: number | null;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

/** Days from a to b inclusive (0 when b is before a). */
const spanDays = (a: string, b: string) =>
  b < a ? 0 : Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The week-by-week figures. `programEndDay`: the program's last day (null: open-ended); days
 * after it are no one's.
 */
export const reportingTrend = (input: {
  today: string;
  weeks: number;
  programEndDay: string | null;
  enrolments: readonly TrendEnrolment[];
}): TrendFigures[] =>
  trendWeeks(input.today, input.weeks).map((week) => {
    let patients = 0;
    let patientDays = 0;
    let loggedDays = 0;
    let due = 0;
    let completed = 0;
    for (const e of input.enrolments) {
      if (!e.consentDay) continue;
      const from = e.consentDay > week.from ? e.consentDay : week.from;
      let to = week.to;
      if (e.withdrawnDay) {
        const lastDay = addDays(e.withdrawnDay, -1);
        if (lastDay < to) to = lastDay;
      }
      if (input.programEndDay && input.programEndDay < to) to = input.programEndDay;
      const days = spanDays(from, to);
      if (days === 0) continue;
      patients++;
      patientDays += days;
      loggedDays += new Set(e.logDays.filter((d) => d >= from && d <= to)).size;
      for (const q of e.questionnaires) {
        if (q.dueDay < from || q.dueDay > to) continue;
        due++;
        if (q.completed) completed++;
      }
    }
    return {
      ...week,
      patients,
      patientDays,
      loggedDays,
      loggingRate: percent(loggedDays, patientDays),
      questionnairesDue: due,
      questionnairesCompleted: completed,
      completionRate: percent(completed, due),
    };
  });
