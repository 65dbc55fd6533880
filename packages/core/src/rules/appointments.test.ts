import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import {
  type AppointmentFields,
  appointmentFilterQuery,
  appointmentShapeProblems,
  appointmentSpan,
  appointmentTimeProblems,
  isAppointmentLocked,
  lockedFieldChanges,
  wallClockAt,
  zonedInstant,
} from "./appointments.js";
import { territoryTimeZones } from "./programs.js";

const zones = [...Object.values(territoryTimeZones), "UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"];
const pad = (n: number) => String(n).padStart(2, "0");
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);
/** Dates around the summer-time changes of 2026 and year ends. */
const dateArb = fc.constantFrom(
  "2026-03-07",
  "2026-03-08",
  "2026-03-28",
  "2026-03-29",
  "2026-03-30",
  "2026-10-24",
  "2026-10-25",
  "2026-11-01",
  "2026-12-31",
  "2027-01-01",
);
const appointmentArb = fc
  .record({ date: dateArb, a: timeArb, b: timeArb, isDraft: fc.boolean() })
  .map(({ date, a, b, isDraft }) => ({
    date,
    startTime: isDraft ? null : a < b ? a : b,
    endTime: isDraft ? null : a < b ? b : a,
    isDraft,
  }));
/** Instants within two days of the appointment's date, often right at a local midnight. */
const nowArb = (date: string, zone: string) =>
  fc
    .oneof(
      fc.integer({ min: -48 * 60, max: 72 * 60 }).map((m) => m * 60_000),
      fc.constantFrom(-1, 0, 1, 59_999, 60_000, 86_399_999, 86_400_000),
    )
    .map((delta) => new Date(zonedInstant(date, "00:00", zone).getTime() + delta));

const base: AppointmentFields = {
  appointmentType: "BLOOD_TEST",
  date: "2026-03-10",
  startTime: "10:00",
  endTime: "10:30",
  mode: "FACE_TO_FACE",
  status: "SCHEDULED",
  isDraft: false,
  withWhom: "Sister Jones",
};

describe("appointment lock (judged on the program's wall clock)", () => {
  it("agrees with the spec's words: all-day before today; timed before today, or today with the end time reached", () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), appointmentArb, (zone, appointment) =>
        fc.assert(
          fc.property(nowArb(appointment.date, zone), (now) => {
            const wall = wallClockAt(now, zone);
            // The repeated hour when summer time ends reads the same wall clock twice; the
            // instant-based rule is the stricter one there and is checked by monotonicity below.
            const repeatedHour = now.getTime() - zonedInstant(wall.date, wall.time, zone).getTime() >= 60_000;
            if (repeatedHour) return;
            const words = appointment.isDraft
              ? appointment.date < wall.date
              : appointment.date < wall.date || (appointment.date === wall.date && appointment.endTime! <= wall.time);
            expect(isAppointmentLocked(appointment, zone, now)).toBe(words);
          }),
          { numRuns: 30 },
        ),
      ),
      { numRuns: 200 },
    );
    // 6,000 zone conversions through Intl: about a second alone, past the default 5 s on a loaded machine.
  }, 20_000);

  it("never unlocks as time goes on, in any zone, across midnight and summer-time changes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        appointmentArb,
        fc.integer({ min: -48 * 60, max: 72 * 60 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        (zone, appointment, startMinute, laterBy) => {
          const midnight = zonedInstant(appointment.date, "00:00", zone).getTime();
          const earlier = new Date(midnight + startMinute * 60_000);
          const later = new Date(earlier.getTime() + laterBy * 60_000);
          if (isAppointmentLocked(appointment, zone, earlier))
            expect(isAppointmentLocked(appointment, zone, later)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("the same instant is judged by the program's zone, whatever the viewer's", () => {
    // 23:30 on 9 March in New York is 03:30 on 10 March in London.
    const now = new Date("2026-03-10T03:30:00Z");
    const allDay = { date: "2026-03-09", startTime: null, endTime: null, isDraft: true };
    expect(isAppointmentLocked(allDay, "Europe/London", now)).toBe(true);
    expect(isAppointmentLocked(allDay, "America/New_York", now)).toBe(false);
  });

  it("locks a timed appointment from its end minute on", () => {
    const appointment = { date: "2026-03-10", startTime: "10:00", endTime: "10:30", isDraft: false };
    expect(isAppointmentLocked(appointment, "Europe/London", new Date("2026-03-10T10:29:59Z"))).toBe(false);
    expect(isAppointmentLocked(appointment, "Europe/London", new Date("2026-03-10T10:30:00Z"))).toBe(true);
    // Summer time: 10:30 in London is 09:30 UTC.
    const summer = { ...appointment, date: "2026-07-10" };
    expect(isAppointmentLocked(summer, "Europe/London", new Date("2026-07-10T09:30:00Z"))).toBe(true);
  });

  it("locks an appointment ending in the hour skipped by summer time once the clock jumps past it", () => {
    const appointment = { date: "2026-03-29", startTime: "00:30", endTime: "01:30", isDraft: false };
    expect(isAppointmentLocked(appointment, "Europe/London", new Date("2026-03-29T00:59:00Z"))).toBe(false);
    expect(isAppointmentLocked(appointment, "Europe/London", new Date("2026-03-29T01:00:00Z"))).toBe(true);
  });

  it("spans an all-day appointment over its whole local day, even a 23-hour one", () => {
    const span = appointmentSpan(
      { date: "2026-03-29", startTime: null, endTime: null, isDraft: true },
      "Europe/London",
    );
    expect(span.startsAt.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(span.endsAt.toISOString()).toBe("2026-03-29T23:00:00.000Z");
  });

  it("reads a skipped time after the jump and a repeated time at its first passing", () => {
    expect(zonedInstant("2026-03-29", "01:30", "Europe/London").toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(zonedInstant("2026-03-08", "02:15", "America/New_York").toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(zonedInstant("2026-10-25", "01:30", "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("freezes type, date, time and mode but not status or withWhom", () => {
    expect(lockedFieldChanges(base, { status: "COMPLETED", withWhom: "Dr Who" })).toEqual([]);
    expect(lockedFieldChanges(base, { date: "2026-03-11", mode: "TELEPHONE", status: "COMPLETED" })).toEqual([
      "date",
      "mode",
    ]);
    expect(lockedFieldChanges(base, { appointmentType: "BLOOD_TEST", startTime: "10:00" })).toEqual([]);
  });
});

describe("appointment form rules", () => {
  it("needs both times for a specific time and the end not before the start", () => {
    expect(appointmentShapeProblems({ ...base, startTime: null, endTime: null })).toEqual([
      { field: "startTime", message: "This is required" },
      { field: "endTime", message: "This is required" },
    ]);
    expect(appointmentShapeProblems({ ...base, startTime: "11:00", endTime: "10:59" })).toEqual([
      { field: "endTime", message: "Please select a time greater than 11:00" },
    ]);
    expect(appointmentShapeProblems({ ...base, startTime: "11:00", endTime: "11:00" })).toEqual([]);
  });

  it("keeps all-day appointments Scheduled and telephone consultations by telephone", () => {
    expect(
      appointmentShapeProblems({ ...base, isDraft: true, startTime: null, endTime: null, status: "CONFIRMED" }),
    ).toEqual([{ field: "status", message: messages.appointmentAllDayScheduled }]);
    expect(appointmentShapeProblems({ ...base, appointmentType: "TELEPHONE_CONSULTATION" })).toEqual([
      { field: "mode", message: messages.appointmentTelephoneMode },
    ]);
    expect(appointmentShapeProblems({ ...base, withWhom: "x".repeat(31) })).toEqual([
      { field: "withWhom", message: "Max length is 30 characters." },
    ]);
  });

  it("refuses a past date, and a start time already gone today", () => {
    const wall = { date: "2026-03-10", time: "09:15" };
    expect(appointmentTimeProblems({ date: "2026-03-09", startTime: null, isDraft: true }, wall)).toEqual([
      { field: "date", message: "The date cannot be in the past" },
    ]);
    expect(appointmentTimeProblems({ date: "2026-03-10", startTime: "09:14", isDraft: false }, wall)).toEqual([
      { field: "startTime", message: "Please select a time in the future" },
    ]);
    expect(appointmentTimeProblems({ date: "2026-03-10", startTime: "09:15", isDraft: false }, wall)).toEqual([]);
    expect(appointmentTimeProblems({ date: "2026-03-10", startTime: null, isDraft: true }, wall)).toEqual([]);
  });
});

describe("appointment list filter", () => {
  it("splits at now: Upcoming ascending from now, Past descending to now", () => {
    const now = new Date("2026-03-10T09:15:00Z");
    expect(appointmentFilterQuery("Upcoming", now)).toEqual({ intervalStart: now.toISOString(), ordering: "date" });
    expect(appointmentFilterQuery("Past", now)).toEqual({ intervalEnd: now.toISOString(), ordering: "-date" });
    expect(appointmentFilterQuery("All", now)).toEqual({ ordering: "-date" });
  });
});
