import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { en } from "../patient-text/en.js";
import { wallClockAt } from "./appointments.js";
import { defaultQuietHours, pushKinds, pushSendAt, pushTextKeys, type QuietHours } from "./push.js";

const london = "Europe/London";
const zurich = "Europe/Zurich";

describe("quiet hours of push reminders", () => {
  it("sends at once during the day, in the clinic's zone", () => {
    const noon = new Date("2026-06-10T11:00:00Z"); // 12:00 in London (summer time)
    expect(pushSendAt(noon, "questionnaire_due", defaultQuietHours, london)).toEqual(noon);
    // 20:59 local is still the day.
    const evening = new Date("2026-06-10T19:59:00Z");
    expect(pushSendAt(evening, "symptom_reminder", defaultQuietHours, london)).toEqual(evening);
  });

  it("holds a reminder of the evening until 08:00 the next morning, and one of the early morning until 08:00 that day", () => {
    expect(pushSendAt(new Date("2026-06-10T20:00:00Z"), "questionnaire_due", defaultQuietHours, london)).toEqual(
      new Date("2026-06-11T07:00:00Z"),
    );
    expect(pushSendAt(new Date("2026-06-11T02:30:00Z"), "questionnaire_closing", defaultQuietHours, london)).toEqual(
      new Date("2026-06-11T07:00:00Z"),
    );
    // Zurich in winter (UTC+1): 22:00 local is 21:00 UTC; the morning is 07:00 UTC.
    expect(pushSendAt(new Date("2026-01-15T21:00:00Z"), "symptom_reminder", defaultQuietHours, zurich)).toEqual(
      new Date("2026-01-16T07:00:00Z"),
    );
  });

  it("lets a message from the care team about an alert through at night", () => {
    const night = new Date("2026-06-10T23:00:00Z");
    expect(pushSendAt(night, "care_team_message", defaultQuietHours, london)).toEqual(night);
  });

  it("keeps a program's own quiet hours, also ones that do not span midnight, and none when start equals end", () => {
    const lunch: QuietHours = { startMinute: 12 * 60, endMinute: 14 * 60 };
    expect(pushSendAt(new Date("2026-06-10T11:30:00Z"), "questionnaire_due", lunch, london)).toEqual(
      new Date("2026-06-10T13:00:00Z"),
    );
    expect(pushSendAt(new Date("2026-06-10T22:00:00Z"), "questionnaire_due", lunch, london)).toEqual(
      new Date("2026-06-10T22:00:00Z"),
    );
    const none: QuietHours = { startMinute: 0, endMinute: 0 };
    expect(pushSendAt(new Date("2026-06-10T02:00:00Z"), "questionnaire_due", none, london)).toEqual(
      new Date("2026-06-10T02:00:00Z"),
    );
  });

  it("never sends a reminder inside quiet hours, never earlier than asked, and waits at most the length of the quiet hours", () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }),
        minute,
        minute,
        fc.constantFrom(london, zurich, "America/New_York"),
        fc.constantFrom(...pushKinds.filter((k) => k !== "care_team_message")),
        (now, startMinute, endMinute, zone, kind) => {
          const quiet = { startMinute, endMinute };
          const at = pushSendAt(now, kind, quiet, zone);
          expect(at.getTime()).toBeGreaterThanOrEqual(now.getTime());
          const [h, m] = wallClockAt(at, zone).time.split(":").map(Number) as [number, number];
          const local = h * 60 + m;
          const quietAt =
            startMinute === endMinute
              ? false
              : startMinute < endMinute
                ? local >= startMinute && local < endMinute
                : local >= startMinute || local < endMinute;
          expect(quietAt).toBe(false);
          const length = (endMinute - startMinute + 1440) % 1440;
          // An hour more where a clock change falls inside the wait.
          expect(at.getTime() - now.getTime()).toBeLessThanOrEqual((length + 61) * 60_000);
        },
      ),
    );
  });
});

describe("what a push says", () => {
  it("names no program, symptom or score: the title is the app's name and each body is the same words for every patient", () => {
    expect(en[pushTextKeys.title]).toBe("OpenPRO");
    for (const kind of pushKinds) {
      const body = en[pushTextKeys.body[kind]];
      expect(body).not.toMatch(/\{/);
      expect(body).not.toMatch(/pain|nausea|fever|temperature|cancer|grade|score/i);
    }
    expect(en.pushBody_questionnaire_due).toBe("You have a questionnaire to answer.");
  });
});
