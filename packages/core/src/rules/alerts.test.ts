import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intervalScheduleBody, symptomReminderBody } from "../api/symptom-settings.js";
import { messages } from "../messages.js";
import {
  addPeriod,
  dueReminderOccurrence,
  formatDuration,
  formFromSchedule,
  type IntervalSchedule,
  pairKey,
  reminderOccurrence,
  scheduleFromForm,
  secondsBetween,
  symptomRaisesAlert,
  temperatureOutOfRange,
} from "./alerts.js";

const FEVER = "10016558";

describe("which logs raise a care-team alert", () => {
  it("raises at a danger grade of the catalogue, or at a pair the program gave a message", () => {
    const pairs = new Set([pairKey(FEVER, 2)]);
    expect(symptomRaisesAlert(FEVER, 3, new Set())).toBe(true);
    expect(symptomRaisesAlert(FEVER, 2, new Set())).toBe(false);
    expect(symptomRaisesAlert(FEVER, 2, pairs)).toBe(true);
    expect(symptomRaisesAlert("10028813", 2, pairs)).toBe(false);
  });

  it("raises for a temperature outside the program's thresholds only", () => {
    expect(temperatureOutOfRange(38.5, 36, 38)).toBe(true);
    expect(temperatureOutOfRange(35.9, 36, 38)).toBe(true);
    expect(temperatureOutOfRange(38, 36, 38)).toBe(false);
    expect(temperatureOutOfRange(41, null, null)).toBe(false);
  });
});

describe("durations", () => {
  it("says how long a step took", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(12 * 60 + 5)).toBe("12 min");
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe("2 h 5 min");
    expect(formatDuration(3 * 86400 + 4 * 3600)).toBe("3 d 4 h");
    expect(secondsBetween("2026-03-02T09:00:00Z", null)).toBeNull();
    expect(secondsBetween("2026-03-02T09:00:00Z", "2026-03-02T09:25:00Z")).toBe(1500);
  });
});

describe("symptom reminder schedules", () => {
  const consent = new Date("2026-03-02T09:00:00Z");
  const daily: IntervalSchedule = {
    offsetAmount: 0,
    offsetPeriod: "days",
    durationAmount: 1,
    durationPeriod: "weeks",
    intervalAmount: 1,
    intervalPeriod: "days",
  };

  it("sends the start day minus 1 and reads it back", () => {
    const schedule = scheduleFromForm({
      startDay: 3,
      durationAmount: 2,
      durationPeriod: "weeks",
      intervalAmount: 2,
      intervalPeriod: "days",
    });
    expect(schedule.offsetAmount).toBe(2);
    expect(formFromSchedule(schedule).startDay).toBe(3);
  });

  it("stops after the duration", () => {
    expect(reminderOccurrence(consent, daily, 6)?.toISOString()).toBe("2026-03-08T09:00:00.000Z");
    expect(reminderOccurrence(consent, daily, 7)).toBeNull();
  });

  it("keeps calendar months, clamping to the end of a short month", () => {
    expect(addPeriod(new Date("2026-01-31T10:00:00Z"), 1, "months").toISOString()).toBe("2026-02-28T10:00:00.000Z");
  });

  it("answers the latest due occurrence, never one in the future nor before the reminder existed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom("days", "weeks", "months" as const),
        fc.integer({ min: 0, max: 400 * 24 }),
        fc.integer({ min: 0, max: 400 * 24 }),
        (offset, interval, unit, createdHours, nowHours) => {
          const s: IntervalSchedule = {
            offsetAmount: offset,
            offsetPeriod: "days",
            durationAmount: null,
            durationPeriod: null,
            intervalAmount: interval,
            intervalPeriod: unit,
          };
          const created = new Date(consent.getTime() + createdHours * 3_600_000);
          const now = new Date(consent.getTime() + nowHours * 3_600_000);
          const due = dueReminderOccurrence(consent, s, created, now);
          if (!due) return;
          expect(due.at.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(due.at.getTime()).toBeGreaterThanOrEqual(created.getTime());
          const next = reminderOccurrence(consent, s, due.index + 1);
          expect(next!.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe("reminder validation", () => {
  it("asks for a duration's period and an interval with a duration", () => {
    const result = intervalScheduleBody.safeParse({
      type: "interval_schedule",
      data: { offsetAmount: 0, durationAmount: 2 },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toContainEqual(["data.durationPeriod", messages.reminderPeriodRequired]);
    expect(issues).toContainEqual(["data.intervalAmount", messages.reminderIntervalRequired]);
  });

  it("asks for at least one symptom", () => {
    const result = symptomReminderBody.safeParse({
      logs: [],
      schedule: { type: "interval_schedule", data: { offsetAmount: 0 } },
    });
    expect(result.error!.issues[0]!.message).toBe(messages.reminderSymptomRequired);
  });
});
