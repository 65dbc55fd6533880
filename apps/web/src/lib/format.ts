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

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** DD MMM YYYY, HH:mm, in the browser's time zone. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
};

/** YYYY-MM-DD (or the date part of an ISO instant) as DD/MM/YYYY, the spec's date format. */
export const formatDay = (value: string | null | undefined): string => {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
};
