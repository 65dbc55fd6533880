import { type FhirResourceType, fhirSearchCount, messages } from "@openpro/core";
import { AppError } from "../../platform/errors.js";
import type { Comparison } from "./queries.js";

/**
 * FHIR search parameters, parsed strictly: a parameter this server does not serve is refused
 * (400) rather than silently ignored, so an integrator never takes a partial answer for a filtered
 * one. Dates without a time are days in UTC: ge2026-03-01 starts at its midnight, le2026-03-01
 * ends at the next.
 */

export interface SearchParams {
  count: number;
  offset: number;
  id?: string;
  patient?: string;
  date: Comparison[];
  lastUpdated: Comparison[];
  categories?: string[];
  /** `_total=accurate`: the Bundle carries the number of matches (a count query); else no total. */
  total?: "none" | "estimate" | "accurate";
}

/** The name of the date parameter of each type (FHIR names it differently per resource). */
const dateParameter: Partial<Record<FhirResourceType, string>> = {
  Observation: "date",
  MedicationStatement: "effective",
  MedicationAdministration: "effective-time",
  QuestionnaireResponse: "authored",
  Appointment: "date",
};
const withPatient = new Set<FhirResourceType>([
  "Observation",
  "MedicationStatement",
  "MedicationAdministration",
  "QuestionnaireResponse",
  "Appointment",
]);
/** Accepted and without effect: JSON is the only format. */
const ignored = new Set(["_format", "_pretty"]);

const invalid = (message: string) => new AppError(400, message);

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** ge2026-03-01, lt2026-03-02T10:00:00Z, 2026-03-01 (eq): the comparisons on an instant column. */
export const parseDateComparisons = (name: string, raw: string): Comparison[] => {
  const match = /^(eq|ge|gt|le|lt)?(.*)$/.exec(raw)!;
  const prefix = match[1] ?? "eq";
  const value = match[2]!;
  const day = dayPattern.exec(value);
  let start: Date;
  let end: Date;
  if (day) {
    start = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== value)
      throw invalid(messages.fhirInvalidDate(name, raw));
    end = new Date(start.getTime() + 86_400_000);
  } else if (instantPattern.test(value) && !Number.isNaN(new Date(value).getTime())) {
    start = new Date(value);
    end = new Date(start.getTime() + 1000);
  } else throw invalid(messages.fhirInvalidDate(name, raw));
  switch (prefix) {
    case "ge":
      return [{ op: ">=", at: start }];
    case "gt":
      return [{ op: ">=", at: end }];
    case "le":
      return [{ op: "<", at: end }];
    case "lt":
      return [{ op: "<", at: start }];
    default:
      return [
        { op: ">=", at: start },
        { op: "<", at: end },
      ];
  }
};

const listOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

const wholeNumber = (raw: string | string[], min: number, max: number, message: string) => {
  const text = listOf(raw).at(-1) ?? "";
  if (!/^\d+$/.test(text)) throw invalid(message);
  const n = Number(text);
  if (n < min || n > max) throw invalid(message);
  return n;
};

/** patient=Patient/<id> or patient=<id>: the enrolment id. */
const patientId = (raw: string | string[]) => {
  const values = listOf(raw);
  const id = values[0]!.replace(/^Patient\//, "");
  if (values.length !== 1 || !/^[0-9a-f-]{36}$/i.test(id)) throw invalid(messages.fhirInvalidPatient);
  return id;
};

export const parseSearch = (type: FhirResourceType, query: Record<string, string | string[]>): SearchParams => {
  const params: SearchParams = { count: fhirSearchCount.default, offset: 0, date: [], lastUpdated: [] };
  for (const [name, raw] of Object.entries(query)) {
    if (ignored.has(name)) continue;
    if (name === "_count")
      params.count = wholeNumber(raw, 1, fhirSearchCount.max, messages.fhirInvalidCount(fhirSearchCount.max));
    else if (name === "_offset")
      params.offset = wholeNumber(raw, 0, Number.MAX_SAFE_INTEGER, messages.fhirInvalidOffset);
    else if (name === "_total") {
      const value = listOf(raw).at(-1) ?? "";
      if (value !== "none" && value !== "estimate" && value !== "accurate") throw invalid(messages.fhirInvalidTotal);
      params.total = value;
    } else if (name === "_lastUpdated") params.lastUpdated = listOf(raw).flatMap((v) => parseDateComparisons(name, v));
    else if (name === "_id" && type === "Patient") params.id = listOf(raw)[0]!;
    else if ((name === "patient" || name === "subject") && withPatient.has(type)) params.patient = patientId(raw);
    else if (name === dateParameter[type]) params.date = listOf(raw).flatMap((v) => parseDateComparisons(name, v));
    else if (name === "category" && type === "Observation")
      params.categories = listOf(raw)
        .flatMap((v) => v.split(","))
        .map((v) => v.replace(/^.*\|/, ""));
    else throw invalid(messages.fhirUnsupportedParameter(name, type));
  }
  return params;
};

/** The page links: the same search with another _offset. */
export const pageUrl = (url: string, offset: number) => {
  const parsed = new URL(url);
  parsed.searchParams.delete("_offset");
  if (offset > 0) parsed.searchParams.set("_offset", String(offset));
  return parsed.toString();
};
