import { type Kysely, sql } from "kysely";

/**
 * Patient data at scale, from the benchmark's figures (issues 7, 9, 10).
 *
 * 1. Uploads: the severe-symptom counter of migration 0006 was a row trigger, one PL/pgSQL call
 *    and one UPDATE of the enrolment per danger log. On INSERT it becomes a statement trigger with
 *    a transition table (one grouped UPDATE per upload, as migration 0009's roll-ups do); it keeps
 *    the name `patient_logs_count_severe`, which a bulk load switches off. Acknowledging and
 *    invalidating change one row at a time, so UPDATE and DELETE keep the row trigger.
 *
 * 2. Program dashboard, medication adherence: measured at 500 patients × 365 days, reading every
 *    medication event of the range costs seconds for the full program. `program_medication_days`
 *    keeps, per program, medication name and calendar day, the doses logged and skipped and the
 *    doses "covered" (per medication and day, the recorded doses up to those expected that day, 0
 *    outside its start and end dates; core dosesExpectedOn), for the medications (not AS_NEEDED)
 *    of the patients taking part (core programFigureStatuses). Missed doses over a range are then
 *    the expected doses (counted from the medications themselves, one row each) less the covered
 *    ones; the roll-up has one row per medication name and day whatever the number of patients.
 *    Kept by a statement trigger on medication_events (each key's before and after, since
 *    "covered" is not additive), a row trigger on patient_medications (a changed name, frequency
 *    or dates move its doses), and one on program_patients (withdrawal, consent), as in 0009.
 *    `program_dashboard_rebuild(program)` rebuilds it too (after a bulk load with triggers off).
 *    The index (medication_id, local_date) answers the triggers' per-day recounts.
 */

const takingPart = `pp.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND pp.date_consent_given IS NOT NULL`;

/** Doses medication `m` expects on day `d` (core dosesExpectedOn). */
const expectedOn = (m: string, d: string) => `(CASE
  WHEN ${d} < ${m}.start_date OR (${m}.end_date IS NOT NULL AND ${d} > ${m}.end_date) THEN 0
  WHEN ${m}.frequency = 'ONCE_DAILY' THEN 1 WHEN ${m}.frequency = 'TWICE_DAILY' THEN 2
  WHEN ${m}.frequency = 'THREE_TIMES_DAILY' THEN 3 WHEN ${m}.frequency = 'FOUR_TIMES_DAILY' THEN 4
  WHEN ${m}.frequency = 'AS_NEEDED' THEN 0
  WHEN (${d} - ${m}.start_date) % (CASE ${m}.frequency WHEN 'EVERY_OTHER_DAY' THEN 2 WHEN 'WEEKLY' THEN 7 ELSE 1 END) = 0
    THEN 1 ELSE 0 END)`;

const upsert = `ON CONFLICT (program_id, name, local_date) DO UPDATE
  SET logged = program_medication_days.logged + EXCLUDED.logged,
      skipped = program_medication_days.skipped + EXCLUDED.skipped,
      covered = program_medication_days.covered + EXCLUDED.covered`;

/**
 * The events of a statement (`new_rows`, `old_rows`, either may be absent): for each medication
 * and day they touch, the counts after the statement (read now) and before it (after − new + old),
 * and the difference of the two contributions added to the roll-up.
 */
const applyEvents = (tables: { newRows?: string; oldRows?: string }) => {
  const parts = [
    tables.newRows ? `SELECT medication_id, local_date, status, 1 AS sign FROM ${tables.newRows}` : null,
    tables.oldRows ? `SELECT medication_id, local_date, status, -1 AS sign FROM ${tables.oldRows}` : null,
  ].filter(Boolean);
  return `
  INSERT INTO program_medication_days (program_id, name, local_date, logged, skipped, covered)
  SELECT m.program_id, m.name, k.local_date, sum(k.dl), sum(k.ds),
    sum(LEAST(a.n, ${expectedOn("m", "k.local_date")}) - LEAST(a.n - k.dl - k.ds, ${expectedOn("m", "k.local_date")}))
  FROM (
    SELECT medication_id, local_date,
      sum(sign) FILTER (WHERE status = 'LOGGED') AS dl, sum(sign) FILTER (WHERE status = 'SKIPPED') AS ds
    FROM (${parts.join(" UNION ALL ")}) x GROUP BY 1, 2
  ) k0
  CROSS JOIN LATERAL (SELECT k0.medication_id, k0.local_date, coalesce(k0.dl, 0) AS dl, coalesce(k0.ds, 0) AS ds) k
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM medication_events e
    WHERE e.medication_id = k.medication_id AND e.local_date = k.local_date) a
  JOIN patient_medications m ON m.id = k.medication_id
  JOIN program_patients pp ON pp.program_id = m.program_id AND pp.user_id = m.patient_id
  WHERE m.frequency <> 'AS_NEEDED' AND ${takingPart}
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ${upsert};`;
};

/** Every event of the medications `where` selects (alias m, joined to its enrolment pp), times sign. */
const applyMedications = (from: string, where: string, sign: 1 | -1) => `
  INSERT INTO program_medication_days (program_id, name, local_date, logged, skipped, covered)
  SELECT program_id, name, local_date, ${sign} * sum(logged), ${sign} * sum(skipped), ${sign} * sum(covered)
  FROM (
    SELECT m.program_id, m.name, e.local_date,
      count(*) FILTER (WHERE e.status = 'LOGGED') AS logged, count(*) FILTER (WHERE e.status = 'SKIPPED') AS skipped,
      LEAST(count(*), ${expectedOn("m", "e.local_date")}) AS covered
    FROM ${from}
    JOIN medication_events e ON e.medication_id = m.id
    WHERE m.frequency <> 'AS_NEEDED' AND ${where}
    GROUP BY m.id, m.program_id, m.name, m.start_date, m.end_date, m.frequency, e.local_date
  ) per_medication_day
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ${upsert};`;

/** One medication (OLD or NEW of patient_medications), in or out. */
const applyMedication = (r: "OLD" | "NEW", sign: 1 | -1) =>
  applyMedications(
    `(SELECT ${r}.id AS id, ${r}.program_id AS program_id, ${r}.patient_id AS patient_id, ${r}.name AS name,
      ${r}.frequency AS frequency, ${r}.start_date AS start_date, ${r}.end_date AS end_date) m
      JOIN program_patients pp ON pp.program_id = m.program_id AND pp.user_id = m.patient_id`,
    takingPart,
    sign,
  );

/** Every medication of one enrolment (OLD or NEW of program_patients), in or out. */
const applyEnrolment = (r: "OLD" | "NEW", sign: 1 | -1) =>
  applyMedications("patient_medications m", `m.program_id = ${r}.program_id AND m.patient_id = ${r}.user_id`, sign);

const up = [
  // 1. The severe-symptom counter on INSERT: one grouped UPDATE per statement.
  `DROP TRIGGER patient_logs_count_severe ON patient_logs`,
  `CREATE FUNCTION patient_logs_count_severe_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE program_patients pp SET severe_symptoms_count = pp.severe_symptoms_count + c.n
    FROM (
      SELECT program_id, patient_id, count(*)::int AS n FROM new_rows
      WHERE is_danger AND validation_status IS NULL GROUP BY 1, 2
    ) c
    WHERE pp.program_id = c.program_id AND pp.user_id = c.patient_id;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER patient_logs_count_severe AFTER INSERT ON patient_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_logs_count_severe_inserted()`,
  // The row function of 0006 serves UPDATE and DELETE as before.
  `CREATE TRIGGER patient_logs_count_severe_changed
    AFTER DELETE OR UPDATE OF validation_status, is_danger ON patient_logs
    FOR EACH ROW EXECUTE FUNCTION patient_logs_count_severe()`,

  // 2. The medication adherence roll-up.
  `CREATE INDEX medication_events_medication_day ON medication_events (medication_id, local_date)`,
  `CREATE TABLE program_medication_days (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    name text NOT NULL,
    local_date date NOT NULL,
    -- Doses recorded (logged, skipped) and, per medication and day, those up to the doses expected.
    logged integer NOT NULL,
    skipped integer NOT NULL,
    covered integer NOT NULL,
    PRIMARY KEY (program_id, name, local_date)
  )`,
  `CREATE FUNCTION program_medication_days_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM program_medication_days WHERE program_id = program;
    ${applyMedications(
      "patient_medications m JOIN program_patients pp ON pp.program_id = m.program_id AND pp.user_id = m.patient_id",
      `m.program_id = program AND ${takingPart}`,
      1,
    )}
  END $$`,
  // The dashboard's rebuild (0009) now rebuilds this roll-up as well; the territory trigger calls it by name.
  `ALTER FUNCTION program_dashboard_rebuild(uuid) RENAME TO program_dashboard_rebuild_days`,
  `CREATE FUNCTION program_dashboard_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM program_dashboard_rebuild_days(program);
    PERFORM program_medication_days_rebuild(program);
  END $$`,

  `CREATE FUNCTION program_medication_days_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${applyEvents({ newRows: "new_rows" })} RETURN NULL; END $$`,
  `CREATE FUNCTION program_medication_days_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${applyEvents({ newRows: "new_rows", oldRows: "old_rows" })} RETURN NULL; END $$`,
  `CREATE FUNCTION program_medication_days_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${applyEvents({ oldRows: "old_rows" })} RETURN NULL; END $$`,
  `CREATE TRIGGER program_medication_days_events_inserted AFTER INSERT ON medication_events
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION program_medication_days_events_inserted()`,
  `CREATE TRIGGER program_medication_days_events_updated AFTER UPDATE ON medication_events
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION program_medication_days_events_updated()`,
  `CREATE TRIGGER program_medication_days_events_deleted AFTER DELETE ON medication_events
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION program_medication_days_events_deleted()`,

  // A medication whose name, frequency, dates or program change moves all its doses; one deleted
  // takes them out BEFORE its events go by cascade (they then find no medication, so none counts twice).
  `CREATE FUNCTION program_medication_days_medication() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${applyMedication("OLD", -1)}
    IF TG_OP = 'UPDATE' THEN
      ${applyMedication("NEW", 1)}
    END IF;
    RETURN OLD;
  END $$`,
  `CREATE TRIGGER program_medication_days_medication_changed
    AFTER UPDATE OF name, frequency, start_date, end_date, program_id, patient_id ON patient_medications
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.frequency IS DISTINCT FROM NEW.frequency
      OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date
      OR OLD.program_id IS DISTINCT FROM NEW.program_id OR OLD.patient_id IS DISTINCT FROM NEW.patient_id)
    EXECUTE FUNCTION program_medication_days_medication()`,
  `CREATE TRIGGER program_medication_days_medication_deleted BEFORE DELETE ON patient_medications
    FOR EACH ROW EXECUTE FUNCTION program_medication_days_medication()`,

  // An enrolment that stops (or starts again) taking part takes its doses out (or puts them back).
  `CREATE FUNCTION program_medication_days_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND OLD.date_consent_given IS NOT NULL THEN
      ${applyEnrolment("OLD", -1)}
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND NEW.date_consent_given IS NOT NULL THEN
      ${applyEnrolment("NEW", 1)}
    END IF;
    RETURN OLD;
  END $$`,
  `CREATE TRIGGER program_medication_days_enrolment_changed AFTER UPDATE OF status, date_consent_given ON program_patients
    FOR EACH ROW WHEN ((OLD.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND OLD.date_consent_given IS NOT NULL)
      IS DISTINCT FROM (NEW.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND NEW.date_consent_given IS NOT NULL))
    EXECUTE FUNCTION program_medication_days_enrolment()`,
  `CREATE TRIGGER program_medication_days_enrolment_deleted BEFORE DELETE ON program_patients
    FOR EACH ROW EXECUTE FUNCTION program_medication_days_enrolment()`,

  // Backfill: every program's doses so far.
  `SELECT program_medication_days_rebuild(id) FROM programs`,
];

export const perf = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
