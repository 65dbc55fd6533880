import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCalendarMonths,
  dashboardAxisLabel,
  dashboardRange,
  dashboardRangeShortcuts,
  dateOfInvolvementDay,
  involvementDay,
  questionnaireCompletionRate,
  sortAxisKeys,
} from "./program-dashboard.js";

const program = { startDate: "2026-01-05", endDate: "2026-12-31" };

describe("date-range shortcuts of the program dashboard", () => {
  it("ends today while the program runs, and goes back whole weeks or months", () => {
    const today = "2026-08-20";
    expect(dashboardRange("FULL_PROGRAM", program, today)).toEqual({ startDate: "2026-01-05", endDate: today });
    expect(dashboardRange("LAST_1_WEEK", program, today)).toEqual({ startDate: "2026-08-14", endDate: today });
    expect(dashboardRange("LAST_2_WEEKS", program, today)).toEqual({ startDate: "2026-08-07", endDate: today });
    expect(dashboardRange("LAST_3_WEEKS", program, today)).toEqual({ startDate: "2026-07-31", endDate: today });
    expect(dashboardRange("LAST_4_WEEKS", program, today)).toEqual({ startDate: "2026-07-24", endDate: today });
    expect(dashboardRange("LAST_3_MONTHS", program, today)).toEqual({ startDate: "2026-05-21", endDate: today });
    expect(dashboardRange("LAST_6_MONTHS", program, today)).toEqual({ startDate: "2026-02-21", endDate: today });
  });

  it("never starts before the program, and ends on its last day once it is over", () => {
    expect(dashboardRange("LAST_6_MONTHS", program, "2026-03-01")).toEqual({
      startDate: "2026-01-05",
      endDate: "2026-03-01",
    });
    expect(dashboardRange("LAST_1_WEEK", program, "2027-02-01")).toEqual({
      startDate: "2026-12-25",
      endDate: "2026-12-31",
    });
    // Not started yet: the one first day.
    expect(dashboardRange("LAST_4_WEEKS", program, "2025-12-01")).toEqual({
      startDate: "2026-01-05",
      endDate: "2026-01-05",
    });
    // No end date: today.
    expect(dashboardRange("FULL_PROGRAM", { startDate: "2026-01-05", endDate: null }, "2027-03-03").endDate).toBe(
      "2027-03-03",
    );
  });

  it("takes the month's last day when the same day does not exist", () => {
    expect(addCalendarMonths("2026-05-31", -3)).toBe("2026-02-28");
    expect(addCalendarMonths("2024-08-31", -6)).toBe("2024-02-29");
    expect(addCalendarMonths("2026-01-15", -3)).toBe("2025-10-15");
  });

  it("always gives a range inside the program, first day before last, no longer than the shortcut", () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.constantFrom(...dashboardRangeShortcuts),
        day,
        fc.option(fc.integer({ min: 0, max: 900 })),
        day,
        (shortcut, start, length, today) => {
          const p = {
            startDate: iso(start),
            endDate: length === null ? null : iso(new Date(start.getTime() + length * 86_400_000)),
          };
          const r = dashboardRange(shortcut, p, iso(today));
          expect(r.startDate <= r.endDate).toBe(true);
          expect(r.startDate >= p.startDate).toBe(true);
          if (p.endDate) expect(r.endDate <= p.endDate || r.endDate === p.startDate).toBe(true);
          const days = involvementDay(r.startDate, r.endDate);
          const most = { LAST_1_WEEK: 7, LAST_2_WEEKS: 14, LAST_3_WEEKS: 21, LAST_4_WEEKS: 28 } as Record<
            string,
            number
          >;
          if (most[shortcut]) expect(days).toBeLessThanOrEqual(most[shortcut]);
          if (shortcut === "LAST_3_MONTHS") expect(days).toBeLessThanOrEqual(92);
          if (shortcut === "LAST_6_MONTHS") expect(days).toBeLessThanOrEqual(184);
        },
      ),
    );
  });
});

describe("patient involvement day", () => {
  it("is day 1 on the consent day and counts calendar days from there", () => {
    expect(involvementDay("2026-03-30", "2026-03-30")).toBe(1);
    // Across the clocks going forward in Europe: still one day per date.
    expect(involvementDay("2026-03-28", "2026-03-30")).toBe(3);
    expect(involvementDay("2026-03-30", "2026-03-29")).toBe(0);
    expect(involvementDay("2025-12-31", "2026-12-31")).toBe(366);
  });

  it("maps back to the same calendar day", () => {
    const iso = fc.integer({ min: 0, max: 5000 }).map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000));
    fc.assert(
      fc.property(iso, fc.integer({ min: -400, max: 1000 }), (consent, day) => {
        const consentDate = consent.toISOString().slice(0, 10);
        expect(involvementDay(consentDate, dateOfInvolvementDay(consentDate, day))).toBe(day);
      }),
    );
  });

  it("labels and orders both axes the way a reader expects", () => {
    expect(dashboardAxisLabel("date", "2026-03-07")).toBe("07/03/2026");
    expect(dashboardAxisLabel("involvementDay", "12")).toBe("Day 12");
    expect(sortAxisKeys("involvementDay", ["10", "9", "100", "1"])).toEqual(["1", "9", "10", "100"]);
    expect(sortAxisKeys("date", ["2026-03-10", "2026-02-28"])).toEqual(["2026-02-28", "2026-03-10"]);
  });
});

describe("questionnaire completion rate of a week", () => {
  it("counts only questionnaires whose window has closed", () => {
    expect(questionnaireCompletionRate({ completed: 3, partial: 0, missed: 1 })).toBe(75);
    // Two of three: whole per cent, rounded. Half-answered is not completed.
    expect(questionnaireCompletionRate({ completed: 2, partial: 1, missed: 0 })).toBe(67);
    expect(questionnaireCompletionRate({ completed: 0, partial: 0, missed: 4 })).toBe(0);
    // A week whose questionnaires are all still open has no rate yet, rather than 0 %.
    expect(questionnaireCompletionRate({ completed: 0, partial: 0, missed: 0 })).toBeNull();
  });
});
