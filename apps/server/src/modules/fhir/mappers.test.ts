import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { messages } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { fhirSchemaProblems } from "./fhir-schema.js";
import {
  capabilityStatement,
  localDateTime,
  operationOutcome,
  searchBundle,
  toAppointment,
  toMedicationAdministration,
  toMedicationStatement,
  toObservation,
  toPatient,
  toQuestionnaire,
  toQuestionnaireResponse,
} from "./mappers.js";
import type { LogRow, QuestionnaireTypeRow } from "./queries.js";
import { parseDateComparisons, parseSearch } from "./search-params.js";

/** Worked examples: one row of each kind, the resource it becomes, checked against the FHIR R4 schema. */

const at = new Date("2026-03-02T07:30:00Z");
const base = "https://openpro.example/fhir/R4";
const owner = {
  enrolmentId: "6f1c1a52-0d55-4c8e-9f5e-3d1f8e0c2a11",
  programId: "0c9d5a3e-7b1f-4f0e-8f62-2a6f3b1c9d40",
  patientUserId: "a3b4c5d6-1111-4222-8333-944455556666",
  sortAt: at,
};
const log = (extra: Partial<LogRow>): LogRow => ({
  id: "11111111-2222-4333-8444-555555555555",
  ...owner,
  logClass: "SYMPTOMS",
  loggedAt: at,
  utcOffsetMinutes: 60,
  logTypeId: null,
  grade: null,
  isDanger: false,
  value: null,
  unit: null,
  data: {},
  note: null,
  validationStatus: null,
  lastUpdated: at,
  ...extra,
});

const custom: QuestionnaireTypeRow = {
  id: "22222222-3333-4444-8555-666666666666",
  programId: owner.programId,
  kind: "custom",
  code: null,
  name: "Sleep check",
  lastUpdated: at,
  specification: {
    title: "Sleep check",
    introductionText: "A few questions about last night.",
    questions: [
      {
        id: "q1",
        index: 0,
        title: "How did you sleep?",
        type: "choice",
        required: true,
        data: {
          answers: [
            { label: "Well", value: 1 },
            { label: "Badly", value: 2 },
          ],
        },
      },
      { id: "q2", index: 1, title: "Hours asleep", type: "range", data: { min: 0, max: 12 } },
      { id: "q3", index: 2, title: "Anything else?", type: "freeText", data: { maxLength: 200 } },
    ],
  },
};
const licensed: QuestionnaireTypeRow = {
  id: "33333333-4444-4555-8666-777777777777",
  programId: null,
  kind: "hardcoded",
  code: "EQ5D",
  name: "EQ-5D",
  specification: null,
  lastUpdated: at,
};

/** The program's part of a patient row: enrolled in Northbridge Heart (UK and Ireland), listed at `at`. */
const inNorthbridgeHeart = {
  sortAt: at,
  programId: owner.programId,
  programName: "Northbridge Heart",
  organisationId: "0d1e2f30-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  territory: "UK_IRE",
  hospitalNumberSystem: null,
} as const;

const examples = {
  patient: toPatient({
    id: owner.enrolmentId,
    ...inNorthbridgeHeart,
    userId: owner.patientUserId,
    firstName: "Grace",
    lastName: "Hopper",
    inviteEmail: "grace@patients.test",
    consentedEmail: null,
    patientId: "9434765919",
    patientIdType: "nhs_number",
    status: "CONSENTED",
    dob: "1956-12-09",
    sex: "female",
    erasedAt: null,
    birthYear: null,
    lastUpdated: at,
  }),
  erasedPatient: toPatient({
    id: "66666666-7777-4888-8999-aaaaaaaaaaaa",
    ...inNorthbridgeHeart,
    userId: "77777777-8888-4999-8aaa-bbbbbbbbbbbb",
    firstName: "Erased patient",
    lastName: "",
    inviteEmail: "",
    consentedEmail: null,
    patientId: null,
    patientIdType: null,
    status: "PROJECT_COMPLETED",
    dob: null,
    sex: "male",
    erasedAt: at,
    birthYear: 1949,
    lastUpdated: at,
  }),
  symptom: toObservation(log({ logTypeId: "10028813", grade: 3, isDanger: true, note: "After breakfast" }))!,
  temperature: toObservation(log({ logClass: "TEMPERATURE", value: 38.4, unit: "C" }))!,
  weight: toObservation(log({ logClass: "WEIGHT", value: 72.5, unit: "kg", validationStatus: "Removed" }))!,
  steps: toObservation(log({ logClass: "ACTIVITY", data: { activityType: "Steps", steps: 8042 } }))!,
  sleep: toObservation(log({ logClass: "SLEEP", value: 6.5, unit: "h" }))!,
  mood: toObservation(log({ logClass: "MOOD", value: 4 }))!,
  bloodPressure: toObservation(
    log({ logClass: "BLOOD_PRESSURE", value: 142, unit: "mmHg", data: { systolic: 142, diastolic: 91 } }),
  )!,
  statement: toMedicationStatement(
    {
      id: "44444444-5555-4666-8777-888888888888",
      ...owner,
      name: "Ondansetron",
      dosage: "8",
      dosageUnit: "mg",
      frequency: "TWICE_A_DAY",
      snomedId: "372487007",
      startDate: "2026-02-20",
      endDate: "2026-03-01",
      lastUpdated: at,
    },
    "2026-03-02",
  ),
  skipped: toMedicationAdministration({
    id: "55555555-6666-4777-8888-999999999999",
    ...owner,
    medicationId: "44444444-5555-4666-8777-888888888888",
    status: "SKIPPED",
    takenAt: at,
    skipReason: "SIDE_EFFECTS",
    notes: "Felt sick",
    name: "Ondansetron",
    dosage: "8",
    dosageUnit: "mg",
    snomedId: null,
    lastUpdated: at,
  }),
  questionnaire: toQuestionnaire(custom, base),
  licensed: toQuestionnaire(licensed, base),
  response: toQuestionnaireResponse(
    {
      id: "66666666-7777-4888-8999-aaaaaaaaaaaa",
      ...owner,
      questionnaireTypeId: custom.id,
      state: "COMPLETED",
      authored: at,
      lastUpdated: at,
    },
    [
      { eventId: "x", questionId: "q1", value: 2, skipped: false },
      { eventId: "x", questionId: "q2", value: 6.5, skipped: false },
      { eventId: "x", questionId: "q3", value: null, skipped: true },
    ],
    custom,
    base,
  ),
  appointment: toAppointment({
    id: "77777777-8888-4999-8aaa-bbbbbbbbbbbb",
    ...owner,
    appointmentType: "BLOOD_TEST",
    date: "2026-03-10",
    isDraft: false,
    mode: "FACE_TO_FACE",
    status: "COMPLETED",
    withWhom: "Sister Okafor",
    startsAt: new Date("2026-03-10T10:00:00Z"),
    endsAt: new Date("2026-03-10T10:30:00Z"),
    lastUpdated: at,
  }),
};

describe("FHIR mappers: our rows as FHIR R4 resources", () => {
  it("writes the patient's wall clock with its offset", () => {
    expect(localDateTime(at, 60)).toBe("2026-03-02T08:30:00+01:00");
    expect(localDateTime(at, -300)).toBe("2026-03-02T02:30:00-05:00");
  });

  it("codes a symptom with its MedDRA code, CTCAE term and grade, flagged when severe", () => {
    expect(examples.symptom).toMatchObject({
      resourceType: "Observation",
      status: "final",
      subject: { reference: `Patient/${owner.enrolmentId}` },
      effectiveDateTime: "2026-03-02T08:30:00+01:00",
      code: {
        coding: [{ system: "http://terminology.hl7.org/CodeSystem/mdr", code: "10028813", display: "Nausea" }, {}],
      },
      valueCodeableConcept: { coding: [{ code: "3" }], text: "Grade 3" },
      interpretation: [{ coding: [{ code: "AA" }] }],
      note: [{ text: "After breakfast" }],
    });
  });

  it("codes temperature, weight and steps with LOINC and UCUM; an invalidated log is entered-in-error", () => {
    expect(examples.temperature).toMatchObject({
      code: { coding: [{ system: "http://loinc.org", code: "8310-5" }] },
      valueQuantity: { value: 38.4, unit: "Cel", system: "http://unitsofmeasure.org", code: "Cel" },
    });
    expect(examples.weight).toMatchObject({ status: "entered-in-error", valueQuantity: { value: 72.5, code: "kg" } });
    expect(examples.steps).toMatchObject({ code: { coding: [{ code: "41950-7" }] }, valueQuantity: { value: 8042 } });
    // Fahrenheit and pounds (should any arrive unconverted) leave as Celsius and kilograms.
    expect(toObservation(log({ logClass: "TEMPERATURE", value: 100.4, unit: "F" }))).toMatchObject({
      valueQuantity: { value: 38, code: "Cel" },
    });
    // An activity that is not a step count, or a symptom without a grade, is not an Observation.
    expect(toObservation(log({ logClass: "ACTIVITY", data: { activityType: "Walking" } }))).toBeNull();
    expect(toObservation(log({ logTypeId: "10028813", grade: null }))).toBeNull();
  });

  it("codes blood pressure as the LOINC panel with systolic and diastolic components in mm[Hg]", () => {
    expect(examples.bloodPressure).toMatchObject({
      code: { coding: [{ system: "http://loinc.org", code: "85354-9" }] },
      component: [
        { code: { coding: [{ code: "8480-6" }] }, valueQuantity: { value: 142, unit: "mmHg", code: "mm[Hg]" } },
        { code: { coding: [{ code: "8462-4" }] }, valueQuantity: { value: 91, unit: "mmHg", code: "mm[Hg]" } },
      ],
    });
    expect(examples.bloodPressure.component).toHaveLength(2);
    expect(toObservation(log({ logClass: "BLOOD_PRESSURE", value: 142, data: {} }))).toBeNull();
    expect(examples.sleep).toMatchObject({ valueQuantity: { value: 6.5, code: "h" } });
    expect(examples.mood).toMatchObject({ valueInteger: 4, category: [{ coding: [{ code: "survey" }] }] });
  });

  it("shows an erased patient without name, contact or identifier, born in a year", () => {
    expect(examples.erasedPatient).toEqual({
      resourceType: "Patient",
      id: "66666666-7777-4888-8999-aaaaaaaaaaaa",
      meta: expect.any(Object),
      active: false,
      gender: "male",
      birthDate: "1949",
    });
    expect(examples.patient).toMatchObject({ name: [{ family: "Hopper" }], birthDate: "1956-12-09" });
  });

  it("maps medications: a list entry past its end is completed, a skipped dose not-done with its reason", () => {
    expect(examples.statement).toMatchObject({
      status: "completed",
      medicationCodeableConcept: {
        coding: [{ system: "http://snomed.info/sct", code: "372487007" }],
        text: "Ondansetron",
      },
      effectivePeriod: { start: "2026-02-20", end: "2026-03-01" },
      dosage: [{ text: "8 mg, twice a day" }],
    });
    expect(examples.skipped).toMatchObject({
      status: "not-done",
      statusReason: [{ text: "Side effects" }],
      note: [{ text: "Felt sick" }],
    });
  });

  it("gives a custom questionnaire in full and a licensed one by item codes only", () => {
    expect(examples.questionnaire).toMatchObject({
      title: "Sleep check",
      item: [
        {
          linkId: "q1",
          type: "choice",
          required: true,
          answerOption: [{ valueCoding: { code: "1", display: "Well" } }, {}],
        },
        { linkId: "q2", type: "integer", text: "Hours asleep" },
        { linkId: "q3", type: "text", maxLength: 200 },
      ],
    });
    const items = examples.licensed.item as { linkId: string; text?: string }[];
    expect(items.map((i) => i.linkId)).toEqual(["MO", "SC", "UA", "PD", "AD", "VAS"]);
    expect(items.every((i) => i.text === undefined)).toBe(true);
    // The response names its questionnaire by canonical URL and version, the questionnaire carries both.
    expect(examples.questionnaire).toMatchObject({
      url: `${base}/Questionnaire/${custom.id}`,
      version: "2026-03-02T07:30:00.000Z",
    });
    expect(examples.licensed).toMatchObject({ url: `${base}/Questionnaire/${licensed.id}`, version: "3L" });
    expect(examples.response).toMatchObject({
      status: "completed",
      questionnaire: `${base}/Questionnaire/${custom.id}|2026-03-02T07:30:00.000Z`,
      item: [
        { linkId: "q1", answer: [{ valueCoding: { code: "2", display: "Badly" } }] },
        { linkId: "q2", answer: [{ valueDecimal: 6.5 }] },
      ],
    });
    expect(examples.response.item).toHaveLength(2);
  });

  it("maps a completed appointment to fulfilled with the patient and the clinician", () => {
    expect(examples.appointment).toMatchObject({
      status: "fulfilled",
      start: "2026-03-10T10:00:00.000Z",
      participant: [{ actor: { reference: `Patient/${owner.enrolmentId}` } }, { actor: { display: "Sister Okafor" } }],
    });
  });

  it("emits only valid FHIR R4 (the official JSON schema), and the committed sample Bundle is this one", () => {
    const bundle = searchBundle(
      "https://openpro.example/fhir/R4",
      Object.values(examples),
      {
        self: "https://openpro.example/fhir/R4/Observation?_count=20",
        next: "https://openpro.example/fhir/R4/Observation?_count=20&_offset=20",
      },
      31,
    );
    const others = [
      capabilityStatement({ base: "https://openpro.example/fhir/R4", version: "1.0.0", date: "2026-01-01" }),
      operationOutcome("not-found", messages.notFound),
    ];
    for (const resource of [bundle, ...others]) expect(fhirSchemaProblems(resource)).toEqual([]);
    // The schema does refuse what is not FHIR (so the check above can fail).
    expect(fhirSchemaProblems({ ...examples.patient, gender: "F" })).not.toEqual([]);
    const file = fileURLToPath(new URL("../../../../../docs/fhir/sample-bundle.json", import.meta.url));
    // Compared as JSON: the file is formatted by the repository's formatter after it is written.
    if (process.env.FHIR_WRITE_SAMPLE === "1") writeFileSync(file, `${JSON.stringify(bundle, null, 2)}\n`);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(bundle);
  });
});

describe("FHIR search parameters", () => {
  it("reads date prefixes as instants (a day is a UTC day)", () => {
    expect(parseDateComparisons("date", "ge2026-03-01")).toEqual([{ op: ">=", at: new Date("2026-03-01T00:00:00Z") }]);
    expect(parseDateComparisons("date", "le2026-03-01")).toEqual([{ op: "<", at: new Date("2026-03-02T00:00:00Z") }]);
    expect(parseDateComparisons("date", "2026-03-01")).toHaveLength(2);
    expect(() => parseDateComparisons("date", "ge2026-02-30")).toThrow(
      messages.fhirInvalidDate("date", "ge2026-02-30"),
    );
  });

  it("refuses what it does not serve, naming the parameter", () => {
    expect(parseSearch("Observation", { _count: "10", patient: `Patient/${owner.enrolmentId}` })).toMatchObject({
      count: 10,
      patient: owner.enrolmentId,
    });
    expect(() => parseSearch("Observation", { "code:text": "nausea" })).toThrow(
      messages.fhirUnsupportedParameter("code:text", "Observation"),
    );
    expect(() => parseSearch("Patient", { _count: "0" })).toThrow(messages.fhirInvalidCount(500));
    expect(() => parseSearch("Appointment", { patient: "Grace" })).toThrow(messages.fhirInvalidPatient);
  });
});
