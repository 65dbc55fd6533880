import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addLogDays, type LogDaysSummary, logDaysKept, logDaysOn, mergeLogDays } from "./log-days-summary.js";
import { addDays } from "./questionnaire-delivery.js";
import { reportingWindows } from "./worklist.js";

const TODAY = "2026-06-15";
const day = (offset: number) => addDays(TODAY, offset);

/** What the worklist counted from every day logged (the statement before the summary): the same windows. */
const fromEveryDay = (days: readonly string[], today: string) => {
  const w = reportingWindows(today);
  const distinct = [...new Set(days)];
  const inWindows = distinct.filter((d) => d >= w.earlier.from && d <= today);
  const latest = (list: string[]) => (list.length === 0 ? null : list.reduce((a, b) => (b > a ? b : a)));
  return {
    lastLogDay: latest(inWindows) ?? latest(distinct),
    recentLogDays: distinct.filter((d) => d >= w.recent.from && d <= today).length,
    earlierLogDays: distinct.filter((d) => d >= w.earlier.from && d <= w.earlier.to).length,
  };
};

/** Days logged around TODAY: long ago, across gaps, up to the most an upload admits ahead of the clinic. */
const daysArb = fc.array(fc.integer({ min: -200, max: 2 }).map(day), { maxLength: 60 });
/** The clinic's today, from the day of the last upload to months after it. */
const todayArb = fc.integer({ min: 0, max: 120 }).map(day);

describe("the days logged, one row a patient", () => {
  it("counts the two windows and the last log day as every day logged would, whatever the gap since the last upload", () => {
    fc.assert(
      fc.property(daysArb, todayArb, (days, today) => {
        expect(logDaysOn(addLogDays(null, days), today)).toEqual(fromEveryDay(days, today));
      }),
    );
  });

  it("counts the same whatever the order and however the days were split into uploads", () => {
    fc.assert(
      fc.property(daysArb, fc.integer({ min: 0, max: 60 }), todayArb, (days, cut, today) => {
        const split = mergeLogDays(addLogDays(null, days.slice(0, cut)), addLogDays(null, days.slice(cut)));
        const reversed = addLogDays(null, [...days].reverse());
        const once = logDaysOn(addLogDays(null, days), today);
        expect(logDaysOn(split, today)).toEqual(once);
        expect(logDaysOn(reversed, today)).toEqual(once);
      }),
    );
  });

  it("slides a patient quiet for weeks out of both windows, keeping the last log day", () => {
    const summary = addLogDays(null, [day(-40), day(-41), day(-50)]);
    expect(logDaysOn(summary, TODAY)).toEqual({ lastLogDay: day(-40), recentLogDays: 0, earlierLogDays: 0 });
    // Three weeks after the last log: the earlier window holds it, the recent one nothing.
    expect(logDaysOn(addLogDays(null, [day(-21), day(-20)]), TODAY)).toEqual({
      lastLogDay: day(-20),
      recentLogDays: 0,
      earlierLogDays: 2,
    });
  });

  it("counts a day ahead of the clinic's today in no window, and names the last day within them", () => {
    // A patient whose calendar is a day ahead logged "tomorrow" and three days ago.
    const summary = addLogDays(null, [day(1), day(-3)]);
    expect(logDaysOn(summary, TODAY)).toEqual({ lastLogDay: day(-3), recentLogDays: 1, earlierLogDays: 0 });
    expect(logDaysOn(addLogDays(null, [day(1)]), TODAY)).toEqual({
      lastLogDay: day(1),
      recentLogDays: 0,
      earlierLogDays: 0,
    });
  });

  it("keeps the last log day and the 31 before it: older days fall off as the anchor moves", () => {
    const summary = addLogDays(null, [day(-31), day(-32), day(0)]) as LogDaysSummary;
    expect(summary.lastLogDay).toBe(TODAY);
    expect(summary.bits).toBe(1 | (1 << 31) | 0);
    expect(logDaysKept).toBe(32);
    // Merged with an empty summary, nothing changes.
    expect(mergeLogDays(summary, null)).toEqual(summary);
    expect(logDaysOn(null, TODAY)).toEqual({ lastLogDay: null, recentLogDays: 0, earlierLogDays: 0 });
  });
});
