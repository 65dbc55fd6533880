import { sql } from "kysely";

/**
 * The participant report's aggregates written by hand as ONE statement, the yardstick of the
 * report endpoint: calendar days (danger / logged / acknowledged), symptom groups with grade
 * totals, steps per day and totals, activity minutes and the top five activities, temperatures,
 * weights (average, per day, items), medication adherence with its events, every log of the range
 * as an item, and the patient's first and last day with data. Expected doses are counted from the
 * frequency (once/twice daily; as-needed expects none), as core's dosesExpectedOn does for those.
 *
 * It answers the JSON as text, as the endpoint sends it: a json column would be parsed into ~1 MB
 * of objects by node-postgres on every call. (Its client reads it as a string all the same: the
 * protocol parser of node-postgres decodes every field to a string, even in binary result format.)
 */
export const participantReportSql = (range: {
  programId: string;
  patientId: string;
  startDate: string;
  endDate: string;
}) => {
  const DAY_MS = 86_400_000;
  const from = new Date(Date.parse(`${range.startDate}T00:00:00Z`) - DAY_MS);
  const to = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 2 * DAY_MS);
  const live = sql`validation_status IS DISTINCT FROM 'Removed'`;
  return sql`
    WITH l AS MATERIALIZED (
      SELECT id, log_class, logged_at, local_date, log_type_id, grade, is_danger, value, unit, original_value,
        original_unit, data, note, validation_status, validation_reason, ${live} AS live,
        log_class = 'ACTIVITY' AND lower(coalesce(data->>'activityType', '')) = 'steps' AS is_steps
      FROM patient_logs
      WHERE patient_id = ${range.patientId} AND program_id = ${range.programId}
        AND logged_at >= ${from} AND logged_at < ${to}
        AND local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
    ),
    items AS (
      SELECT l.*, json_build_object('logId', id, 'logClass', log_class, 'date', logged_at, 'localDate', local_date,
        'logTypeId', log_type_id, 'validationStatus', validation_status, 'validationReason', validation_reason,
        'level', CASE WHEN grade IS NOT NULL THEN json_build_object('grade', grade, 'isDanger', is_danger) END,
        'data', jsonb_build_object('grade', grade, 'value', value, 'unit', unit, 'originalValue', original_value,
          'originalUnit', original_unit, 'note', note) || data) AS item
      FROM l
    ),
    per_day AS (
      SELECT local_date,
        bool_or(live AND log_class = 'SYMPTOMS' AND is_danger) AS danger,
        bool_or(live AND log_class IN ('SYMPTOMS', 'ACTIVITY')) AS logged,
        count(*) FILTER (WHERE live AND log_class = 'SYMPTOMS') AS symptom_logs,
        count(*) FILTER (WHERE validation_status = 'Acknowledged' AND log_class = 'SYMPTOMS') AS acknowledged_logs,
        sum((data->>'steps')::float8) FILTER (WHERE live AND is_steps) AS steps,
        avg(value) FILTER (WHERE live AND log_class = 'WEIGHT') AS weight_avg
      FROM l GROUP BY local_date
    ),
    symptom_groups AS (
      SELECT log_type_id, count(*) FILTER (WHERE live) AS n,
        coalesce(max(coalesce(grade, 0)) FILTER (WHERE live), 0) AS worst,
        coalesce(bool_or(is_danger) FILTER (WHERE live), false) AS danger,
        json_build_object(
          '0', count(*) FILTER (WHERE live AND coalesce(grade, 0) = 0),
          '1', count(*) FILTER (WHERE live AND grade = 1), '2', count(*) FILTER (WHERE live AND grade = 2),
          '3', count(*) FILTER (WHERE live AND grade = 3), '4', count(*) FILTER (WHERE live AND grade = 4)) AS totals,
        json_agg(item ORDER BY logged_at, id) AS items
      FROM items WHERE log_class = 'SYMPTOMS' AND log_type_id IS NOT NULL
      GROUP BY log_type_id
    ),
    activities AS (
      SELECT data->>'activityType' AS activity_type, count(*) AS n,
        coalesce(sum((data->>'durationMinutes')::float8), 0) AS total
      FROM l WHERE live AND log_class = 'ACTIVITY' AND NOT is_steps
      GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 LIMIT 5
    ),
    medications AS (
      SELECT m.id, m.name, m.dosage, m.dosage_unit, m.frequency, m.snomed_id, m.start_date, m.end_date,
        coalesce(ev.logged, 0) AS logged, coalesce(ev.skipped, 0) AS skipped, ev.events,
        -- expected doses on the past days of the range the medication was taken on
        CASE m.frequency WHEN 'ONCE_DAILY' THEN 1 WHEN 'TWICE_DAILY' THEN 2 WHEN 'THREE_TIMES_DAILY' THEN 3
          WHEN 'FOUR_TIMES_DAILY' THEN 4 ELSE 0 END
          * GREATEST(0, LEAST(coalesce(m.end_date, ${range.endDate}::date), ${range.endDate}::date, ${range.endDate}::date - 1)
            - GREATEST(m.start_date, ${range.startDate}::date) + 1) AS expected
      FROM patient_medications m
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE e.status = 'LOGGED') AS logged,
          count(*) FILTER (WHERE e.status = 'SKIPPED') AS skipped,
          json_agg(json_build_object('medicationEventId', e.id, 'status', e.status, 'date', e.taken_at,
            'notes', e.notes, 'displaySkipReasonType', e.skip_reason) ORDER BY e.taken_at, e.id) AS events
        FROM medication_events e
        WHERE e.patient_id = ${range.patientId} AND e.medication_id = m.id
          AND e.taken_at >= ${from} AND e.taken_at < ${to}
          AND e.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
      ) ev ON true
      WHERE m.patient_id = ${range.patientId} AND m.program_id = ${range.programId}
        AND m.start_date <= ${range.endDate}::date AND (m.end_date IS NULL OR m.end_date >= ${range.startDate}::date)
    )
    SELECT json_build_object(
      'days', (SELECT json_agg(json_build_object('date', d::date, 'type',
          CASE WHEN p.danger THEN 'DANGER' WHEN p.logged THEN 'LOGGED' ELSE 'DEFAULT' END,
          'acknowledged', coalesce(p.symptom_logs > 0 AND p.acknowledged_logs = p.symptom_logs, false)) ORDER BY d)
        FROM generate_series(${range.startDate}::date, ${range.endDate}::date, interval '1 day') d
        LEFT JOIN per_day p ON p.local_date = d::date),
      'symptoms', (SELECT json_agg(json_build_object('logTypeId', log_type_id, 'grade', worst, 'count', n,
          'isDanger', danger, 'totals', totals, 'items', items) ORDER BY n DESC, worst DESC, log_type_id)
        FROM symptom_groups),
      'steps', (SELECT json_agg(json_build_object('date', local_date, 'total', steps) ORDER BY local_date)
        FROM per_day WHERE steps IS NOT NULL),
      'stepsTotal', (SELECT json_build_object('total', coalesce(sum(steps), 0),
          'dailyAvg', coalesce(sum(steps) / nullif(count(steps), 0), 0)) FROM per_day),
      'activitiesTotal', (SELECT json_build_object('total', coalesce(sum((data->>'durationMinutes')::float8), 0),
          'dailyAvg', coalesce(sum((data->>'durationMinutes')::float8) / nullif(count(DISTINCT local_date), 0), 0))
        FROM l WHERE live AND log_class = 'ACTIVITY' AND NOT is_steps),
      'activities', (SELECT json_agg(json_build_object('activityType', activity_type, 'count', n, 'totalMinutes', total))
        FROM activities),
      'temperatures', (SELECT json_agg(item ORDER BY logged_at, id) FROM items WHERE live AND log_class = 'TEMPERATURE'),
      'weights', (SELECT json_build_object('unit', 'kg', 'avg', avg(value), 'count', count(*),
          'items', json_agg(item ORDER BY logged_at, id),
          'dayAvg', (SELECT json_agg(json_build_object('date', local_date, 'avg', weight_avg) ORDER BY local_date)
            FROM per_day WHERE weight_avg IS NOT NULL))
        FROM items WHERE live AND log_class = 'WEIGHT'),
      'medicationAdherence', (SELECT json_agg(json_build_object('medication', json_build_object('medicationId', id,
          'name', name, 'dosage', dosage, 'dosageUnit', dosage_unit, 'frequency', frequency, 'snomedId', snomed_id,
          'startDate', start_date, 'endDate', end_date),
          'logged', logged, 'skipped', skipped, 'missed', GREATEST(expected - logged - skipped, 0),
          'total', logged + skipped + GREATEST(expected - logged - skipped, 0),
          'adherence', CASE WHEN expected > 0 THEN round(100.0 * logged / GREATEST(expected, logged + skipped)) END,
          'events', coalesce(events, '[]')) ORDER BY lower(name), id)
        FROM medications),
      'logs', (SELECT json_agg(item ORDER BY logged_at, id) FROM items),
      'senderData', (SELECT json_build_object('userId', pp.user_id, 'firstName', pp.first_name,
          'lastName', pp.last_name, 'dateConsentGiven', pp.date_consent_given,
          'dateConsentRevoked', pp.date_consent_revoked,
          'reportsEarliestDate', (SELECT min(local_date) FROM patient_logs
            WHERE patient_id = ${range.patientId} AND program_id = ${range.programId}),
          'reportsLatestDate', (SELECT max(local_date) FROM patient_logs
            WHERE patient_id = ${range.patientId} AND program_id = ${range.programId}))
        FROM program_patients pp WHERE pp.program_id = ${range.programId} AND pp.user_id = ${range.patientId})
    )::text AS report`;
};
