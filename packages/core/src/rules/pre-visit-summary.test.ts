import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ScoredScale, scoreChanges, summaryFallbackDays, summaryPeriod } from "./pre-visit-summary.js";
import { addDays } from "./questionnaire-delivery.js";

const scaleArb = fc.record({
  scale: fc.constantFrom("PF2", "FA", "QL2", "INDEX"),
  label: fc.constant("Scale"),
  kind: fc.constantFrom("functional", "symptom", "global", "index"),
  score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  mid: fc.option(fc.constantFrom(2, 7, 10), { nil: undefined }),
});

describe("the pre-visit summary's rules", () => {
  it("covers the days since the last visit, never before consent, and 30 days when there was none", () => {
    expect(summaryPeriod({ today: "2026-03-12", consentDay: "2026-01-01", lastVisitDate: "2026-02-20" })).toEqual({
      from: "2026-02-20",
      to: "2026-03-12",
    });
    expect(summaryPeriod({ today: "2026-03-12", consentDay: "2026-01-01", lastVisitDate: null }).from).toBe(
      addDays("2026-03-12", -summaryFallbackDays),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
        (consentAgo, visitAgo) => {
          const today = "2026-06-15";
          const consentDay = addDays(today, -consentAgo);
          const p = summaryPeriod({
            today,
            consentDay,
            lastVisitDate: visitAgo === null ? null : addDays(today, -visitAgo),
          });
          expect(p.from >= consentDay).toBe(true);
          expect(p.from <= p.to).toBe(true);
          expect(p.to).toBe(today);
        },
      ),
    );
  });

  it("a change is meaningful exactly when it reaches the MID, and swapping the two scores swaps better and worse", () => {
    fc.assert(
      fc.property(scaleArb, fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), (scale, before) => {
        const previous: ScoredScale[] = [{ ...scale, score: before }];
        const [c] = scoreChanges([scale], previous);
        if (scale.score === null || before === null) {
          expect(c!.change).toBeNull();
          expect(c!.meaningful).toBe(false);
          return;
        }
        expect(c!.change).toBe(scale.score - before);
        expect(c!.meaningful).toBe(scale.mid !== undefined && Math.abs(scale.score - before) >= scale.mid);
        const [back] = scoreChanges([{ ...scale, score: before }], [{ ...scale }]);
        const swapped = { better: "worse", worse: "better", unchanged: "unchanged" } as const;
        expect(back!.direction).toBe(swapped[c!.direction!]);
      }),
    );
  });

  it("reads direction by the kind of scale: more fatigue is worse, more physical functioning better", () => {
    const [fatigue, functioning] = scoreChanges(
      [
        { scale: "FA", label: "Fatigue", kind: "symptom", score: 55, mid: 10 },
        { scale: "PF2", label: "Physical functioning", kind: "functional", score: 80, mid: 10 },
      ],
      [
        { scale: "FA", label: "Fatigue", kind: "symptom", score: 33.33, mid: 10 },
        { scale: "PF2", label: "Physical functioning", kind: "functional", score: 73.33, mid: 10 },
      ],
    );
    expect(fatigue).toMatchObject({ change: 21.67, direction: "worse", meaningful: true });
    expect(functioning).toMatchObject({ change: 6.67, direction: "better", meaningful: false });
  });
});
