import type { PatientLanguage } from "../rules/patient-language.js";

/**
 * The shape of one language's symptom words (patient-symptom-words.ts says what they are). In a
 * file of its own so that each language's file (patient-symptom-words-de.ts…), which the English
 * one loads on demand, depends on the shape and not on the file that loads it.
 */

export interface PatientSymptomWords {
  /** The symptom as a patient names it. */
  name: string;
  /** Words a patient may type to find it (lower case): synonyms, spellings, the CTCAE term's own words. */
  searchTerms: readonly string[];
}

/**
 * Groups of symptoms whose grades read alike. A group may offer fewer grades than 0–4 where the
 * upper grades do not exist for its symptoms (hair loss is graded 1–2 only in CTCAE).
 */
export const gradeGroups = ["general", "pain", "eating", "bowel", "breathing", "skin", "hair"] as const;
export type GradeGroup = (typeof gradeGroups)[number];

/** The grades each group offers, lowest first (the stored CTCAE grade). */
export const gradesOfGroup: Record<GradeGroup, readonly number[]> = {
  general: [0, 1, 2, 3, 4],
  pain: [0, 1, 2, 3, 4],
  eating: [0, 1, 2, 3, 4],
  bowel: [0, 1, 2, 3, 4],
  breathing: [0, 1, 2, 3, 4],
  skin: [0, 1, 2, 3, 4],
  hair: [0, 1, 2],
};

/** One language's words: a plain name and search terms per code, the grade choices per group. */
export interface SymptomWords {
  /** The language the words are in: it sets how the search folds and matches what is typed. */
  language: PatientLanguage;
  symptoms: Record<string, PatientSymptomWords>;
  /** Indexed by grade; a group's missing grades are not offered. */
  grades: Record<GradeGroup, readonly string[]>;
}
