import { type Insertable, type Selectable, sql } from "kysely";
import { type Db, PREPARED, type SqlFragment } from "../../db/kysely.js";
import type {
  MedicationEventsTable,
  PatientLogsTable,
  PatientMedicationsTable,
  ProgramPatientsTable,
  ProgramsTable,
} from "../../db/schema.js";

export type LogRow = Selectable<PatientLogsTable>;
export type NewLog = Insertable<PatientLogsTable>;
export type MedicationRow = Selectable<PatientMedicationsTable>;
export type NewMedication = Insertable<PatientMedicationsTable>;
export type MedicationEventRow = Selectable<MedicationEventsTable>;
export type NewMedicationEvent = Insertable<MedicationEventsTable>;

/** What decides whether a patient may send data to a program. */
export const findUploaderEnrolment = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("programPatients")
    .select(["id", "status", "consentGiven", "dateConsentGiven", "inviteAcceptedAt"])
    .where("programId", "=", programId)
    .where("userId", "=", patientId)
    .executeTakeFirst();

/**
 * What decides whether a patient may send data to a program, and what an upload needs of the
 * program (its dates for "closed", its disabled note kinds, its temperature alert settings), in
 * one read: an upload's latency is mostly round trips.
 */
/**
 * The enrolment an upload writes to, with its program's settings; with the program's symptom +
 * grade alert messages too when the batch needs them (read here, one round trip, rather than by a
 * second query beside it: raising alerts must cost an upload little).
 */
export type UploadTargetRow = Pick<
  Selectable<ProgramPatientsTable>,
  "id" | "status" | "consentGiven" | "dateConsentGiven" | "inviteAcceptedAt"
> &
  Pick<
    Selectable<ProgramsTable>,
    | "territory"
    | "startDate"
    | "endDate"
    | "endedAt"
    | "disabledNoteTypes"
    | "temperatureMin"
    | "temperatureMax"
    | "temperatureMessage"
    | "defaultAlertMessage"
    | "temperatureMessageTranslations"
    | "defaultAlertMessageTranslations"
  > & {
    /** The patient's chosen language (users.language): the alert messages are answered in it. */
    patientLanguage: string | null;
    /** The program's symptom-and-grade messages, each with its texts per language (migration 0032). */
    alertPairs:
      | { logTypeId: string; grade: number; message: string; translations: Partial<Record<string, string>> }[]
      | null;
    /** The care team's contacts, with the alert pairs (what an alert message ends with). */
    careTeam: { careTeamName: string; contactPhones: string[] }[] | null;
  };

// Written out and prepared: every upload asks it first, and the builder's compiling and the
// server's planning of it were a visible part of a 100-log upload's time.
export const findUploadTarget = async (
  db: Db,
  programId: string,
  patientId: string,
  withAlertPairs: boolean,
): Promise<UploadTargetRow | undefined> =>
  (
    await sql<UploadTargetRow>`${PREPARED}
      SELECT pp.id, pp.status, pp.consent_given, pp.date_consent_given, pp.invite_accepted_at, p.territory,
        p.start_date, p.end_date, p.ended_at, p.disabled_note_types, p.temperature_min, p.temperature_max,
        p.temperature_message, p.default_alert_message, p.temperature_message_translations,
        p.default_alert_message_translations, u.language AS patient_language,
        CASE WHEN ${withAlertPairs}::boolean THEN (
          SELECT coalesce(json_agg(json_build_object('logTypeId', g.log_type_id, 'grade', g.grade, 'message', m.message,
            'translations', m.message_translations)), '[]')
          FROM severe_symptom_grades g JOIN severe_symptom_messages m ON m.id = g.message_id
          WHERE g.program_id = p.id) END AS alert_pairs,
        CASE WHEN ${withAlertPairs}::boolean THEN (
          SELECT coalesce(json_agg(json_build_object('careTeamName', c.care_team_name, 'contactPhones', c.contact_phones)
            ORDER BY c.position, c.created_at), '[]')
          FROM care_team_contacts c WHERE c.program_id = p.id) END AS care_team
      FROM program_patients pp JOIN programs p ON p.id = pp.program_id JOIN users u ON u.id = pp.user_id
      WHERE pp.program_id = ${programId}::uuid AND pp.user_id = ${patientId}::uuid`.execute(db)
  ).rows[0];

/** What an upload writes of one log; the program, the patient and the time received are the batch's. */
export type UploadedLogRow = Omit<
  LogRow,
  | "id"
  | "programId"
  | "patientId"
  | "receivedAt"
  | "validationStatus"
  | "validationReason"
  | "validatedBy"
  | "validatedAt"
>;

/**
 * What another module adds to an upload's INSERT, in the same statement (one round trip, one
 * plan): common table expressions that read `created (id, client_id, log_type_id, grade, value,
 * logged_at)`, the logs the INSERT created now, each starting with a comma, among them
 * `upload_audit (details jsonb)`, one row: what it adds to the upload's audit details.
 */
export type AfterLogsCreated = SqlFragment;

/** The upload's audit entry as part of its INSERT, given the details the statement computes. */
export type UploadAuditEntry = (details: SqlFragment) => SqlFragment;

/**
 * The whole batch in one INSERT from one JSON document (one text whatever the batch: prepared once
 * per connection, not parsed and planned with 1,400 parameters on every upload); rows already
 * received (same client id) are skipped. One document rather than an array per column: node-postgres
 * writes each array as an array literal, escaping every element in JavaScript (0.4 ms of a
 * 100-log upload's ~4 ms of server CPU), where JSON.stringify is native and the database reads the
 * document in C.
 */
export const insertLogs = async (
  db: Db,
  batch: {
    programId: string;
    patientId: string;
    receivedAt: Date;
    rows: readonly UploadedLogRow[];
    /** Items in the upload, with those already received (rows holds only the others). */
    received: number;
  },
  after: AfterLogsCreated | null,
  /**
   * Written by the same statement after the logs (one round trip fewer), its details the batch's
   * counts: received, created and duplicates (already received), and what `after` adds.
   */
  audit: UploadAuditEntry,
): Promise<{ id: string; clientId: string }[]> => {
  if (batch.rows.length === 0) return [];
  const document = JSON.stringify(
    batch.rows.map((r) => ({
      client_id: r.clientId,
      log_class: r.logClass,
      logged_at: r.loggedAt.toISOString(),
      local_date: r.localDate,
      utc_offset_minutes: r.utcOffsetMinutes,
      log_type_id: r.logTypeId,
      grade: r.grade,
      is_danger: r.isDanger,
      value: r.value,
      unit: r.unit,
      original_value: r.originalValue,
      original_unit: r.originalUnit,
      data: r.data,
      note: r.note,
    })),
  );
  const { rows } = await sql<{ id: string; clientId: string }>`${PREPARED}
    WITH created AS (
      INSERT INTO patient_logs (program_id, patient_id, received_at, client_id, log_class, logged_at, local_date,
        utc_offset_minutes, log_type_id, grade, is_danger, value, unit, original_value, original_unit, data, note)
      SELECT ${batch.programId}::uuid, ${batch.patientId}::uuid, ${batch.receivedAt.toISOString()}::timestamptz, v.*
      FROM jsonb_to_recordset(${document}::jsonb) AS v (client_id uuid, log_class text, logged_at timestamptz,
        local_date date, utc_offset_minutes smallint, log_type_id text, grade smallint, is_danger boolean,
        value double precision, unit text, original_value double precision, original_unit text, data jsonb,
        note text)
      ON CONFLICT (patient_id, client_id) DO NOTHING
      RETURNING id, client_id, log_type_id, grade, value, logged_at
    )${after ?? sql``}, counted AS (SELECT count(*)::int AS created FROM created), audited AS (${audit(
      sql`(SELECT jsonb_build_object('received', ${batch.received}::int, 'created', c.created,
          'duplicates', ${batch.received}::int - c.created)${after ? sql` || (SELECT details FROM upload_audit)` : sql``}
        FROM counted c)`,
    )})
    SELECT id, client_id FROM created`.execute(db);
  return rows;
};

export const findLogIdsByClientIds = async (db: Db, patientId: string, clientIds: string[]) =>
  clientIds.length === 0
    ? []
    : db
        .selectFrom("patientLogs")
        .select(["id", "clientId"])
        .where("patientId", "=", patientId)
        .where("clientId", "in", clientIds)
        .execute();

export const countLogsOfPatient = async (db: Db, patientId: string) =>
  Number(
    (
      await db
        .selectFrom("patientLogs")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("patientId", "=", patientId)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const findLog = (db: Db, logId: string) =>
  db.selectFrom("patientLogs").selectAll().where("id", "=", logId).executeTakeFirst();

/** The log, locked until the transaction ends, so two acknowledgements cannot cross. */
export const findLogForUpdate = (db: Db, logId: string) =>
  db.selectFrom("patientLogs").selectAll().where("id", "=", logId).forUpdate().executeTakeFirst();

export const updateLogValidation = (
  db: Db,
  logId: string,
  change: { validationStatus: "Acknowledged" | "Removed"; validationReason: string | null; by: string; at: Date },
) =>
  db
    .updateTable("patientLogs")
    .set({
      validationStatus: change.validationStatus,
      validationReason: change.validationReason,
      validatedBy: change.by,
      validatedAt: change.at,
    })
    .where("id", "=", logId)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * A patient's logs in one program between two of their calendar days (inclusive), oldest first.
 * Classes narrow it (e.g. only SYMPTOMS); Removed logs are included (the caller shows them dimmed).
 */
export const findLogsOfPatient = (
  db: Db,
  filter: { programId: string; patientId: string; from?: string; to?: string; logClasses?: readonly string[] },
) => {
  let query = db
    .selectFrom("patientLogs")
    .selectAll()
    .where("programId", "=", filter.programId)
    .where("patientId", "=", filter.patientId);
  if (filter.from) query = query.where("localDate", ">=", filter.from);
  if (filter.to) query = query.where("localDate", "<=", filter.to);
  if (filter.logClasses?.length) query = query.where("logClass", "in", [...filter.logClasses]);
  return query.orderBy("loggedAt").orderBy("id").execute();
};

/**
 * Creates or updates medications on the app's client id; `inserted` tells which. A client id the
 * patient already used in another program is left alone (not returned).
 */
export const upsertMedications = async (db: Db, programId: string, rows: NewMedication[]) =>
  rows.length === 0
    ? []
    : db
        .insertInto("patientMedications")
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(["patientId", "clientId"])
            .doUpdateSet((eb) => ({
              name: eb.ref("excluded.name"),
              dosage: eb.ref("excluded.dosage"),
              dosageUnit: eb.ref("excluded.dosageUnit"),
              frequency: eb.ref("excluded.frequency"),
              snomedId: eb.ref("excluded.snomedId"),
              startDate: eb.ref("excluded.startDate"),
              endDate: eb.ref("excluded.endDate"),
              updatedAt: eb.ref("excluded.updatedAt"),
            }))
            .where("patientMedications.programId", "=", programId),
        )
        // xmax is 0 on a freshly inserted row version and set on one written by the UPDATE branch.
        .returning(["id", "clientId", sql<boolean>`(xmax = 0)`.as("inserted")])
        .execute();

export const findMedicationIdsByClientIds = async (db: Db, patientId: string, clientIds: string[]) =>
  clientIds.length === 0
    ? []
    : db
        .selectFrom("patientMedications")
        .select(["id", "clientId", "programId"])
        .where("patientId", "=", patientId)
        .where("clientId", "in", clientIds)
        .execute();

export const findMedicationsOfPatient = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("patientMedications")
    .selectAll()
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .orderBy("startDate")
    .orderBy("name")
    .orderBy("id")
    .execute();

export const insertMedicationEvents = async (db: Db, rows: NewMedicationEvent[]) =>
  rows.length === 0
    ? []
    : db
        .insertInto("medicationEvents")
        .values(rows)
        .onConflict((oc) => oc.columns(["patientId", "clientId"]).doNothing())
        .returning(["id", "clientId"])
        .execute();

export const findMedicationEventIdsByClientIds = async (db: Db, patientId: string, clientIds: string[]) =>
  clientIds.length === 0
    ? []
    : db
        .selectFrom("medicationEvents")
        .select(["id", "clientId"])
        .where("patientId", "=", patientId)
        .where("clientId", "in", clientIds)
        .execute();

/** The patient's doses of these client ids that they undid (medication_event_undos). */
export const findUndoneDoses = async (db: Db, patientId: string, clientIds: string[]) =>
  clientIds.length === 0
    ? []
    : db
        .selectFrom("medicationEventUndos")
        .select(["clientId", "programId"])
        .where("patientId", "=", patientId)
        .where("clientId", "in", clientIds)
        .execute();

/** The patient's own dose of this client id in this program, locked for the undo. */
export const lockDoseByClientId = (db: Db, programId: string, patientId: string, clientId: string) =>
  db
    .selectFrom("medicationEvents")
    .select(["id", "medicationId", "status", "localDate", "utcOffsetMinutes", "takenAt"])
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("clientId", "=", clientId)
    .forUpdate()
    .executeTakeFirst();

/** Takes a dose back: its row goes (the roll-ups follow by trigger), its client id is kept as undone. */
export const undoDose = async (
  db: Db,
  dose: { id: string; programId: string; patientId: string; clientId: string },
  at: Date,
) => {
  await db.deleteFrom("medicationEvents").where("id", "=", dose.id).execute();
  await db
    .insertInto("medicationEventUndos")
    .values({ patientId: dose.patientId, clientId: dose.clientId, programId: dose.programId, undoneAt: at })
    .onConflict((oc) => oc.columns(["patientId", "clientId"]).doNothing())
    .execute();
};

/** A patient's medication events in one program between two of their calendar days, oldest first. */
export const findMedicationEventsOfPatient = (
  db: Db,
  filter: { programId: string; patientId: string; from?: string; to?: string },
) => {
  let query = db
    .selectFrom("medicationEvents")
    .selectAll()
    .where("programId", "=", filter.programId)
    .where("patientId", "=", filter.patientId);
  if (filter.from) query = query.where("localDate", ">=", filter.from);
  if (filter.to) query = query.where("localDate", "<=", filter.to);
  return query.orderBy("takenAt").orderBy("id").execute();
};

export const findSevereSymptomsCount = async (db: Db, programId: string, patientId: string) =>
  (
    await db
      .selectFrom("programPatients")
      .select("severeSymptomsCount")
      .where("programId", "=", programId)
      .where("userId", "=", patientId)
      .executeTakeFirst()
  )?.severeSymptomsCount ?? null;

/** The patient's own medications in a program, each with its last dose (taken or skipped). */
export const findMyMedications = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("patientMedications as m")
    .selectAll("m")
    .select((eb) => [
      eb
        .selectFrom("medicationEvents as e")
        .select("e.status")
        .whereRef("e.medicationId", "=", "m.id")
        .orderBy("e.takenAt", "desc")
        .limit(1)
        .as("lastStatus"),
      eb
        .selectFrom("medicationEvents as e")
        .select("e.takenAt")
        .whereRef("e.medicationId", "=", "m.id")
        .orderBy("e.takenAt", "desc")
        .limit(1)
        .as("lastTakenAt"),
    ])
    .where("m.programId", "=", programId)
    .where("m.patientId", "=", patientId)
    .orderBy("m.name")
    .orderBy("m.id")
    .execute();

/** The patient's logs in a program from a calendar day on, newest first (at most `limit`). */
export const findRecentLogsOfPatient = (
  db: Db,
  filter: { programId: string; patientId: string; from: string; limit: number },
) =>
  db
    .selectFrom("patientLogs")
    .selectAll()
    .where("programId", "=", filter.programId)
    .where("patientId", "=", filter.patientId)
    .where("localDate", ">=", filter.from)
    .orderBy("loggedAt", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .execute();

/** The patient's doses in a program from a calendar day on, with the medication's name, newest first. */
export const findRecentDosesOfPatient = (
  db: Db,
  filter: { programId: string; patientId: string; from: string; limit: number },
) =>
  db
    .selectFrom("medicationEvents as e")
    .innerJoin("patientMedications as m", "m.id", "e.medicationId")
    .select(["e.id", "e.status", "e.takenAt", "e.localDate", "e.skipReason", "m.name"])
    .where("e.programId", "=", filter.programId)
    .where("e.patientId", "=", filter.patientId)
    .where("e.localDate", ">=", filter.from)
    .orderBy("e.takenAt", "desc")
    .orderBy("e.id", "desc")
    .limit(filter.limit)
    .execute();
