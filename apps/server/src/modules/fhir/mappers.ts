import {
  type CustomQuestion,
  type CustomQuestionnaire,
  customQuestionnaireSchema,
  FHIR_VERSION,
  type FhirResource,
  type FhirResourceType,
  findLogType,
  instruments,
  isInstrumentCode,
  isValidAhvNumber,
  isValidUsSsn,
  orderedQuestions,
  type SkipReason,
  skipReasonLabels,
  symptomGradeLabels,
  toCelsius,
  toKilograms,
} from "@openpro/core";
import type {
  AnswerRow,
  AppointmentRow,
  LogRow,
  MedicationEventRow,
  MedicationRow,
  PatientRow,
  QuestionnaireTypeRow,
  ResponseRow,
} from "./queries.js";

/**
 * Pure mapping of our rows to FHIR R4 resources (JSON). No database, no clock: what a resource
 * says depends only on its row (and, for a medication's status, on the day given). Codes of our
 * own (CTCAE term, grade, appointment type, program) use the `urn:openpro:fhir:` systems that
 * docs/fhir/README.md lists; the public ones are LOINC, UCUM, MedDRA and SNOMED CT.
 */

export const systems = {
  loinc: "http://loinc.org",
  ucum: "http://unitsofmeasure.org",
  meddra: "http://terminology.hl7.org/CodeSystem/mdr",
  snomed: "http://snomed.info/sct",
  observationCategory: "http://terminology.hl7.org/CodeSystem/observation-category",
  interpretation: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
  issueType: "http://hl7.org/fhir/issue-type",
  ctcaeTerm: "urn:openpro:fhir:ctcae-5.0-term",
  symptomGrade: "urn:openpro:fhir:symptom-grade",
  program: "urn:openpro:fhir:program",
  patientIdentifier: "urn:openpro:fhir:patient-id",
  appointmentType: "urn:openpro:fhir:appointment-type",
  instrumentItem: "urn:openpro:fhir:instrument-item",
  selfRating: "urn:openpro:fhir:self-rating",
  identifierType: "http://terminology.hl7.org/CodeSystem/v2-0203",
  appointmentReason: "http://terminology.hl7.org/CodeSystem/v2-0276",
  nhsNumber: "https://fhir.nhs.uk/Id/nhs-number",
  usSsn: "http://hl7.org/fhir/sid/us-ssn",
  swissAhv: "urn:oid:2.16.756.5.32",
} as const;

/** The hospital-number system of an organisation that set none (docs/fhir/README.md, "Identifiers"). */
export const defaultHospitalNumberSystem = (organisationId: string) => `urn:openpro:organisation:${organisationId}:mrn`;

const instant = (at: Date) => at.toISOString();

/** An instant as the patient's wall clock said it: 2026-03-02T08:30:00+01:00. */
export const localDateTime = (at: Date, offsetMinutes: number): string => {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

const meta = (lastUpdated: Date) => ({ lastUpdated: instant(lastUpdated) });
const patientRef = (enrolmentId: string) => ({ reference: `Patient/${enrolmentId}` });

// Patient ---------------------------------------------------------------------------------------

const genders: Record<string, string> = { male: "male", female: "female", intersex: "other" };

/**
 * The patient of one program (an enrolment): a person in two programs is two Patients. Once the
 * enrolment's personal data is erased, the Patient keeps its id, program, status, gender and the
 * year of birth, nothing that names or reaches the person.
 */
export const toPatient = (row: PatientRow): FhirResource => (row.erasedAt ? toErasedPatient(row) : toNamedPatient(row));

const toErasedPatient = (row: PatientRow): FhirResource => ({
  resourceType: "Patient",
  id: row.id,
  meta: { ...meta(row.lastUpdated), tag: [{ system: systems.program, code: row.programId, display: row.programName }] },
  active: false,
  gender: row.sex ? (genders[row.sex] ?? "unknown") : "unknown",
  ...(row.birthYear ? { birthDate: String(row.birthYear).padStart(4, "0") } : {}),
});

const identifierType = (code: "MR" | "SS", display: string) => ({
  coding: [{ system: systems.identifierType, code, display }],
});

/**
 * The enrolment's patient id as a master patient index knows it: an NHS number under NHS England's
 * system, a US SSN or a Swiss AHV number under theirs (a "social security number" is read by the
 * program's territory, as the form checks it), a hospital number typed MR under the system its
 * organisation set. Identifiers no public system names (Sciensus, other) keep our own system.
 */
export const patientIdentifier = (row: PatientRow): Record<string, unknown> | null => {
  if (!row.patientId) return null;
  const type = row.patientIdType ?? "other";
  switch (type) {
    case "nhs_number":
      return { use: "official", system: systems.nhsNumber, value: row.patientId };
    case "hospital_id":
      return {
        use: "usual",
        type: identifierType("MR", "Medical record number"),
        system: row.hospitalNumberSystem ?? defaultHospitalNumberSystem(row.organisationId),
        value: row.patientId,
      };
    case "social_security_number": {
      const digits = row.patientId.replace(/[\s.-]+/g, "");
      const issuer =
        row.territory === "CH" || (row.territory !== "US" && isValidAhvNumber(digits))
          ? systems.swissAhv
          : row.territory === "US" || isValidUsSsn(digits)
            ? systems.usSsn
            : null;
      if (issuer)
        return {
          use: "official",
          type: identifierType("SS", "Social Security number"),
          system: issuer,
          value: digits,
        };
      return { system: `${systems.patientIdentifier}:social_security_number`, value: row.patientId };
    }
    default:
      return { system: `${systems.patientIdentifier}:${type.toLowerCase()}`, value: row.patientId };
  }
};

const toNamedPatient = (row: PatientRow): FhirResource => {
  const identifier = patientIdentifier(row);
  return {
    resourceType: "Patient",
    id: row.id,
    meta: {
      ...meta(row.lastUpdated),
      tag: [{ system: systems.program, code: row.programId, display: row.programName }],
    },
    ...(identifier ? { identifier: [identifier] } : {}),
    active: row.status === "CONSENTED",
    name: [{ use: "official", family: row.lastName, given: [row.firstName] }],
    telecom: [{ system: "email", value: row.consentedEmail ?? row.inviteEmail }],
    gender: row.sex ? (genders[row.sex] ?? "unknown") : "unknown",
    ...(row.dob ? { birthDate: row.dob } : {}),
  };
};

// Observation -----------------------------------------------------------------------------------

const category = (code: "survey" | "vital-signs" | "activity", display: string) => [
  { coding: [{ system: systems.observationCategory, code, display }] },
];

const quantity = (value: number, unit: string, code: string) => ({ value, unit, system: systems.ucum, code });

/** A symptom (CTCAE term, MedDRA code, grade 0–4), a temperature, a weight or a day's steps. */
export const toObservation = (row: LogRow): FhirResource | null => {
  const common = {
    resourceType: "Observation",
    id: row.id,
    meta: meta(row.lastUpdated),
    status: row.validationStatus === "Removed" ? "entered-in-error" : "final",
    subject: patientRef(row.enrolmentId),
    effectiveDateTime: localDateTime(row.loggedAt, row.utcOffsetMinutes),
    ...(row.note ? { note: [{ text: row.note }] } : {}),
  };
  switch (row.logClass) {
    case "SYMPTOMS": {
      if (!row.logTypeId || row.grade === null) return null;
      const term = findLogType(row.logTypeId);
      const name = term?.name ?? row.logTypeId;
      return {
        ...common,
        category: category("survey", "Survey"),
        code: {
          coding: [
            { system: systems.meddra, code: term?.identifier ?? row.logTypeId, display: name },
            { system: systems.ctcaeTerm, code: name, display: name },
          ],
          text: `${name} (CTCAE v5.0)`,
        },
        valueCodeableConcept: {
          coding: [
            {
              system: systems.symptomGrade,
              code: String(row.grade),
              display: symptomGradeLabels[row.grade] ?? `Grade ${row.grade}`,
            },
          ],
          text: `Grade ${row.grade}`,
        },
        ...(row.isDanger
          ? {
              interpretation: [
                { coding: [{ system: systems.interpretation, code: "AA", display: "Critical abnormal" }] },
              ],
            }
          : {}),
      };
    }
    case "TEMPERATURE":
      if (row.value === null) return null;
      return {
        ...common,
        category: category("vital-signs", "Vital Signs"),
        code: {
          coding: [{ system: systems.loinc, code: "8310-5", display: "Body temperature" }],
          text: "Body temperature",
        },
        valueQuantity: quantity(row.unit === "F" ? toCelsius(row.value, "F") : row.value, "Cel", "Cel"),
      };
    case "WEIGHT":
      if (row.value === null) return null;
      return {
        ...common,
        category: category("vital-signs", "Vital Signs"),
        code: { coding: [{ system: systems.loinc, code: "29463-7", display: "Body weight" }], text: "Body weight" },
        valueQuantity: quantity(row.unit === "lb" ? toKilograms(row.value, "lb") : row.value, "kg", "kg"),
      };
    case "ACTIVITY": {
      const steps = Number(row.data.steps);
      if (!Number.isFinite(steps)) return null;
      return {
        ...common,
        category: category("activity", "Activity"),
        code: {
          coding: [{ system: systems.loinc, code: "41950-7", display: "Number of steps in 24 hour Measured" }],
          text: "Steps",
        },
        valueQuantity: quantity(steps, "steps/day", "/d"),
      };
    }
    case "SLEEP":
      if (row.value === null) return null;
      return {
        ...common,
        category: category("activity", "Activity"),
        code: { coding: [{ system: systems.loinc, code: "93832-4", display: "Sleep duration" }], text: "Sleep" },
        valueQuantity: quantity(Number(row.value), "h", "h"),
      };
    case "NUTRITION":
    case "FEELING":
    case "MOOD": {
      if (row.value === null) return null;
      const scale = selfRatings[row.logClass];
      return {
        ...common,
        category: category("survey", "Survey"),
        code: {
          coding: [{ system: systems.selfRating, code: scale.code, display: scale.display }],
          text: scale.display,
        },
        valueInteger: Number(row.value),
      };
    }
    case "BLOOD_PRESSURE": {
      const systolic = Number(row.data.systolic ?? row.value);
      const diastolic = Number(row.data.diastolic);
      if (!Number.isFinite(systolic) || !Number.isFinite(diastolic)) return null;
      const pulse = Number(row.data.pulse);
      const component = (code: string, display: string, value: number, unit: string, ucum: string) => ({
        code: { coding: [{ system: systems.loinc, code, display }], text: display },
        valueQuantity: quantity(value, unit, ucum),
      });
      return {
        ...common,
        category: category("vital-signs", "Vital Signs"),
        code: {
          coding: [
            { system: systems.loinc, code: "85354-9", display: "Blood pressure panel with all children optional" },
          ],
          text: "Blood pressure",
        },
        component: [
          component("8480-6", "Systolic blood pressure", systolic, "mmHg", "mm[Hg]"),
          component("8462-4", "Diastolic blood pressure", diastolic, "mmHg", "mm[Hg]"),
          ...(Number.isFinite(pulse) && row.data.pulse !== undefined && row.data.pulse !== null
            ? [component("8867-4", "Heart rate", pulse, "beats/minute", "/min")]
            : []),
        ],
      };
    }
    default:
      return null;
  }
};

/** The patient's own 1–5 ratings: no LOINC code says the same, so our system's code and the number. */
const selfRatings: Record<"NUTRITION" | "FEELING" | "MOOD", { code: string; display: string }> = {
  NUTRITION: { code: "nutrition", display: "How much the patient ate (1 nothing to 5 normally)" },
  FEELING: { code: "feeling", display: "How the patient felt (1 very bad to 5 very good)" },
  MOOD: { code: "mood", display: "The patient's mood (1 very bad to 5 very good)" },
};

// Medications -----------------------------------------------------------------------------------

const medicationConcept = (m: { name: string; snomedId: string | null }) => ({
  ...(m.snomedId ? { coding: [{ system: systems.snomed, code: m.snomedId, display: m.name }] } : {}),
  text: m.name,
});

const doseText = (m: { dosage: string | null; dosageUnit: string | null }) =>
  [m.dosage, m.dosageUnit].filter(Boolean).join(" ");

/** A medication on the patient's list: active until its end date has passed (`today`, YYYY-MM-DD). */
export const toMedicationStatement = (row: MedicationRow, today: string): FhirResource => {
  const dose = doseText(row);
  return {
    resourceType: "MedicationStatement",
    id: row.id,
    meta: meta(row.lastUpdated),
    status: row.endDate && row.endDate < today ? "completed" : "active",
    medicationCodeableConcept: medicationConcept(row),
    subject: patientRef(row.enrolmentId),
    effectivePeriod: { start: row.startDate, ...(row.endDate ? { end: row.endDate } : {}) },
    dosage: [{ text: [dose, row.frequency.toLowerCase().replaceAll("_", " ")].filter(Boolean).join(", ") }],
  };
};

/** A dose the patient recorded: taken (completed) or skipped (not-done, with the reason). */
export const toMedicationAdministration = (row: MedicationEventRow): FhirResource => {
  const dose = doseText(row);
  const reason = row.skipReason ? (skipReasonLabels[row.skipReason as SkipReason] ?? row.skipReason) : null;
  return {
    resourceType: "MedicationAdministration",
    id: row.id,
    meta: meta(row.lastUpdated),
    status: row.status === "LOGGED" ? "completed" : "not-done",
    ...(row.status === "SKIPPED" && reason ? { statusReason: [{ text: reason }] } : {}),
    medicationCodeableConcept: medicationConcept(row),
    subject: patientRef(row.enrolmentId),
    supportingInformation: [{ reference: `MedicationStatement/${row.medicationId}` }],
    effectiveDateTime: instant(row.takenAt),
    ...(row.notes ? { note: [{ text: row.notes }] } : {}),
    ...(dose ? { dosage: { text: dose } } : {}),
  };
};

// Questionnaires --------------------------------------------------------------------------------

const customOf = (row: QuestionnaireTypeRow): CustomQuestionnaire | null => {
  if (row.kind !== "custom") return null;
  const parsed = customQuestionnaireSchema.safeParse(row.specification);
  return parsed.success ? parsed.data : null;
};

const customItem = (q: CustomQuestion): Record<string, unknown> => {
  const base = { linkId: q.id, text: q.title || q.id, ...(q.required ? { required: true } : {}) };
  switch (q.type) {
    case "choice":
    case "multipleStringChoice":
      return {
        ...base,
        type: "choice",
        ...(q.type === "multipleStringChoice" ? { repeats: true } : {}),
        answerOption: q.data.answers.map((a) => ({ valueCoding: { code: String(a.value), display: a.label } })),
      };
    case "date":
      return { ...base, type: "date" };
    case "helpText":
      return { linkId: q.id, type: "display", text: q.data.text.join("\n\n") || q.title || q.id };
    case "range": {
      const whole = [q.data.min, q.data.max, q.data.step ?? 1].every(Number.isInteger);
      return { ...base, type: whole ? "integer" : "decimal" };
    }
    case "freeText":
      return { ...base, type: "text", ...(q.data.maxLength ? { maxLength: q.data.maxLength } : {}) };
  }
};

/** A questionnaire's canonical URL: where this server serves it, the same for every response to it. */
export const questionnaireUrl = (base: string, id: string) => `${base}/Questionnaire/${id}`;

/** A licensed instrument's own version (e.g. 3.0); a custom questionnaire's is the instant it last changed. */
export const questionnaireVersion = (row: QuestionnaireTypeRow): string => {
  const instrument = row.code && isInstrumentCode(row.code) ? instruments[row.code] : null;
  return instrument ? instrument.version : row.lastUpdated.toISOString();
};

/**
 * A custom questionnaire in full (the program wrote it); a licensed instrument by its item codes
 * only, never its wording: an integrator with the licence maps the codes to the text.
 */
export const toQuestionnaire = (row: QuestionnaireTypeRow, base: string): FhirResource => {
  const common = {
    resourceType: "Questionnaire",
    id: row.id,
    meta: meta(row.lastUpdated),
    url: questionnaireUrl(base, row.id),
    version: questionnaireVersion(row),
    name: row.name.replace(/[^A-Za-z0-9]/g, "") || "Questionnaire",
    title: row.name,
    subjectType: ["Patient"],
  };
  const instrument = row.code && isInstrumentCode(row.code) ? instruments[row.code] : null;
  if (instrument) {
    return {
      ...common,
      status: "active",
      copyright: `${instrument.name} is licensed by ${instrument.licensedBy}; its wording is not reproduced here.`,
      item: instrument.items.map((item) => ({
        linkId: item.code,
        code: [{ system: `${systems.instrumentItem}:${instrument.code}`, code: item.code }],
        type: "integer",
      })),
    };
  }
  const custom = customOf(row);
  return {
    ...common,
    status: "active",
    ...(custom?.introductionText?.length ? { description: custom.introductionText.join("\n\n") } : {}),
    ...(custom ? { item: orderedQuestions(custom).map(customItem) } : {}),
  };
};

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

const answerValue = (value: string | number, question: CustomQuestion | undefined): Record<string, unknown> => {
  if (question && (question.type === "choice" || question.type === "multipleStringChoice")) {
    const option = question.data.answers.find((a) => String(a.value) === String(value));
    return { valueCoding: { code: String(value), ...(option ? { display: option.label } : {}) } };
  }
  if (typeof value === "number") return Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value };
  if (question?.type === "date" && isDate(value)) return { valueDate: value };
  return { valueString: value };
};

/** The answers of one questionnaire event; skipped questions are left out. */
export const toQuestionnaireResponse = (
  row: ResponseRow,
  answers: AnswerRow[],
  questionnaire: QuestionnaireTypeRow | undefined,
  base: string,
): FhirResource => {
  const custom = questionnaire ? customOf(questionnaire) : null;
  const questions = new Map((custom?.questions ?? []).map((q) => [q.id, q]));
  const items = answers.flatMap((a) => {
    if (a.skipped || a.value === null || a.value === undefined) return [];
    const values = (Array.isArray(a.value) ? a.value : [a.value]).filter(
      (v): v is string | number => typeof v === "string" || typeof v === "number",
    );
    if (values.length === 0) return [];
    return [{ linkId: a.questionId, answer: values.map((v) => answerValue(v, questions.get(a.questionId))) }];
  });
  return {
    resourceType: "QuestionnaireResponse",
    id: row.id,
    meta: meta(row.lastUpdated ?? row.authored),
    // A canonical reference (url|version), as R4 types QuestionnaireResponse.questionnaire.
    questionnaire: questionnaire
      ? `${questionnaireUrl(base, questionnaire.id)}|${questionnaireVersion(questionnaire)}`
      : questionnaireUrl(base, row.questionnaireTypeId),
    status: row.state === "COMPLETED" ? "completed" : "in-progress",
    subject: patientRef(row.enrolmentId),
    ...(row.authored ? { authored: instant(row.authored) } : {}),
    ...(items.length ? { item: items } : {}),
  };
};

// Appointment -----------------------------------------------------------------------------------

const appointmentStatus: Record<string, string> = {
  SCHEDULED: "booked",
  CONFIRMED: "booked",
  CANCELLED: "cancelled",
  COMPLETED: "fulfilled",
};

const words = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replaceAll("_", " ");

/**
 * A nurse-visit appointment; an all-day one spans the clinic's whole day. Notes are not exported.
 * Every one is planned by the care team: v2-0276 ROUTINE as its appointmentType; what it is for
 * (a blood test, chemotherapy…) has no public code list, so serviceType carries our own code.
 */
export const toAppointment = (row: AppointmentRow): FhirResource => ({
  resourceType: "Appointment",
  id: row.id,
  meta: meta(row.lastUpdated),
  status: appointmentStatus[row.status] ?? "booked",
  serviceType: [
    {
      coding: [{ system: systems.appointmentType, code: row.appointmentType, display: words(row.appointmentType) }],
      text: words(row.appointmentType),
    },
  ],
  appointmentType: {
    coding: [
      { system: systems.appointmentReason, code: "ROUTINE", display: "Routine appointment - default if not valued" },
    ],
  },
  description: `${words(row.appointmentType)} (${row.mode === "TELEPHONE" ? "telephone" : "face to face"}${row.isDraft ? ", all day" : ""})`,
  start: instant(row.startsAt),
  end: instant(row.endsAt),
  participant: [
    { actor: { ...patientRef(row.enrolmentId) }, status: "accepted" },
    ...(row.withWhom ? [{ actor: { display: row.withWhom }, status: "accepted" }] : []),
  ],
});

// Bundles, errors, capabilities --------------------------------------------------------------------

export const operationOutcome = (code: string, diagnostics: string, severity = "error"): FhirResource => ({
  resourceType: "OperationOutcome",
  issue: [{ severity, code, diagnostics }],
});

/** The issue type of an HTTP failure. */
export const issueCodeOf = (status: number): string =>
  ({
    400: "invalid",
    401: "login",
    403: "forbidden",
    404: "not-found",
    409: "conflict",
    422: "processable",
    429: "throttled",
  })[status] ?? "exception";

export const searchBundle = (
  base: string,
  entries: FhirResource[],
  links: { self: string; next: string | null },
  /** The number of matches over every page, when the search asked for it (`_total=accurate`). */
  total?: number,
): FhirResource => ({
  resourceType: "Bundle",
  type: "searchset",
  ...(total !== undefined ? { total } : {}),
  link: [{ relation: "self", url: links.self }, ...(links.next ? [{ relation: "next", url: links.next }] : [])],
  entry: entries.map((resource) => ({
    fullUrl: `${base}/${resource.resourceType}/${String(resource.id)}`,
    resource,
    search: { mode: "match" },
  })),
});

const patientParameter = [
  { name: "patient", type: "reference", documentation: "Patient/<id> (or <id>)" },
  { name: "subject", type: "reference", documentation: "The same as patient" },
];
const dateDoc = (what: string) => `${what}: eq, ne, lt, le, gt, ge; a date without a time is a UTC day`;

/** The search parameters each type serves (beside the common ones below): the CapabilityStatement lists exactly these. */
export const searchParameters: Record<FhirResourceType, { name: string; type: string; documentation: string }[]> = {
  Patient: [
    { name: "_id", type: "token", documentation: "The enrolment id" },
    {
      name: "identifier",
      type: "token",
      documentation: "system|value, |value or value (the systems: docs/fhir/README.md, Identifiers)",
    },
    { name: "name", type: "string", documentation: "Starts a given or family name (case-insensitive)" },
    { name: "family", type: "string", documentation: "Starts the family name (case-insensitive)" },
    { name: "given", type: "string", documentation: "Starts the given name (case-insensitive)" },
    { name: "birthdate", type: "date", documentation: dateDoc("The date of birth") },
  ],
  Observation: [
    ...patientParameter,
    {
      name: "code",
      type: "token",
      documentation:
        "LOINC 8310-5, 29463-7, 41950-7, 93832-4, 85354-9; a symptom's MedDRA code or CTCAE term; urn:openpro:fhir:self-rating nutrition, feeling, mood (system|code, |code or code; a comma is OR)",
    },
    { name: "date", type: "date", documentation: dateDoc("When the patient logged it") },
    {
      name: "category",
      type: "token",
      documentation:
        "survey (symptoms, nutrition, feeling, mood), vital-signs (temperature, weight, blood pressure), activity (steps, sleep)",
    },
  ],
  MedicationStatement: [
    ...patientParameter,
    { name: "effective", type: "date", documentation: dateDoc("The start date") },
  ],
  MedicationAdministration: [
    ...patientParameter,
    { name: "effective-time", type: "date", documentation: dateDoc("When the dose was taken or skipped") },
  ],
  Questionnaire: [],
  QuestionnaireResponse: [
    ...patientParameter,
    { name: "authored", type: "date", documentation: dateDoc("When it was completed (or started)") },
  ],
  Appointment: [...patientParameter, { name: "date", type: "date", documentation: dateDoc("The start") }],
};

/** What every search takes. */
const commonParameters = [
  { name: "_lastUpdated", type: "date", documentation: dateDoc("When the resource last changed") },
  { name: "_count", type: "number", documentation: "Page size, 1 to 500 (default 50)" },
  { name: "_offset", type: "number", documentation: "Where the page starts (the next link sets it)" },
  { name: "_total", type: "token", documentation: "accurate: the Bundle carries total; none or estimate: it does not" },
];

export const capabilityStatement = (input: { base: string; version: string; date: string }): FhirResource => ({
  resourceType: "CapabilityStatement",
  status: "active",
  date: input.date,
  publisher: "OpenPRO",
  kind: "instance",
  software: { name: "OpenPRO", version: input.version },
  implementation: { description: "OpenPRO FHIR R4 API (read-only)", url: input.base },
  fhirVersion: FHIR_VERSION,
  format: ["application/fhir+json"],
  rest: [
    {
      mode: "server",
      security: {
        service: [
          {
            coding: [{ system: "http://terminology.hl7.org/CodeSystem/restful-security-service", code: "OAuth" }],
          },
        ],
        description:
          "A staff account's bearer access token (the /api/v1 sign-in). Program scope and permissions are those of the dashboard.",
      },
      resource: (Object.keys(searchParameters) as FhirResourceType[]).map((type) => ({
        type,
        interaction: [{ code: "read" }, { code: "search-type" }],
        searchParam: [...searchParameters[type], ...commonParameters],
      })),
      operation: [{ name: "export", definition: "http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export" }],
    },
  ],
});
