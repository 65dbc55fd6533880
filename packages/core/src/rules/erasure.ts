/**
 * Erasure on request (GDPR Art. 17) under a program's retention rule (docs/exports.md "Retention
 * and erasure"). Pure: the server decides with it, the web app explains with it.
 */
import { hasConsented } from "./patients.js";

/** Why staff erase: the patient asked, or the controller finds no legal ground to keep the data. */
export const erasureReasons = ["patient_request", "no_legal_ground"] as const;
export type ErasureReason = (typeof erasureReasons)[number];

export const erasureReasonLabels: Record<ErasureReason, string> = {
  patient_request: "The patient asked for erasure",
  no_legal_ground: "There is no legal ground to keep the data",
};

/** What made an erasure due (kept with it and in its audit row). */
export type ErasureGround = "never_consented" | "retention_over" | "no_legal_ground";

export type ErasureDecision =
  | { allowed: true; ground: ErasureGround }
  | { allowed: false; refusal: "program_running" }
  | { allowed: false; refusal: "retention_running"; keptUntil: string };

/** The same day `years` later (29 February → 28 February when the year has none). */
export const addYears = (day: string, years: number): string => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
};

/** The program's last day: the day an admin ended it, else its end date once passed; null while it runs. */
export const programEndDay = (program: { endDate: string | null; endedAt: string | null }, today: string) => {
  if (program.endedAt) return program.endedAt.slice(0, 10);
  if (program.endDate && program.endDate < today) return program.endDate;
  return null;
};

/** How many years after its end a program's patient data may be kept (the column's check agrees). */
export const retentionYearsRange = { min: 0, max: 100 } as const;

/** The first day a consented patient's data may be erased on request: null while the program runs. */
export const retentionKeptUntil = (
  program: { endDate: string | null; endedAt: string | null; retentionYears: number },
  today: string,
): string | null => {
  const ended = programEndDay(program, today);
  return ended ? addYears(ended, program.retentionYears) : null;
};

/**
 * May this enrolment's personal data be erased today? Always when the patient never consented
 * (nothing was collected for the program) or the controller finds no legal ground to keep it;
 * otherwise only once the program has ended and its retention period is over. A consented
 * patient's request while the program runs is answered by withdrawal instead (Art. 17(3)(c)/(d)).
 */
export const erasureDecision = (input: {
  enrolment: { status: string; dateConsentGiven: string | null };
  program: { endDate: string | null; endedAt: string | null; retentionYears: number };
  reason: ErasureReason;
  /** The program territory's date, YYYY-MM-DD. */
  today: string;
}): ErasureDecision => {
  const { enrolment, program, reason, today } = input;
  if (!enrolment.dateConsentGiven && !hasConsented(enrolment.status))
    return { allowed: true, ground: "never_consented" };
  if (reason === "no_legal_ground") return { allowed: true, ground: "no_legal_ground" };
  const keptUntil = retentionKeptUntil(program, today);
  if (!keptUntil) return { allowed: false, refusal: "program_running" };
  if (today >= keptUntil) return { allowed: true, ground: "retention_over" };
  return { allowed: false, refusal: "retention_running", keptUntil };
};

/** "1961" from "1961-04-12"; null when unknown or not a date. */
export const birthYear = (dob: string | Date | null | undefined): number | null => {
  if (!dob) return null;
  const text = dob instanceof Date ? dob.toISOString() : String(dob);
  const match = /^(\d{4})-\d{2}-\d{2}/.exec(text);
  return match ? Number(match[1]) : null;
};
