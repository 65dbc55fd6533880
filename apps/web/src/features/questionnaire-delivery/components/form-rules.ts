import {
  questionnaireScheduleLimits as L,
  messages,
  minimumNumberToSend,
  patientStartDateRange,
  type ScheduleItemType,
  wireStartDay,
} from "@openpro/core";
import type { ScheduleInput } from "../api";

/** The scheduling form (program wizard and patient form): every value as the inputs hold it. */
export interface ScheduleFormValues {
  type: ScheduleItemType | "";
  itemId: string;
  scheduleType: "RECURRING" | "ALWAYS_ON";
  startDay: string;
  startDate: string;
  responseWindow: string;
  frequency: string;
  customFrequency: string;
  numberToSend: string;
  instructionsForPatient: string;
}

export const emptyScheduleForm: ScheduleFormValues = {
  type: "",
  itemId: "",
  scheduleType: "RECURRING",
  startDay: "1",
  startDate: "",
  responseWindow: "1",
  frequency: "",
  customFrequency: "",
  numberToSend: "1",
  instructionsForPatient: "",
};

export const typeLabels: Record<ScheduleItemType, string> = {
  hardcoded: "Licensed questionnaire",
  questionnaire: "Custom questionnaire",
  batch: "Questionnaire batch",
  plan: "Questionnaire plan",
};
/** How the "no items" message names each type. */
export const typePlurals: Record<ScheduleItemType, string> = {
  hardcoded: "licensed questionnaires",
  questionnaire: "custom questionnaires",
  batch: "questionnaire batches",
  plan: "questionnaire plans",
};

export const frequencyChoices = [
  { value: "0", label: "Once only" },
  { value: "1", label: "Every day" },
  { value: "7", label: "Every 7 days" },
  { value: "14", label: "Every 14 days" },
  { value: "30", label: "Every 30 days" },
  { value: "60", label: "Every 60 days" },
  { value: "90", label: "Every 90 days" },
  { value: "custom", label: "Custom" },
] as const;

export const recurrenceLabel = (frequency: number, numberToSend: number) => {
  if (frequency === 0) return "Once only";
  const every = frequency === 1 ? "Every day" : `Every ${frequency} days`;
  return `${every}, ${numberToSend} time${numberToSend === 1 ? "" : "s"}`;
};

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value.trim() === "" ? null : Number.NaN);

/** A whole number between min and max, or the spec's message. */
const rangeProblem = (value: string, min: number, max: number): string | null => {
  const n = whole(value);
  if (n === null) return messages.required;
  if (Number.isNaN(n)) return /^-?\d+(\.\d+)?$/.test(value.trim()) ? messages.qsWholeNumber : messages.qsWholeNumber;
  return n < min || n > max ? messages.qsBetween(min, max) : null;
};

/** The frequency in days the values mean (0 once), or null while none is chosen. */
export const frequencyDays = (v: ScheduleFormValues): number | null => {
  if (v.frequency === "") return null;
  if (v.frequency === "custom") {
    const n = whole(v.customFrequency);
    return n === null || Number.isNaN(n) ? null : n;
  }
  return Number(v.frequency);
};

export interface FormContext {
  audience: "all" | "user";
  /** Patient form: the patient's consent day and today (the start date's bounds). */
  consentDate?: string | null;
  today?: string;
}

export const scheduleFormProblems = (
  v: ScheduleFormValues,
  c: FormContext,
): { field: keyof ScheduleFormValues; message: string }[] => {
  const problems: { field: keyof ScheduleFormValues; message: string }[] = [];
  const add = (field: keyof ScheduleFormValues, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  if (!v.type) add("type", messages.required);
  if (!v.itemId) add("itemId", messages.qsChooseItem);
  if (c.audience === "all") {
    const n = whole(v.startDay);
    add(
      "startDay",
      n === null ? messages.required : Number.isNaN(n) || n < L.startDayMin ? messages.qsValueGreaterThanZero : null,
    );
  } else if (!v.startDate) {
    add("startDate", messages.required);
  } else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) {
    // A date still being typed (the date field keeps a whole date as YYYY-MM-DD and says how to write one).
    add("startDate", messages.dateInvalid);
  } else if (c.consentDate && c.today) {
    const range = patientStartDateRange(c.consentDate, c.today);
    if (v.startDate < range.min || v.startDate > range.max)
      add("startDate", messages.qsStartDateRange(range.min, range.max));
  }
  add("responseWindow", rangeProblem(v.responseWindow, L.responseWindowMin, L.responseWindowMax));
  if (v.scheduleType === "ALWAYS_ON") {
    if (v.instructionsForPatient.length > L.instructionsMax) add("instructionsForPatient", messages.qsInstructionsMax);
    return problems;
  }
  if (v.type !== "plan") {
    if (!v.frequency) add("frequency", messages.required);
    if (v.frequency === "custom") {
      add(
        "customFrequency",
        rangeProblem(v.customFrequency, 1, c.audience === "all" ? L.customFrequencyMax : L.patientCustomFrequencyMax),
      );
    }
    const days = frequencyDays(v);
    if (days !== null && days > 0)
      add("numberToSend", rangeProblem(v.numberToSend, minimumNumberToSend(days), L.numberToSendMax));
  }
  return problems;
};

/** The request body the values make (the form has been checked). */
export const scheduleBody = (v: ScheduleFormValues, c: FormContext & { userId?: string }): ScheduleInput => {
  const type = v.type as ScheduleItemType;
  const frequency = v.type === "plan" || v.scheduleType === "ALWAYS_ON" ? 0 : (frequencyDays(v) ?? 0);
  const item =
    type === "batch"
      ? { questionnaireBatchId: v.itemId }
      : type === "plan"
        ? { questionnairePlanId: v.itemId }
        : { questionnaireTypeId: v.itemId };
  const common = {
    type,
    scheduleType: v.scheduleType,
    ...item,
    responseWindow: Number(v.responseWindow),
    frequency,
    numberToSend: frequency === 0 ? 1 : Number(v.numberToSend),
    ...(v.scheduleType === "ALWAYS_ON" && v.instructionsForPatient.trim()
      ? { instructionsForPatient: v.instructionsForPatient.trim() }
      : {}),
  };
  return c.audience === "all"
    ? { ...common, audience: "all", sendDateType: "consent_date", startDay: wireStartDay(Number(v.startDay)) }
    : { ...common, audience: "user", sendDateType: "specific_date", userId: c.userId!, startDate: v.startDate };
};
