import { consentedStatuses } from "@openpro/core";
import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { PatientLogsTable } from "../../db/schema.js";

/**
 * The SQL of data exports. Research reads are keyset pages in time order over the program's
 * indexes (program_id, time), limited to patients who consented (even if they withdrew since or
 * the program ended): the patients whose data the program's dashboards show. A patient's own data
 * is read whole (one patient's rows), optionally limited to one program.
 */

// ---------------------------------------------------------------- the export job's rows

const exportColumns = [
  "id",
  "programId",
  "requestedBy",
  "format",
  "anonymised",
  "status",
  "rowsDone",
  "rowsTotal",
  "fileName",
  "contentType",
  "byteSize",
  "error",
  "createdAt",
  "startedAt",
  "completedAt",
] as const;

export const insertExport = (
  db: Db,
  values: { programId: string; requestedBy: string; format: "csv" | "xlsx"; anonymised: boolean; createdAt: Date },
) =>
  db
    .insertInto("researchExports")
    .values({ ...values, status: "queued" })
    .returning(exportColumns)
    .executeTakeFirstOrThrow();
export type ExportRow = Awaited<ReturnType<typeof insertExport>>;

export const findExport = (db: Db, id: string) =>
  db.selectFrom("researchExports").select(exportColumns).where("id", "=", id).executeTakeFirst();

export const listExports = (
  db: Db,
  programId: string,
  requestedBy: string,
  includeIdentifiable: boolean,
  limit: number,
) => {
  let query = db
    .selectFrom("researchExports")
    .select(exportColumns)
    .where("programId", "=", programId)
    .where("requestedBy", "=", requestedBy);
  if (!includeIdentifiable) query = query.where("anonymised", "=", true);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
};

export const updateExport = (
  db: Db,
  id: string,
  values: Partial<{
    status: "queued" | "running" | "ready" | "failed";
    rowsDone: number;
    rowsTotal: number | null;
    fileName: string | null;
    contentType: string | null;
    byteSize: number | null;
    error: string | null;
    startedAt: Date | null;
    completedAt: Date | null;
  }>,
) => db.updateTable("researchExports").set(values).where("id", "=", id).execute();

/** Exports older than the retention of export files go, with their chunks (ON DELETE CASCADE). */
export const deleteExportsBefore = (db: Db, programId: string, before: Date) =>
  db.deleteFrom("researchExports").where("programId", "=", programId).where("createdAt", "<", before).execute();

export const deleteChunks = (db: Db, exportId: string) =>
  db.deleteFrom("researchExportChunks").where("exportId", "=", exportId).execute();

export const insertChunk = (db: Db, exportId: string, seq: number, data: Buffer) =>
  db.insertInto("researchExportChunks").values({ exportId, seq, data }).execute();

export const findChunk = async (db: Db, exportId: string, seq: number) =>
  (
    await db
      .selectFrom("researchExportChunks")
      .select("data")
      .where("exportId", "=", exportId)
      .where("seq", "=", seq)
      .executeTakeFirst()
  )?.data;

// ---------------------------------------------------------------- research pages

/** The row's patient is in research: an enrolment of this program in a consented state. */
const inResearch = (alias: string, programId: string) =>
  sql<boolean>`exists (select 1 from program_patients pp where pp.program_id = ${programId}::uuid
      and pp.user_id = ${sql.ref(`${alias}.patient_id`)}
      and pp.status in (${sql.join(consentedStatuses.map((s) => sql.lit(s)))}))`;

export interface Keyset {
  at: Date | string;
  id: string;
}
/** A Date, or the database's own text of the instant (exact to the microsecond). */
const after = (column: string, alias: string, key: Keyset | null) =>
  key
    ? sql<boolean>`(${sql.ref(`${alias}.${column}`)}, ${sql.ref(`${alias}.id`)}) > (${key.at instanceof Date ? key.at.toISOString() : key.at}::timestamptz, ${key.id}::uuid)`
    : sql<boolean>`true`;

/** The page after the key in (time, id) order, at most `limit` rows: the research reads' keyset page. */
const pageAfter =
  (alias: string, column: string, key: Keyset | null, limit: number) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query
      .where(after(column, alias, key))
      .orderBy(sql.ref(`${alias}.${column}`))
      .orderBy(sql.ref(`${alias}.id`))
      .limit(limit);

export const findParticipantsPage = (db: Db, programId: string, key: Keyset | null, limit: number) =>
  db
    .selectFrom("programPatients as pp")
    .select([
      "pp.id",
      "pp.userId",
      "pp.firstName",
      "pp.lastName",
      "pp.inviteEmail",
      "pp.consentedEmail",
      "pp.patientIdType",
      "pp.patientId",
      "pp.status",
      "pp.enrolledWith",
      "pp.dateConsentGiven",
      "pp.dateConsentRevoked",
      "pp.createdAt",
      "pp.erasedAt",
      "pp.birthYear",
      // What the patient gave this program, never the account's (security issue 29 §1).
      "pp.dob",
      "pp.sex",
    ])
    .where("pp.programId", "=", programId)
    .where("pp.status", "in", consentedStatuses)
    .$call(pageAfter("pp", "created_at", key, limit))
    .execute();
export type ParticipantRow = Awaited<ReturnType<typeof findParticipantsPage>>[number];

/** A patient's logs as the own-data zip shows them. */
const logColumns = [
  "l.id",
  "l.patientId",
  "l.logClass",
  "l.loggedAt",
  "l.localDate",
  "l.utcOffsetMinutes",
  "l.logTypeId",
  "l.grade",
  "l.isDanger",
  "l.value",
  "l.unit",
  "l.originalValue",
  "l.originalUnit",
  "l.data",
  "l.note",
  "l.validationStatus",
] as const;

/** A log as the export writes it: the stored log less what the export leaves out, its instant as text. */
export interface LogRow
  extends Omit<
    Selectable<PatientLogsTable>,
    "programId" | "clientId" | "loggedAt" | "data" | "validationReason" | "validatedBy" | "validatedAt" | "receivedAt"
  > {
  /** ISO 8601 UTC to the millisecond, formatted by the database. */
  loggedAt: string;
  /** The instant as the database prints it (to the microsecond): the page's keyset, exact. */
  keyAt: string;
  /** The log's details, null when there are none. */
  data: Record<string, unknown> | null;
}

/**
 * Symptom logs (symptoms: true) or every other log class (the measurements), oldest first: the
 * bulk of an export, so written for speed. The database formats the instants and dates (no Date
 * objects per row), and the rows skip the camel-case mapping (the aliases are already camelCase).
 */
export const findLogsPage = async (
  db: Db,
  programId: string,
  symptoms: boolean,
  key: Keyset | null,
  limit: number,
): Promise<LogRow[]> => {
  const result = await sql<LogRow>`select l.id, l.patient_id as "patientId", l.log_class as "logClass",
      to_char(l.logged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "loggedAt",
      l.logged_at::text as "keyAt", l.local_date::text as "localDate", l.utc_offset_minutes as "utcOffsetMinutes",
      l.log_type_id as "logTypeId", l.grade, l.is_danger as "isDanger", l.value, l.unit,
      l.original_value as "originalValue", l.original_unit as "originalUnit",
      nullif(l.data, '{}'::jsonb) as data, l.note, l.validation_status as "validationStatus"
    from patient_logs l
    where l.program_id = ${programId}::uuid and ${inResearch("l", programId)}
      and l.log_class ${sql.raw(symptoms ? "=" : "<>")} 'SYMPTOMS' and ${after("logged_at", "l", key)}
    order by l.logged_at, l.id
    limit ${limit}`.execute(db.withoutPlugins());
  return result.rows;
};

const doseColumns = [
  "e.id",
  "e.patientId",
  "e.status",
  "e.takenAt",
  "e.localDate",
  "e.skipReason",
  "e.notes",
  "m.name",
  "m.dosage",
  "m.dosageUnit",
  "m.frequency",
  "m.snomedId",
] as const;

export const findDosesPage = (db: Db, programId: string, key: Keyset | null, limit: number) =>
  db
    .selectFrom("medicationEvents as e")
    .where(inResearch("e", programId))
    .innerJoin("patientMedications as m", "m.id", "e.medicationId")
    .select(doseColumns)
    .where("e.programId", "=", programId)
    .$call(pageAfter("e", "taken_at", key, limit))
    .execute();
export type DoseRow = Awaited<ReturnType<typeof findDosesPage>>[number];

const appointmentColumns = [
  "a.id",
  "a.patientId",
  "a.appointmentType",
  "a.date",
  "a.startTime",
  "a.endTime",
  "a.isDraft",
  "a.mode",
  "a.status",
  "a.withWhom",
  "a.notes",
  "a.startsAt",
] as const;

export const findAppointmentsPage = (db: Db, programId: string, key: Keyset | null, limit: number) =>
  db
    .selectFrom("nurseVisitAppointments as a")
    .select(appointmentColumns)
    .where(inResearch("a", programId))
    .where("a.programId", "=", programId)
    .$call(pageAfter("a", "starts_at", key, limit))
    .execute();
export type AppointmentRow = Awaited<ReturnType<typeof findAppointmentsPage>>[number];

/** How many source rows each part of the export reads (the progress bar's whole). */
export const countResearchRows = async (db: Db, programId: string) => {
  const consented = (table: string, where = sql<boolean>`true`) =>
    sql<string>`(select count(*) from ${sql.table(table)} t where t.program_id = ${programId}::uuid
      and ${where} and ${inResearch("t", programId)})`;
  const row = await sql<Record<string, string | number>>`select
      (select count(*) from program_patients where program_id = ${programId}::uuid
        and status in (${sql.join(consentedStatuses.map((s) => sql.lit(s)))})) as participants,
      ${consented("patient_logs")} as logs,
      ${consented("medication_events")} as doses,
      ${consented("nurse_visit_appointments")} as appointments,
      ${consented("questionnaire_events", sql<boolean>`t.answered_count > 0`)} as questionnaires`.execute(db);
  const r = row.rows[0]!;
  return {
    participants: Number(r.participants),
    logs: Number(r.logs),
    doses: Number(r.doses),
    appointments: Number(r.appointments),
    questionnaires: Number(r.questionnaires),
  };
};

// ---------------------------------------------------------------- a patient's own data

/** The patient's rows in these programs, oldest first (`column`, then the id). `alias`: the table's, if it has one. */
const ofPatientInPrograms =
  (alias: string | null, column: string, userId: string, programIds: string[]) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) => {
    const ref = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
    return query
      .where(ref("patient_id"), "=", userId)
      .where(ref("program_id"), "in", programIds)
      .orderBy(ref(column))
      .orderBy(ref("id"));
  };

export const findProfile = (db: Db, userId: string) =>
  db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "firstName",
      "lastName",
      "displayName",
      "dob",
      "sex",
      "territory",
      "privacyPolicy",
      "eula",
      "marketingConsent",
      "emailVerified",
      "questionnaireReminders",
      "instructionsAcknowledgedAt",
      "dateCreated",
    ])
    .where("id", "=", userId)
    .where("scope", "=", "patient")
    .executeTakeFirst();

export const findEnrolments = (db: Db, userId: string, programId: string | null) => {
  let query = db
    .selectFrom("programPatients as pp")
    .innerJoin("programs as p", "p.id", "pp.programId")
    .select([
      "pp.id",
      "pp.programId",
      "p.name as programName",
      "pp.firstName",
      "pp.lastName",
      "pp.inviteEmail",
      "pp.consentedEmail",
      "pp.patientIdType",
      "pp.patientId",
      "pp.status",
      "pp.verificationStatus",
      "pp.consentGiven",
      "pp.dateConsentGiven",
      "pp.dateConsentRevoked",
      "pp.inviteAcceptedAt",
      "pp.enrolledWith",
      "pp.postcode",
      "pp.cancerTypes",
      "pp.dob",
      "pp.sex",
      "pp.createdAt",
    ])
    .where("pp.userId", "=", userId);
  if (programId) query = query.where("pp.programId", "=", programId);
  return query.orderBy("pp.createdAt").execute();
};

export const findStatusHistory = (db: Db, enrolmentIds: string[]) =>
  enrolmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("patientStatusHistory")
        .select(["programId", "status", "at"])
        .where("enrolmentId", "in", enrolmentIds)
        .orderBy("at")
        .orderBy("id")
        .execute();

export const findPatientLogs = (db: Db, userId: string, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("patientLogs as l")
        .select([...logColumns, "l.programId", "l.validationReason", "l.receivedAt"])
        .$call(ofPatientInPrograms("l", "logged_at", userId, programIds))
        .execute();

export const findPatientMedications = (db: Db, userId: string, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("patientMedications")
        .select(["id", "programId", "name", "dosage", "dosageUnit", "frequency", "snomedId", "startDate", "endDate"])
        .$call(ofPatientInPrograms(null, "start_date", userId, programIds))
        .execute();

export const findPatientDoses = (db: Db, userId: string, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("medicationEvents as e")
        .innerJoin("patientMedications as m", "m.id", "e.medicationId")
        .select([...doseColumns, "e.programId"])
        .$call(ofPatientInPrograms("e", "taken_at", userId, programIds))
        .execute();

export const findPatientAppointments = (db: Db, userId: string, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("nurseVisitAppointments as a")
        .select([...appointmentColumns, "a.programId"])
        .$call(ofPatientInPrograms("a", "starts_at", userId, programIds))
        .execute();

export const findPatientNotifications = (db: Db, userId: string, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("patientNotifications")
        .select(["programId", "kind", "title", "body", "messageKey", "messageValues", "createdAt", "readAt"])
        .$call(ofPatientInPrograms(null, "created_at", userId, programIds))
        .execute();
