/** Rules of the questionnaire settings (3-settings.md §2 "Create questionnaire batch/plan", §5, §9). */

export const questionnaireSettingsLimits = {
  customNameMax: 50,
  jsonFileMaxBytes: 5 * 1024 * 1024,
  jsonFileNameMax: 50,
  planNameMax: 80,
  batchNameMax: 80,
  batchMinMembers: 2,
  batchMaxMembers: 10,
  planMinMembers: 1,
  planMaxMembers: 20,
  planDefaultMembers: 2,
  /** Plan-member bounds "as seen elsewhere" (§5 Plan). */
  planDelay: { min: 0, max: 90 },
  responseWindow: { min: 1, max: 14 },
  frequencyCustom: { min: 1, max: 180 },
  numberToSend: { min: 1, max: 100 },
  batchSnackbarMs: 4000,
  /** Outcome measures apply only to programs created before this day (§9). */
  outcomeMeasuresBefore: "2025-01-30",
} as const;

/** Frequency options of a plan member: once only (0), every day (1), every 7…90 days, or custom. */
export const planFrequencies = ["0", "1", "7", "14", "30", "60", "90", "custom"] as const;
export type PlanFrequency = (typeof planFrequencies)[number];
export const planFrequencyLabels: Record<PlanFrequency, string> = {
  "0": "Once",
  "1": "Every day",
  "7": "Every 7 days",
  "14": "Every 14 days",
  "30": "Every 30 days",
  "60": "Every 60 days",
  "90": "Every 90 days",
  custom: "Custom",
};

export const planPeriodUnits = ["days", "weeks", "months"] as const;
export type PlanPeriodUnit = (typeof planPeriodUnits)[number];

/** Outcome measures are shown (and can be changed) only for programs created before 30 January 2025. */
export const outcomeMeasuresApply = (programCreatedAt: string): boolean =>
  programCreatedAt.slice(0, 10) < questionnaireSettingsLimits.outcomeMeasuresBefore;

/** The active types the change would unselect: each is refused with its own message. */
export const unselectedActiveTypes = (
  before: readonly string[],
  after: readonly string[],
  active: readonly string[],
): string[] => before.filter((type) => !after.includes(type) && active.includes(type));

/**
 * The options of batch selector `index`: every available questionnaire not chosen in another
 * selector (its own choice stays).
 */
export const batchSelectorOptions = <T extends { id: string }>(
  available: readonly T[],
  chosen: readonly (string | null | undefined)[],
  index: number,
): T[] => {
  const taken = new Set(chosen.filter((id, i): id is string => i !== index && !!id));
  return available.filter((item) => !taken.has(item.id));
};

/** '+ Add questionnaire' is shown while there are fewer selectors than min(available, 10). */
export const canAddBatchSelector = (selectorCount: number, availableCount: number): boolean =>
  selectorCount < Math.min(availableCount, questionnaireSettingsLimits.batchMaxMembers);

/** The remove icon is shown only above the minimum of 2 selectors. */
export const canRemoveBatchSelector = (selectorCount: number): boolean =>
  selectorCount > questionnaireSettingsLimits.batchMinMembers;

/**
 * Why a chosen questionnaire file is refused before upload (a message of messages.ts), or null:
 * none chosen, not a .json file, over 5 MB, or a name over 50 characters.
 */
export const jsonFileProblem = (
  file: { name: string; size: number; type: string } | null | undefined,
  texts: { missing: string; type: string; size: string; name: string },
): string | null => {
  if (!file) return texts.missing;
  const isJson = file.type === "application/json" || (file.type === "" && file.name.toLowerCase().endsWith(".json"));
  if (!isJson || !file.name.toLowerCase().endsWith(".json")) return texts.type;
  if (file.size > questionnaireSettingsLimits.jsonFileMaxBytes) return texts.size;
  if (file.name.length > questionnaireSettingsLimits.jsonFileNameMax) return texts.name;
  return null;
};
