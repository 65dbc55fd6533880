/**
 * Scores of the validated instruments, as pure functions shared by the server (stored scores, exports)
 * and the web app (dashboards). Every rule below is the published one; the source is named beside it.
 *
 * An answer that is missing, not a whole number or outside the item's range counts as not answered
 * (as the EORTC scoring macros do). A score the missing-items rule forbids is `null`, never a guess.
 */
import {
  c30SummaryComponents,
  type Eq5dDimension,
  eq5dDimensions,
  eq5dVasItem,
  type InstrumentCode,
  type InstrumentItem,
  instruments,
  isValidInstrumentAnswer,
  type ScaleDefinition,
  type ScaleKind,
} from "./instruments.js";

export type InstrumentAnswers = Record<string, number | null | undefined>;

export interface ScaleScore {
  scale: string;
  label: string;
  kind: ScaleKind;
  score: number | null;
  /** Minimal important difference where published. */
  mid?: number;
}

const itemsByCode = (code: InstrumentCode): Map<string, InstrumentItem> =>
  new Map(instruments[code].items.map((item) => [item.code, item]));

/** The valid answers to the given items, in item order (missing and invalid ones left out). */
const answeredValues = (items: Map<string, InstrumentItem>, codes: string[], answers: InstrumentAnswers): number[] =>
  codes.flatMap((code) => {
    const item = items.get(code);
    const value = answers[code];
    return item && isValidInstrumentAnswer(item, value) ? [value] : [];
  });

const result = (scale: ScaleDefinition, score: number | null): ScaleScore => ({
  scale: scale.code,
  label: scale.label,
  kind: scale.kind,
  score,
  ...(scale.mid === undefined ? {} : { mid: scale.mid }),
});

// ---------------------------------------------------------------------------------------------
// EORTC QLQ-C30 and QLQ-BN20
// Fayers PM et al., EORTC QLQ-C30 Scoring Manual, 3rd ed. 2001, "Scoring procedures" and
// "Missing items": raw score RS = mean of the answered items; range = max − min of the item answers
// (3 for 1–4 items, 6 for the 1–7 items Q29–Q30);
//   functional scales: S = (1 − (RS − 1) / range) × 100
//   symptom scales and global health status: S = ((RS − 1) / range) × 100
// A scale is scored when at least half of its items are answered (the manual's recommended
// imputation: the mean of the answered items stands for the missing ones); a single-item scale
// therefore needs its item. QLQ-BN20 scales are all symptom scales scored the same way.
// ---------------------------------------------------------------------------------------------

/** One EORTC scale score from the answered item values, or null under the half-items rule. */
export const eortcScaleScore = (
  kind: "functional" | "symptom" | "global",
  answered: number[],
  itemCount: number,
  range: number,
): number | null => {
  if (answered.length === 0 || answered.length * 2 < itemCount) return null;
  const rawScore = answered.reduce((sum, v) => sum + v, 0) / answered.length;
  const transformed = (rawScore - 1) / range;
  return 100 * (kind === "functional" ? 1 - transformed : transformed);
};

const scoreEortcScales = (code: "QLQC30" | "BN20", answers: InstrumentAnswers): ScaleScore[] => {
  const items = itemsByCode(code);
  const scored: ScaleScore[] = [];
  for (const scale of instruments[code].scales) {
    // The summary score is not an item scale; it is computed from the others.
    if (scale.kind !== "functional" && scale.kind !== "symptom" && scale.kind !== "global") continue;
    const first = items.get(scale.items[0] ?? "");
    const range = first ? first.scale.max - first.scale.min : 3;
    scored.push(
      result(
        scale,
        eortcScaleScore(scale.kind, answeredValues(items, scale.items, answers), scale.items.length, range),
      ),
    );
  }
  return scored;
};

/**
 * QLQ-C30 summary score (Giesinger JM et al., J Clin Epidemiol 2016;69:79–88, and the EORTC
 * Quality of Life Group's published instructions for it, qol.eortc.org): the mean of the 13 scales PF2, RF2, EF, CF, SF and
 * 100 − score of FA, NV, PA, DY, SL, AP, CO, DI. It is computed only when all 13 scale scores exist
 * (each under the half-items rule); QL2 and FI take no part.
 */
export const c30SummaryScore = (scales: ScaleScore[]): number | null => {
  const byCode = new Map(scales.map((s) => [s.scale, s]));
  let total = 0;
  for (const code of c30SummaryComponents) {
    const scale = byCode.get(code);
    if (!scale || scale.score === null) return null;
    total += scale.kind === "symptom" ? 100 - scale.score : scale.score;
  }
  return total / c30SummaryComponents.length;
};

const scoreQlqc30 = (answers: InstrumentAnswers): ScaleScore[] => {
  const scales = scoreEortcScales("QLQC30", answers);
  const summary = instruments.QLQC30.scales.find((s) => s.kind === "summary");
  return summary ? [...scales, result(summary, c30SummaryScore(scales))] : scales;
};

// ---------------------------------------------------------------------------------------------
// EQ-5D-3L
// UK time trade-off value set: Dolan P. Modeling valuations for EuroQol health states.
// Med Care 1997;35(11):1095–1108 (also EuroQol EQ-5D-3L value sets, Szende A et al. 2007).
//   index = 1 − constant (if any dimension is not at level 1) − Σ dimension decrements − N3
//   (if any dimension is at level 3). 11111 = 1.000; 33333 = −0.594.
// The index needs all five dimensions (EuroQol: no imputation of a missing dimension).
// ---------------------------------------------------------------------------------------------

export const eq5dUkTto = {
  constant: 0.081,
  n3: 0.269,
  /** Decrement at level 2 and at level 3, per dimension. */
  decrements: {
    MO: [0.069, 0.314],
    SC: [0.104, 0.214],
    UA: [0.036, 0.094],
    PD: [0.123, 0.386],
    AD: [0.071, 0.236],
  } satisfies Record<Eq5dDimension, [number, number]>,
} as const;

export type Eq5dLevels = Record<Eq5dDimension, 1 | 2 | 3>;

/** The UK TTO index of a complete EQ-5D-3L health state, to the 3 decimals of the value set. */
export const eq5dUkIndex = (levels: Eq5dLevels): number => {
  const values = eq5dDimensions.map((d) => levels[d]);
  if (values.every((v) => v === 1)) return 1;
  let decrement = eq5dUkTto.constant;
  for (const dimension of eq5dDimensions) {
    const level = levels[dimension];
    if (level > 1) decrement += eq5dUkTto.decrements[dimension][level - 2] ?? 0;
  }
  if (values.includes(3)) decrement += eq5dUkTto.n3;
  // Work in thousandths so that, e.g., 1 − 0.081 − 0.069 is exactly 0.85.
  return Math.round((1 - decrement) * 1000) / 1000;
};

const eq5dLevelsOf = (answers: InstrumentAnswers): Eq5dLevels | null => {
  const items = itemsByCode("EQ5D");
  const levels: Partial<Eq5dLevels> = {};
  for (const dimension of eq5dDimensions) {
    const item = items.get(dimension);
    const value = answers[dimension];
    if (!item || !isValidInstrumentAnswer(item, value)) return null;
    levels[dimension] = value as 1 | 2 | 3;
  }
  return levels as Eq5dLevels;
};

/** The five-digit health-state profile (e.g. "11223"), or null when a dimension is missing. */
export const eq5dProfile = (answers: InstrumentAnswers): string | null => {
  const levels = eq5dLevelsOf(answers);
  return levels ? eq5dDimensions.map((d) => levels[d]).join("") : null;
};

const scoreEq5d = (answers: InstrumentAnswers): ScaleScore[] => {
  const items = itemsByCode("EQ5D");
  return instruments.EQ5D.scales.map((scale) => {
    if (scale.kind === "index") {
      const levels = eq5dLevelsOf(answers);
      return result(scale, levels ? eq5dUkIndex(levels) : null);
    }
    const vasItem = items.get(eq5dVasItem);
    const vas = answers[eq5dVasItem];
    return result(scale, vasItem && isValidInstrumentAnswer(vasItem, vas) ? vas : null);
  });
};

// ---------------------------------------------------------------------------------------------
// FACT-G (version 4)
// FACIT scoring guidelines (https://www.facit.org/scoring and the FACT-G scoring template):
//   item score = answer, or 4 − answer for a reversed item (factgReversedItems);
//   subscale = sum of item scores × items in the subscale ÷ items answered, computed only when more
//   than 50 % of the subscale's items are answered (4 of 7, 4 of 6);
//   total = PWB + SWB + EWB + FWB, valid only when every subscale is scored and more than 80 % of
//   all 27 items are answered (at least 22).
// ---------------------------------------------------------------------------------------------

/** A FACT-G subscale from its valid item scores (already reversed where due), or null. */
export const factgProratedSubscale = (itemScores: number[], itemCount: number): number | null => {
  if (itemScores.length * 2 <= itemCount) return null;
  return (itemScores.reduce((sum, v) => sum + v, 0) * itemCount) / itemScores.length;
};

const scoreFactg = (answers: InstrumentAnswers): ScaleScore[] => {
  const items = itemsByCode("FACTG");
  const itemScores = (codes: string[]) =>
    codes.flatMap((code) => {
      const item = items.get(code);
      const value = answers[code];
      if (!item || !isValidInstrumentAnswer(item, value)) return [];
      return [item.reverse ? item.scale.max + item.scale.min - value : value];
    });
  const subscales = new Map<string, number | null>();
  const scored: ScaleScore[] = [];
  for (const scale of instruments.FACTG.scales) {
    if (scale.kind !== "subscale") continue;
    const score = factgProratedSubscale(itemScores(scale.items), scale.items.length);
    subscales.set(scale.code, score);
    scored.push(result(scale, score));
  }
  const totalScale = instruments.FACTG.scales.find((s) => s.kind === "total");
  if (totalScale) {
    const answered = itemScores(totalScale.items).length;
    const parts = (totalScale.components ?? []).map((c) => subscales.get(c) ?? null);
    const complete = parts.every((p): p is number => p !== null) && answered > 0.8 * totalScale.items.length;
    scored.push(result(totalScale, complete ? parts.reduce<number>((sum, p) => sum + (p ?? 0), 0) : null));
  }
  return scored;
};

/**
 * Every scale score of one completed (or partly completed) questionnaire, in the order of the
 * instrument's scales. Answers are keyed by item code (Q1…, BN1…, MO/SC/UA/PD/AD/VAS, GP1…).
 */
export const scoreQuestionnaire = (code: InstrumentCode, answers: InstrumentAnswers): ScaleScore[] => {
  switch (code) {
    case "QLQC30":
      return scoreQlqc30(answers);
    case "BN20":
      return scoreEortcScales("BN20", answers);
    case "EQ5D":
      return scoreEq5d(answers);
    case "FACTG":
      return scoreFactg(answers);
  }
};
