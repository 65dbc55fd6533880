import {
  appOpenGraceDays,
  defaultQuietDays,
  reportingWindows,
  type Territory,
  territoryTimeZones,
  todayIn,
} from "@openpro/core";
import { sql } from "kysely";

/** Bits 0–13 (today and the 13 days before), 14–27 (the 14 before those), 0–27: the two reporting windows. */
const RECENT = 0x3fff;
const EARLIER = 0x3fff << 14;
const BOTH = 0xfffffff;

/**
 * The worklist's first page written by hand as ONE statement, the yardstick of the worklist
 * endpoint: core's quietReasons (apps/server's worklist module applies it in the server) as SQL
 * over the same tables (the days logged from each enrolment's summary, slid to today as core's
 * logDaysOn does; the latest answered and missed questionnaires from its other summary): never opened the app, a missed questionnaire, no log for N days, reporting
 * dropped; each from the consent or the last contact on; longest quiet first.
 */
export const worklistSql = (input: { programId: string; territory: Territory; now: Date }) => {
  const zone = territoryTimeZones[input.territory];
  const today = todayIn(input.territory, input.now);
  const w = reportingWindows(today);
  const p = input.programId;
  return sql`
    WITH slid AS (
      -- Each enrolment's days logged slid to today (core logDaysOn): bit k, a log on today − k.
      SELECT patient_id, last_log_day, log_day_bits::bit(32) >> (last_log_day - ${today}::date) AS days
      FROM worklist_log_days_summaries WHERE program_id = ${p}
    ),
    windows AS (
      SELECT patient_id,
        bit_count(days & ${RECENT}::integer::bit(32)) AS recent, bit_count(days & ${EARLIER}::integer::bit(32)) AS earlier,
        CASE WHEN last_log_day > ${today}::date AND (days & ${BOTH}::integer::bit(32)) <> 0::bit(32)
          THEN ${today}::date - position('1' IN reverse((days & ${BOTH}::integer::bit(32))::text)) + 1
          ELSE last_log_day END AS last_day
      FROM slid
    ),
    contacts AS (
      SELECT patient_id, max(contacted_at) AS at FROM worklist_contacts WHERE program_id = ${p} GROUP BY patient_id
    ),
    enrolments AS (
      SELECT pp.user_id, pp.first_name, pp.last_name, pp.date_consent_given,
        (pp.date_consent_given AT TIME ZONE ${zone})::date AS consent_day,
        w.last_day AS last_log_day,
        coalesce(w.recent, 0) AS recent, coalesce(w.earlier, 0) AS earlier,
        c.at AS contact_at, (c.at AT TIME ZONE ${zone})::date AS contact_day,
        qs.last_completed_at, qs.last_missed_closes_at
      FROM program_patients pp
      LEFT JOIN windows w ON w.patient_id = pp.user_id
      LEFT JOIN contacts c ON c.patient_id = pp.user_id
      LEFT JOIN worklist_questionnaire_summaries qs ON qs.program_id = pp.program_id AND qs.patient_id = pp.user_id
      WHERE pp.program_id = ${p} AND pp.status = 'CONSENTED' AND pp.date_consent_given IS NOT NULL
        AND pp.erased_at IS NULL AND (pp.date_consent_given AT TIME ZONE ${zone})::date <= ${today}::date
    ),
    facts AS (
      SELECT e.*, greatest(e.consent_day, e.contact_day) AS start_day,
        (e.last_log_day IS NOT NULL OR EXISTS (SELECT 1 FROM sessions s
          WHERE s.user_id = e.user_id AND s.scope = 'patient' AND s.created_at > e.date_consent_given)) AS opened,
        -- The enrolment's summary of its questionnaires (migration 0033) says whether one was missed
        -- after the last answered; only then are its missed questionnaires read.
        CASE WHEN e.last_missed_closes_at > coalesce(e.last_completed_at, '-infinity'::timestamptz) THEN (
          SELECT (min(q.window_closes_at) AT TIME ZONE ${zone})::date FROM questionnaire_events q
          WHERE q.program_id = ${p} AND q.patient_id = e.user_id AND q.state = 'MISSED'
            AND (q.window_closes_at AT TIME ZONE ${zone})::date BETWEEN e.consent_day AND ${today}::date
            AND q.window_closes_at > coalesce(e.contact_at, '-infinity'::timestamptz)
            AND q.window_closes_at > coalesce(e.last_completed_at, '-infinity'::timestamptz)
        ) END AS missed_day
      FROM enrolments e
    ),
    quiet AS (
      SELECT user_id, first_name, last_name, last_log_day, least(
        CASE WHEN NOT opened AND ${today}::date - start_day >= ${appOpenGraceDays} THEN start_day END,
        missed_day,
        CASE WHEN opened AND ${today}::date - greatest(start_day, last_log_day + 1) + 1
          >= coalesce((SELECT quiet_days FROM worklist_settings WHERE program_id = ${p}), ${defaultQuietDays})
          THEN greatest(start_day, last_log_day + 1) END,
        CASE WHEN consent_day <= ${w.earlier.from}::date AND (contact_day IS NULL OR contact_day < ${w.recent.from}::date)
          AND earlier > 0 AND recent * 2 < earlier THEN ${w.recent.from}::date END
      ) AS quiet_since
      FROM facts
    )
    SELECT user_id, first_name, last_name, quiet_since, last_log_day, count(*) OVER () AS total_count
    FROM quiet WHERE quiet_since IS NOT NULL
    ORDER BY quiet_since, first_name, last_name
    LIMIT 25`;
};

/**
 * The days logged as the worklist read them before the summary (decision 030): every row of
 * patient_log_days in the two windows, by day then patient (~280,000 rows at 10,000 patients),
 * and the patient's index for the last day of those with none in four weeks. Measured beside the
 * summary in the same run.
 */
export const logDaysWindowsSql = (input: { programId: string; territory: Territory; now: Date }) => {
  const today = todayIn(input.territory, input.now);
  const w = reportingWindows(today);
  return sql`
    WITH windows AS (
      SELECT patient_id, count(*) FILTER (WHERE local_date >= ${w.recent.from}::date) AS recent,
        count(*) FILTER (WHERE local_date < ${w.recent.from}::date) AS earlier, max(local_date) AS last_day
      FROM patient_log_days
      WHERE program_id = ${input.programId} AND local_date BETWEEN ${w.earlier.from}::date AND ${today}::date
      GROUP BY patient_id
    )
    SELECT pp.user_id, coalesce(w.recent, 0) AS recent, coalesce(w.earlier, 0) AS earlier,
      coalesce(w.last_day, (SELECT max(d.local_date) FROM patient_log_days d
        WHERE d.program_id = pp.program_id AND d.patient_id = pp.user_id)) AS last_log_day
    FROM program_patients pp LEFT JOIN windows w ON w.patient_id = pp.user_id
    WHERE pp.program_id = ${input.programId} AND pp.status = 'CONSENTED'`;
};

/** The same facts from the summary: one row a patient, slid to today (core logDaysOn's arithmetic). */
export const logDaysSummarySql = (input: { programId: string; territory: Territory; now: Date }) => {
  const today = todayIn(input.territory, input.now);
  return sql`
    WITH slid AS (
      SELECT patient_id, last_log_day, log_day_bits::bit(32) >> (last_log_day - ${today}::date) AS days
      FROM worklist_log_days_summaries WHERE program_id = ${input.programId}
    )
    SELECT pp.user_id, coalesce(bit_count(s.days & ${RECENT}::integer::bit(32)), 0) AS recent,
      coalesce(bit_count(s.days & ${EARLIER}::integer::bit(32)), 0) AS earlier, s.last_log_day
    FROM program_patients pp LEFT JOIN slid s ON s.patient_id = pp.user_id
    WHERE pp.program_id = ${input.programId} AND pp.status = 'CONSENTED'`;
};
