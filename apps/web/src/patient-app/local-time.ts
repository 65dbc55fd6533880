const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");

/** The device's local time with its offset (2026-03-03T08:15:00+01:00): the offset sets the patient's calendar day. */
export const localIsoWithOffset = (date: Date): string => {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
};

/** An instant as the patient reads it on their phone: "3 Mar 2026, 08:15". */
export const formatWhen = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A calendar day (YYYY-MM-DD) as the patient reads it: "Tuesday 3 March". */
export const formatDay = (day: string): string =>
  new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long" });
