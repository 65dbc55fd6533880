import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./questionnaire-delivery.js";
import { reportingTrend, type TrendEnrolment, trendWeeks } from "./reporting-trend.js";

const TODAY = "2026-06-15";
const day = (offset: number) => addDays(TODAY, offset);
const dayArb = fc.integer({ min: -90, max: 3 }).map(day);

const enrolmentArb: fc.Arbitrary<TrendEnrolment> = fc.record({
  consentDay: fc.option(dayArb, { nil: null }),
  withdrawnDay: fc.option(dayArb, { nil: null }),
  logDays: fc.array(dayArb, { maxLength: 40 }),
  questionnaires: fc.array(fc.record({ dueDay: dayArb, completed: fc.boolean() }), { maxLength: 10 }),
});
const weeksArb = fc.integer({ min: 2, max: 12 });
const endArb = fc.option(dayArb, { nil: null });

/** The days a patient takes part, by the rule's words: consent on, before the withdrawal, up to the end. */
const takesPart = (e: TrendEnrolment, d: string, end: string | null) =>
  !!e.consentDay && d >= e.consentDay && (!e.withdrawnDay || d < e.withdrawnDay) && (!end || d <= end);

describe("the reporting trend", () => {
  it("cuts the weeks before today into seven-day weeks, oldest first, the last ending yesterday", () => {
    expect(trendWeeks(TODAY, 2)).toEqual([
      { from: "2026-06-01", to: "2026-06-07" },
      { from: "2026-06-08", to: "2026-06-14" },
    ]);
  });

  it("counts a patient who logs every day and answers everything at 100 %, one who never does at 0 %", () => {
    const consentDay = day(-30);
    const every = Array.from({ length: 30 }, (_, i) => day(-30 + i));
    const [week] = reportingTrend({
      today: TODAY,
      weeks: 1,
      programEndDay: null,
      enrolments: [
        { consentDay, withdrawnDay: null, logDays: every, questionnaires: [{ dueDay: day(-3), completed: true }] },
      ],
    });
    expect(week).toMatchObject({ patients: 1, patientDays: 7, loggedDays: 7, loggingRate: 100, completionRate: 100 });
    const [quiet] = reportingTrend({
      today: TODAY,
      weeks: 1,
      programEndDay: null,
      enrolments: [
        { consentDay, withdrawnDay: null, logDays: [], questionnaires: [{ dueDay: day(-3), completed: false }] },
      ],
    });
    expect(quiet).toMatchObject({
      patients: 1,
      loggedDays: 0,
      loggingRate: 0,
      questionnairesDue: 1,
      completionRate: 0,
    });
  });

  it("counts nothing before consent, from the withdrawal on, or after the program's end (any data)", () => {
    fc.assert(
      fc.property(fc.array(enrolmentArb, { maxLength: 6 }), weeksArb, endArb, (enrolments, weeks, end) => {
        const trend = reportingTrend({ today: TODAY, weeks, programEndDay: end, enrolments });
        // Logs and questionnaires outside the days each patient took part change nothing.
        const inside = enrolments.map((e) => ({
          ...e,
          logDays: e.logDays.filter((d) => takesPart(e, d, end)),
          questionnaires: e.questionnaires.filter((q) => takesPart(e, q.dueDay, end)),
        }));
        expect(reportingTrend({ today: TODAY, weeks, programEndDay: end, enrolments: inside })).toEqual(trend);
        // And the days counted are exactly the days taken part, week by week.
        for (const week of trend) {
          let expected = 0;
          for (let d = week.from; d <= week.to; d = addDays(d, 1))
            expected += enrolments.filter((e) => takesPart(e, d, end)).length;
          expect(week.patientDays).toBe(expected);
        }
      }),
    );
  });

  it("keeps every rate a whole percent between 0 and 100, null only when nothing could be counted", () => {
    fc.assert(
      fc.property(fc.array(enrolmentArb, { maxLength: 6 }), weeksArb, endArb, (enrolments, weeks, end) => {
        const trend = reportingTrend({ today: TODAY, weeks, programEndDay: end, enrolments });
        expect(trend).toHaveLength(weeks);
        for (const w of trend) {
          expect(w.loggedDays).toBeLessThanOrEqual(w.patientDays);
          expect(w.questionnairesCompleted).toBeLessThanOrEqual(w.questionnairesDue);
          expect(w.loggingRate === null).toBe(w.patientDays === 0);
          expect(w.completionRate === null).toBe(w.questionnairesDue === 0);
          for (const rate of [w.loggingRate, w.completionRate])
            if (rate !== null) expect(Number.isInteger(rate) && rate >= 0 && rate <= 100).toBe(true);
          expect(w.patients).toBeLessThanOrEqual(enrolments.length);
        }
      }),
    );
  });

  it("never counts today, nor a log twice on one day", () => {
    fc.assert(
      fc.property(enrolmentArb, weeksArb, (e, weeks) => {
        const withToday = { ...e, logDays: [...e.logDays, TODAY, ...e.logDays] };
        expect(reportingTrend({ today: TODAY, weeks, programEndDay: null, enrolments: [withToday] })).toEqual(
          reportingTrend({ today: TODAY, weeks, programEndDay: null, enrolments: [e] }),
        );
      }),
    );
  });
});
