/**
 * Rules of the program dashboard, shared by the server and the web app: the date-range shortcuts,
 * the two x axes (program date, or the patient's involvement day), and whose data counts.
 */
import type { PatientStatus } from "./patients.js";

export const dashboardRangeShortcuts = [
  "FULL_PROGRAM",
  "LAST_1_WEEK",
  "LAST_2_WEEKS",
  "LAST_3_WEEKS",
  "LAST_4_WEEKS",
  "LAST_3_MONTHS",
  "LAST_6_MONTHS",
] as const;
export type DashboardRangeShortcut = (typeof dashboardRangeShortcuts)[number];
export const dashboardRangeShortcutLabels: Record<DashboardRangeShortcut, string> = {
  FULL_PROGRAM: "Full program",
  LAST_1_WEEK: "Last week",
  LAST_2_WEEKS: "Last 2 weeks",
  LAST_3_WEEKS: "Last 3 weeks",
  LAST_4_WEEKS: "Last 4 weeks",
  LAST_3_MONTHS: "Last 3 months",
  LAST_6_MONTHS: "Last 6 months",
};

/** The charts' x axis: the calendar date, or the day of each patient's involvement (day 1 = consent day). */
export const dashboardAxes = ["date", "involvementDay"] as const;
export type DashboardAxis = (typeof dashboardAxes)[number];
export const dashboardAxisLabels: Record<DashboardAxis, string> = {
  date: "Program date",
  involvementDay: "Patient involvement day",
};

/**
 * Whose logs make the program's figures: patients who consented and still take part, or took part
 * to the program's end. A patient who withdrew consent leaves every program figure (their own
 * dashboard still shows what they sent); invited or declined patients never sent anything.
 */
export const programFigureStatuses = ["CONSENTED", "PROJECT_COMPLETED"] as const satisfies readonly PatientStatus[];

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) => isoOf(dayNumber(isoDate) + days);

/** The same day of the month `months` earlier or later, or the month's last day when it has none. */
export const addCalendarMonths = (isoDate: string, months: number) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
};

export interface DashboardRange {
  startDate: string;
  endDate: string;
}

/**
 * The dates a shortcut covers. The range ends today, or on the program's last day once it has
 * passed, never before the program starts; "last N" goes back N weeks or months from that end
 * (both ends included), never before the program's first day. Full program: first day to that end.
 */
export const dashboardRange = (
  shortcut: DashboardRangeShortcut,
  program: { startDate: string; endDate: string | null },
  today: string,
): DashboardRange => {
  let endDate = program.endDate && program.endDate < today ? program.endDate : today;
  if (endDate < program.startDate) endDate = program.startDate;
  const back: Record<Exclude<DashboardRangeShortcut, "FULL_PROGRAM">, string> = {
    LAST_1_WEEK: addDays(endDate, -6),
    LAST_2_WEEKS: addDays(endDate, -13),
    LAST_3_WEEKS: addDays(endDate, -20),
    LAST_4_WEEKS: addDays(endDate, -27),
    LAST_3_MONTHS: addDays(addCalendarMonths(endDate, -3), 1),
    LAST_6_MONTHS: addDays(addCalendarMonths(endDate, -6), 1),
  };
  const wanted = shortcut === "FULL_PROGRAM" ? program.startDate : back[shortcut];
  return { startDate: wanted < program.startDate ? program.startDate : wanted, endDate };
};

/** The day of a patient's involvement a calendar day is: 1 on the day they consented, 0 or less before. */
export const involvementDay = (consentDate: string, date: string): number =>
  dayNumber(date) - dayNumber(consentDate) + 1;

/** The calendar day that is involvement day `day` of a patient who consented on `consentDate`. */
export const dateOfInvolvementDay = (consentDate: string, day: number): string => addDays(consentDate, day - 1);

/** How a point of the x axis reads: a date as DD/MM/YYYY, an involvement day as "Day N". */
export const dashboardAxisLabel = (axis: DashboardAxis, key: string): string => {
  if (axis === "involvementDay") return `Day ${key}`;
  const [y, m, d] = key.split("-");
  return `${d}/${m}/${y}`;
};

/** Keys of a series in axis order: dates sort as text, involvement days as numbers. */
export const sortAxisKeys = (axis: DashboardAxis, keys: Iterable<string>): string[] =>
  [...keys].sort((a, b) => (axis === "involvementDay" ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));

/**
 * A week's questionnaire completion rate: completed ÷ (completed + partly answered + missed), in
 * whole per cent. Questionnaires still inside their response window count for no side, so the
 * current week is not shown as failing while patients still have time; null when no window has closed.
 */
export const questionnaireCompletionRate = (week: {
  completed: number;
  partial: number;
  missed: number;
}): number | null => {
  const closed = week.completed + week.partial + week.missed;
  return closed === 0 ? null : Math.round((week.completed / closed) * 100);
};
