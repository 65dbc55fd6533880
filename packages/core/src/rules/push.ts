/**
 * Reminders that reach the patient's phone (issue 36 §3): the kinds of push a patient may take,
 * what each says (never health data: a lock screen is read by whoever holds the phone), where a
 * tap leads, and the quiet hours a program keeps (no reminder at night in the clinic's zone; a
 * message from the care team about an alert comes at any time).
 */
import { wallClockAt, zonedInstant } from "./appointments.js";

export const pushKinds = [
  "questionnaire_due",
  "questionnaire_closing",
  "symptom_reminder",
  "care_team_message",
] as const;
export type PushKind = (typeof pushKinds)[number];

/** Alert-related kinds ignore quiet hours: the patient is waiting to hear from the team. */
export const alertRelatedPushKinds: readonly PushKind[] = ["care_team_message"];
export const isAlertRelatedPush = (kind: PushKind) => alertRelatedPushKinds.includes(kind);

/**
 * The patient catalogue's key of each kind's text. The title is the app's name, never the
 * program's: a program's name ("Breast Cancer Symptom Monitoring") says what the patient has.
 */
export const pushTextKeys = {
  title: "appName",
  body: {
    questionnaire_due: "pushBody_questionnaire_due",
    questionnaire_closing: "pushBody_questionnaire_closing",
    symptom_reminder: "pushBody_symptom_reminder",
    care_team_message: "pushBody_care_team_message",
  },
} as const satisfies { title: string; body: Record<PushKind, string> };

/** Where a tap on the notification opens the patient app. */
export const pushTargets: Record<PushKind, string> = {
  questionnaire_due: "/me",
  questionnaire_closing: "/me",
  symptom_reminder: "/me/log/symptom",
  care_team_message: "/me",
};

/** Quiet hours as minutes after midnight in the clinic's zone; start > end spans midnight. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}
/** 21:00–08:00 when the program has not set its own. */
export const defaultQuietHours: QuietHours = { startMinute: 21 * 60, endMinute: 8 * 60 };

const minuteOf = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** "HH:mm" of a quiet-hours bound. */
export const quietHoursLabel = (q: QuietHours) => ({ start: timeOf(q.startMinute), end: timeOf(q.endMinute) });

const inQuietHours = (minute: number, q: QuietHours) => {
  if (q.startMinute === q.endMinute) return false;
  return q.startMinute < q.endMinute
    ? minute >= q.startMinute && minute < q.endMinute
    : minute >= q.startMinute || minute < q.endMinute;
};

/**
 * When a push of `kind` may go at `now`: `now` itself outside the program's quiet hours (and for
 * alert-related kinds always), else the instant the quiet hours end in the clinic's zone.
 */
export const pushSendAt = (now: Date, kind: PushKind, quiet: QuietHours, timeZone: string): Date => {
  if (isAlertRelatedPush(kind)) return now;
  const wall = wallClockAt(now, timeZone);
  const minute = minuteOf(wall.time);
  if (!inQuietHours(minute, quiet)) return now;
  // The end falls today when it is still ahead on the wall clock, else tomorrow.
  let date = wall.date;
  if (minute >= quiet.endMinute) {
    const next = new Date(`${wall.date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    date = next.toISOString().slice(0, 10);
  }
  return zonedInstant(date, timeOf(quiet.endMinute), timeZone);
};
