import { symptomGradeLabels } from "@openpro/core";

const pad = (n: number) => String(n).padStart(2, "0");

/** Today's calendar date in the browser (YYYY-MM-DD). */
export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** The date part of YYYY-MM-DD or an ISO instant. */
export const datePart = (value: string | null | undefined): string | null => value?.slice(0, 10) || null;

export { formatDay } from "../../lib/format";

/** HH:mm of an instant, in the browser's time zone. */
export const formatTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** "12 March 2026" for screen-reader labels. */
export const formatLongDay = (isoDate: string): string =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

export const addDays = (isoDate: string, days: number): string => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Null grades display as grade 0. */
export const gradeLabel = (grade: number | null | undefined): string =>
  `Grade ${grade ?? 0} – ${symptomGradeLabels[grade ?? 0] ?? ""}`;

export const formatNumber = (value: number, decimals = 1): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(decimals);
