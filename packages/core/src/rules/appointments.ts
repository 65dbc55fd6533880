import { messages } from "../messages.js";

/**
 * Nurse-visit appointments: the lock rule, the form rules and the list filter intervals, applied
 * by the server (authoritative) and by the web form (the same words before a request is sent).
 *
 * Time zone. An appointment's date and times are wall-clock values at the clinic, so "today",
 * "in the past" and "locked" are judged in the program's time zone (its territory's zone,
 * territoryTimeZones), never in the browser's or the server's: a nurse abroad and the server in
 * UTC must see the same appointment locked at the same instant as the clinic does. Where the
 * wall clock is ambiguous (the hour repeated when summer time ends) the earlier instant is taken,
 * so an appointment locks at its first passing; a time the clock skips (the hour lost when summer
 * time starts) counts from the instant the clock jumps. Stricter readings chosen throughout: an
 * appointment is locked from its end minute on (an end time of 10:30 is "passed" at 10:30:00).
 */

export const appointmentTypes = [
  "BLOOD_TEST",
  "CHEMOTHERAPY",
  "NURSE_APPOINTMENT",
  "PICC_LINE_PROCEDURE",
  "PRE_TREATMENT_APPOINTMENT",
  "TELEPHONE_CONSULTATION",
] as const;
export type AppointmentType = (typeof appointmentTypes)[number];
export const appointmentTypeLabels: Record<AppointmentType, string> = {
  BLOOD_TEST: "Blood Test",
  CHEMOTHERAPY: "Chemotherapy",
  NURSE_APPOINTMENT: "Nurse appointment",
  PICC_LINE_PROCEDURE: "PICC line procedure",
  PRE_TREATMENT_APPOINTMENT: "Pre-treatment appointment",
  TELEPHONE_CONSULTATION: "Telephone consultation",
};

export const appointmentModes = ["FACE_TO_FACE", "TELEPHONE"] as const;
export type AppointmentMode = (typeof appointmentModes)[number];
export const appointmentModeLabels: Record<AppointmentMode, string> = {
  FACE_TO_FACE: "Face-to-Face",
  TELEPHONE: "Telephone",
};

export const appointmentStatuses = ["SCHEDULED", "CONFIRMED", "CANCELLED", "COMPLETED"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  SCHEDULED: "Scheduled",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  COMPLETED: "Completed",
};

export const appointmentFilters = ["Upcoming", "Past", "All"] as const;
export type AppointmentFilter = (typeof appointmentFilters)[number];

export const appointmentLimits = {
  withWhom: 30,
  /** Dashboard widgets (past and upcoming) and the appointment page. */
  widgetSize: 3,
  pageSize: 20,
} as const;

/** The fields of an appointment the rules look at (isDraft true: all day, no times). */
export interface AppointmentFields {
  appointmentType: AppointmentType;
  date: string;
  startTime: string | null;
  endTime: string | null;
  mode: AppointmentMode;
  status: AppointmentStatus;
  isDraft: boolean;
  withWhom: string | null;
}

/** Fields frozen once an appointment is in the past; status and withWhom stay editable. */
export const lockedAppointmentFields = ["appointmentType", "date", "startTime", "endTime", "mode", "isDraft"] as const;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

// --- wall clock <-> instant in a zone ------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
};

const partsAt = (ms: number, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The zone's date (YYYY-MM-DD) and minute (HH:mm) at an instant. */
export const wallClockAt = (now: Date, timeZone: string): { date: string; time: string } => {
  const p = partsAt(now.getTime(), timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
};

/** Minutes the zone is ahead of UTC at an instant. */
const offsetMinutesAt = (ms: number, timeZone: string) => {
  const p = partsAt(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
};

/**
 * The instant a wall-clock date and time happen in a zone. Ambiguous: the earlier instant.
 * Skipped (a gap): the instant of the jump, the first whose wall clock reads that time or later.
 */
export const zonedInstant = (date: string, time: string, timeZone: string): Date => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const local = Date.UTC(y, m - 1, d, hh, mm);
  const offsets = new Set([-36, -12, 0, 12, 36].map((h) => offsetMinutesAt(local + h * 3_600_000, timeZone)));
  const fits = [...offsets]
    .map((o) => local - o * 60_000)
    .filter((ms) => {
      const p = partsAt(ms, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === local;
    })
    .sort((a, b) => a - b);
  if (fits.length > 0) return new Date(fits[0]!);
  // In a gap: the first instant whose wall clock reads the time or later (the jump itself).
  const wallOf = (ms: number) => {
    const p = partsAt(ms, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  };
  const bounds = [...offsets].map((o) => local - o * 60_000);
  let lo = Math.min(...bounds);
  let hi = Math.max(...bounds);
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (wallOf(mid) >= local) hi = mid;
    else lo = mid;
  }
  return new Date(wallOf(lo) >= local ? lo : hi);
};

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** When an appointment starts and ends: an all-day one spans its whole date in the zone. */
export const appointmentSpan = (
  appointment: Pick<AppointmentFields, "date" | "startTime" | "endTime" | "isDraft">,
  timeZone: string,
): { startsAt: Date; endsAt: Date } => {
  if (appointment.isDraft || !appointment.startTime || !appointment.endTime) {
    return {
      startsAt: zonedInstant(appointment.date, "00:00", timeZone),
      endsAt: zonedInstant(nextDay(appointment.date), "00:00", timeZone),
    };
  }
  return {
    startsAt: zonedInstant(appointment.date, appointment.startTime, timeZone),
    endsAt: zonedInstant(appointment.date, appointment.endTime, timeZone),
  };
};

/**
 * Locked (type, date, time and mode no longer editable) once the appointment is in the past: an
 * all-day one dated before today, a timed one dated before today or today with its end time
 * reached. Judged in the program's zone (see the top of this file) by comparing instants, so a
 * locked appointment never unlocks, even in the hour repeated when summer time ends.
 */
export const isAppointmentLocked = (
  appointment: Pick<AppointmentFields, "date" | "startTime" | "endTime" | "isDraft">,
  timeZone: string,
  now: Date,
): boolean => now.getTime() >= appointmentSpan(appointment, timeZone).endsAt.getTime();

/** The locked fields an edit of a past appointment would change (empty: the edit is allowed). */
export const lockedFieldChanges = (
  before: AppointmentFields,
  after: Partial<AppointmentFields>,
): (typeof lockedAppointmentFields)[number][] =>
  lockedAppointmentFields.filter(
    (field) => field in after && after[field] !== undefined && after[field] !== before[field],
  );

// --- form rules ----------------------------------------------------------------------------------

export interface FieldProblem {
  field: keyof AppointmentFields;
  message: string;
}

/** What the form forces: an all-day appointment is Scheduled and has no times; a telephone consultation is by telephone. */
export const forcedAppointmentValues = (input: Pick<AppointmentFields, "appointmentType" | "isDraft">) => ({
  ...(input.isDraft ? { status: "SCHEDULED" as const, startTime: null, endTime: null } : {}),
  ...(input.appointmentType === "TELEPHONE_CONSULTATION" ? { mode: "TELEPHONE" as const } : {}),
});

/** The rules that need no clock: times present and ordered, forced values respected, withWhom length. */
export const appointmentShapeProblems = (input: AppointmentFields): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  if (!input.isDraft) {
    if (!input.startTime) problems.push({ field: "startTime", message: messages.appointmentTimeRequired });
    if (!input.endTime) problems.push({ field: "endTime", message: messages.appointmentTimeRequired });
    if (input.startTime && input.endTime && input.endTime < input.startTime)
      problems.push({ field: "endTime", message: messages.appointmentTimeAfter(input.startTime) });
  } else if (input.status !== "SCHEDULED") {
    problems.push({ field: "status", message: messages.appointmentAllDayScheduled });
  }
  if (input.appointmentType === "TELEPHONE_CONSULTATION" && input.mode !== "TELEPHONE")
    problems.push({ field: "mode", message: messages.appointmentTelephoneMode });
  if ((input.withWhom ?? "").length > appointmentLimits.withWhom)
    problems.push({ field: "withWhom", message: messages.maxLength(appointmentLimits.withWhom) });
  return problems;
};

/**
 * The rules that need the clock, on the program's wall clock: on create the date cannot be in the
 * past and, today, the start time cannot be in the past. On edit they apply only when the date or
 * time is being changed (an appointment later today keeps its time when only its status changes).
 */
export const appointmentTimeProblems = (
  input: Pick<AppointmentFields, "date" | "startTime" | "isDraft">,
  wallClock: { date: string; time: string },
): FieldProblem[] => {
  if (input.date < wallClock.date) return [{ field: "date", message: messages.appointmentDateInPast }];
  if (!input.isDraft && input.date === wallClock.date && input.startTime && input.startTime < wallClock.time)
    return [{ field: "startTime", message: messages.appointmentTimeInFuture }];
  return [];
};

// --- list filter -----------------------------------------------------------------------------------

export type AppointmentOrdering = "date" | "-date";

/**
 * The list filter as query values: Upcoming from now (appointments not yet ended, soonest first),
 * Past to now (ended ones, latest first), All (latest first). An instant compares with an
 * appointment's end, the lock rule's own line, so an appointment is in Past exactly when locked.
 */
export const appointmentFilterQuery = (
  filter: AppointmentFilter,
  now: Date,
): { intervalStart?: string; intervalEnd?: string; ordering: AppointmentOrdering } => {
  if (filter === "Upcoming") return { intervalStart: now.toISOString(), ordering: "date" };
  if (filter === "Past") return { intervalEnd: now.toISOString(), ordering: "-date" };
  return { ordering: "-date" };
};

/** "Blood Test · 10:00–10:30 · Face-to-Face" style pieces for lists, widgets and files. */
export const appointmentTimeLabel = (a: Pick<AppointmentFields, "isDraft" | "startTime" | "endTime">) =>
  a.isDraft || !a.startTime ? "All day" : `${a.startTime}–${a.endTime ?? ""}`;
