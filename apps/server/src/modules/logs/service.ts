import type { logBatchBody, medicationBatchBody, medicationEventBatchBody, validateLogBody } from "@openpro/core";
import {
  type AlertMessageAnswer,
  clockSkewAllowanceSeconds,
  ctcaeCatalogue,
  doseUndoable,
  findLogType,
  isDangerGrade,
  type LogClass,
  type LogItem,
  type LogUpload,
  localDateOf,
  type Medication,
  type MedicationFrequency,
  messages,
  type NoteType,
  type PatientDose,
  type PatientMedication,
  plausible,
  programState,
  type SkipReason,
  type StepSource,
  type Territory,
  toCelsius,
  todayIn,
  toKilograms,
  utcOffsetOf,
  type ValidationStatus,
} from "@openpro/core";
import type { z } from "zod";
import { inProgram } from "../../platform/access/program-scope.js";
import { conflict, type FieldError, forbidden, notFound, unprocessable } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

// ---------------------------------------------------------------------------------------------
// What another module adds to an upload (issue 34 §4: logs knows nothing of alerts)

/** One item of an upload as the logs module checked it: temperatures in °C. */
export interface UploadedItem {
  clientId: string;
  logClass: string;
  logTypeId: string | null;
  grade: number | null;
  celsius: number | null;
}

/** The program an upload goes to, as the upload read it with the enrolment. */
export interface UploadProgram {
  id: string;
  territory: Territory;
  temperatureMin: string | number | null;
  temperatureMax: string | number | null;
  temperatureMessage: string | null;
  defaultAlertMessage: string | null;
  /** The messages in other languages than the program's default (issue 31 §3). */
  temperatureMessageTranslations: Partial<Record<string, string>>;
  defaultAlertMessageTranslations: Partial<Record<string, string>>;
  /** The uploading patient's chosen language (null: none chosen). */
  patientLanguage: string | null;
  careTeam: readonly { careTeamName: string; contactPhones: readonly string[] }[];
}

/** The program's message for a symptom at a grade (its severe-symptom settings), read with the enrolment. */
export type ProgramSymptomMessages = readonly {
  logTypeId: string;
  grade: number;
  /** In the program's default language. */
  message: string;
  /** The message in the program's other languages (language → text; absent: none given). */
  translations?: Partial<Record<string, string>> | null;
}[];

/**
 * A module's part in an upload of logs, handed to the logs routes by app.ts (the alerts module's
 * alertsOfLogUpload: the messages the app shows the patient and the care team's alerts). It plans
 * from what the patient sent, before the INSERT; what it adds to the INSERT runs in the same
 * statement, so the logs and what the hook writes commit together or not at all.
 */
export interface LogUploadHook {
  /** Whether the upload reads the program's symptom messages and care team with its enrolment. */
  needsProgramMessages(items: readonly { logClass: string }[]): boolean;
  plan(
    scope: RequestScope,
    program: UploadProgram,
    items: readonly UploadedItem[],
    /** Empty unless needsProgramMessages said so. */
    messages: ProgramSymptomMessages,
  ): {
    /** Answered to the app with the upload's results. */
    alertMessages: AlertMessageAnswer[];
    /** Common table expressions added to the upload's INSERT (q.AfterLogsCreated); null: nothing to add. */
    after: q.AfterLogsCreated | null;
  };
}

/** Row-level reads the reports module builds on (program and patient checked by the caller). */
export {
  findLogsOfPatient,
  findMedicationEventsOfPatient,
  findMedicationsOfPatient,
  type LogRow,
  type MedicationEventRow,
  type MedicationRow,
} from "./queries.js";

/** "undone": a dose the patient undid, sent again from the phone's queue; not recorded again (logId: its clientId). */
type UploadResult = { clientId: string; logId: string; status: "created" | "duplicate" | "updated" | "undone" };

/** The symptom catalogue (CTCAE v5.0 terms). */
export const listLogTypes = () => ({ results: [...ctcaeCatalogue] });

// ---------------------------------------------------------------------------------------------
// Mappers

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The columns of a log that staff see: a row of patient_logs, or the participant report's JSON of one. */
export type LogItemSource = Pick<
  q.LogRow,
  | "id"
  | "logClass"
  | "localDate"
  | "logTypeId"
  | "grade"
  | "isDanger"
  | "value"
  | "unit"
  | "originalValue"
  | "originalUnit"
  | "note"
  | "validationStatus"
  | "validationReason"
> & { loggedAt: Date | string; data: unknown };

/** A log row as staff see it (report items, acknowledgement answers). */
export const toLogItem = (row: LogItemSource): LogItem => {
  const data = (row.data ?? {}) as Record<string, unknown>;
  const extra: LogItem["data"] = {};
  if (typeof data.activityType === "string") extra.activityType = data.activityType;
  if (typeof data.steps === "number") extra.steps = data.steps;
  if (typeof data.durationMinutes === "number") extra.durationMinutes = data.durationMinutes;
  if (typeof data.source === "string") extra.source = data.source as StepSource;
  if (typeof data.systolic === "number") extra.systolic = data.systolic;
  if (typeof data.diastolic === "number") extra.diastolic = data.diastolic;
  if (typeof data.pulse === "number") extra.pulse = data.pulse;
  const isSymptom = row.logClass === "SYMPTOMS";
  return {
    logId: row.id,
    logClass: row.logClass as LogClass,
    date: new Date(row.loggedAt).toISOString(),
    localDate: row.localDate,
    logTypeId: row.logTypeId,
    validationStatus: row.validationStatus,
    validationReason: row.validationReason,
    // A missing grade shows as grade 0.
    level: isSymptom ? { grade: row.grade ?? 0, isDanger: row.isDanger } : null,
    data: {
      grade: row.grade,
      value: numberOrNull(row.value),
      unit: row.unit,
      originalValue: numberOrNull(row.originalValue),
      originalUnit: row.originalUnit,
      note: row.note,
      ...extra,
    },
  };
};

/** A medication as staff see it; any row with the medication's columns will do. */
export const toMedication = (
  row: Pick<
    q.MedicationRow,
    "id" | "name" | "dosage" | "dosageUnit" | "frequency" | "snomedId" | "startDate" | "endDate"
  >,
): Medication => ({
  medicationId: row.id,
  name: row.name,
  dosage: row.dosage,
  dosageUnit: row.dosageUnit,
  frequency: row.frequency as MedicationFrequency,
  snomedId: row.snomedId,
  startDate: row.startDate,
  endDate: row.endDate,
});

// ---------------------------------------------------------------------------------------------
// Uploads from the app

/** The enrolment a patient sends data to: accepted (else 404), consented, not withdrawn, program open (else 403). */
const uploadTarget = async (scope: RequestScope, programId: string, withAlertPairs = false) => {
  const target = await q.findUploadTarget(scope.ctx.db, programId, scope.actor.userId, withAlertPairs);
  if (!target?.inviteAcceptedAt) throw notFound();
  const { closed } = programState(
    { startDate: target.startDate, endDate: target.endDate, endedAt: target.endedAt?.toISOString() ?? null },
    todayIn(target.territory as Territory, scope.ctx.clock.now()),
  );
  if (closed || !target.consentGiven || target.status !== "CONSENTED" || !target.dateConsentGiven) {
    throw forbidden(messages.logUploadNotAllowed);
  }
  const program = {
    id: programId,
    territory: target.territory as Territory,
    disabledNoteTypes: target.disabledNoteTypes as NoteType[],
    temperatureMin: target.temperatureMin,
    temperatureMax: target.temperatureMax,
    temperatureMessage: target.temperatureMessage,
    defaultAlertMessage: target.defaultAlertMessage,
    temperatureMessageTranslations: target.temperatureMessageTranslations ?? {},
    defaultAlertMessageTranslations: target.defaultAlertMessageTranslations ?? {},
    patientLanguage: target.patientLanguage,
    careTeam: target.careTeam ?? [],
  };
  return {
    enrolment: target,
    program,
    consentedAt: new Date(target.dateConsentGiven),
    alertPairs: target.alertPairs ?? [],
  };
};

/** An ISO 8601 instant with its offset, as the contract admits it ("+0100" too). */
const parseInstant = (iso: string): { at: Date; offset: number } | null => {
  const offset = utcOffsetOf(iso);
  if (offset === null) return null;
  const normalised = iso.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const at = new Date(normalised);
  if (Number.isNaN(at.getTime())) return null;
  // Date accepts 2026-02-31 as 3 March; the calendar part must survive the round trip.
  const local = localDateOf(at, offset);
  if (local !== iso.slice(0, 10)) return null;
  return { at, offset };
};

/** The checks every dated item shares: a real instant, not ahead of now, not before consent. */
const checkDate = (
  iso: string,
  field: string,
  now: Date,
  consentedAt: Date,
  errors: FieldError[],
): { at: Date; offset: number; localDate: string } | null => {
  const parsed = parseInstant(iso);
  if (!parsed) {
    errors.push({ field, message: messages.logDateInvalid });
    return null;
  }
  if (parsed.at.getTime() > now.getTime() + clockSkewAllowanceSeconds * 1000) {
    errors.push({ field, message: messages.logDateInFuture });
    return null;
  }
  const localDate = localDateOf(parsed.at, parsed.offset);
  // Compared on the patient's own calendar: a log of the day they consented counts.
  if (localDate < localDateOf(consentedAt, parsed.offset)) {
    errors.push({ field, message: messages.logDateBeforeConsent });
    return null;
  }
  return { ...parsed, localDate };
};

/** The kind of note a log class carries, as programs switch them off. */
const noteTypeOf: Partial<Record<LogClass, NoteType>> = {
  ACTIVITY: "activity",
  SYMPTOMS: "symptoms",
  TEMPERATURE: "temperature",
};

const within = (value: number, range: { min?: number; max?: number }) =>
  (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);

/** The measured part of one item, in canonical units, with the fields that failed. */
const measure = (item: LogUpload, path: string, errors: FieldError[]) => {
  const implausible = (field: string) =>
    errors.push({ field: `${path}.${field}`, message: messages.logValueImplausible });
  const out: Omit<q.UploadedLogRow, "clientId" | "logClass" | "loggedAt" | "localDate" | "utcOffsetMinutes" | "note"> =
    {
      logTypeId: null,
      grade: null,
      isDanger: false,
      value: null,
      unit: null,
      originalValue: null,
      originalUnit: null,
      data: {},
    };
  switch (item.logClass) {
    case "SYMPTOMS":
      if (!findLogType(item.logTypeId)) errors.push({ field: `${path}.logTypeId`, message: messages.logTypeUnknown });
      out.logTypeId = item.logTypeId;
      out.grade = item.grade;
      out.isDanger = isDangerGrade(item.grade);
      break;
    case "TEMPERATURE": {
      const celsius = toCelsius(item.value, item.unit);
      if (!within(celsius, plausible.temperatureC)) implausible("value");
      Object.assign(out, { value: celsius, unit: "C", originalValue: item.value, originalUnit: item.unit });
      break;
    }
    case "WEIGHT": {
      const kg = toKilograms(item.value, item.unit);
      if (!within(kg, plausible.weightKg)) implausible("value");
      Object.assign(out, { value: kg, unit: "kg", originalValue: item.value, originalUnit: item.unit });
      break;
    }
    case "ACTIVITY":
      if (item.steps !== undefined && item.steps > plausible.stepsPerLog.max) implausible("steps");
      if (item.durationMinutes !== undefined && item.durationMinutes > plausible.activityMinutes.max)
        implausible("durationMinutes");
      if (item.steps !== undefined) Object.assign(out, { value: item.steps, unit: "steps" });
      else if (item.durationMinutes !== undefined) Object.assign(out, { value: item.durationMinutes, unit: "min" });
      out.data = {
        activityType: item.activityType,
        source: item.source,
        ...(item.steps !== undefined ? { steps: item.steps } : {}),
        ...(item.durationMinutes !== undefined ? { durationMinutes: item.durationMinutes } : {}),
      };
      break;
    case "SLEEP":
      if (!within(item.hours, { min: 0, max: plausible.sleepHours.max })) implausible("hours");
      Object.assign(out, { value: item.hours, unit: "h" });
      break;
    case "NUTRITION":
    case "FEELING":
    case "MOOD":
      out.value = item.value;
      break;
    case "BLOOD_PRESSURE":
      if (!within(item.systolic, plausible.systolic)) implausible("systolic");
      if (!within(item.diastolic, plausible.diastolic)) implausible("diastolic");
      Object.assign(out, { value: item.systolic, unit: "mmHg" });
      out.data = {
        systolic: item.systolic,
        diastolic: item.diastolic,
        ...(item.pulse !== undefined ? { pulse: item.pulse } : {}),
      };
      break;
  }
  return out;
};

/** Client ids used twice in one upload make its answer ambiguous; the app must send each once. */
const checkUniqueClientIds = (items: readonly { clientId: string }[], list: string, errors: FieldError[]) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = item.clientId.toLowerCase();
    if (seen.has(key)) errors.push({ field: `${list}.${i}.clientId`, message: messages.logClientIdDuplicate });
    seen.add(key);
  });
};

/**
 * How an upload written on the patient's client ids (ON CONFLICT on them) answers, in the order
 * sent: the row the write created (or, `inserted` false, updated), else the one already stored
 * under that client id (a retry, or a row of another program left as it was), read only for the
 * client ids the write passed over.
 */
const answerUpload = async (
  clientIds: string[],
  written: readonly { id: string; clientId: string; inserted?: boolean }[],
  findStored: (passedOver: string[]) => Promise<{ id: string; clientId: string }[]>,
): Promise<UploadResult[]> => {
  const writtenBy = new Map(written.map((r) => [r.clientId.toLowerCase(), r]));
  const passedOver = clientIds.filter((id) => !writtenBy.has(id.toLowerCase()));
  const storedBy = new Map((await findStored(passedOver)).map((r) => [r.clientId.toLowerCase(), r.id]));
  return clientIds.map((clientId) => {
    const key = clientId.toLowerCase();
    const row = writtenBy.get(key);
    if (!row) return { clientId, logId: storedBy.get(key)!, status: "duplicate" };
    return { clientId, logId: row.id, status: "inserted" in row && !row.inserted ? "updated" : "created" };
  });
};

/**
 * A batch of logs from the app: all items checked first (every error reported, nothing written),
 * then one statement: INSERT … ON CONFLICT DO NOTHING, what the hook adds, the audit entry (atomic
 * on its own: no transaction around it). A retried batch creates nothing
 * and answers the same ids; items already received are not checked again, so a retry still
 * succeeds after, say, the program switched a kind of note off. Which items were received before
 * is asked only when some item fails its checks: a batch that passes needs no such read, the
 * INSERT skips what it already holds. The program's symptom messages and care team are read with
 * the enrolment when the hook needs them.
 */
export const uploadLogs = async (
  scope: RequestScope,
  programId: string,
  body: z.output<typeof logBatchBody>,
  hook: LogUploadHook,
): Promise<{ results: UploadResult[]; alertMessages: AlertMessageAnswer[] }> => {
  const { program, consentedAt, alertPairs } = await uploadTarget(
    scope,
    programId,
    hook.needsProgramMessages(body.logs),
  );
  const now = scope.ctx.clock.now();
  const disabledNotes = new Set(program.disabledNoteTypes);
  const uniqueErrors: FieldError[] = [];
  checkUniqueClientIds(body.logs, "logs", uniqueErrors);
  const clientIds = body.logs.map((item) => item.clientId.toLowerCase());
  const checked = body.logs.map((item, i) => {
    const errors: FieldError[] = [];
    const path = `logs.${i}`;
    const when = checkDate(item.date, `${path}.date`, now, consentedAt, errors);
    const measured = measure(item, path, errors);
    const note = item.note ? item.note : null;
    const noteType = noteTypeOf[item.logClass];
    if (note && noteType && disabledNotes.has(noteType)) {
      errors.push({ field: `${path}.note`, message: messages.logNotesDisabled });
    }
    const row: q.UploadedLogRow | null = when
      ? {
          clientId: clientIds[i]!,
          logClass: item.logClass,
          loggedAt: when.at,
          localDate: when.localDate,
          utcOffsetMinutes: when.offset,
          ...measured,
          note,
        }
      : null;
    return { errors, row };
  });
  let received = new Set<string>();
  if (checked.some((c) => c.errors.length > 0)) {
    received = new Set(
      (await q.findLogIdsByClientIds(scope.ctx.db, scope.actor.userId, clientIds)).map((r) => r.clientId),
    );
  }
  const fresh = checked.filter((_, i) => !received.has(clientIds[i]!));
  const errors = [...uniqueErrors, ...fresh.flatMap((c) => c.errors)];
  if (errors.length > 0) throw unprocessable(sortErrors(errors));
  const rows = fresh.flatMap((c) => (c.row ? [c.row] : []));

  // What the hook adds (the alerts module: the messages the app shows, and the care team's alerts
  // of the logs the INSERT creates, raised by the same statement), planned from what was sent.
  const plan = hook.plan(
    scope,
    program,
    checked.flatMap((c, i) => (c.row ? [alertItemOf(body.logs[i]!, c.row)] : [])),
    alertPairs,
  );

  // One statement writes the logs, raises or attaches the care team's alerts (enqueueing the
  // announcement of each new one) and appends the upload's audit entry: atomic on its own, so no
  // transaction and its two round trips.
  const event = { action: "logs.upload", entityType: "patient_logs", programId, patientId: scope.actor.userId };
  const created = await q.insertLogs(
    scope.ctx.db,
    { programId, patientId: scope.actor.userId, receivedAt: now, rows, received: clientIds.length },
    plan.after,
    (details) => scope.auditInStatement(event, details),
  );
  // Nothing to write (every item already received): the entry alone.
  if (rows.length === 0)
    await scope.audit({ ...event, details: { received: clientIds.length, created: 0, duplicates: clientIds.length } });
  const results = await answerUpload(clientIds, created, (passedOver) =>
    q.findLogIdsByClientIds(scope.ctx.db, scope.actor.userId, passedOver),
  );
  return { results: restoreClientIds(body.logs, results), alertMessages: plan.alertMessages };
};

/** What the hook sees of an item (temperatures in °C, as stored). */
const alertItemOf = (item: LogUpload, row: q.UploadedLogRow): UploadedItem => ({
  clientId: item.clientId,
  logClass: row.logClass,
  logTypeId: row.logTypeId,
  grade: row.grade,
  celsius: row.logClass === "TEMPERATURE" ? row.value : null,
});

/** The answer carries each client id as the app sent it. */
const restoreClientIds = (items: readonly { clientId: string }[], results: UploadResult[]) =>
  results.map((r, i) => ({ ...r, clientId: items[i]!.clientId }));

/** Errors in item order, then field order within an item, as the app lists them. */
const sortErrors = (errors: FieldError[]) => {
  const indexOf = (field: string) => Number(field.split(".")[1] ?? -1);
  return errors
    .map((e, n) => ({ e, n }))
    .sort((a, b) => indexOf(a.e.field) - indexOf(b.e.field) || a.n - b.n)
    .map(({ e }) => e);
};

/** The patient's medication list: created or updated on the app's client id. */
export const uploadMedications = async (
  scope: RequestScope,
  programId: string,
  body: z.output<typeof medicationBatchBody>,
): Promise<{ results: UploadResult[] }> => {
  await uploadTarget(scope, programId);
  const now = scope.ctx.clock.now();
  const errors: FieldError[] = [];
  checkUniqueClientIds(body.medications, "medications", errors);
  body.medications.forEach((m, i) => {
    if (m.endDate && m.endDate < m.startDate) {
      errors.push({ field: `medications.${i}.endDate`, message: messages.dateRangeInvalid });
    }
  });
  if (errors.length > 0) throw unprocessable(sortErrors(errors));
  const rows: q.NewMedication[] = body.medications.map((m) => ({
    programId,
    patientId: scope.actor.userId,
    clientId: m.clientId.toLowerCase(),
    name: m.name,
    dosage: m.dosage || null,
    dosageUnit: m.dosageUnit || null,
    frequency: m.frequency,
    snomedId: m.snomedId ?? null,
    startDate: m.startDate,
    endDate: m.endDate ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  const clientIds = rows.map((r) => r.clientId);
  const results = await scope.ctx.db.transaction().execute(async (trx) => {
    const written = await q.upsertMedications(trx, programId, rows);
    // A client id of a medication of another program is passed over: left as it was, a duplicate.
    const answers = await answerUpload(clientIds, written, (passedOver) =>
      q.findMedicationIdsByClientIds(trx, scope.actor.userId, passedOver),
    );
    await scope.audit(
      {
        action: "medications.upload",
        entityType: "patient_medications",
        programId,
        patientId: scope.actor.userId,
        details: { received: rows.length, created: written.filter((r) => r.inserted).length },
      },
      trx,
    );
    return answers;
  });
  return { results: restoreClientIds(body.medications, results) };
};

/** Doses taken or skipped; each must name one of the patient's medications in this program. */
export const uploadMedicationEvents = async (
  scope: RequestScope,
  programId: string,
  body: z.output<typeof medicationEventBatchBody>,
): Promise<{ results: UploadResult[] }> => {
  const { program, consentedAt } = await uploadTarget(scope, programId);
  const now = scope.ctx.clock.now();
  const errors: FieldError[] = [];
  checkUniqueClientIds(body.events, "events", errors);
  const clientIds = body.events.map((event) => event.clientId.toLowerCase());
  const received = new Set(
    (await q.findMedicationEventIdsByClientIds(scope.ctx.db, scope.actor.userId, clientIds)).map((r) => r.clientId),
  );
  // A dose the patient undid stays undone, whatever the phone's queue sends again (issue 30 §4.3).
  const undone = new Set((await q.findUndoneDoses(scope.ctx.db, scope.actor.userId, clientIds)).map((r) => r.clientId));
  for (const id of undone) received.add(id);
  const medicationIds = new Map(
    (
      await q.findMedicationIdsByClientIds(
        scope.ctx.db,
        scope.actor.userId,
        body.events.map((e) => e.medicationClientId.toLowerCase()),
      )
    )
      .filter((m) => m.programId === programId)
      .map((m) => [m.clientId, m.id]),
  );
  const notesDisabled = program.disabledNoteTypes.includes("medications");
  const rows: q.NewMedicationEvent[] = [];
  body.events.forEach((event, i) => {
    if (received.has(clientIds[i]!)) return;
    const path = `events.${i}`;
    const when = checkDate(event.date, `${path}.date`, now, consentedAt, errors);
    const medicationId = medicationIds.get(event.medicationClientId.toLowerCase());
    if (!medicationId) errors.push({ field: `${path}.medicationClientId`, message: messages.medicationUnknown });
    if (event.notes && notesDisabled) errors.push({ field: `${path}.notes`, message: messages.logNotesDisabled });
    if (!when || !medicationId) return;
    rows.push({
      programId,
      patientId: scope.actor.userId,
      medicationId,
      clientId: event.clientId.toLowerCase(),
      status: event.status,
      takenAt: when.at,
      localDate: when.localDate,
      utcOffsetMinutes: when.offset,
      skipReason: event.status === "SKIPPED" ? (event.skipReason ?? null) : null,
      notes: event.notes || null,
      receivedAt: now,
    });
  });
  if (errors.length > 0) throw unprocessable(sortErrors(errors));
  const results = await scope.ctx.db.transaction().execute(async (trx) => {
    const created = await q.insertMedicationEvents(trx, rows);
    const answers = await answerUpload(clientIds, created, (passedOver) =>
      q.findMedicationEventIdsByClientIds(trx, scope.actor.userId, passedOver),
    );
    const duplicates = answers.filter((r) => r.status === "duplicate").length;
    await scope.audit(
      {
        action: "medication-events.upload",
        entityType: "medication_events",
        programId,
        patientId: scope.actor.userId,
        details: { received: clientIds.length, created: created.length, duplicates },
      },
      trx,
    );
    return answers.map(
      (r): UploadResult => (undone.has(r.clientId) ? { clientId: r.clientId, logId: r.clientId, status: "undone" } : r),
    );
  });
  return { results: restoreClientIds(body.events, results) };
};

/**
 * "I took it" taken back (issue 30 §4.3): the patient's own dose of this client id in this program,
 * on the day it was taken (core doseUndoable, the patient's calendar day). Its row is deleted, so
 * adherence in every report and the dashboard's roll-up follow at once; its client id is kept as
 * undone, so undoing again answers the same and a retried upload does not bring it back. Audited.
 * Another patient's dose, or one of another program, is not found (404).
 */
export const undoMyDose = async (scope: RequestScope, programId: string, rawClientId: string): Promise<null> => {
  await uploadTarget(scope, programId);
  const clientId = rawClientId.toLowerCase();
  const patientId = scope.actor.userId;
  const now = scope.ctx.clock.now();
  return scope.ctx.db.transaction().execute(async (trx) => {
    const dose = await q.lockDoseByClientId(trx, programId, patientId, clientId);
    if (!dose) {
      const undone = await q.findUndoneDoses(trx, patientId, [clientId]);
      if (undone.some((u) => u.programId === programId)) return null;
      throw notFound();
    }
    if (!doseUndoable({ localDate: String(dose.localDate), utcOffsetMinutes: dose.utcOffsetMinutes }, now)) {
      throw conflict(messages.doseUndoTooLate);
    }
    await q.undoDose(trx, { id: dose.id, programId, patientId, clientId }, now);
    await scope.audit(
      {
        action: "medication-event.undo",
        entityType: "medication_events",
        entityId: dose.id,
        programId,
        patientId,
        details: { clientId, status: dose.status, localDate: String(dose.localDate) },
      },
      trx,
    );
    return null;
  });
};

// ---------------------------------------------------------------------------------------------
// What the patient's app reads back

/** Logs and doses of the last days the app lists at most (a patient logs far fewer). */
const HISTORY_LIMIT = 500;

/** The patient's medication list, for the app's "take or skip a dose" screen (an audited read). */
export const listMyMedications = async (
  scope: RequestScope,
  programId: string,
): Promise<{ results: PatientMedication[] }> => {
  await uploadTarget(scope, programId);
  const rows = await q.findMyMedications(scope.ctx.db, programId, scope.actor.userId);
  await scope.audit({
    action: "medications.read-own",
    entityType: "patient_medications",
    programId,
    patientId: scope.actor.userId,
    details: { count: rows.length },
  });
  return {
    results: rows.map((row) => ({
      ...toMedication(row),
      clientId: row.clientId,
      lastDose:
        row.lastStatus && row.lastTakenAt
          ? { status: row.lastStatus, date: new Date(row.lastTakenAt).toISOString() }
          : null,
    })),
  };
};

/** What the patient logged (logs and doses) in the last `days` days, newest first (an audited read). */
export const listMyHistory = async (
  scope: RequestScope,
  programId: string,
  days: number,
): Promise<{ results: LogItem[]; doses: PatientDose[] }> => {
  await uploadTarget(scope, programId);
  const from = new Date(scope.ctx.clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const filter = { programId, patientId: scope.actor.userId, from, limit: HISTORY_LIMIT };
  const [logs, doses] = await Promise.all([
    q.findRecentLogsOfPatient(scope.ctx.db, filter),
    q.findRecentDosesOfPatient(scope.ctx.db, filter),
  ]);
  await scope.audit({
    action: "logs.read-own",
    entityType: "patient_logs",
    programId,
    patientId: scope.actor.userId,
    details: { days, logs: logs.length, doses: doses.length },
  });
  return {
    results: logs.map(toLogItem),
    doses: doses.map((dose) => ({
      medicationEventId: dose.id,
      medicationName: dose.name,
      status: dose.status,
      date: new Date(dose.takenAt).toISOString(),
      localDate: dose.localDate,
      skipReason: (dose.skipReason as SkipReason | null) ?? null,
    })),
  };
};

// ---------------------------------------------------------------------------------------------
// Acknowledgement and invalidation by the care team

/**
 * POST acknowledges a new log or invalidates it (Removed, with a reason); PATCH changes a log
 * already acknowledged. A Removed log stays as it is. The change and its audit entry (before and
 * after) are one transaction; the severe-symptom counter follows by trigger.
 */
export const validateLog = async (
  scope: RequestScope,
  programId: string,
  logId: string,
  body: z.output<typeof validateLogBody>,
  mode: "create" | "update",
): Promise<LogItem> => {
  await inProgram(scope, programId);
  const updated = await scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.findLogForUpdate(trx, logId);
    if (!row || row.programId !== programId) throw notFound();
    refuseTransition(row.validationStatus, mode);
    const validationReason = body.reason ? body.reason : null;
    const next = await q.updateLogValidation(trx, logId, {
      validationStatus: body.status,
      validationReason,
      by: scope.actor.userId,
      at: scope.ctx.clock.now(),
    });
    await scope.audit(
      {
        action: mode === "create" ? "log.validate" : "log.revalidate",
        entityType: "patient_log",
        entityId: logId,
        programId,
        patientId: row.patientId,
        details: {
          before: { status: row.validationStatus, reason: row.validationReason },
          after: { status: next.validationStatus, reason: next.validationReason },
        },
      },
      trx,
    );
    return next;
  });
  return toLogItem(updated);
};

const refuseTransition = (current: ValidationStatus | null, mode: "create" | "update") => {
  if (current === "Removed") throw conflict(messages.logRemoved);
  if (mode === "create" && current === "Acknowledged") throw conflict(messages.logAlreadyAcknowledged);
  if (mode === "update" && current !== "Acknowledged") throw conflict(messages.logNotAcknowledged);
};
