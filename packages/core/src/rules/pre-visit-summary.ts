/**
 * The pre-visit summary (issue 36 §2): one page of what happened since the patient's last visit.
 * The period, and what a questionnaire score's change means against the scale's minimal
 * important difference (the MIDs of questionnaires/instruments.ts).
 */
import { addDays } from "./questionnaire-delivery.js";

/** With no visit before today, the summary covers this many days (never before consent). */
export const summaryFallbackDays = 30;

/** From the day of the last visit before today (or the fallback), never before consent, to today. */
export const summaryPeriod = (input: {
  today: string;
  consentDay: string | null;
  lastVisitDate: string | null;
}): { from: string; to: string } => {
  let from = input.lastVisitDate ?? addDays(input.today, -summaryFallbackDays);
  if (input.consentDay && input.consentDay > from) from = input.consentDay;
  if (from > input.today) from = input.today;
  return { from, to: input.today };
};

export interface ScoredScale {
  scale: string;
  label: string;
  kind: string;
  score: number | null;
  mid?: number | undefined;
}

export interface ScoreChange {
  scale: string;
  label: string;
  score: number | null;
  previous: number | null;
  /** score − previous; null when either is missing. */
  change: number | null;
  mid: number | null;
  /** The change reaches the minimal important difference (in either direction). */
  meaningful: boolean;
  direction: "better" | "worse" | "unchanged" | null;
}

/** On a symptom scale a higher score is worse; on the others (functioning, global, indices, totals) better. */
export const higherIsWorse = (kind: string) => kind === "symptom";

/** Each scale of the latest score beside the one before: the change, and whether it reaches the MID. */
export const scoreChanges = (current: readonly ScoredScale[], previous: readonly ScoredScale[] | null): ScoreChange[] =>
  current.map((s) => {
    const before = previous?.find((p) => p.scale === s.scale)?.score ?? null;
    const change = s.score === null || before === null ? null : Math.round((s.score - before) * 100) / 100;
    const mid = s.mid ?? null;
    const direction =
      change === null ? null : change === 0 ? "unchanged" : change > 0 === higherIsWorse(s.kind) ? "worse" : "better";
    return {
      scale: s.scale,
      label: s.label,
      score: s.score,
      previous: before,
      change,
      mid,
      meaningful: change !== null && mid !== null && Math.abs(change) >= mid,
      direction,
    };
  });
