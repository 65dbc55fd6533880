import { ctcaeCatalogue, type FhirResourceType, fhirSearchCount, type LogClass, messages } from "@openpro/core";
import { AppError } from "../../platform/errors.js";
import { systems } from "./mappers.js";
import type { Comparison, IdentifierMatch, ObservationCode } from "./queries.js";

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
  /** Observation `code`: any of these (a comma is OR; repeating the parameter is AND, narrowed to what both allow). */
  codes?: ObservationCode[];
  /** Patient `identifier`: any of these. */
  identifiers?: IdentifierMatch[];
  /** Patient `name`, `family`, `given`: each a list of prefixes, any of which may match. */
  names?: string[][];
  families?: string[][];
  givens?: string[][];
  birthDate: Comparison[];
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
  const match = /^(eq|ne|ge|gt|le|lt)?(.*)$/.exec(raw)!;
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
    case "ne":
      return [{ op: "outside", at: start, until: end }];
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

/** The codes an Observation search can name: LOINC for the vital signs and activity, MedDRA or the CTCAE term for a symptom, ours for the self-ratings. */
const loincClasses: Record<string, LogClass> = {
  "8310-5": "TEMPERATURE",
  "29463-7": "WEIGHT",
  "41950-7": "ACTIVITY",
  "93832-4": "SLEEP",
  "85354-9": "BLOOD_PRESSURE",
};
const selfRatingClasses: Record<string, LogClass> = { nutrition: "NUTRITION", feeling: "FEELING", mood: "MOOD" };
const termByName = new Map(ctcaeCatalogue.map((t) => [t.name.toLowerCase(), t.logTypeId]));
const termByCode = new Set(ctcaeCatalogue.map((t) => t.logTypeId));

/** One token: `system|code`, `|code` (no system) or `code` (any system). */
const token = (raw: string) => {
  const bar = raw.indexOf("|");
  return bar < 0 ? { system: undefined, code: raw } : { system: raw.slice(0, bar), code: raw.slice(bar + 1) };
};

const codesOfToken = (raw: string): ObservationCode[] => {
  const { system, code } = token(raw);
  const found: ObservationCode[] = [];
  const any = system === undefined;
  if ((any || system === systems.loinc) && loincClasses[code]) found.push({ logClass: loincClasses[code]! });
  if ((any || system === systems.meddra) && termByCode.has(code)) found.push({ logClass: "SYMPTOMS", logTypeId: code });
  if ((any || system === systems.ctcaeTerm) && termByName.has(code.toLowerCase()))
    found.push({ logClass: "SYMPTOMS", logTypeId: termByName.get(code.toLowerCase())! });
  if ((any || system === systems.selfRating) && selfRatingClasses[code])
    found.push({ logClass: selfRatingClasses[code]! });
  return found;
};

/**
 * code=a,b (either) and code=a&code=b (both: only what both name). A code this server never emits
 * matches nothing, as FHIR search does, rather than being refused: an EHR may ask for any LOINC code.
 */
const observationCodes = (values: string[]): ObservationCode[] => {
  const key = (c: ObservationCode) => `${c.logClass}/${c.logTypeId ?? ""}`;
  let result: ObservationCode[] | undefined;
  for (const value of values) {
    const codes = value.split(",").flatMap(codesOfToken);
    result = result ? result.filter((c) => codes.some((d) => key(d) === key(c))) : codes;
  }
  return result ?? [];
};

const identifierTypes: Record<string, IdentifierMatch["types"]> = {
  [systems.nhsNumber]: ["nhs_number"],
  [systems.usSsn]: ["social_security_number"],
  [systems.swissAhv]: ["social_security_number"],
};

/** identifier=system|value, |value or value, as the Patient's identifier says it (see mappers.ts patientIdentifier). */
const identifierMatch = (raw: string): IdentifierMatch => {
  const { system, code } = token(raw);
  const value = code.trim();
  if (!value) throw invalid(messages.fhirInvalidIdentifier);
  if (system === undefined || system === "") return { value, types: null };
  if (system === systems.nhsNumber || system === systems.usSsn || system === systems.swissAhv)
    return {
      value: value.replace(/[\s.-]+/g, ""),
      types: identifierTypes[system]!,
      ...(system === systems.usSsn ? { territoryIsNot: "CH" } : {}),
      ...(system === systems.swissAhv ? { territoryIsNot: "US" } : {}),
    };
  const own = `${systems.patientIdentifier}:`;
  if (system.startsWith(own)) return { value, types: [system.slice(own.length)] };
  // Anything else may be an organisation's hospital-number system (its own, or our default for it).
  return { value, types: ["hospital_id"], hospitalSystem: system };
};

const prefixes = (name: string, raw: string | string[]) =>
  listOf(raw).map((v) => {
    const list = v
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    if (!list.length) throw invalid(messages.fhirInvalidName(name));
    return list;
  });

export const parseSearch = (type: FhirResourceType, query: Record<string, string | string[]>): SearchParams => {
  const params: SearchParams = {
    count: fhirSearchCount.default,
    offset: 0,
    date: [],
    lastUpdated: [],
    birthDate: [],
  };
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
    else if (name === "code" && type === "Observation") params.codes = observationCodes(listOf(raw));
    else if (name === "identifier" && type === "Patient")
      params.identifiers = listOf(raw).flatMap((v) => v.split(",").map(identifierMatch));
    else if (name === "name" && type === "Patient") params.names = prefixes(name, raw);
    else if (name === "family" && type === "Patient") params.families = prefixes(name, raw);
    else if (name === "given" && type === "Patient") params.givens = prefixes(name, raw);
    else if (name === "birthdate" && type === "Patient")
      params.birthDate = listOf(raw).flatMap((v) => parseDateComparisons(name, v));
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
