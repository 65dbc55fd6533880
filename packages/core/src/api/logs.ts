import { z } from "zod";
import { messages } from "../messages.js";
import {
  invalidationReasons,
  logClasses,
  medicationEventStatuses,
  medicationFrequencies,
  skipReasons,
  stepSources,
  validationStatuses,
} from "../rules/logs.js";
import { patientLanguages } from "../rules/patient-language.js";
import { UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";

/**
 * What the patients' app uploads (patient sessions) and what staff do with it: the symptom
 * catalogue, acknowledgement and invalidation. Field errors of a batch name the item:
 * `logs.3.grade`.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const clientId = z.string({ error: messages.logClientIdInvalid }).regex(UUID_PATTERN, messages.logClientIdInvalid);
/** ISO 8601 with an offset (the patient's local time zone matters for their calendar day). */
const loggedAt = z
  .string({ error: messages.logDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/, messages.logDateInvalid);
const note = z.string({ error: messages.logNoteInvalid }).trim().max(1000, messages.maxLength(1000)).optional();
const finite = (message: string) => z.number({ error: message }).finite(message);

const base = { clientId, date: loggedAt, note };

export const symptomLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("SYMPTOMS"),
  logTypeId: z.string({ error: messages.logTypeUnknown }).min(1, messages.logTypeUnknown).max(64),
  grade: z
    .number({ error: messages.logGradeInvalid })
    .int(messages.logGradeInvalid)
    .min(0, messages.logGradeInvalid)
    .max(4, messages.logGradeInvalid),
});
export const temperatureLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("TEMPERATURE"),
  value: finite(messages.logValueInvalid),
  unit: z.enum(["C", "F"], { error: messages.logUnitInvalid }),
});
export const weightLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("WEIGHT"),
  value: finite(messages.logValueInvalid),
  unit: z.enum(["kg", "lb"], { error: messages.logUnitInvalid }),
});
export const activityLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("ACTIVITY"),
  /** "Walking", "Cycling", or "Steps" for a step count. */
  activityType: z
    .string({ error: messages.logActivityInvalid })
    .trim()
    .min(1, messages.logActivityInvalid)
    .max(50, messages.maxLength(50)),
  steps: z
    .number({ error: messages.logValueInvalid })
    .int(messages.logValueInvalid)
    .min(0, messages.logValueInvalid)
    .optional(),
  durationMinutes: z
    .number({ error: messages.logValueInvalid })
    .int(messages.logValueInvalid)
    .min(0, messages.logValueInvalid)
    .optional(),
  source: z.enum(stepSources, { error: messages.logSourceInvalid }),
});
export const sleepLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("SLEEP"),
  hours: finite(messages.logValueInvalid),
});
export const nutritionLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("NUTRITION"),
  /** 1 (ate nothing) to 5 (ate normally). */
  value: z
    .number({ error: messages.logValueInvalid })
    .int(messages.logValueInvalid)
    .min(1, messages.logValueInvalid)
    .max(5, messages.logValueInvalid),
});
export const feelingLogUpload = z.strictObject({
  ...base,
  logClass: z.enum(["FEELING", "MOOD"]),
  /** 1 (very bad) to 5 (very good). */
  value: z
    .number({ error: messages.logValueInvalid })
    .int(messages.logValueInvalid)
    .min(1, messages.logValueInvalid)
    .max(5, messages.logValueInvalid),
});
export const bloodPressureLogUpload = z.strictObject({
  ...base,
  logClass: z.literal("BLOOD_PRESSURE"),
  systolic: z.number({ error: messages.logValueInvalid }).int(messages.logValueInvalid),
  diastolic: z.number({ error: messages.logValueInvalid }).int(messages.logValueInvalid),
  pulse: z.number({ error: messages.logValueInvalid }).int(messages.logValueInvalid).min(20).max(250).optional(),
});

export const logUpload = z.discriminatedUnion(
  "logClass",
  [
    symptomLogUpload,
    temperatureLogUpload,
    weightLogUpload,
    activityLogUpload,
    sleepLogUpload,
    nutritionLogUpload,
    feelingLogUpload,
    bloodPressureLogUpload,
  ],
  { error: messages.logClassInvalid },
);
export type LogUpload = z.infer<typeof logUpload>;

export const logBatchBody = z.strictObject(
  {
    logs: z
      .array(logUpload, { error: messages.logBatchSize })
      .min(1, messages.logBatchSize)
      .max(500, messages.logBatchSize),
  },
  { error: messages.logBodyInvalid },
);

/**
 * Per item, in the order sent: created now, already received earlier under the same clientId
 * (nothing changed), or (medications only) updated in place. `logId` is the server's id.
 */
export const uploadResultSchema = z.object({
  results: z.array(
    z.object({
      clientId: z.string(),
      /** The server's id; for an undone dose sent again (status "undone"), its clientId: nothing is recorded. */
      logId: z.string(),
      status: z.enum(["created", "duplicate", "updated", "undone"]),
    }),
  ),
});

/**
 * What the app shows the patient after a log upload: the program's alert message of each symptom
 * and grade sent (its default message after a severe grade it gave none), and its temperature
 * message for a temperature outside its thresholds (the territory's defaults where the program set
 * none); one entry per item that has one, in the order sent; a retried batch answers the same.
 * The message ends with whom to call (issue 30 §1): the care team's phones and the territory's
 * emergency numbers, also given apart so that the app can offer each as tap-to-call.
 */
export const alertMessageAnswer = z.object({
  clientId: z.string(),
  kind: z.enum(["symptom", "temperature"]),
  logTypeId: z.string().nullable(),
  grade: z.number().int().nullable(),
  message: z.string(),
  /**
   * The language `message` is in (issue 31 §3): the patient's when the program gave the message in
   * it (or it is OpenPRO's own), else the program's default language; the app marks a message not in
   * the patient's language and sets its `lang`. Absent from an older server.
   */
  messageLanguage: z.enum(patientLanguages).optional(),
  // Empty from a server older than issue 30 (the app then offers the program's care-team list).
  callNumbers: z.array(z.object({ careTeamName: z.string(), phone: z.string() })).default([]),
  emergencyNumbers: z.array(z.object({ number: z.string(), service: z.string() })).default([]),
});
export type AlertMessageAnswer = z.infer<typeof alertMessageAnswer>;
export const logUploadResultSchema = uploadResultSchema.extend({ alertMessages: z.array(alertMessageAnswer) });

export const medicationUpload = z.strictObject(
  {
    clientId,
    name: z.string({ error: messages.required }).trim().min(1, messages.required).max(200, messages.maxLength(200)),
    dosage: z.string({ error: messages.logTextInvalid }).trim().max(50, messages.maxLength(50)).optional(),
    dosageUnit: z.string({ error: messages.logTextInvalid }).trim().max(30, messages.maxLength(30)).optional(),
    frequency: z.enum(medicationFrequencies, { error: messages.medicationFrequencyInvalid }),
    snomedId: z
      .string({ error: messages.snomedIdInvalid })
      .regex(/^\d{6,18}$/, messages.snomedIdInvalid)
      .optional(),
    startDate: z.iso.date({ error: messages.dateInvalid }),
    endDate: z.iso.date({ error: messages.dateInvalid }).nullable().optional(),
  },
  { error: messages.logBodyInvalid },
);
export const medicationBatchBody = z.strictObject(
  {
    medications: z
      .array(medicationUpload, { error: messages.logBatchSize })
      .min(1, messages.logBatchSize)
      .max(100, messages.logBatchSize),
  },
  { error: messages.logBodyInvalid },
);

export const medicationEventUpload = z.strictObject(
  {
    clientId,
    /** The app's clientId of the medication this dose belongs to. */
    medicationClientId: clientId,
    status: z.enum(["LOGGED", "SKIPPED"], { error: messages.medicationEventStatusInvalid }),
    date: loggedAt,
    skipReason: z.enum(skipReasons, { error: messages.skipReasonInvalid }).optional(),
    notes: note,
  },
  { error: messages.logBodyInvalid },
);
export const medicationEventBatchBody = z.strictObject(
  {
    events: z
      .array(medicationEventUpload, { error: messages.logBatchSize })
      .min(1, messages.logBatchSize)
      .max(500, messages.logBatchSize),
  },
  { error: messages.logBodyInvalid },
);

export const logLevelSchema = z.object({
  id: z.string(),
  grade: z.number().int(),
  label: z.string(),
  isDanger: z.boolean(),
});
/**
 * A symptom of the catalogue: a CTCAE v5.0 term, its MedDRA code as identifier. A term the catalogue
 * no longer holds (a log older than the catalogue) has `ctcaeVersion` and `category` "": unknown,
 * never guessed (`logTypeOrUnlisted`).
 */
export const logTypeSchema = z.object({
  logTypeId: z.string(),
  name: z.string(),
  identifier: z.string(),
  ctcaeVersion: z.string(),
  category: z.string(),
  levels: z.array(logLevelSchema),
});
export type LogType = z.infer<typeof logTypeSchema>;

/** A log as staff see it (report items, acknowledgement answers). */
export const logItemSchema = z.object({
  logId: z.string(),
  logClass: z.enum(logClasses),
  date: z.string(),
  localDate: z.string(),
  logTypeId: z.string().nullable(),
  validationStatus: z.enum(validationStatuses).nullable(),
  validationReason: z.string().nullable(),
  level: z.object({ grade: z.number().int(), isDanger: z.boolean() }).nullable(),
  data: z.object({
    grade: z.number().int().nullable().optional(),
    value: z.number().nullable().optional(),
    unit: z.string().nullable().optional(),
    originalValue: z.number().nullable().optional(),
    originalUnit: z.string().nullable().optional(),
    note: z.string().nullable().optional(),
    activityType: z.string().optional(),
    steps: z.number().optional(),
    durationMinutes: z.number().optional(),
    source: z.enum(stepSources).optional(),
    systolic: z.number().optional(),
    diastolic: z.number().optional(),
    pulse: z.number().optional(),
  }),
});
export type LogItem = z.infer<typeof logItemSchema>;

export const medicationSchema = z.object({
  medicationId: z.string(),
  name: z.string(),
  dosage: z.string().nullable(),
  dosageUnit: z.string().nullable(),
  frequency: z.enum(medicationFrequencies),
  snomedId: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type Medication = z.infer<typeof medicationSchema>;

export const medicationEventSchema = z.object({
  medicationEventId: z.string().nullable(),
  medicationId: z.string(),
  status: z.enum(medicationEventStatuses),
  date: z.string(),
  notes: z.string().nullable(),
  skipReasonNotes: z.string().nullable(),
  displaySkipReasonType: z.string().nullable(),
  displayMedication: z.object({
    name: z.string(),
    dosage: z.string().nullable(),
    dosageUnit: z.string().nullable(),
    snomedId: z.string().nullable(),
  }),
});
export type MedicationEvent = z.infer<typeof medicationEventSchema>;

/** A medication as the patient's app lists it: with the app's clientId (doses name it) and the last dose. */
export const patientMedicationSchema = medicationSchema.extend({
  clientId: z.string(),
  lastDose: z.object({ status: z.enum(medicationEventStatuses), date: z.string() }).nullable(),
});
export type PatientMedication = z.infer<typeof patientMedicationSchema>;

/** A dose taken or skipped, as the patient's history lists it. */
export const patientDoseSchema = z.object({
  medicationEventId: z.string(),
  medicationName: z.string(),
  status: z.enum(medicationEventStatuses),
  date: z.string(),
  localDate: z.string(),
  skipReason: z.enum(skipReasons).nullable(),
});
export type PatientDose = z.infer<typeof patientDoseSchema>;

export const myHistoryQuery = z.strictObject({
  days: z.coerce
    .number({ error: messages.logHistoryDaysInvalid })
    .int(messages.logHistoryDaysInvalid)
    .min(1, messages.logHistoryDaysInvalid)
    .max(90, messages.logHistoryDaysInvalid)
    .default(28),
});

export const validateLogBody = z.discriminatedUnion(
  "status",
  [
    z.strictObject({
      status: z.literal("Acknowledged"),
      reason: z.string({ error: messages.logTextInvalid }).trim().max(200, messages.maxLength(200)).optional(),
    }),
    z.strictObject({
      status: z.literal("Removed"),
      reason: z.enum(invalidationReasons, { error: messages.invalidationReasonRequired }),
    }),
  ],
  { error: messages.validationStatusInvalid },
);

const programParams = z.strictObject({ projectId: uuid });
const validateParams = z.strictObject({ logId: uuid, projectId: uuid });

export const logsApi = {
  upload: endpoint({
    method: "POST",
    path: "/api/v1/user/projects/:projectId/logs",
    summary:
      "The app uploads up to 500 logs in one transaction. Idempotent per clientId: a retried batch creates nothing twice and answers as the first time.",
    tags: ["patient app"],
    auth: true,
    params: programParams,
    body: logBatchBody,
    response: logUploadResultSchema,
  }),
  uploadMedications: endpoint({
    method: "POST",
    path: "/api/v1/user/projects/:projectId/medications",
    summary: "The app creates or updates the patient's medications (matched on clientId).",
    tags: ["patient app"],
    auth: true,
    params: programParams,
    body: medicationBatchBody,
    response: uploadResultSchema,
  }),
  uploadMedicationEvents: endpoint({
    method: "POST",
    path: "/api/v1/user/projects/:projectId/medication-events",
    summary: "The app uploads doses taken or skipped. Idempotent per clientId.",
    tags: ["patient app"],
    auth: true,
    params: programParams,
    body: medicationEventBatchBody,
    response: uploadResultSchema,
  }),
  undoDose: endpoint({
    method: "DELETE",
    path: "/api/v1/user/projects/:projectId/medication-events/:clientId",
    summary:
      "The patient undoes a dose they recorded (by the app's clientId), on the day it was taken. Idempotent: undoing again answers 204; a retried upload of that clientId does not bring it back.",
    tags: ["patient app"],
    auth: true,
    params: z.strictObject({ projectId: uuid, clientId }),
    response: emptyResponse,
    status: 204,
  }),
  myMedications: endpoint({
    method: "GET",
    path: "/api/v1/user/projects/:projectId/medications",
    summary: "The patient's own medications in this program, with each one's clientId and last dose.",
    tags: ["patient app"],
    auth: true,
    params: programParams,
    response: z.object({ results: z.array(patientMedicationSchema) }),
  }),
  myHistory: endpoint({
    method: "GET",
    path: "/api/v1/user/projects/:projectId/logs",
    summary: "What the patient logged in this program in the last days (28 unless days= 1–90), newest first.",
    tags: ["patient app"],
    auth: true,
    params: programParams,
    query: myHistoryQuery,
    response: z.object({ results: z.array(logItemSchema), doses: z.array(patientDoseSchema) }),
  }),
  types: endpoint({
    method: "GET",
    path: "/api/v1/logs/types",
    summary: "The symptom catalogue: CTCAE v5.0 terms with grades 0–4 and which grades are danger grades.",
    tags: ["logs"],
    auth: true,
    response: z.object({ results: z.array(logTypeSchema) }),
  }),
  validate: endpoint({
    method: "POST",
    path: "/api/v1/logs/:logId/validate/:projectId",
    summary: "Acknowledge a new log, or invalidate (Removed) it with a reason.",
    tags: ["logs"],
    auth: true,
    params: validateParams,
    body: validateLogBody,
    response: logItemSchema,
  }),
  revalidate: endpoint({
    method: "PATCH",
    path: "/api/v1/logs/:logId/validate/:projectId",
    summary: "Change the status or reason of a log already acknowledged.",
    tags: ["logs"],
    auth: true,
    params: validateParams,
    body: validateLogBody,
    response: logItemSchema,
  }),
};
