/** "2 hours 5 minutes" style remaining time, rounded up to the minute; null once the time has passed. */
export const formatTimeRemaining = (untilMs: number, nowMs: number): string | null => {
  const minutes = Math.ceil((untilMs - nowMs) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: string) => (n > 0 ? `${n} ${unit}${n === 1 ? "" : "s"}` : null);
  return [part(days, "day"), part(hours, "hour"), part(mins, "minute")].filter(Boolean).join(" ");
};

/**
 * The locale every date and number is shown in: the browser's own language (an en-GB nurse reads
 * 27/11/2026, an en-US one 11/27/2026), else the program territory's, else British English.
 */
export const displayLocale = (territoryLocale = "en-GB"): string => {
  const language = typeof navigator === "undefined" ? "" : navigator.language;
  try {
    return language ? (Intl.DateTimeFormat.supportedLocalesOf(language)[0] ?? territoryLocale) : territoryLocale;
  } catch {
    return territoryLocale;
  }
};

const numericDate = { day: "2-digit", month: "2-digit", year: "numeric" } as const;

/** The date and HH:mm of an instant in the browser's time zone, in the one date format of the locale. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(displayLocale(), {
    ...numericDate,
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
};

/**
 * YYYY-MM-DD (or the date part of an ISO instant) in the locale's one numeric date format: the
 * spec's DD/MM/YYYY for a British or European reader, MM/DD/YYYY for an American one.
 */
export const formatDay = (value: string | null | undefined): string => {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return "";
  return new Intl.DateTimeFormat(displayLocale(), { ...numericDate, timeZone: "UTC" }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
};

/** A whole count with the locale's thousands separator: 522,071. */
export const formatCount = (value: number): string =>
  new Intl.NumberFormat(displayLocale(), { maximumFractionDigits: 0 }).format(value);

/** A short axis label that fits the chart's margin: 10K, 1.5M. */
export const formatCompact = (value: number): string =>
  new Intl.NumberFormat(displayLocale(), { notation: "compact", maximumFractionDigits: 1 }).format(value);

/** A patient language's English name, for the staff's screens ("French"): the staff app is in English. */
export const staffLanguageName = (language: string): string =>
  new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? language;
