import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eq5dDimensions, type InstrumentCode, instruments } from "./instruments.js";
import { eq5dProfile, eq5dUkIndex, type InstrumentAnswers, type ScaleScore, scoreQuestionnaire } from "./scoring.js";

const scoresOf = (code: InstrumentCode, answers: InstrumentAnswers): Record<string, number | null> =>
  Object.fromEntries(scoreQuestionnaire(code, answers).map((s: ScaleScore) => [s.scale, s.score]));

/** InstrumentAnswers keyed Q1…Q30 / BN1…BN20 from a list in item order. */
const numbered = (prefix: string, values: (number | null)[]): InstrumentAnswers =>
  Object.fromEntries(values.map((v, i) => [`${prefix}${i + 1}`, v]));

/** Any mix of valid, missing, null and invalid answers for an instrument's items. */
const anyAnswers = (code: InstrumentCode) =>
  fc.record(
    Object.fromEntries(
      instruments[code].items.map((item) => [
        item.code,
        fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: item.scale.min, max: item.scale.max }) },
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double({ noNaN: false })) },
        ),
      ]),
    ) as Record<string, fc.Arbitrary<number | null | undefined>>,
  );

/** Only valid answers, every item answered. */
const completeAnswers = (code: InstrumentCode) =>
  fc.record(
    Object.fromEntries(
      instruments[code].items.map((item) => [item.code, fc.integer({ min: item.scale.min, max: item.scale.max })]),
    ) as Record<string, fc.Arbitrary<number>>,
  );

describe("instrument catalogue", () => {
  it("has the item counts of the specification and the brief", () => {
    expect(instruments.EQ5D.items).toHaveLength(6);
    expect(instruments.BN20.items).toHaveLength(20);
    expect(instruments.QLQC30.items).toHaveLength(30);
    expect(instruments.FACTG.items).toHaveLength(27);
  });

  it("puts Q29 and Q30 on 1–7 and every other QLQ-C30 item on 1–4", () => {
    for (const item of instruments.QLQC30.items) {
      const expected = item.code === "Q29" || item.code === "Q30" ? 7 : 4;
      expect([item.code, item.scale.min, item.scale.max]).toEqual([item.code, 1, expected]);
    }
  });

  it("reverses every PWB item and GE1, GE3–GE6 of FACT-G, and nothing else", () => {
    const reversed = instruments.FACTG.items.filter((i) => i.reverse).map((i) => i.code);
    expect(reversed).toEqual(["GP1", "GP2", "GP3", "GP4", "GP5", "GP6", "GP7", "GE1", "GE3", "GE4", "GE5", "GE6"]);
  });

  it("labels answers with numbers only (the verbal answer choices are licensed wording)", () => {
    for (const instrument of Object.values(instruments)) {
      for (const item of instrument.items) {
        for (const { value, label } of item.scale.labels) expect(label).toBe(String(value));
      }
    }
  });

  it("refers only to items the instrument has, and every item is scored somewhere", () => {
    for (const instrument of Object.values(instruments)) {
      const codes = new Set(instrument.items.map((i) => i.code));
      const used = new Set(instrument.scales.flatMap((s) => s.items));
      for (const code of used) expect(codes.has(code), `${instrument.code} ${code}`).toBe(true);
      for (const code of codes) expect(used.has(code), `${instrument.code} ${code}`).toBe(true);
    }
  });
});

describe("EORTC QLQ-C30", () => {
  it("scores the best possible answers 100 on functional scales, 0 on symptoms, 100 on global health", () => {
    // Every 4-point item 1 (RS = 1), Q29 = Q30 = 7 (RS = 7).
    // Functional: 100 × (1 − 0/3) = 100. Symptom: 100 × 0/3 = 0. QL2: 100 × (7 − 1)/6 = 100.
    // Summary: (5 × 100 + 8 × (100 − 0)) / 13 = 100.
    const s = scoresOf("QLQC30", numbered("Q", [...Array(28).fill(1), 7, 7]));
    expect([s.PF2, s.RF2, s.EF, s.CF, s.SF]).toEqual([100, 100, 100, 100, 100]);
    expect([s.FA, s.NV, s.PA, s.DY, s.SL, s.AP, s.CO, s.DI, s.FI]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(s.QL2).toBe(100);
    expect(s.SUM).toBe(100);
  });

  it("scores a full mixed questionnaire (worked example)", () => {
    const answers: InstrumentAnswers = {
      ...{ Q1: 2, Q2: 3, Q3: 1, Q4: 1, Q5: 1 }, // PF2: RS = 8/5 = 1.6 → 100 × (1 − 0.6/3) = 80
      ...{ Q6: 2, Q7: 2 }, // RF2: RS = 2 → 100 × (1 − 1/3) = 66.667
      ...{ Q21: 1, Q22: 2, Q23: 2, Q24: 3 }, // EF: RS = 8/4 = 2 → 66.667
      ...{ Q20: 1, Q25: 2 }, // CF: RS = 1.5 → 100 × (1 − 0.5/3) = 83.333
      ...{ Q26: 3, Q27: 3 }, // SF: RS = 3 → 100 × (1 − 2/3) = 33.333
      ...{ Q10: 3, Q12: 2, Q18: 4 }, // FA: RS = 9/3 = 3 → 100 × 2/3 = 66.667
      ...{ Q14: 1, Q15: 1 }, // NV: RS = 1 → 0
      ...{ Q9: 2, Q19: 3 }, // PA: RS = 2.5 → 100 × 1.5/3 = 50
      ...{ Q8: 2, Q11: 4, Q13: 1, Q16: 3, Q17: 1, Q28: 2 }, // DY 33.333, SL 100, AP 0, CO 66.667, DI 0, FI 33.333
      ...{ Q29: 4, Q30: 5 }, // QL2: RS = 4.5 → 100 × 3.5/6 = 58.333
    };
    const s = scoresOf("QLQC30", answers);
    expect(s.PF2).toBeCloseTo(80, 6);
    expect(s.RF2).toBeCloseTo(66.6667, 3);
    expect(s.EF).toBeCloseTo(66.6667, 3);
    expect(s.CF).toBeCloseTo(83.3333, 3);
    expect(s.SF).toBeCloseTo(33.3333, 3);
    expect(s.FA).toBeCloseTo(66.6667, 3);
    expect(s.NV).toBe(0);
    expect(s.PA).toBeCloseTo(50, 6);
    expect(s.DY).toBeCloseTo(33.3333, 3);
    expect(s.SL).toBeCloseTo(100, 6);
    expect(s.AP).toBe(0);
    expect(s.CO).toBeCloseTo(66.6667, 3);
    expect(s.DI).toBe(0);
    expect(s.FI).toBeCloseTo(33.3333, 3);
    expect(s.QL2).toBeCloseTo(58.3333, 3);
    // Summary: functional 80 + 66.667 + 66.667 + 83.333 + 33.333 = 330;
    // symptoms reversed (100 − x): FA 33.333 + NV 100 + PA 50 + DY 66.667 + SL 0 + AP 100 + CO 33.333 + DI 100
    // = 483.333; (330 + 483.333) / 13 = 2440/39 = 62.564. FI and QL2 take no part.
    expect(s.SUM).toBeCloseTo(2440 / 39, 6);
  });

  it("scores a scale from at least half its items and refuses it below half (worked example)", () => {
    const s = scoresOf("QLQC30", {
      Q1: 4,
      Q2: 4,
      Q3: 3, // PF2: 3 of 5 answered (3 × 2 ≥ 5): RS = 11/3 → 100 × (1 − (8/3)/3) = 100/9 = 11.111
      Q6: 3, // RF2: 1 of 2 is half: RS = 3 → 33.333
      Q21: 2,
      Q22: 4, // EF: 2 of 4 is half: RS = 3 → 33.333
      Q20: null, // CF: none answered → null
      Q10: 4, // FA: 1 of 3 is less than half → null
      Q29: 7, // QL2: 1 of 2 → 100 × 6/6 = 100
    });
    expect(s.PF2).toBeCloseTo(100 / 9, 6);
    expect(s.RF2).toBeCloseTo(33.3333, 3);
    expect(s.EF).toBeCloseTo(33.3333, 3);
    expect(s.CF).toBeNull();
    expect(s.FA).toBeNull();
    expect(s.QL2).toBe(100);
    // Single-item scales need their item.
    expect(s.DY).toBeNull();
    expect(s.FI).toBeNull();
    // The summary needs all 13 of its scales.
    expect(s.SUM).toBeNull();
  });

  it("refuses a scale when only 2 of the 5 physical items are answered", () => {
    expect(scoresOf("QLQC30", { Q1: 2, Q2: 2 }).PF2).toBeNull();
    expect(scoresOf("QLQC30", { Q1: 2, Q2: 2, Q5: 2 }).PF2).toBeCloseTo(66.6667, 3);
  });

  it("treats an answer outside the item's range, or not a whole number, as missing", () => {
    // Q8 = 7 is out of 1–4; Q11 = 2.5 is not an answer; Q30 = 7 is valid for a 1–7 item.
    const s = scoresOf("QLQC30", { Q8: 7, Q11: 2.5, Q29: 0, Q30: 7 });
    expect(s.DY).toBeNull();
    expect(s.SL).toBeNull();
    expect(s.QL2).toBe(100);
  });

  it("computes the summary score without FI and QL2, and not without one of its 13 scales", () => {
    const all = numbered("Q", [...Array(28).fill(2), 4, 4]);
    // Every 1–4 item = 2: functional 66.667, symptoms 33.333 → reversed 66.667; mean 66.667.
    expect(scoresOf("QLQC30", { ...all, Q28: null, Q29: null, Q30: null }).SUM).toBeCloseTo(66.6667, 3);
    expect(scoresOf("QLQC30", { ...all, Q17: null }).SUM).toBeNull();
    expect(scoresOf("QLQC30", { ...all, Q6: null }).SUM).toBeCloseTo(66.6667, 3); // RF2 still has Q7
  });

  it("keeps every score within 0–100 whatever the answers", () => {
    fc.assert(
      fc.property(anyAnswers("QLQC30"), (answers) => {
        for (const s of scoreQuestionnaire("QLQC30", answers)) {
          if (s.score !== null) {
            expect(s.score).toBeGreaterThanOrEqual(0);
            expect(s.score).toBeLessThanOrEqual(100 + 1e-9);
          }
        }
      }),
    );
  });

  it("scores every scale of a complete questionnaire", () => {
    fc.assert(
      fc.property(completeAnswers("QLQC30"), (answers) => {
        const scores = scoreQuestionnaire("QLQC30", answers);
        expect(scores).toHaveLength(16);
        expect(scores.every((s) => s.score !== null)).toBe(true);
      }),
    );
  });

  it("carries the published minimal important difference of 10 points on its scales", () => {
    const scores = scoreQuestionnaire("QLQC30", {});
    expect(scores.find((s) => s.scale === "PF2")).toMatchObject({ kind: "functional", mid: 10, score: null });
    expect(scores.find((s) => s.scale === "SUM")).toMatchObject({ kind: "summary" });
  });
});

describe("EORTC QLQ-BN20", () => {
  it("scores no symptoms as 0 on every scale", () => {
    const s = scoresOf("BN20", numbered("BN", Array(20).fill(1)));
    expect(Object.values(s)).toEqual(Array(11).fill(0));
    expect(Object.keys(s)).toEqual(["FU", "VD", "MD", "CD", "HA", "SE", "DR", "HL", "IS", "WL", "BC"]);
  });

  it("scores a full mixed questionnaire (worked example)", () => {
    const s = scoresOf("BN20", {
      ...{ BN1: 2, BN2: 3, BN3: 1, BN5: 4 }, // FU: RS = 10/4 = 2.5 → 100 × 1.5/3 = 50
      ...{ BN6: 1, BN7: 2, BN8: 3 }, // VD: RS = 2 → 33.333
      ...{ BN10: 4, BN15: 3, BN19: 2 }, // MD: RS = 3 → 66.667
      ...{ BN11: 1, BN12: 1, BN13: 2 }, // CD: RS = 4/3 → 100 × (1/3)/3 = 11.111
      ...{ BN4: 3, BN9: 1, BN14: 4 }, // HA 66.667, SE 0, DR 100
      ...{ BN16: 2, BN17: 1, BN18: 2, BN20: 3 }, // HL 33.333, IS 0, WL 33.333, BC 66.667
    });
    expect(s.FU).toBeCloseTo(50, 6);
    expect(s.VD).toBeCloseTo(33.3333, 3);
    expect(s.MD).toBeCloseTo(66.6667, 3);
    expect(s.CD).toBeCloseTo(100 / 9, 6);
    expect(s.HA).toBeCloseTo(66.6667, 3);
    expect(s.SE).toBe(0);
    expect(s.DR).toBeCloseTo(100, 6);
    expect(s.HL).toBeCloseTo(33.3333, 3);
    expect(s.IS).toBe(0);
    expect(s.WL).toBeCloseTo(33.3333, 3);
    expect(s.BC).toBeCloseTo(66.6667, 3);
  });

  it("applies the half-items rule (worked example)", () => {
    const s = scoresOf("BN20", {
      BN1: 4,
      BN2: 4, // FU: 2 of 4 is half: RS = 4 → 100
      BN6: 3, // VD: 1 of 3 (2 < 3) → null
      BN10: 3,
      BN19: 2, // MD: 2 of 3: RS = 2.5 → 50
      BN9: undefined, // SE: single item missing → null
    });
    expect(s.FU).toBeCloseTo(100, 6);
    expect(s.VD).toBeNull();
    expect(s.MD).toBeCloseTo(50, 6);
    expect(s.SE).toBeNull();
    expect(scoresOf("BN20", { BN5: 4 }).FU).toBeNull();
    expect(scoresOf("BN20", { BN6: 3, BN8: 2 }).VD).toBeCloseTo(50, 6);
  });

  it("keeps every score within 0–100 whatever the answers", () => {
    fc.assert(
      fc.property(anyAnswers("BN20"), (answers) => {
        for (const s of scoreQuestionnaire("BN20", answers)) {
          expect(s.kind).toBe("symptom");
          if (s.score !== null) {
            expect(s.score).toBeGreaterThanOrEqual(0);
            expect(s.score).toBeLessThanOrEqual(100 + 1e-9);
          }
        }
      }),
    );
  });
});

describe("EQ-5D-3L", () => {
  const state = (profile: string): InstrumentAnswers =>
    Object.fromEntries(eq5dDimensions.map((d, i) => [d, Number(profile[i])]));

  it("values full health 11111 at 1.000 and the worst state 33333 at −0.594", () => {
    expect(scoresOf("EQ5D", { ...state("11111"), VAS: 90 })).toEqual({ INDEX: 1, VAS: 90 });
    // 1 − 0.081 − (0.314 + 0.214 + 0.094 + 0.386 + 0.236) − 0.269 = 1 − 1.594 = −0.594
    expect(scoresOf("EQ5D", state("33333")).INDEX).toBe(-0.594);
  });

  it("applies the constant, the level decrements and N3 (worked examples)", () => {
    // 21111: 1 − 0.081 − 0.069 = 0.850
    expect(scoresOf("EQ5D", state("21111")).INDEX).toBe(0.85);
    // 22222: 1 − 0.081 − (0.069 + 0.104 + 0.036 + 0.123 + 0.071) = 1 − 0.484 = 0.516
    expect(scoresOf("EQ5D", state("22222")).INDEX).toBe(0.516);
    // 11223: 1 − 0.081 − 0.036 (UA 2) − 0.123 (PD 2) − 0.236 (AD 3) − 0.269 (N3) = 1 − 0.745 = 0.255
    expect(scoresOf("EQ5D", state("11223")).INDEX).toBe(0.255);
    // 12321: 1 − 0.081 − 0.104 (SC 2) − 0.094 (UA 3) − 0.123 (PD 2) − 0.269 (N3) = 1 − 0.671 = 0.329
    expect(scoresOf("EQ5D", state("12321")).INDEX).toBe(0.329);
    expect(eq5dProfile(state("12321"))).toBe("12321");
  });

  it("needs all five dimensions for the index, and scores the VAS on its own", () => {
    const { AD: _ad, ...four } = state("11223");
    expect(scoresOf("EQ5D", { ...four, VAS: 55 })).toEqual({ INDEX: null, VAS: 55 });
    expect(eq5dProfile(four)).toBeNull();
    expect(scoresOf("EQ5D", { ...state("11111"), MO: 4 }).INDEX).toBeNull();
    expect(scoresOf("EQ5D", { ...state("11111"), VAS: 0 }).VAS).toBe(0);
    expect(scoresOf("EQ5D", { ...state("11111"), VAS: 101 }).VAS).toBeNull();
    expect(scoresOf("EQ5D", { ...state("11111"), VAS: 72.5 }).VAS).toBeNull();
    expect(scoresOf("EQ5D", { VAS: null })).toEqual({ INDEX: null, VAS: null });
  });

  it("keeps every index between −0.594 and 1, and never raises it when a dimension worsens", () => {
    const level = fc.constantFrom(1 as const, 2 as const, 3 as const);
    const levels = fc.record({ MO: level, SC: level, UA: level, PD: level, AD: level });
    fc.assert(
      fc.property(levels, fc.constantFrom(...eq5dDimensions), (l, dimension) => {
        const index = eq5dUkIndex(l);
        expect(index).toBeGreaterThanOrEqual(-0.594);
        expect(index).toBeLessThanOrEqual(1);
        if (l[dimension] < 3) {
          const worse = { ...l, [dimension]: (l[dimension] + 1) as 2 | 3 };
          expect(eq5dUkIndex(worse)).toBeLessThan(index);
        }
      }),
    );
  });

  it("carries the published minimal important differences for cancer", () => {
    expect(scoreQuestionnaire("EQ5D", {})).toEqual([
      { scale: "INDEX", label: "EQ-5D-3L index (UK TTO value set)", kind: "index", score: null, mid: 0.08 },
      { scale: "VAS", label: "EQ VAS", kind: "vas", score: null, mid: 7 },
    ]);
  });
});

describe("FACT-G", () => {
  const gp = (...v: (number | null)[]) => Object.fromEntries(v.map((x, i) => [`GP${i + 1}`, x]));
  const gs = (...v: (number | null)[]) => Object.fromEntries(v.map((x, i) => [`GS${i + 1}`, x]));
  const ge = (...v: (number | null)[]) => Object.fromEntries(v.map((x, i) => [`GE${i + 1}`, x]));
  const gf = (...v: (number | null)[]) => Object.fromEntries(v.map((x, i) => [`GF${i + 1}`, x]));

  it("scores the best possible answers 108 (worked example)", () => {
    // PWB: all 0, reversed 4 − 0 = 4 each → 28. SWB: all 4 → 28.
    // EWB: GE2 = 4 (not reversed) + GE1, GE3–GE6 = 0 reversed to 4 → 24. FWB: all 4 → 28. Total 108.
    const s = scoresOf("FACTG", {
      ...gp(0, 0, 0, 0, 0, 0, 0),
      ...gs(4, 4, 4, 4, 4, 4, 4),
      ...ge(0, 4, 0, 0, 0, 0),
      ...gf(4, 4, 4, 4, 4, 4, 4),
    });
    expect(s).toEqual({ PWB: 28, SWB: 28, EWB: 24, FWB: 28, TOTAL: 108 });
  });

  it("scores a full mixed questionnaire (worked example)", () => {
    const s = scoresOf("FACTG", {
      ...gp(1, 2, 0, 3, 1, 0, 2), // reversed 3 + 2 + 4 + 1 + 3 + 4 + 2 = 19
      ...gs(3, 4, 2, 3, 1, 2, 0), // 3 + 4 + 2 + 3 + 1 + 2 + 0 = 15
      ...ge(2, 3, 1, 0, 2, 3), // GE1 4−2 = 2, GE2 3, GE3 4−1 = 3, GE4 4, GE5 2, GE6 1 → 15
      ...gf(2, 3, 2, 1, 3, 2, 4), // 17
    });
    expect(s).toEqual({ PWB: 19, SWB: 15, EWB: 15, FWB: 17, TOTAL: 66 }); // 19 + 15 + 15 + 17 = 66
  });

  it("prorates subscales with more than half their items and a total with more than 80 % (worked example)", () => {
    const s = scoresOf("FACTG", {
      ...gp(1, 0, 2, 4, null, null, null), // 4 of 7: reversed 3 + 4 + 2 + 0 = 9 → 9 × 7/4 = 15.75
      ...gs(3, 3, 3, 3, 3, 3, null), // GS7 left out: 18 × 7/6 = 21
      ...ge(2, 2, 2, 2, 2, 2), // 2 each (reversed or not) → 12
      ...gf(2, 2, 2, 2, 2, 2, 2), // 14
    });
    // 4 + 6 + 6 + 7 = 23 of 27 answered (> 21.6): total = 15.75 + 21 + 12 + 14 = 62.75
    expect(s).toEqual({ PWB: 15.75, SWB: 21, EWB: 12, FWB: 14, TOTAL: 62.75 });
  });

  it("refuses a subscale with half or fewer of its items, and then the total", () => {
    const s = scoresOf("FACTG", {
      ...gp(1, 1, 1, null, null, null, null), // 3 of 7 → null
      ...gs(2, 2, 2, 2, 2, 2, 2),
      ...ge(1, 1, 1, null, null, null), // 3 of 6 is exactly half → null
      ...gf(2, 2, 2, 2, 2, 2, 2),
    });
    expect(s).toEqual({ PWB: null, SWB: 14, EWB: null, FWB: 14, TOTAL: null });
  });

  it("refuses the total at 21 of 27 answers even when every subscale is scored, and gives it at 22", () => {
    const base = {
      ...gp(0, 0, 0, 0, null, null, null), // 4 of 7: 16 × 7/4 = 28
      ...gs(4, 4, 4, 4, null, null, null), // 4 of 7: 16 × 7/4 = 28
      ...ge(0, 4, 0, 0, 0, 0), // 24
      ...gf(4, 4, 4, 4, 4, 4, 4), // 28
    };
    // 4 + 4 + 6 + 7 = 21 answered: 21 ≤ 21.6 → no total.
    expect(scoresOf("FACTG", base)).toEqual({ PWB: 28, SWB: 28, EWB: 24, FWB: 28, TOTAL: null });
    // One more answer (GS5 = 4): 22 > 21.6; SWB = 20 × 7/5 = 28; total 108.
    expect(scoresOf("FACTG", { ...base, GS5: 4 }).TOTAL).toBe(108);
  });

  it("treats an answer outside 0–4 as missing", () => {
    expect(scoresOf("FACTG", { ...gf(4, 4, 4, 5, 4, 4, 4) }).FWB).toBe(28); // 6 valid: 24 × 7/6
    expect(scoresOf("FACTG", { ...gf(4, 4, 4, -1, -1, -1, -1) }).FWB).toBeNull();
  });

  it("keeps subscales within their ranges and the total within 0–108", () => {
    const range: Record<string, number> = { PWB: 28, SWB: 28, EWB: 24, FWB: 28, TOTAL: 108 };
    fc.assert(
      fc.property(anyAnswers("FACTG"), (answers) => {
        const scores = scoreQuestionnaire("FACTG", answers);
        for (const s of scores) {
          if (s.score === null) continue;
          expect(s.score).toBeGreaterThanOrEqual(0);
          expect(s.score).toBeLessThanOrEqual((range[s.scale] ?? 0) + 1e-9);
        }
        const total = scores.find((s) => s.scale === "TOTAL")?.score;
        if (total !== null && total !== undefined) {
          const sum = scores.filter((s) => s.kind === "subscale").reduce((t, s) => t + (s.score ?? Number.NaN), 0);
          expect(total).toBeCloseTo(sum, 9);
        }
      }),
    );
  });
});
