import {
  type AppointmentMode,
  type AppointmentStatus,
  type AppointmentType,
  appointmentModeLabels,
  appointmentStatusLabels,
  appointmentTypeLabels,
} from "@openpro/core";

/**
 * An iCalendar file (RFC 5545) of appointments. What it carries, on purpose: the appointment type,
 * mode, status, the clinician seen (withWhom) and the program's name. Never the patient's name,
 * identifier, e-mail or date of birth, nor the patient's notes: a calendar file ends up on phones
 * and in shared calendars, and the nurse already knows whose calendar they downloaded (the file
 * name carries only the patient's initials). Times in UTC (no VTIMEZONE needed); all-day events as
 * VALUE=DATE with the next day as the (exclusive) end.
 */

export interface CalendarAppointment {
  id: string;
  appointmentType: AppointmentType;
  date: string;
  isDraft: boolean;
  mode: AppointmentMode;
  status: AppointmentStatus;
  withWhom: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** TEXT value escaping (RFC 5545 §3.3.11). */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** Lines longer than 75 octets folded with CRLF and one space, never inside a UTF-8 character. */
export const foldLine = (line: string) => {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
};

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const dateValue = (date: string) => date.replace(/-/g, "");
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

const icalStatus: Record<AppointmentStatus, string> = {
  SCHEDULED: "TENTATIVE",
  CONFIRMED: "CONFIRMED",
  COMPLETED: "CONFIRMED",
  CANCELLED: "CANCELLED",
};

export const buildCalendar = (input: {
  appointments: CalendarAppointment[];
  programName: string;
  calendarName: string;
  now: Date;
  host: string;
}) => {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//OpenPRO//Nurse-visit appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.calendarName)}`,
  ];
  for (const a of input.appointments) {
    const type = appointmentTypeLabels[a.appointmentType];
    const details = [
      `Mode: ${appointmentModeLabels[a.mode]}`,
      `Status: ${appointmentStatusLabels[a.status]}`,
      ...(a.withWhom ? [`With: ${a.withWhom}`] : []),
      `Program: ${input.programName}`,
    ];
    lines.push(
      "BEGIN:VEVENT",
      `UID:${a.id}@${input.host}`,
      `DTSTAMP:${utcStamp(input.now)}`,
      ...(a.isDraft
        ? [`DTSTART;VALUE=DATE:${dateValue(a.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(a.date))}`]
        : [`DTSTART:${utcStamp(a.startsAt)}`, `DTEND:${utcStamp(a.endsAt)}`]),
      `SUMMARY:${escapeText(`${type} (${appointmentModeLabels[a.mode]})`)}`,
      `DESCRIPTION:${escapeText(details.join("\n"))}`,
      `STATUS:${icalStatus[a.status]}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
};
