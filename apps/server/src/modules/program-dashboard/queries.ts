import { programFigureStatuses, temperatureBands, validationStatuses } from "@openpro/core";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/**
 * The SQL of the program dashboard, over a range of calendar days (`local_date`, the patient's own
 * day, as the participant report counts them). Only live logs (never invalidated ones) of patients
 * who take part (core programFigureStatuses) count. Day series (symptom trends, most logged,
 * temperatures) read the daily roll-ups of migration 0009, which its triggers keep by those rules;
 * the patients behind a figure and medication adherence read the logs themselves, through the
 * partial indexes of the same migration, joined to the enrolments. Aggregation runs here, never in
 * JavaScript.
 */
export interface DashboardRange {
  programId: string;
  /** First and last calendar day (YYYY-MM-DD), both included. */
  startDate: string;
  endDate: string;
  /** The series' key: the date, or the day of the patient's involvement (day 1 = consent day). */
  axis: "date" | "involvementDay";
}

const REMOVED = validationStatuses[1];
/** A live log: not invalidated (the participant report's rule). */
const live = sql`l.validation_status IS DISTINCT FROM ${REMOVED}`;

/** Enrolments whose data makes the program's figures, joined to the logs `l` of the program. */
const takingPart = sql`JOIN program_patients pp ON pp.program_id = l.program_id AND pp.user_id = l.patient_id
  AND pp.status IN (${sql.join([...programFigureStatuses])})`;

const inRange = (range: DashboardRange) =>
  sql`l.program_id = ${range.programId} AND l.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;

export interface SymptomTrendRow {
  key: string;
  avg: number;
  count: number;
}

const logCount = sql`(d.grade0 + d.grade1 + d.grade2 + d.grade3 + d.grade4)`;
const gradeSum = sql`(d.grade1 + 2 * d.grade2 + 3 * d.grade3 + 4 * d.grade4)`;

/**
 * Average grade (missing grade = 0) and number of live logs of one symptom per day, from the daily
 * roll-up program_symptom_days (migration 0009), which triggers keep with the same rules as the
 * logs' own statements here: live logs of patients taking part. Exported for the benchmark's EXPLAIN.
 */
export const symptomTrendStatement = (range: DashboardRange, logTypeId: string) => {
  const key = range.axis === "date" ? sql`d.local_date` : sql`(d.local_date - d.consent_date + 1)`;
  return sql<SymptomTrendRow>`
    SELECT ${range.axis === "date" ? sql`to_char(${key}, 'YYYY-MM-DD')` : sql`${key}::text`} AS key,
      (sum(${gradeSum})::float8 / sum(${logCount})) AS avg, sum(${logCount})::int AS count
    FROM program_symptom_days d
    WHERE d.program_id = ${range.programId} AND d.log_type_id = ${logTypeId}
      AND d.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
    GROUP BY ${key}
    HAVING sum(${logCount}) > 0`;
};

export const findSymptomTrend = async (db: Db, range: DashboardRange, logTypeId: string) =>
  (await symptomTrendStatement(range, logTypeId).execute(db)).rows;

export interface MostLoggedRow {
  logTypeId: string;
  count: number;
  severe: number;
  grade0: number;
  grade1: number;
  grade2: number;
  grade3: number;
  grade4: number;
}

/** Live symptom logs per symptom (from the daily roll-up): how many, how many severe, per grade. */
export const findMostLoggedSymptoms = async (
  db: Db,
  range: DashboardRange,
  orderBy: "count" | "severe",
  limit: number,
) => {
  const order = orderBy === "severe" ? sql`severe DESC, count DESC` : sql`count DESC, severe DESC`;
  const grade = (g: number) => sql`sum(d.${sql.raw(`grade${g}`)})::int`;
  return (
    await sql<MostLoggedRow>`
      SELECT d.log_type_id, sum(${logCount})::int AS count, sum(d.severe)::int AS severe,
        ${grade(0)} AS grade0, ${grade(1)} AS grade1, ${grade(2)} AS grade2, ${grade(3)} AS grade3, ${grade(4)} AS grade4
      FROM program_symptom_days d
      WHERE d.program_id = ${range.programId} AND d.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
      GROUP BY d.log_type_id
      HAVING sum(${logCount}) > 0
      ORDER BY ${order}, d.log_type_id
      LIMIT ${limit}`.execute(db)
  ).rows;
};

/** Live temperature logs of patients taking part in the range (the patients behind a band). */
const temperatures = (range: DashboardRange) =>
  sql`FROM patient_logs l ${takingPart}
      WHERE ${inRange(range)} AND l.log_class = 'TEMPERATURE' AND l.value IS NOT NULL AND ${live}`;

export interface TemperatureDayRow {
  key: string;
  mean: number;
  stDev: number;
  count: number;
}

/** Mean and population standard deviation (°C) of the live readings per day, from the daily roll-up. */
export const findTemperatureDays = async (db: Db, range: DashboardRange) => {
  const key = range.axis === "date" ? sql`d.local_date` : sql`(d.local_date - d.consent_date + 1)`;
  return (
    await sql<TemperatureDayRow>`
      SELECT ${range.axis === "date" ? sql`to_char(${key}, 'YYYY-MM-DD')` : sql`${key}::text`} AS key,
        (sum(d.value_sum) / sum(d.readings))::float8 AS mean,
        sqrt(GREATEST(0, sum(d.value_square_sum) / sum(d.readings) - (sum(d.value_sum) / sum(d.readings)) ^ 2))::float8 AS st_dev,
        sum(d.readings)::int AS count
      FROM program_temperature_days d
      WHERE d.program_id = ${range.programId} AND d.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
      GROUP BY ${key}
      HAVING sum(d.readings) > 0`.execute(db)
  ).rows;
};

/** High (above the band) and low (at or below it) readings in the range. */
export const findTemperatureBands = async (db: Db, range: DashboardRange) =>
  (
    await sql<{ high: number; low: number }>`
      SELECT coalesce(sum(d.high), 0)::int AS high, coalesce(sum(d.low), 0)::int AS low
      FROM program_temperature_days d
      WHERE d.program_id = ${range.programId} AND d.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`.execute(
      db,
    )
  ).rows[0] ?? { high: 0, low: 0 };

const DAY_MS = 86_400_000;

/**
 * The first day whose doses a medication `m` of enrolment `pp` expects in the range: the latest of
 * its start, the range's first day and the consent day in the program's time zone (core
 * dosesExpectedOn's countFrom; doses before consent could never be logged).
 */
const firstCountedDay = (range: DashboardRange, timeZone: string) =>
  sql`GREATEST(m.start_date, ${range.startDate}::date,
    coalesce((pp.date_consent_given AT TIME ZONE ${sql.lit(timeZone)})::date, m.start_date))`;

/**
 * The program's medications that expect doses (AS_NEEDED has no adherence) of the patients taking
 * part, each with its doses a day (per_day, 0 for the every-other-day and weekly ones), the days of
 * its cycle (period) and the first and last day of the range it expects doses on (the last: up to
 * yesterday). `andWhere` narrows it (one name, the consented). The `m` both adherence figures read.
 */
const dosedMedications = (range: DashboardRange, today: string, timeZone: string, andWhere: RawBuilder<unknown>) =>
  sql`
      SELECT m.id, m.patient_id, m.name, m.frequency, m.start_date,
        CASE m.frequency WHEN 'ONCE_DAILY' THEN 1 WHEN 'TWICE_DAILY' THEN 2 WHEN 'THREE_TIMES_DAILY' THEN 3
          WHEN 'FOUR_TIMES_DAILY' THEN 4 ELSE 0 END AS per_day,
        CASE m.frequency WHEN 'EVERY_OTHER_DAY' THEN 2 WHEN 'WEEKLY' THEN 7 ELSE 1 END AS period,
        ${firstCountedDay(range, timeZone)} AS first_day,
        LEAST(coalesce(m.end_date, ${range.endDate}::date), ${range.endDate}::date, ${today}::date - 1) AS last_day
      FROM patient_medications m
      JOIN program_patients pp ON pp.program_id = m.program_id AND pp.user_id = m.patient_id
        AND pp.status IN (${sql.join([...programFigureStatuses])})
      WHERE m.program_id = ${range.programId} AND m.frequency <> 'AS_NEEDED' ${andWhere}
    `;

/** The doses a medication of dosedMedications expects over its days of the range (core dosesExpectedOn, summed). */
const expectedDoses = sql`CASE WHEN m.last_day < m.first_day THEN 0
          WHEN m.frequency IN ('EVERY_OTHER_DAY', 'WEEKLY') THEN
            floor((m.last_day - m.start_date)::numeric / m.period) - floor((m.first_day - 1 - m.start_date)::numeric / m.period)
          ELSE m.per_day * (m.last_day - m.first_day + 1)
        END`;

/**
 * Per medication of each patient taking part: doses logged and skipped in the range, and doses
 * missed: on each day before today, the doses expected (core dosesExpectedOn: per frequency, from
 * the later of the medication's start date and the patient's consent day in `timeZone`, none for
 * AS_NEEDED, which has no adherence and is left out) less those recorded, never below 0 (core
 * adherenceOf). Medications with nothing in the range drop out.
 */
const medicationTotals = (range: DashboardRange, today: string, timeZone: string, medicationName?: string) => {
  const from = new Date(Date.parse(`${range.startDate}T00:00:00Z`) - DAY_MS);
  const to = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 2 * DAY_MS);
  return sql`
    m AS (${dosedMedications(range, today, timeZone, medicationName === undefined ? sql`` : sql`AND m.name = ${medicationName}`)}),
    recorded AS (
      SELECT e.medication_id, e.local_date,
        count(*) FILTER (WHERE e.status = 'LOGGED') AS logged,
        count(*) FILTER (WHERE e.status = 'SKIPPED') AS skipped
      FROM medication_events e JOIN m ON m.id = e.medication_id
      WHERE e.program_id = ${range.programId} AND e.taken_at >= ${from} AND e.taken_at < ${to}
        AND e.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
      GROUP BY 1, 2
    ),
    -- Missed before today: over the days a dose is expected, Σ max(0, expected − recorded)
    -- = Σ expected − Σ min(expected, recorded), counted from the recorded days, not day by day.
    expected AS (
      SELECT m.id,
        ${expectedDoses} AS doses
      FROM m
    ),
    covered AS (
      SELECT r.medication_id AS id,
        sum(LEAST(r.logged + r.skipped, CASE WHEN m.per_day > 0 THEN m.per_day
          WHEN (r.local_date - m.start_date) % m.period = 0 THEN 1 ELSE 0 END)) AS doses
      FROM recorded r JOIN m ON m.id = r.medication_id
      WHERE r.local_date BETWEEN m.first_day AND m.last_day
      GROUP BY 1
    ),
    missed AS (
      SELECT e.id, e.doses - coalesce(c.doses, 0) AS missed FROM expected e LEFT JOIN covered c ON c.id = e.id
    ),
    recorded_totals AS (
      SELECT medication_id, sum(logged) AS logged, sum(skipped) AS skipped FROM recorded GROUP BY 1
    ),
    per_medication AS (
      SELECT m.id, m.patient_id, m.name, coalesce(t.logged, 0) AS logged, coalesce(t.skipped, 0) AS skipped,
        coalesce(mi.missed, 0) AS missed
      FROM m LEFT JOIN recorded_totals t ON t.medication_id = m.id LEFT JOIN missed mi ON mi.id = m.id
    )`;
};

export interface MedicationRow {
  medicationName: string;
  logged: number;
  skipped: number;
  eventsMissed: number;
  patients: number;
}

/**
 * Adherence figures per medication name over the program's patients. Doses logged, skipped and
 * "covered" (recorded, up to those expected that day) come from the daily roll-up
 * program_medication_days (migration 0016, kept by triggers with the rules of medicationTotals);
 * the doses expected from the medications themselves (one row each, the same formula as
 * medicationTotals). Missed = expected − covered, summed per name, equals medicationTotals' sum of
 * max(0, expected − recorded) per medication and day. A patient counts for a name when one of
 * their medications of that name expected a dose in the range, or recorded one in it (read
 * from the events, through their (medication, day) index, only for medications expecting none).
 */
export const findMedicationAdherence = async (db: Db, range: DashboardRange, today: string, timeZone: string) =>
  (
    await sql<MedicationRow>`
      WITH m AS (${dosedMedications(range, today, timeZone, sql`AND pp.date_consent_given IS NOT NULL`)}),
      expected AS (
        SELECT m.id, m.patient_id, m.name,
          ${expectedDoses} AS doses
        FROM m
      ),
      per_name AS (
        SELECT name, sum(doses) AS doses,
          count(DISTINCT patient_id) FILTER (WHERE CASE WHEN doses > 0 THEN true ELSE EXISTS (
            SELECT 1 FROM medication_events e WHERE e.medication_id = expected.id
              AND e.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date) END) AS patients
        FROM expected GROUP BY name
      ),
      recorded AS (
        SELECT d.name, sum(d.logged) AS logged, sum(d.skipped) AS skipped,
          coalesce(sum(d.covered) FILTER (WHERE d.local_date < ${today}::date), 0) AS covered
        FROM program_medication_days d
        WHERE d.program_id = ${range.programId} AND d.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
        GROUP BY d.name
      )
      SELECT p.name AS medication_name, coalesce(r.logged, 0)::int AS logged, coalesce(r.skipped, 0)::int AS skipped,
        (p.doses - coalesce(r.covered, 0))::int AS events_missed, p.patients::int AS patients
      FROM per_name p LEFT JOIN recorded r ON r.name = p.name
      WHERE coalesce(r.logged, 0) + coalesce(r.skipped, 0) + p.doses - coalesce(r.covered, 0) > 0
      ORDER BY lower(p.name), p.name`.execute(db)
  ).rows;

export type FigureFilter =
  | { figure: "symptom"; logTypeId: string }
  | { figure: "severeSymptom"; logTypeId?: string }
  | { figure: "highTemperature" }
  | { figure: "lowTemperature" }
  | { figure: "missedMedication"; medicationName: string; today: string; timeZone: string };

export interface FigurePatientRow {
  userId: string;
  firstName: string;
  lastName: string;
  count: number;
  worst: number | null;
  totalCount: number;
}

/** Per patient of the figure: how many of its logs (missed doses) and their worst value. */
const figureRows = (range: DashboardRange, filter: FigureFilter) => {
  switch (filter.figure) {
    case "symptom":
    case "severeSymptom": {
      const type = filter.logTypeId === undefined ? sql`` : sql`AND l.log_type_id = ${filter.logTypeId}`;
      const severe = filter.figure === "severeSymptom" ? sql`AND l.is_danger` : sql``;
      return sql`SELECT l.patient_id, count(*)::int AS count, max(coalesce(l.grade, 0))::float8 AS worst
        FROM patient_logs l ${takingPart}
        WHERE ${inRange(range)} AND l.log_class = 'SYMPTOMS' AND l.log_type_id IS NOT NULL AND ${live} ${type} ${severe}
        GROUP BY l.patient_id`;
    }
    case "highTemperature":
    case "lowTemperature": {
      const high = filter.figure === "highTemperature";
      return sql`SELECT l.patient_id, count(*)::int AS count,
          ${high ? sql`max(l.value)` : sql`min(l.value)`}::float8 AS worst
        ${temperatures(range)}
        AND ${high ? sql`l.value > ${temperatureBands.high}` : sql`l.value <= ${temperatureBands.low}`}
        GROUP BY l.patient_id`;
    }
    case "missedMedication":
      return sql`WITH ${medicationTotals(range, filter.today, filter.timeZone, filter.medicationName)}
        SELECT patient_id, sum(missed)::int AS count, NULL::float8 AS worst
        FROM per_medication GROUP BY patient_id HAVING sum(missed) > 0`;
  }
};

/** The patients behind a figure, most logs first, then by name; at most `limit`, with the total. */
export const findFigurePatients = async (db: Db, range: DashboardRange, filter: FigureFilter, limit: number) =>
  (
    await sql<FigurePatientRow>`
      SELECT pp.user_id, pp.first_name, pp.last_name, f.count, f.worst, count(*) OVER ()::int AS total_count
      FROM (${figureRows(range, filter)}) f
      JOIN program_patients pp ON pp.program_id = ${range.programId} AND pp.user_id = f.patient_id
      ORDER BY f.count DESC, lower(pp.last_name), lower(pp.first_name), pp.user_id
      LIMIT ${limit}`.execute(db)
  ).rows;

export interface QuestionnaireWeekRow {
  key: string;
  delivered: number;
  completed: number;
  partial: number;
  missed: number;
  open: number;
}

/**
 * Questionnaires that fell due in the range (never after `today`) to patients taking part, per
 * week: a calendar week from Monday, or the week of involvement (week 1 = the seven days from the
 * consent day, in the program's time zone). Counted from the events' own columns, through the
 * (program_id, due_date) index: once its window has closed, a questionnaire is completed, partly
 * answered (started), or missed (never started, whether or not the engine has marked it yet).
 */
export const findQuestionnaireWeeks = async (
  db: Db,
  range: DashboardRange,
  at: { today: string; now: Date },
  timeZone: string,
) => {
  const closed = sql`e.window_closes_at <= ${at.now}`;
  // The zone as a literal (one of core's territory zones): the grouped and selected week are then
  // the same expression to PostgreSQL.
  const consentDay = sql`(pp.date_consent_given AT TIME ZONE ${sql.lit(timeZone)})::date`;
  const week =
    range.axis === "date" ? sql`date_trunc('week', e.due_date)` : sql`((e.due_date - ${consentDay}) / 7 + 1)`;
  const key = range.axis === "date" ? sql`to_char(${week}, 'YYYY-MM-DD')` : sql`${week}::text`;
  return (
    await sql<QuestionnaireWeekRow>`
      SELECT ${key} AS key, count(*)::int AS delivered,
        count(*) FILTER (WHERE e.state = 'COMPLETED')::int AS completed,
        count(*) FILTER (WHERE e.state = 'IN_PROGRESS' AND ${closed})::int AS partial,
        count(*) FILTER (WHERE e.state = 'MISSED' OR (e.state = 'DUE' AND ${closed}))::int AS missed,
        count(*) FILTER (WHERE e.state IN ('DUE', 'IN_PROGRESS') AND NOT ${closed})::int AS open
      FROM questionnaire_events e
      JOIN program_patients pp ON pp.program_id = e.program_id AND pp.user_id = e.patient_id
        AND pp.status IN (${sql.join([...programFigureStatuses])}) AND pp.date_consent_given IS NOT NULL
      WHERE e.program_id = ${range.programId}
        AND e.due_date BETWEEN ${range.startDate}::date AND LEAST(${range.endDate}::date, ${at.today}::date)
      GROUP BY ${week}
      ORDER BY ${week}`.execute(db)
  ).rows;
};
