/**
 * "I took it" has an undo (issue 30 §4.3): a patient who tapped by mistake, or for the wrong
 * medicine, takes the dose back, on the day it was taken. The day is the patient's calendar day
 * at the dose (its local date and UTC offset as the phone sent them), so a dose taken at 23:30
 * can be undone until midnight where the patient is, not by the server's clock. An older dose is
 * a correction for the care team (the log's invalidation), not something the app takes back.
 */

/** The calendar day at `now` in a zone `offsetMinutes` east of UTC (YYYY-MM-DD). */
const localDayAt = (now: Date, offsetMinutes: number) =>
  new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** Whether a dose recorded on `localDate` (UTC offset `utcOffsetMinutes`) may still be undone at `now`. */
export const doseUndoable = (dose: { localDate: string; utcOffsetMinutes: number }, now: Date): boolean =>
  localDayAt(now, dose.utcOffsetMinutes) === dose.localDate;
