import { defaultQuietDays, reportingWindowDays } from "@openpro/core";
import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import { reachesProgram } from "../../db/team-membership.js";

/** One consented enrolment's facts for core's quietReasons (dates as the clinic's days where noted). */
export interface QuietFactsRow {
  patientId: string;
  firstName: string;
  lastName: string;
  status: string;
  /** The clinic's day of the consent (the territory zone's date at that instant). */
  consentDay: string;
  /** The enrolment's summary of days logged (core LogDaysSummary): null, never logged. */
  lastLogDay: string | null;
  logDayBits: number | null;
  openedApp: boolean;
  /**
   * The missed questionnaires after the last completed one, oldest first, as core's QuietFacts
   * holds them: the instant each window closed (ISO text, as toISOString writes it) and the
   * clinic's day of it (read in the database, as the consent's day).
   */
  missed: { closedAt: string; day: string }[] | null;
  /** The team's latest contact: its instant (ISO text, as toISOString writes it) and the clinic's day of it. */
  lastContactAt: string | null;
  lastContactDay: string | null;
  /** The program's N (worklist_settings, else core's default): the same on every row. */
  quietDays: number;
}

/**
 * Where the statement narrows the enrolments to those core's quietReasons might list on the
 * clinic's `today` with the program's N (read in the statement); null: every enrolment taking
 * part (what a test compares the narrowed list with).
 */
export interface QuietCandidates {
  /** The clinic's today (todayIn the territory), YYYY-MM-DD. */
  today: string;
}

/**
 * An instant as JavaScript's toISOString writes it (UTC, milliseconds, both truncating the
 * microseconds), so the rule compares the database's instants as text without a Date each.
 */
const isoText = (instant: string) => sql.raw(`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** bits 0..13 of a 64-bit integer: one reporting window (reportingWindowDays) of days slid to today. */
const windowMask = (1 << reportingWindowDays) - 1;

/**
 * The candidates of the worklist: a NECESSARY condition of each of quietReasons' reasons, OR-ed,
 * so the statement only drops a patient the rule cannot list (a superset, never fewer; the rule
 * stays the judge and runs on what is returned). Each branch is the rule's reason loosened:
 * - never logged (no summary row): needed for "never_opened" (opening the app counts a log, so
 *   a patient with a log has opened it) and for "no_log" of a patient who never logged.
 * - the last log day N days or more before today: "no_log" of a patient who logged counts from the
 *   day after the last log when it is on or after the start (then quiet days = today − last log
 *   day ≥ N), else from a start after the last log (then today − start + 1 ≥ N, so the last log
 *   is before today − N + 1): either way last log day ≤ today − N. A last log day after today
 *   (a patient whose calendar runs ahead) is kept: logDaysOn may then read an earlier day.
 * - a missed questionnaire closed after the last contact: "missed_questionnaire" needs one
 *   (the rule also asks it closed after consent and by today; not needed here).
 * - "reporting_dropped" as the rule counts it: the summary's bits slid to today exactly as
 *   logDaysOn slides them (bit j: the day today − j; a slide of 32 or more keeps none), the two
 *   windows' days counted (bit_count), earlier > 0 and 2 × recent < earlier; consent on or before
 *   the earlier window's first day and no contact from the recent window's first day on, each
 *   bound a day looser than the rule's (the clinic's midnight a day later), so a zone's change of
 *   clock at midnight cannot move a boundary past a patient.
 * The contact that takes "never_opened" and "no_log" off the list is not read here (a looser
 * condition); the consent's day is converted only for the rows returned.
 */
const candidatesOnly = ({ today }: QuietCandidates, timeZone: string) => sql`
      AND (
        s.last_log_day IS NULL
        OR s.last_log_day <= ${today}::date - n.quiet_days OR s.last_log_day > ${today}::date
        OR m.last_closes > coalesce(c.last_at, '-infinity'::timestamptz)
        OR (
          pp.date_consent_given < ((${today}::date - ${2 * reportingWindowDays - 3}::int)::timestamp AT TIME ZONE ${timeZone})
          AND (c.last_at IS NULL
            OR c.last_at < ((${today}::date - ${reportingWindowDays - 2}::int)::timestamp AT TIME ZONE ${timeZone}))
          AND bit_count(((slid.bits >> ${reportingWindowDays}::int) & ${windowMask})::bit(64)) > 0
          AND 2 * bit_count((slid.bits & ${windowMask})::bit(64))
            < bit_count(((slid.bits >> ${reportingWindowDays}::int) & ${windowMask})::bit(64))
        )
      )`;

/**
 * The facts of the patients taking part in a program (consented, not erased) that the rule might
 * list (candidates; null: every one), in one statement: the enrolment's summary of days logged
 * (worklist_log_days_summaries, one row a patient, which core's logDaysOn slides to the clinic's
 * today), the latest contact, missed questionnaires since the last one completed, and whether the
 * patient opened the app: logged, or signed in since consenting. Its columns are named as the
 * row's fields: read without the camel-case plugin, which would copy each row to rename nothing.
 * What every enrolment needs is read from the enrolment's summary of its questionnaires
 * (worklist_questionnaire_summaries, migration 0033: the latest missed questionnaire's close and
 * the latest answer), kept when the first is later (one was then missed after the last completed,
 * as the rule counts them). The rest is read for the rows returned only (the select list): the
 * sign-in, for a patient who never logged, and the list of missed questionnaires, for a patient
 * with one. The program's N is read here too (one round trip, not two), and the instants come as
 * the text and clinic days the rule compares, so the server makes no Date of them.
 */
export const findQuietFacts = async (
  db: Db,
  programId: string,
  /** The clinic's zone: the consent's day is read in the database (10,000 conversions in JavaScript took as long as the statement). */
  timeZone: string,
  candidates: QuietCandidates | null,
): Promise<QuietFactsRow[]> => {
  // The summary's 32 bits as an unsigned 64-bit integer slid to today (logDaysOn's arithmetic).
  const slidToToday = candidates
    ? sql`
    CROSS JOIN LATERAL (SELECT CASE
      WHEN s.last_log_day IS NULL THEN 0::bigint
      WHEN s.last_log_day <= ${candidates.today}::date
        THEN (s.log_day_bits::bigint & 4294967295) << least(${candidates.today}::date - s.last_log_day, 32)
      ELSE (s.log_day_bits::bigint & 4294967295) >> least(s.last_log_day - ${candidates.today}::date, 32)
    END AS bits) slid`
    : sql``;
  const { rows } = await sql<QuietFactsRow>`
    WITH contacts AS (
      SELECT patient_id, max(contacted_at) AS last_at FROM worklist_contacts
      WHERE program_id = ${programId} GROUP BY patient_id
    ),
    missed AS (
      SELECT patient_id, last_missed_closes_at AS last_closes, last_completed_at AS last_completed
      FROM worklist_questionnaire_summaries
      WHERE program_id = ${programId}
        AND last_missed_closes_at > coalesce(last_completed_at, '-infinity'::timestamptz)
    )
    SELECT pp.user_id AS "patientId", pp.first_name AS "firstName", pp.last_name AS "lastName",
      pp.status, to_char(pp.date_consent_given AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS "consentDay",
      s.last_log_day AS "lastLogDay", s.log_day_bits AS "logDayBits",
      CASE WHEN s.last_log_day IS NOT NULL THEN true ELSE EXISTS (
        SELECT 1 FROM sessions x
        WHERE x.user_id = pp.user_id AND x.scope = 'patient' AND x.created_at > pp.date_consent_given
      ) END AS "openedApp",
      CASE WHEN m.patient_id IS NOT NULL THEN (
        SELECT json_agg(json_build_object('closedAt', ${isoText("e.window_closes_at")},
          'day', to_char(e.window_closes_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')) ORDER BY e.window_closes_at)
        FROM questionnaire_events e
        WHERE e.program_id = pp.program_id AND e.patient_id = pp.user_id AND e.state = 'MISSED'
          AND e.window_closes_at > coalesce(m.last_completed, '-infinity'::timestamptz)
      ) END AS missed,
      ${isoText("c.last_at")} AS "lastContactAt",
      to_char(c.last_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS "lastContactDay", n.quiet_days AS "quietDays"
    FROM program_patients pp
    CROSS JOIN (SELECT coalesce(
      (SELECT quiet_days FROM worklist_settings WHERE program_id = ${programId}), ${defaultQuietDays}::int
    ) AS quiet_days) n
    LEFT JOIN worklist_log_days_summaries s ON s.program_id = pp.program_id AND s.patient_id = pp.user_id
    LEFT JOIN contacts c ON c.patient_id = pp.user_id
    LEFT JOIN missed m ON m.patient_id = pp.user_id${slidToToday}
    WHERE pp.program_id = ${programId} AND pp.status = 'CONSENTED'
      AND pp.date_consent_given IS NOT NULL AND pp.erased_at IS NULL${
        candidates ? candidatesOnly(candidates, timeZone) : sql``
      }`.execute(db.withoutPlugins());
  return rows;
};

/** The latest log of each patient (the rows of one page). */
export const findLastLogs = async (db: Db, programId: string, patientIds: readonly string[]) => {
  if (patientIds.length === 0) return [];
  const { rows } = await sql<{ patientId: string; loggedAt: Date | null }>`
    SELECT p.id AS "patientId", (
      SELECT l.logged_at FROM patient_logs l
      WHERE l.patient_id = p.id AND l.program_id = ${programId}
      ORDER BY l.logged_at DESC LIMIT 1
    ) AS "loggedAt"
    FROM unnest(${patientIds}::uuid[]) AS p(id)`.execute(db);
  return rows;
};

const contactColumns = [
  "c.id",
  "c.patientId",
  "c.outcome",
  "c.note",
  "c.contactedAt",
  "c.contactedBy",
  "u.firstName as byFirstName",
  "u.lastName as byLastName",
] as const;

/** The latest contact of each patient (the rows of one page). */
export const findLastContacts = (db: Db, programId: string, patientIds: readonly string[]) =>
  patientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("worklistContacts as c")
        .leftJoin("users as u", "u.id", "c.contactedBy")
        .select(contactColumns)
        .distinctOn("c.patientId")
        .where("c.programId", "=", programId)
        .where("c.patientId", "in", patientIds)
        .orderBy("c.patientId")
        .orderBy("c.contactedAt", "desc")
        .execute();

export type ContactRow = Awaited<ReturnType<typeof findLastContacts>>[number];

/** One patient's contacts in a program, newest first. */
export const findContacts = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("worklistContacts as c")
    .leftJoin("users as u", "u.id", "c.contactedBy")
    .select(contactColumns)
    .where("c.programId", "=", programId)
    .where("c.patientId", "=", patientId)
    .orderBy("c.contactedAt", "desc")
    .execute();

export const insertContact = async (
  db: Db,
  contact: {
    programId: string;
    patientId: string;
    outcome: "called" | "left_message" | "unwell_or_admitted" | "no_answer";
    note: string | null;
    contactedBy: string;
    contactedAt: Date;
  },
) => (await db.insertInto("worklistContacts").values(contact).returning("id").executeTakeFirstOrThrow()).id;

export const findContact = (db: Db, contactId: string) =>
  db
    .selectFrom("worklistContacts as c")
    .leftJoin("users as u", "u.id", "c.contactedBy")
    .select(contactColumns)
    .where("c.id", "=", contactId)
    .executeTakeFirstOrThrow();

/** A patient's enrolment in the program (any status), unless erased. */
export const findEnrolment = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("programPatients")
    .select(["userId", "status"])
    .where("programId", "=", programId)
    .where("userId", "=", patientId)
    .where("erasedAt", "is", null)
    .executeTakeFirst();

/** The number patients are told to call: the program's first care-team contact's first phone. */
export const findCareTeamPhone = async (db: Db, programId: string): Promise<string | null> => {
  const row = await db
    .selectFrom("careTeamContacts")
    .select("contactPhones")
    .where("programId", "=", programId)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  return row?.contactPhones[0] ?? null;
};

export const findQuietDays = async (db: Db, programId: string): Promise<number | null> =>
  (await db.selectFrom("worklistSettings").select("quietDays").where("programId", "=", programId).executeTakeFirst())
    ?.quietDays ?? null;

export const upsertQuietDays = (db: Db, programId: string, quietDays: number, now: Date) =>
  db
    .insertInto("worklistSettings")
    .values({ programId, quietDays, updatedAt: now })
    .onConflict((oc) => oc.column("programId").doUpdateSet({ quietDays, updatedAt: now }))
    .execute();

/** The programs a user reaches (null: every program), with what the worklist needs of each. */
export const findProgramsInReach = (db: Db, reachOf: string | null) =>
  db
    .selectFrom("programs as p")
    .select(["p.id", "p.territory", "p.startDate", "p.endDate", "p.endedAt"])
    .$if(reachOf !== null, (qb) =>
      qb.where((eb) => reachesProgram({ id: eb.ref("p.id"), organisationId: eb.ref("p.organisationId") }, reachOf!)),
    )
    .execute();

/** One enrolment as the reporting trend reads it: consent, withdrawal, the days logged and questionnaires due in a range. */
export interface TrendFactsRow {
  dateConsentGiven: Date | string;
  dateConsentRevoked: Date | string | null;
  logDays: string[] | null;
  questionnaires: { dueDay: string; completed: boolean }[] | null;
}

/**
 * Every enrolment of a program that ever consented (not erased), with its days logged
 * (patient_log_days, by day range) and its questionnaires answered or missed, due within
 * [from, to]: one statement, the days as text so they stay calendar days.
 */
export const findTrendFacts = async (db: Db, programId: string, range: { from: string; to: string }) => {
  const { rows } = await sql<TrendFactsRow>`
    WITH days AS (
      SELECT patient_id, array_agg(local_date::text) AS log_days FROM patient_log_days
      WHERE program_id = ${programId} AND local_date BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY patient_id
    ),
    answered AS (
      SELECT patient_id,
        json_agg(json_build_object('dueDay', due_date::text, 'completed', state = 'COMPLETED')) AS questionnaires
      FROM questionnaire_events
      WHERE program_id = ${programId} AND state IN ('COMPLETED', 'MISSED')
        AND due_date BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY patient_id
    )
    SELECT pp.date_consent_given AS "dateConsentGiven", pp.date_consent_revoked AS "dateConsentRevoked",
      d.log_days AS "logDays", a.questionnaires
    FROM program_patients pp
    LEFT JOIN days d ON d.patient_id = pp.user_id
    LEFT JOIN answered a ON a.patient_id = pp.user_id
    WHERE pp.program_id = ${programId} AND pp.date_consent_given IS NOT NULL AND pp.erased_at IS NULL`.execute(db);
  return rows;
};
