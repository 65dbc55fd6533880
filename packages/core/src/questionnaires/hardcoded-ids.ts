/**
 * The four licensed instruments are rows of questionnaire_types inserted by migration
 * 0010-questionnaire-settings with these fixed ids, so every database (and the web app)
 * agrees on them without a lookup.
 */
export const hardcodedQuestionnaireCodes = ["EQ5D", "BN20", "QLQC30", "FACTG"] as const;
export type HardcodedQuestionnaireCode = (typeof hardcodedQuestionnaireCodes)[number];

export const hardcodedTypeIds: Record<HardcodedQuestionnaireCode, string> = {
  EQ5D: "00000000-0000-4000-8000-0000000e05d0",
  BN20: "00000000-0000-4000-8000-00000000b020",
  QLQC30: "00000000-0000-4000-8000-0000000c0030",
  FACTG: "00000000-0000-4000-8000-00000000fac7",
};

/** The names shown in lists (the catalogue sorts by them). */
export const hardcodedTypeNames: Record<HardcodedQuestionnaireCode, string> = {
  EQ5D: "EQ-5D-3L",
  BN20: "EORTC QLQ-BN20",
  QLQC30: "EORTC QLQ-C30",
  FACTG: "FACT-G",
};

export function hardcodedCodeOfTypeId(id: string): HardcodedQuestionnaireCode | null {
  for (const code of hardcodedQuestionnaireCodes) if (hardcodedTypeIds[code] === id) return code;
  return null;
}

export function isHardcodedQuestionnaireCode(value: string): value is HardcodedQuestionnaireCode {
  return (hardcodedQuestionnaireCodes as readonly string[]).includes(value);
}
