import type { ResearchExportKind } from "@openpro/core";
import type { Cell } from "./formats.js";

/**
 * What a research export shows of a patient. Anonymised: a pseudonymous key per export (HMAC-SHA256
 * of the patient's id with a random salt made for that export and never stored), no names,
 * e-mails, account or hospital ids, free-text notes or staff names, and the year of birth instead
 * of the date. Dates of logs, doses, questionnaires, appointments and consent are kept as they are
 * (docs/exports.md says why). Identifiable: the same columns plus the identifying ones.
 */

export { newExportSalt, pseudonym, pseudonymiser } from "../../platform/pseudonym.js";

interface Column {
  name: string;
  /** Left out of anonymised exports. */
  identifying?: true;
}

const id = (name: string): Column => ({ name, identifying: true });
const col = (name: string): Column => ({ name });

/** The stable columns of each kind (docs/exports.md lists them with their meaning). */
export const kindColumns: Record<ResearchExportKind, readonly Column[]> = {
  participants: [
    col("patient_key"),
    id("user_id"),
    id("first_name"),
    id("last_name"),
    id("email"),
    id("patient_identifier_type"),
    id("patient_identifier"),
    id("date_of_birth"),
    col("birth_year"),
    col("sex"),
    col("status"),
    col("enrolled_with"),
    col("enrolled_at"),
    col("consent_date"),
    col("consent_withdrawn_date"),
  ],
  symptoms: [
    col("patient_key"),
    id("user_id"),
    col("logged_at"),
    col("local_date"),
    col("utc_offset_minutes"),
    col("symptom_code"),
    col("grade"),
    col("severe"),
    col("validation_status"),
    id("note"),
  ],
  measurements: [
    col("patient_key"),
    id("user_id"),
    col("logged_at"),
    col("local_date"),
    col("utc_offset_minutes"),
    col("measurement"),
    col("value"),
    col("unit"),
    col("original_value"),
    col("original_unit"),
    col("details"),
    col("validation_status"),
    id("note"),
    col("unit_label"),
    col("original_unit_label"),
  ],
  medications: [
    col("patient_key"),
    id("user_id"),
    col("medication"),
    col("dosage"),
    col("dosage_unit"),
    col("frequency"),
    col("snomed_id"),
    col("dose_status"),
    col("taken_at"),
    col("local_date"),
    col("skip_reason"),
    id("notes"),
  ],
  questionnaire_answers: [
    col("patient_key"),
    id("user_id"),
    col("response_key"),
    col("questionnaire"),
    col("questionnaire_code"),
    col("due_date"),
    col("status"),
    col("completed_at"),
    col("question_id"),
    col("answer"),
  ],
  questionnaire_scores: [
    col("patient_key"),
    id("user_id"),
    col("response_key"),
    col("questionnaire"),
    col("questionnaire_code"),
    col("due_date"),
    col("completed_at"),
    col("scale"),
    col("score"),
  ],
  appointments: [
    col("patient_key"),
    id("user_id"),
    col("appointment_type"),
    col("date"),
    col("start_time"),
    col("end_time"),
    col("all_day"),
    col("mode"),
    col("status"),
    id("with_whom"),
    id("notes"),
  ],
};

export const headerOf = (kind: ResearchExportKind, anonymised: boolean): string[] =>
  kindColumns[kind].filter((c) => !anonymised || !c.identifying).map((c) => c.name);

const headers = new Map<string, string[]>();

/** One row in the header's order; identifying values never leave an anonymised export. */
export const projectRow = (
  kind: ResearchExportKind,
  anonymised: boolean,
  record: Partial<Record<string, Cell | undefined>>,
): Cell[] => {
  const key = `${kind}:${anonymised}`;
  let names = headers.get(key);
  if (!names) {
    names = headerOf(kind, anonymised);
    headers.set(key, names);
  }
  return names.map((name) => record[name] ?? null);
};

export const isoInstant = (value: Date | string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;
export const isoDate = (value: Date | string | null | undefined): string | null =>
  value ? (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)) : null;
