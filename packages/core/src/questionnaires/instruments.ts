/**
 * The validated questionnaire instruments: item codes, answer ranges and the scales they are scored on.
 *
 * LICENSING. The wording of EORTC QLQ-C30 and QLQ-BN20, EuroQol EQ-5D and FACIT FACT-G items and of
 * their answer choices is licensed by the instruments' owners and is NEVER part of this code base.
 * Item codes, answer ranges and scoring rules are published and are used here. A licensed deployment
 * installs the wording from its own file (see licensed-wording.ts and docs/licensed-wording.md).
 * The answer labels below are therefore the answer numbers only: the verbal answer choices of these
 * instruments (for example the four EORTC choices) are printed on the licensed forms and are treated
 * as licensed wording too.
 *
 * Sources of item numbering and scale composition:
 * - EORTC QLQ-C30 version 3.0: Fayers PM et al., The EORTC QLQ-C30 Scoring Manual, 3rd ed., EORTC,
 *   Brussels 2001; summary score: Giesinger JM et al., J Clin Epidemiol 2016;69:79–88.
 * - EORTC QLQ-BN20: the EORTC scoring macros for the C30 and its modules (Van Steen K, Curran D, 1998,
 *   macro BNscore), consistent with the module's entry in the Scoring Manual.
 * - EQ-5D-3L: EuroQol Group, EQ-5D-3L User Guide (dimensions MO, SC, UA, PD, AD on 3 levels; EQ VAS 0–100).
 * - FACT-G version 4: FACIT.org scoring guidelines (https://www.facit.org/scoring); 27 items on 0–4.
 */

export const instrumentCodes = ["EQ5D", "BN20", "QLQC30", "FACTG"] as const;
export type InstrumentCode = (typeof instrumentCodes)[number];

export const isInstrumentCode = (value: unknown): value is InstrumentCode =>
  typeof value === "string" && (instrumentCodes as readonly string[]).includes(value);

export interface AnswerScale {
  min: number;
  max: number;
  /** Generic labels only (answer numbers); the licensed wording replaces them when installed. */
  labels: { value: number; label: string }[];
}

export interface InstrumentItem {
  code: string;
  scale: AnswerScale;
  /** Scored reversed (max + min − answer) before summing; FACT-G only. */
  reverse?: boolean;
}

export const scaleKinds = ["functional", "symptom", "global", "summary", "index", "vas", "subscale", "total"] as const;
export type ScaleKind = (typeof scaleKinds)[number];

export interface ScaleDefinition {
  /** Short code of the scale as the scoring manuals name it (PF2, FA, FU, MO…, PWB…). */
  code: string;
  label: string;
  kind: ScaleKind;
  /** The items the score is computed from (for composite scores: every item of its components). */
  items: string[];
  /** For composite scores (QLQ-C30 summary, FACT-G total): the scales they combine. */
  components?: string[];
  /** The range of the score itself. */
  min: number;
  max: number;
  /** Minimal important difference, where one is published (source beside each value). */
  mid?: number;
}

export interface Instrument {
  code: InstrumentCode;
  name: string;
  version: string;
  items: InstrumentItem[];
  scales: ScaleDefinition[];
  licensedBy: string;
}

const numericScale = (min: number, max: number): AnswerScale => ({
  min,
  max,
  labels: Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) })),
});

/** EORTC 4-point items (1 = least … 4 = most). */
const eortc4 = numericScale(1, 4);
/** EORTC 7-point items Q29 and Q30 (1 = worst … 7 = best). */
const eortc7 = numericScale(1, 7);
/** EQ-5D-3L dimension levels (1 = best … 3 = worst). */
const eq5dLevels = numericScale(1, 3);
/** EQ VAS: 0 (worst) to 100 (best); only the ends are labelled. */
const eqVas: AnswerScale = {
  min: 0,
  max: 100,
  labels: [
    { value: 0, label: "0" },
    { value: 100, label: "100" },
  ],
};
/** FACIT items 0–4. */
const facit5 = numericScale(0, 4);

const codes = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
const q = (...numbers: number[]) => numbers.map((n) => `Q${n}`);
const bn = (...numbers: number[]) => numbers.map((n) => `BN${n}`);

/**
 * Minimal important difference for EORTC QLQ-C30 scales: 10 points, the "moderate" change of
 * Osoba D et al., J Clin Oncol 1998;16:139–144 (5–10 small, 10–20 moderate), the threshold most trials use.
 */
const c30Mid = 10;

const eortc = (code: string, label: string, kind: "functional" | "symptom" | "global", items: string[]) => ({
  code,
  label,
  kind,
  items,
  min: 0,
  max: 100,
});

const qlqc30Scales: ScaleDefinition[] = [
  { ...eortc("QL2", "Global health status / QoL", "global", q(29, 30)), mid: c30Mid },
  { ...eortc("PF2", "Physical functioning", "functional", q(1, 2, 3, 4, 5)), mid: c30Mid },
  { ...eortc("RF2", "Role functioning", "functional", q(6, 7)), mid: c30Mid },
  { ...eortc("EF", "Emotional functioning", "functional", q(21, 22, 23, 24)), mid: c30Mid },
  { ...eortc("CF", "Cognitive functioning", "functional", q(20, 25)), mid: c30Mid },
  { ...eortc("SF", "Social functioning", "functional", q(26, 27)), mid: c30Mid },
  { ...eortc("FA", "Fatigue", "symptom", q(10, 12, 18)), mid: c30Mid },
  { ...eortc("NV", "Nausea and vomiting", "symptom", q(14, 15)), mid: c30Mid },
  { ...eortc("PA", "Pain", "symptom", q(9, 19)), mid: c30Mid },
  { ...eortc("DY", "Dyspnoea", "symptom", q(8)), mid: c30Mid },
  { ...eortc("SL", "Insomnia", "symptom", q(11)), mid: c30Mid },
  { ...eortc("AP", "Appetite loss", "symptom", q(13)), mid: c30Mid },
  { ...eortc("CO", "Constipation", "symptom", q(16)), mid: c30Mid },
  { ...eortc("DI", "Diarrhoea", "symptom", q(17)), mid: c30Mid },
  { ...eortc("FI", "Financial difficulties", "symptom", q(28)), mid: c30Mid },
];

/** The 13 scales of the QLQ-C30 summary score: all but global health status (QL2) and financial difficulties (FI). */
export const c30SummaryComponents = [
  "PF2",
  "RF2",
  "EF",
  "CF",
  "SF",
  "FA",
  "NV",
  "PA",
  "DY",
  "SL",
  "AP",
  "CO",
  "DI",
] as const;

qlqc30Scales.push({
  code: "SUM",
  label: "QLQ-C30 summary score",
  kind: "summary",
  items: qlqc30Scales
    .filter((s) => (c30SummaryComponents as readonly string[]).includes(s.code))
    .flatMap((s) => s.items),
  components: [...c30SummaryComponents],
  min: 0,
  max: 100,
});

const bn20Scales: ScaleDefinition[] = [
  eortc("FU", "Future uncertainty", "symptom", bn(1, 2, 3, 5)),
  eortc("VD", "Visual disorder", "symptom", bn(6, 7, 8)),
  eortc("MD", "Motor dysfunction", "symptom", bn(10, 15, 19)),
  eortc("CD", "Communication deficit", "symptom", bn(11, 12, 13)),
  eortc("HA", "Headaches", "symptom", bn(4)),
  eortc("SE", "Seizures", "symptom", bn(9)),
  eortc("DR", "Drowsiness", "symptom", bn(14)),
  eortc("HL", "Hair loss", "symptom", bn(16)),
  eortc("IS", "Itchy skin", "symptom", bn(17)),
  eortc("WL", "Weakness of legs", "symptom", bn(18)),
  eortc("BC", "Bladder control", "symptom", bn(20)),
];

/** EQ-5D-3L dimensions, in the order of the health-state profile (e.g. "11223"). */
export const eq5dDimensions = ["MO", "SC", "UA", "PD", "AD"] as const;
export type Eq5dDimension = (typeof eq5dDimensions)[number];
export const eq5dVasItem = "VAS";

const eq5dScales: ScaleDefinition[] = [
  {
    code: "INDEX",
    label: "EQ-5D-3L index (UK TTO value set)",
    kind: "index",
    items: [...eq5dDimensions],
    min: -0.594,
    max: 1,
    // Pickard AS, Neary MP, Cella D. Health Qual Life Outcomes 2007;5:70 — cancer: UK index 0.08.
    mid: 0.08,
  },
  {
    code: "VAS",
    label: "EQ VAS",
    kind: "vas",
    items: [eq5dVasItem],
    min: 0,
    max: 100,
    // Pickard AS et al. 2007 (as above) — cancer: EQ VAS 7.
    mid: 7,
  },
];

const factgPwb = codes("GP", 1, 7);
const factgSwb = codes("GS", 1, 7);
const factgEwb = codes("GE", 1, 6);
const factgFwb = codes("GF", 1, 7);
/**
 * Reverse-scored FACT-G items (FACIT scoring template, version 4): every physical well-being item and
 * every emotional well-being item but GE2; social/family and functional well-being items are scored as
 * answered (GS7 included — it may be left unanswered and then counts as missing).
 */
export const factgReversedItems: readonly string[] = [...factgPwb, "GE1", "GE3", "GE4", "GE5", "GE6"];

const factgScales: ScaleDefinition[] = [
  // MIDs: Cella D et al. 2002 as tabulated in Health Qual Life Outcomes 2020;18:178 (s12955-020-01402-3),
  // lower end of each published range (PWB 2–3, EWB 2, FWB 2–3, FACT-G total 5–7); none published for SWB.
  { code: "PWB", label: "Physical well-being", kind: "subscale", items: factgPwb, min: 0, max: 28, mid: 2 },
  { code: "SWB", label: "Social/family well-being", kind: "subscale", items: factgSwb, min: 0, max: 28 },
  { code: "EWB", label: "Emotional well-being", kind: "subscale", items: factgEwb, min: 0, max: 24, mid: 2 },
  { code: "FWB", label: "Functional well-being", kind: "subscale", items: factgFwb, min: 0, max: 28, mid: 2 },
  {
    code: "TOTAL",
    label: "FACT-G total",
    kind: "total",
    items: [...factgPwb, ...factgSwb, ...factgEwb, ...factgFwb],
    components: ["PWB", "SWB", "EWB", "FWB"],
    min: 0,
    max: 108,
    mid: 5,
  },
];

export const instruments: Record<InstrumentCode, Instrument> = {
  QLQC30: {
    code: "QLQC30",
    name: "EORTC QLQ-C30",
    version: "3.0",
    items: codes("Q", 1, 30).map((code, i) => ({ code, scale: i >= 28 ? eortc7 : eortc4 })),
    scales: qlqc30Scales,
    licensedBy: "EORTC Quality of Life Group",
  },
  BN20: {
    code: "BN20",
    name: "EORTC QLQ-BN20",
    version: "1.0",
    items: codes("BN", 1, 20).map((code) => ({ code, scale: eortc4 })),
    scales: bn20Scales,
    licensedBy: "EORTC Quality of Life Group",
  },
  EQ5D: {
    code: "EQ5D",
    name: "EQ-5D-3L",
    version: "3L",
    items: [...eq5dDimensions.map((code) => ({ code, scale: eq5dLevels })), { code: eq5dVasItem, scale: eqVas }],
    scales: eq5dScales,
    licensedBy: "EuroQol Research Foundation",
  },
  FACTG: {
    code: "FACTG",
    name: "FACT-G",
    version: "4",
    items: [...factgPwb, ...factgSwb, ...factgEwb, ...factgFwb].map((code) => ({
      code,
      scale: facit5,
      ...(factgReversedItems.includes(code) ? { reverse: true } : {}),
    })),
    scales: factgScales,
    licensedBy: "FACIT.org",
  },
};

/** The item of an instrument by its code, or undefined for a code the instrument does not have. */
export const findInstrumentItem = (instrument: InstrumentCode, itemCode: string): InstrumentItem | undefined =>
  instruments[instrument].items.find((item) => item.code === itemCode);

/** An answer the item accepts: a whole number within its scale. */
export const isValidInstrumentAnswer = (item: InstrumentItem, value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= item.scale.min && value <= item.scale.max;
