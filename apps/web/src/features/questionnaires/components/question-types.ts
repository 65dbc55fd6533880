import type { CustomQuestion } from "@openpro/core";

/** A custom questionnaire's question types as the staff read them. */
export const questionTypeLabels: Record<CustomQuestion["type"], string> = {
  choice: "Single choice",
  multipleStringChoice: "Multiple choice",
  date: "Date",
  helpText: "Help text",
  range: "Range",
  freeText: "Free text",
};
