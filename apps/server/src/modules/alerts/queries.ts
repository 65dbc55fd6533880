import { type ExpressionBuilder, sql } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import { seesPatientsOfProgram } from "../../db/team-membership.js";

/** Every symptom-and-grade pair of the program with its alert message text. */
export const findPairMessages = (db: Db, programId: string) =>
  db
    .selectFrom("severeSymptomGrades as g")
    .innerJoin("severeSymptomMessages as m", "m.id", "g.messageId")
    .select(["g.logTypeId", "g.grade", "m.message"])
    .where("g.programId", "=", programId)
    .execute();

/** A log of an upload that raises an alert, if the upload creates it (not a copy received before). */
export interface AlertTrigger {
  clientId: string;
  kind: "symptom" | "temperature";
  triggerKey: string;
  /** The log's own severity: the alert keeps the worst of its logs'. */
  severity: number;
}

/**
 * Raises the alerts of the logs an upload creates, or attaches them to the patient's unresolved
 * alert of the same trigger, and links them: common table expressions added to the logs module's
 * INSERT (`created`), so the upload makes one round trip whether it raises or not. Safe under
 * concurrent uploads (the partial unique index decides). Grade and severity keep the worst, the
 * temperature the one farthest from 37 °C; the count grows by the logs attached. Only logs
 * created now count: a retried batch attaches nothing twice. Each alert it raises is announced by
 * a job the same statement enqueues (`announce`, given rows of payload, run_at and singleton key);
 * `upload_audit` is what the upload's audit entry says of the alerts its logs were attached to
 * (raised earlier).
 */
export const raiseAlertsOfCreatedLogs = (input: {
  programId: string;
  patientId: string;
  now: Date;
  triggers: readonly AlertTrigger[];
  /** Added to each announcement's payload: who uploaded, from where (the alert's audit entry). */
  context: Record<string, unknown>;
  /** The announcements' INSERT (enqueueJobsInStatement), given their rows. */
  announce: (rows: SqlFragment) => SqlFragment;
}) => {
  const column = <T>(pick: (t: AlertTrigger) => T) => input.triggers.map(pick);
  return sql`, alert_triggers AS (
      SELECT t.trigger_key, t.kind, t.severity, c.id AS log_id, c.log_type_id, c.grade, c.value, c.logged_at
      FROM created c JOIN unnest(${column((t) => t.clientId)}::uuid[], ${column((t) => t.triggerKey)}::text[],
        ${column((t) => t.kind)}::text[], ${column((t) => t.severity)}::smallint[])
        AS t (client_id, trigger_key, kind, severity) ON t.client_id = c.client_id
    ), raised AS (
      INSERT INTO alerts (program_id, patient_id, kind, trigger_key, log_type_id, grade, temperature, severity,
        raised_at, last_log_at, log_count)
      SELECT ${input.programId}::uuid, ${input.patientId}::uuid, min(kind), trigger_key, min(log_type_id), max(grade),
        (array_agg(value ORDER BY abs(value - 37) DESC, logged_at) FILTER (WHERE kind = 'temperature'))[1],
        max(severity), ${input.now.toISOString()}::timestamptz, max(logged_at), count(*)
      FROM alert_triggers GROUP BY trigger_key
      ON CONFLICT (program_id, patient_id, trigger_key) WHERE status <> 'closed' DO UPDATE SET
        grade = GREATEST(alerts.grade, excluded.grade),
        severity = GREATEST(alerts.severity, excluded.severity),
        temperature = CASE WHEN excluded.temperature IS NULL THEN alerts.temperature
          WHEN alerts.temperature IS NULL THEN excluded.temperature
          WHEN abs(excluded.temperature - 37) > abs(alerts.temperature - 37) THEN excluded.temperature
          ELSE alerts.temperature END,
        last_log_at = GREATEST(alerts.last_log_at, excluded.last_log_at),
        log_count = alerts.log_count + excluded.log_count
      RETURNING id, trigger_key, (xmax = 0) AS inserted, kind, grade, temperature, log_count
    ), linked AS (
      INSERT INTO alert_logs (alert_id, log_id, program_id)
      -- Logs this statement created: no pair can exist already (no ON CONFLICT, whose speculative
      -- insertion of each row cost more than the rows themselves).
      SELECT r.id, a.log_id, ${input.programId}::uuid FROM raised r JOIN alert_triggers a USING (trigger_key)
    ), announced AS (${input.announce(
      sql`SELECT ${JSON.stringify(input.context)}::jsonb || jsonb_build_object('alertId', id, 'kind', kind,
          'grade', grade, 'temperature', temperature, 'logs', log_count, 'raisedAt', ${input.now.toISOString()}::text),
        ${input.now.toISOString()}::timestamptz, 'alerts.announce:' || id
        FROM raised WHERE inserted`,
    )}), upload_audit (details) AS (
      SELECT CASE WHEN count(*) = 0 THEN '{}'::jsonb ELSE jsonb_build_object('alertsAttached',
        jsonb_build_object('alertIds', jsonb_agg(DISTINCT r.id), 'logs', count(*))) END
      FROM raised r JOIN alert_triggers a USING (trigger_key) WHERE NOT r.inserted)`;
};

const usersColumns = (eb: ExpressionBuilder<Database, "users">) => ({
  id: eb.ref("users.id"),
  scope: eb.ref("users.scope"),
  permissions: eb.ref("users.permissions"),
});

/** Who is e-mailed when an alert is raised: team members who opted in and may see patients. */
export const findNewAlertRecipients = (db: Db, programId: string) =>
  db
    .selectFrom("users")
    .innerJoin("staffAlertPreferences as pref", "pref.userId", "users.id")
    .select(["users.id", "users.email", "users.firstName"])
    .where("pref.emailOnNewAlert", "=", true)
    .where((eb) => seesPatientsOfProgram(usersColumns(eb), programId))
    .execute();

/** Who an alert escalates to: the program's team members with these roles (any, without) who may see patients. */
export const findEscalationRecipients = (db: Db, programId: string, roles?: readonly string[]) =>
  db
    .selectFrom("users")
    .select(["users.id", "users.email", "users.firstName"])
    .where((eb) => seesPatientsOfProgram(usersColumns(eb), programId, roles))
    .execute();

export const findEscalationMinutes = async (db: Db, programId: string): Promise<number | null> =>
  (
    await db
      .selectFrom("alertSettings")
      .select("escalationMinutes")
      .where("programId", "=", programId)
      .executeTakeFirst()
  )?.escalationMinutes ?? null;

export const upsertEscalationMinutes = (db: Db, programId: string, minutes: number, now: Date) =>
  db
    .insertInto("alertSettings")
    .values({ programId, escalationMinutes: minutes, updatedAt: now })
    .onConflict((oc) => oc.column("programId").doUpdateSet({ escalationMinutes: minutes, updatedAt: now }))
    .execute();

/** The program's alert messages and their texts per language (the alert settings' messages). */
export const findAlertMessages = (db: Db, programId: string) =>
  db
    .selectFrom("programs")
    .select([
      "territory",
      "defaultAlertMessage",
      "defaultAlertMessageTranslations",
      "temperatureMessage",
      "temperatureMessageTranslations",
    ])
    .where("id", "=", programId)
    .executeTakeFirst();

/** Sets the messages' texts per language given (a JSON object each, languages with a text only). */
export const updateAlertMessageTranslations = (
  db: Db,
  programId: string,
  changes: { defaultAlertMessageTranslations?: string; temperatureMessageTranslations?: string },
) => db.updateTable("programs").set(changes).where("id", "=", programId).execute();

export const findPreference = async (db: Db, userId: string): Promise<boolean> =>
  (
    await db
      .selectFrom("staffAlertPreferences")
      .select("emailOnNewAlert")
      .where("userId", "=", userId)
      .executeTakeFirst()
  )?.emailOnNewAlert ?? false;

export const upsertPreference = (db: Db, userId: string, enabled: boolean, now: Date) =>
  db
    .insertInto("staffAlertPreferences")
    .values({ userId, emailOnNewAlert: enabled, updatedAt: now })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ emailOnNewAlert: enabled, updatedAt: now }))
    .execute();

// ---------------------------------------------------------------------------------------------
// The queue

export interface AlertFilter {
  /** null: every program (admin-type); otherwise the user whose memberships limit the list. */
  reachOf: SqlFragment | null;
  programId?: string | undefined;
  status?: "open" | "taken" | "closed" | undefined;
  ownerId?: string | undefined;
  unassigned?: boolean | undefined;
  alertId?: string | undefined;
}

const filtered = (db: Db, f: AlertFilter) =>
  db
    .selectFrom("alerts as a")
    .innerJoin("programs as p", "p.id", "a.programId")
    .leftJoin("programPatients as pp", (j) =>
      j.onRef("pp.programId", "=", "a.programId").onRef("pp.userId", "=", "a.patientId"),
    )
    // The programs where the caller's role grants the alert queue (platform/access programsPermitting).
    .$if(f.reachOf !== null, (qb) => qb.where(sql<boolean>`a.program_id IN ${f.reachOf}`))
    .$if(!!f.programId, (qb) => qb.where("a.programId", "=", f.programId!))
    .$if(!!f.status, (qb) => qb.where("a.status", "=", f.status!))
    .$if(!!f.ownerId, (qb) => qb.where("a.ownerId", "=", f.ownerId!))
    .$if(!!f.unassigned, (qb) => qb.where("a.ownerId", "is", null))
    .$if(!!f.alertId, (qb) => qb.where("a.id", "=", f.alertId!));

export const findAlertPage = async (db: Db, f: AlertFilter, page: number, perPage: number) => {
  const [rows, total] = await Promise.all([
    filtered(db, f)
      .leftJoin("users as o", "o.id", "a.ownerId")
      .leftJoin("users as c", "c.id", "a.closedBy")
      .selectAll("a")
      .select([
        "p.name as programName",
        "pp.firstName as patientFirstName",
        "pp.lastName as patientLastName",
        // The enrolment's date of birth, as every staff read of a patient uses (never the account's).
        "pp.dob as patientDob",
        "o.firstName as ownerFirstName",
        "o.lastName as ownerLastName",
        "c.firstName as closerFirstName",
        "c.lastName as closerLastName",
        sql<string[]>`ARRAY(SELECT al.log_id::text FROM alert_logs al WHERE al.alert_id = a.id ORDER BY al.log_id)`.as(
          "logIds",
        ),
        sql<number>`(SELECT count(*)::int FROM alert_logs al JOIN patient_logs l ON l.id = al.log_id
          WHERE al.alert_id = a.id AND l.validation_status = 'Removed')`.as("invalidatedLogCount"),
        // Every reading of a temperature alert, not only the farthest: a high then a low both show.
        sql<{ at: string; celsius: number; invalidated: boolean }[]>`(SELECT coalesce(json_agg(json_build_object(
            'at', l.logged_at, 'celsius', l.value, 'invalidated', l.validation_status IS NOT DISTINCT FROM 'Removed')
            ORDER BY l.logged_at), '[]'::json)
          FROM alert_logs al JOIN patient_logs l ON l.id = al.log_id
          WHERE al.alert_id = a.id AND a.kind = 'temperature' AND l.value IS NOT NULL)`.as("readings"),
      ])
      // Unresolved first; within them the most severe, then the newest.
      .orderBy(sql`CASE WHEN a.status = 'closed' THEN 1 ELSE 0 END`)
      .orderBy("a.severity", "desc")
      .orderBy("a.raisedAt", "desc")
      .orderBy("a.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.n) };
};
export type AlertRow = Awaited<ReturnType<typeof findAlertPage>>["rows"][number];

export const countOpen = async (db: Db, reachOf: SqlFragment | null, programId?: string) =>
  Number(
    (
      await filtered(db, { reachOf, programId, status: "open" })
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findAlertForUpdate = (db: Db, programId: string, alertId: string) =>
  db
    .selectFrom("alerts")
    .selectAll()
    .where("programId", "=", programId)
    .where("id", "=", alertId)
    .forUpdate()
    .executeTakeFirst();

export const findAlert = (db: Db, alertId: string) =>
  db.selectFrom("alerts").selectAll().where("id", "=", alertId).executeTakeFirst();

export const takeAlert = (db: Db, alertId: string, ownerId: string, now: Date) =>
  db
    .updateTable("alerts")
    .set({ status: "taken", ownerId, takenAt: now })
    .where("id", "=", alertId)
    .where("status", "=", "open")
    .returning("id")
    .executeTakeFirst();

export const closeAlert = (
  db: Db,
  alertId: string,
  c: { by: string; action: string; note: string | null; now: Date; ownerId: string },
) =>
  db
    .updateTable("alerts")
    .set({
      status: "closed",
      closedAt: c.now,
      closedBy: c.by,
      closeAction: c.action,
      closeNote: c.note,
      // Closed straight from Open: the one who closed it was on it.
      ownerId: sql`COALESCE(owner_id, ${c.ownerId}::uuid)`,
      takenAt: sql`COALESCE(taken_at, ${c.now}::timestamptz)`,
    })
    .where("id", "=", alertId)
    .where("status", "<>", "closed")
    .returning("id")
    .executeTakeFirst();

/** Marks the escalation once: false when it was already escalated or is no longer Open. */
export const markEscalated = async (db: Db, alertId: string, now: Date) =>
  !!(await db
    .updateTable("alerts")
    .set({ escalatedAt: now })
    .where("id", "=", alertId)
    .where("status", "=", "open")
    .where("escalatedAt", "is", null)
    .returning("id")
    .executeTakeFirst());

export const findAlertLogIds = async (db: Db, alertId: string) =>
  (await db.selectFrom("alertLogs").select("logId").where("alertId", "=", alertId).execute()).map((r) => r.logId);

export const findNewLogIds = async (db: Db, logIds: string[]) =>
  logIds.length === 0
    ? []
    : (
        await db
          .selectFrom("patientLogs")
          .select("id")
          .where("id", "in", logIds)
          .where("validationStatus", "is", null)
          .execute()
      ).map((r) => r.id);
