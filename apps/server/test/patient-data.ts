import { randomUUID } from "node:crypto";
import { isDangerGrade, type LogClass, localDateOf, utcOffsetOf } from "@openpro/core";
import type { TestApp } from "./test-app.js";

/**
 * Patient data written straight into the tables, as the upload API would leave it, so that report
 * tests can arrange a fixture without going through the app's upload (tested in modules/logs).
 * Dates are ISO 8601 with the patient's offset ("2026-03-02T08:30:00+01:00"); the calendar day
 * is taken from that offset as the upload does.
 */

const localParts = (at: string) => {
  const offset = utcOffsetOf(at) ?? 0;
  const instant = new Date(at);
  return { loggedAt: instant, utcOffsetMinutes: offset, localDate: localDateOf(instant, offset) };
};

export interface TestLog {
  logClass: LogClass;
  at: string;
  logTypeId?: string;
  grade?: number | null;
  /** Default: the default danger rule on the grade (symptoms only). */
  isDanger?: boolean;
  value?: number;
  unit?: string;
  originalValue?: number;
  originalUnit?: string;
  data?: Record<string, unknown>;
  note?: string;
  validationStatus?: "Acknowledged" | "Removed" | null;
  validationReason?: string | null;
}

export const insertLog = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  log: TestLog,
): Promise<string> => {
  const { loggedAt, utcOffsetMinutes, localDate } = localParts(log.at);
  const symptom = log.logClass === "SYMPTOMS";
  const row = await t.ctx.db
    .insertInto("patientLogs")
    .values({
      programId: owner.programId,
      patientId: owner.patientId,
      clientId: randomUUID(),
      logClass: log.logClass,
      loggedAt,
      localDate,
      utcOffsetMinutes,
      logTypeId: log.logTypeId ?? null,
      grade: log.grade ?? null,
      isDanger: log.isDanger ?? (symptom && isDangerGrade(log.grade)),
      value: log.value ?? null,
      unit: log.unit ?? null,
      originalValue: log.originalValue ?? log.value ?? null,
      originalUnit: log.originalUnit ?? log.unit ?? null,
      data: JSON.stringify(log.data ?? {}),
      note: log.note ?? null,
      validationStatus: log.validationStatus ?? null,
      validationReason: log.validationReason ?? null,
      validatedBy: null,
      validatedAt: log.validationStatus ? loggedAt : null,
      receivedAt: loggedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

export const insertLogs = async (t: TestApp, owner: { programId: string; patientId: string }, logs: TestLog[]) => {
  const ids: string[] = [];
  for (const log of logs) ids.push(await insertLog(t, owner, log));
  return ids;
};

/** Acknowledges or invalidates a log in place (the trigger keeps the severe-symptom count). */
export const setValidation = async (
  t: TestApp,
  logId: string,
  status: "Acknowledged" | "Removed" | null,
  reason: string | null = null,
) => {
  await t.ctx.db
    .updateTable("patientLogs")
    .set({ validationStatus: status, validationReason: reason })
    .where("id", "=", logId)
    .execute();
};

export const insertMedication = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  medication: {
    name: string;
    dosage?: string;
    dosageUnit?: string;
    frequency: string;
    startDate: string;
    endDate?: string | null;
  },
): Promise<string> => {
  const now = t.clock.now();
  const row = await t.ctx.db
    .insertInto("patientMedications")
    .values({
      programId: owner.programId,
      patientId: owner.patientId,
      clientId: randomUUID(),
      name: medication.name,
      dosage: medication.dosage ?? null,
      dosageUnit: medication.dosageUnit ?? null,
      frequency: medication.frequency,
      snomedId: null,
      startDate: medication.startDate,
      endDate: medication.endDate ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

/** Tamoxifen 20 mg once daily from 1 March 2026 on the patient's medication list (the breast-cancer stories' medicine); its id. */
export const insertTamoxifen = (t: TestApp, owner: { programId: string; patientId: string }) =>
  insertMedication(t, owner, {
    name: "Tamoxifen",
    dosage: "20",
    dosageUnit: "mg",
    frequency: "ONCE_DAILY",
    startDate: "2026-03-01",
  });

export const insertMedicationEvent = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  event: { medicationId: string; status: "LOGGED" | "SKIPPED"; at: string; skipReason?: string; notes?: string },
): Promise<string> => {
  const { loggedAt, utcOffsetMinutes, localDate } = localParts(event.at);
  const row = await t.ctx.db
    .insertInto("medicationEvents")
    .values({
      programId: owner.programId,
      patientId: owner.patientId,
      medicationId: event.medicationId,
      clientId: randomUUID(),
      status: event.status,
      takenAt: loggedAt,
      localDate,
      utcOffsetMinutes,
      skipReason: event.skipReason ?? null,
      notes: event.notes ?? null,
      receivedAt: loggedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

/**
 * A medicine on the patient's list (as insertMedication) and the doses she recorded of it: taken at the
 * instants of `logged`, then skipped at those of `skipped`. The medicine's id.
 */
export const insertMedicationWithDoses = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  medication: Parameters<typeof insertMedication>[2],
  doses: { logged: readonly string[]; skipped?: readonly string[] },
): Promise<string> => {
  const medicationId = await insertMedication(t, owner, medication);
  for (const at of doses.logged) await insertMedicationEvent(t, owner, { medicationId, status: "LOGGED", at });
  for (const at of doses.skipped ?? []) await insertMedicationEvent(t, owner, { medicationId, status: "SKIPPED", at });
  return medicationId;
};

/**
 * A nurse-visit appointment of the patient, as the appointments screen leaves it: on `date` from
 * `startTime` to `endTime` (both null: a draft without a time, the whole day), at the instants
 * `startsAt`–`endsAt`, face to face and completed unless said otherwise.
 */
export const insertVisit = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  visit: {
    date: string;
    startTime: string | null;
    endTime: string | null;
    startsAt: string;
    endsAt: string;
    createdBy: string;
    appointmentType?: string;
    status?: string;
    withWhom?: string | null;
    notes?: string | null;
    createdAt?: string;
  },
): Promise<string> => {
  const createdAt = visit.createdAt ?? t.clock.now();
  const row = await t.ctx.db
    .insertInto("nurseVisitAppointments")
    .values({
      programId: owner.programId,
      patientId: owner.patientId,
      appointmentType: visit.appointmentType ?? "NURSE_APPOINTMENT",
      date: visit.date,
      startTime: visit.startTime,
      endTime: visit.endTime,
      isDraft: visit.startTime === null,
      mode: "FACE_TO_FACE",
      status: visit.status ?? "COMPLETED",
      withWhom: visit.withWhom ?? null,
      notes: visit.notes ?? null,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      createdBy: visit.createdBy,
      createdAt,
      updatedAt: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

/**
 * A severe-symptom alert raised for the patient's grade on `raisedAt` (open), or, with `closed`,
 * taken and closed by a nurse as the alert queue leaves it; `logIds` are the logs it grew from.
 */
export const insertSymptomAlert = async (
  t: TestApp,
  owner: { programId: string; patientId: string },
  alert: {
    logTypeId: string;
    grade: number;
    raisedAt: string | Date;
    lastLogAt?: string | Date;
    logIds?: readonly string[];
    closed?: { by: string; takenAt: string; closedAt: string; action: string; note: string };
  },
): Promise<string> => {
  const { id } = await t.ctx.db
    .insertInto("alerts")
    .values({
      programId: owner.programId,
      patientId: owner.patientId,
      kind: "symptom",
      triggerKey: `symptom:${alert.logTypeId}`,
      logTypeId: alert.logTypeId,
      grade: alert.grade,
      temperature: null,
      severity: alert.grade,
      raisedAt: alert.raisedAt,
      lastLogAt: alert.lastLogAt ?? alert.raisedAt,
      ...(alert.closed
        ? {
            status: "closed" as const,
            ownerId: alert.closed.by,
            takenAt: alert.closed.takenAt,
            closedAt: alert.closed.closedAt,
            closedBy: alert.closed.by,
            closeAction: alert.closed.action,
            closeNote: alert.closed.note,
          }
        : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const logId of alert.logIds ?? [])
    await t.ctx.db.insertInto("alertLogs").values({ alertId: id, logId, programId: owner.programId }).execute();
  return id;
};
