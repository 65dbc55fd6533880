import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { patientStatuses } from "./patients.js";
import { todayIn } from "./programs.js";
import { addDays, daysBetween } from "./questionnaire-delivery.js";
import {
  appOpenGraceDays,
  compareQuietRows,
  type QuietFacts,
  type QuietProgram,
  quietReasons,
  reportingWindowDays,
  reportingWindows,
} from "./worklist.js";

const TODAY = "2026-06-15";
const day = (offset: number) => addDays(TODAY, offset);
const dayArb = fc.integer({ min: -120, max: 0 }).map(day);
const contactArb = fc.option(
  fc.integer({ min: -120, max: 0 }).map((o) => ({ at: `${day(o)}T10:00:00.000Z`, day: day(o) })),
  { nil: null },
);

/** Any enrolment on TODAY: consented or not, any logs, missed questionnaires and contact. */
const factsArb: fc.Arbitrary<QuietFacts> = fc
  .record({
    status: fc.constantFrom(...patientStatuses),
    consentDay: fc.option(dayArb, { nil: null }),
    lastLogDay: fc.option(dayArb, { nil: null }),
    recentLogDays: fc.integer({ min: 0, max: reportingWindowDays }),
    earlierLogDays: fc.integer({ min: 0, max: reportingWindowDays }),
    openedAppSinceConsent: fc.boolean(),
    missed: fc.array(
      fc.integer({ min: -120, max: 0 }).map((o) => ({ closedAt: `${day(o)}T23:59:00.000Z`, day: day(o) })),
      { maxLength: 4 },
    ),
    lastContact: contactArb,
  })
  .map((f) => ({ ...f, missed: [...f.missed].sort((a, b) => a.closedAt.localeCompare(b.closedAt)) }));

const programArb: fc.Arbitrary<QuietProgram> = fc.record({
  today: fc.constant(TODAY),
  closed: fc.boolean(),
  quietDays: fc.integer({ min: 2, max: 60 }),
});

/** A consented patient who opened the app and reports every day, up to today. */
const reporting = (overrides: Partial<QuietFacts> = {}): QuietFacts => ({
  status: "CONSENTED",
  consentDay: day(-60),
  lastLogDay: TODAY,
  recentLogDays: 14,
  earlierLogDays: 14,
  openedAppSinceConsent: true,
  missed: [],
  lastContact: null,
  ...overrides,
});
const open = { today: TODAY, closed: false, quietDays: 7 };

describe("who has gone quiet", () => {
  it("lists only a consented patient of an open program, never before consent, after withdrawal or after the end", () => {
    fc.assert(
      fc.property(factsArb, programArb, (facts, program) => {
        const reasons = quietReasons(facts, program);
        if (program.closed || facts.status !== "CONSENTED" || !facts.consentDay) expect(reasons).toEqual([]);
        for (const r of reasons) {
          expect(r.since >= facts.consentDay!).toBe(true);
          expect(r.since <= TODAY).toBe(true);
        }
      }),
    );
  });

  it("never lists a quiet period that began before the team's last contact: the row leaves after a contact", () => {
    fc.assert(
      fc.property(factsArb, programArb, (facts, program) => {
        for (const r of quietReasons(facts, program))
          if (facts.lastContact) expect(r.since >= facts.lastContact.day).toBe(true);
        // A contact today takes every reason off, whatever the patient did.
        const contacted = { ...facts, lastContact: { at: `${TODAY}T23:59:59.999Z`, day: TODAY } };
        expect(quietReasons(contacted, program)).toEqual([]);
      }),
    );
  });

  it("lists the patient again once quiet N days after the contact", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 59 }), (n, daysSinceCall) => {
        const facts = reporting({
          lastLogDay: day(-90),
          recentLogDays: 0,
          earlierLogDays: 0,
          lastContact: { at: `${day(-daysSinceCall)}T09:00:00.000Z`, day: day(-daysSinceCall) },
        });
        const reasons = quietReasons(facts, { ...open, quietDays: n });
        const noLog = reasons.find((r) => r.reason === "no_log");
        // The day of the call counts as the first quiet day.
        if (daysSinceCall + 1 >= n) expect(noLog).toEqual({ reason: "no_log", since: day(-daysSinceCall) });
        else expect(noLog).toBeUndefined();
      }),
    );
  });

  it("flags no log once N days have passed without one (last log N days ago, today counted)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 59 }), (n, daysAgo) => {
        const reasons = quietReasons(reporting({ lastLogDay: day(-daysAgo), consentDay: day(-100) }), {
          ...open,
          quietDays: n,
        });
        const noLog = reasons.some((r) => r.reason === "no_log");
        // Logged `daysAgo` days ago: the days after it, up to today, are daysAgo.
        expect(noLog).toBe(daysAgo >= n);
      }),
    );
  });

  it("a log today clears no-log, and more logging never makes reporting look dropped", () => {
    fc.assert(
      fc.property(factsArb, programArb, fc.integer({ min: 0, max: 14 }), (facts, program, more) => {
        const logged = { ...facts, lastLogDay: TODAY };
        expect(quietReasons(logged, program).some((r) => r.reason === "no_log")).toBe(false);
        const dropped = (f: QuietFacts) => quietReasons(f, program).some((r) => r.reason === "reporting_dropped");
        const moreRecent = { ...facts, recentLogDays: Math.min(reportingWindowDays, facts.recentLogDays + more) };
        if (!dropped(facts)) expect(dropped(moreRecent)).toBe(false);
      }),
    );
  });

  it("reporting dropped: fewer than half the days of the last two weeks against the two before, both after consent", () => {
    expect(quietReasons(reporting({ recentLogDays: 4, earlierLogDays: 10 }), open)).toEqual([
      { reason: "reporting_dropped", since: day(-13) },
    ]);
    expect(quietReasons(reporting({ recentLogDays: 5, earlierLogDays: 10 }), open)).toEqual([]);
    // The earlier window starts before consent: not comparable, nothing.
    expect(quietReasons(reporting({ consentDay: day(-20), recentLogDays: 1, earlierLogDays: 6 }), open)).toEqual([]);
    const w = reportingWindows(TODAY);
    expect(daysBetween(w.recent.from, w.recent.to) + 1).toBe(14);
    expect(daysBetween(w.earlier.from, w.earlier.to) + 1).toBe(14);
    expect(addDays(w.earlier.to, 1)).toBe(w.recent.from);
  });

  it("missed questionnaire: one missed after consent and after the last contact, since the day its window closed", () => {
    const missed = [
      { closedAt: `${day(-30)}T23:59:00.000Z`, day: day(-30) },
      { closedAt: `${day(-3)}T23:59:00.000Z`, day: day(-3) },
    ];
    expect(quietReasons(reporting({ missed }), open)).toEqual([{ reason: "missed_questionnaire", since: day(-30) }]);
    expect(
      quietReasons(reporting({ missed, lastContact: { at: `${day(-10)}T10:00:00.000Z`, day: day(-10) } }), open),
    ).toEqual([{ reason: "missed_questionnaire", since: day(-3) }]);
    expect(quietReasons(reporting({ missed, consentDay: day(-2) }), open)).toEqual([]);
  });

  it("never opened the app: after the grace days from consent, and no no-log beside it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 }), (consentedDaysAgo) => {
        const facts = reporting({
          consentDay: day(-consentedDaysAgo),
          openedAppSinceConsent: false,
          lastLogDay: null,
          recentLogDays: 0,
          earlierLogDays: 0,
        });
        const reasons = quietReasons(facts, open);
        expect(reasons.map((r) => r.reason)).toEqual(consentedDaysAgo >= appOpenGraceDays ? ["never_opened"] : []);
      }),
    );
  });

  it("reasons come earliest first, and rows longest quiet first", () => {
    fc.assert(
      fc.property(factsArb, programArb, (facts, program) => {
        const since = quietReasons(facts, program).map((r) => r.since);
        expect(since).toEqual([...since].sort());
      }),
    );
    const rows = [
      { quietSince: day(-3), patientName: "Ada" },
      { quietSince: day(-9), patientName: "Zoe" },
      { quietSince: day(-9), patientName: "Ben" },
    ];
    expect([...rows].sort(compareQuietRows).map((r) => r.patientName)).toEqual(["Ben", "Zoe", "Ada"]);
  });

  it("the clinic's today is its territory's date: 23:30 UTC is already tomorrow in Zurich, still today in New York", () => {
    const now = new Date("2026-06-15T23:30:00Z");
    expect(todayIn("CH", now)).toBe("2026-06-16");
    expect(todayIn("US", now)).toBe("2026-06-15");
  });
});
