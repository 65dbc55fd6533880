import { type Kysely, sql } from "kysely";

/**
 * The program dashboard.
 *
 * Symptom trends and the most logged symptoms read a daily roll-up, `program_symptom_days`: per
 * program, symptom, calendar day and consent day, the live symptom logs of the patients who take
 * part, counted per grade and at a danger grade. Measured at 500 patients × 365 days, averaging the logs themselves costs about a tenth of
 * a second for one symptom over a year even from an index alone; it grows with patients × days,
 * so at 10,000 patients it is well over the 300 ms goal. The roll-up has one row per day and
 * consent day whatever the number of patients. The consent day (in the program's time zone) is
 * kept so the same rows also answer the involvement-day axis (day = local_date − consent_date + 1).
 *
 * The rules are those of the participant report and core's programFigureStatuses: a log counts
 * unless invalidated ('Removed'); a patient counts while CONSENTED or PROJECT_COMPLETED. They are
 * kept by triggers in the same transaction as the change: statement-level triggers with
 * transition tables on patient_logs (one aggregated upsert per statement, so a bulk upload or a
 * bulk load costs one GROUP BY, not a trigger call per row), a row trigger on program_patients
 * (a patient who withdraws takes their logs out; consenting again puts them back), and a rebuild
 * when a program's territory (its time zone) changes. `program_dashboard_rebuild(program)`
 * recomputes one program from the logs (the backfill below, and after a load with triggers off).
 *
 * Temperature trends read `program_temperature_days` the same way (readings, exact sum and sum of
 * squares for the mean and standard deviation, high and low readings), kept by the same triggers.
 * The patients behind a figure read the logs through two partial indexes, each holding only its
 * own class of log.
 */

/** core territoryTimeZones, frozen here as migrations are. */
const zoneOf = (territory: string) =>
  `(CASE ${territory} WHEN 'UK_IRE' THEN 'Europe/London' WHEN 'US' THEN 'America/New_York' WHEN 'CH' THEN 'Europe/Zurich' ELSE 'UTC' END)`;
const takingPart = `pp.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND pp.date_consent_given IS NOT NULL`;
const liveSymptom = (l: string) =>
  `${l}.log_class = 'SYMPTOMS' AND ${l}.log_type_id IS NOT NULL AND ${l}.validation_status IS DISTINCT FROM 'Removed'`;
const counts = ["grade0", "grade1", "grade2", "grade3", "grade4", "severe"];
const upsert = `ON CONFLICT (program_id, log_type_id, local_date, consent_date) DO UPDATE
  SET ${counts.map((c) => `${c} = program_symptom_days.${c} + EXCLUDED.${c}`).join(", ")}`;
/** The counts of a group of logs `l`, times sign: per grade (a missing grade is 0) and at a danger grade. */
const tally = (sign: 1 | -1) =>
  [0, 1, 2, 3, 4]
    .map((g) => `${sign} * count(*) FILTER (WHERE coalesce(l.grade, 0) = ${g})`)
    .concat(`${sign} * count(*) FILTER (WHERE l.is_danger)`)
    .join(", ");
const columns = `program_id, log_type_id, local_date, consent_date, ${counts.join(", ")}`;

/** Adds (sign 1) or takes out (sign -1) the live symptom logs of a set of rows `rows` aliased l. */
const apply = (rows: string, sign: 1 | -1) => `
  INSERT INTO program_symptom_days (${columns})
  SELECT l.program_id, l.log_type_id, l.local_date, (pp.date_consent_given AT TIME ZONE ${zoneOf("pr.territory")})::date,
    ${tally(sign)}
  FROM ${rows} l
  JOIN program_patients pp ON pp.program_id = l.program_id AND pp.user_id = l.patient_id
  JOIN programs pr ON pr.id = l.program_id
  WHERE ${liveSymptom("l")} AND ${takingPart}
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ${upsert};`;

/** One enrolment's logs, in or out, with the consent date of `e` (OLD or NEW). */
const applyEnrolment = (e: "OLD" | "NEW", sign: 1 | -1) => `
  INSERT INTO program_symptom_days (${columns})
  SELECT l.program_id, l.log_type_id, l.local_date, (${e}.date_consent_given AT TIME ZONE ${zoneOf("pr.territory")})::date,
    ${tally(sign)}
  FROM patient_logs l JOIN programs pr ON pr.id = l.program_id
  WHERE l.patient_id = ${e}.user_id AND l.program_id = ${e}.program_id AND ${liveSymptom("l")}
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ${upsert};`;

const temperatureUpsert = `ON CONFLICT (program_id, local_date, consent_date) DO UPDATE
  SET readings = program_temperature_days.readings + EXCLUDED.readings,
      value_sum = program_temperature_days.value_sum + EXCLUDED.value_sum,
      value_square_sum = program_temperature_days.value_square_sum + EXCLUDED.value_square_sum,
      high = program_temperature_days.high + EXCLUDED.high,
      low = program_temperature_days.low + EXCLUDED.low`;
const liveTemperature = (l: string) =>
  `${l}.log_class = 'TEMPERATURE' AND ${l}.value IS NOT NULL AND ${l}.validation_status IS DISTINCT FROM 'Removed'`;
/** core temperatureBands: above 37.5 °C is high, 36 °C or below is low. */
const temperatureTally = (sign: 1 | -1) =>
  `${sign} * count(*), ${sign} * sum(l.value::numeric), ${sign} * sum(l.value::numeric * l.value::numeric),
    ${sign} * count(*) FILTER (WHERE l.value > 37.5), ${sign} * count(*) FILTER (WHERE l.value <= 36)`;
const temperatureColumns = "program_id, local_date, consent_date, readings, value_sum, value_square_sum, high, low";

/** As apply(), for temperatures. */
const applyTemperatures = (rows: string, sign: 1 | -1) => `
  INSERT INTO program_temperature_days (${temperatureColumns})
  SELECT l.program_id, l.local_date, (pp.date_consent_given AT TIME ZONE ${zoneOf("pr.territory")})::date, ${temperatureTally(sign)}
  FROM ${rows} l
  JOIN program_patients pp ON pp.program_id = l.program_id AND pp.user_id = l.patient_id
  JOIN programs pr ON pr.id = l.program_id
  WHERE ${liveTemperature("l")} AND ${takingPart}
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ${temperatureUpsert};`;

const applyEnrolmentTemperatures = (e: "OLD" | "NEW", sign: 1 | -1) => `
  INSERT INTO program_temperature_days (${temperatureColumns})
  SELECT l.program_id, l.local_date, (${e}.date_consent_given AT TIME ZONE ${zoneOf("pr.territory")})::date, ${temperatureTally(sign)}
  FROM patient_logs l JOIN programs pr ON pr.id = l.program_id
  WHERE l.patient_id = ${e}.user_id AND l.program_id = ${e}.program_id AND ${liveTemperature("l")}
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ${temperatureUpsert};`;

const up = [
  `CREATE INDEX patient_logs_program_symptom_day ON patient_logs (program_id, log_type_id, local_date)
    INCLUDE (patient_id, grade, is_danger, validation_status) WHERE log_class = 'SYMPTOMS'`,
  `CREATE INDEX patient_logs_program_temperature_day ON patient_logs (program_id, local_date)
    INCLUDE (patient_id, value, validation_status) WHERE log_class = 'TEMPERATURE'`,

  `CREATE TABLE program_symptom_days (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    log_type_id text NOT NULL,
    local_date date NOT NULL,
    -- The patients' consent day in the program's time zone: involvement day = local_date - consent_date + 1.
    consent_date date NOT NULL,
    -- Live logs per grade (a missing grade is 0), and those at a danger (severe) grade.
    grade0 integer NOT NULL, grade1 integer NOT NULL, grade2 integer NOT NULL,
    grade3 integer NOT NULL, grade4 integer NOT NULL, severe integer NOT NULL,
    PRIMARY KEY (program_id, log_type_id, local_date, consent_date)
  )`,

  `CREATE TABLE program_temperature_days (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    local_date date NOT NULL,
    consent_date date NOT NULL,
    -- Live readings (°C), their sum and sum of squares (exact: numeric), and how many were high or low.
    readings integer NOT NULL,
    value_sum numeric NOT NULL,
    value_square_sum numeric NOT NULL,
    high integer NOT NULL,
    low integer NOT NULL,
    PRIMARY KEY (program_id, local_date, consent_date)
  )`,

  `CREATE FUNCTION program_dashboard_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM program_symptom_days WHERE program_id = program;
    DELETE FROM program_temperature_days WHERE program_id = program;
    ${apply("(SELECT * FROM patient_logs WHERE program_id = program AND log_class = 'SYMPTOMS')", 1)}
    ${applyTemperatures("(SELECT * FROM patient_logs WHERE program_id = program AND log_class = 'TEMPERATURE')", 1)}
  END $$`,

  `CREATE FUNCTION program_symptom_days_logs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${apply("new_rows", 1)} ${applyTemperatures("new_rows", 1)} RETURN NULL; END $$`,
  `CREATE FUNCTION program_symptom_days_logs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${apply("old_rows", -1)} ${apply("new_rows", 1)}
    ${applyTemperatures("old_rows", -1)} ${applyTemperatures("new_rows", 1)}
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION program_symptom_days_logs_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${apply("old_rows", -1)} ${applyTemperatures("old_rows", -1)} RETURN NULL; END $$`,
  `CREATE TRIGGER program_symptom_days_logs_inserted AFTER INSERT ON patient_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION program_symptom_days_logs_inserted()`,
  `CREATE TRIGGER program_symptom_days_logs_updated AFTER UPDATE ON patient_logs
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION program_symptom_days_logs_updated()`,
  `CREATE TRIGGER program_symptom_days_logs_deleted AFTER DELETE ON patient_logs
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION program_symptom_days_logs_deleted()`,

  `CREATE FUNCTION program_symptom_days_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.status IN ('CONSENTED', 'PROJECT_COMPLETED')
        AND OLD.date_consent_given IS NOT NULL THEN
      ${applyEnrolment("OLD", -1)}
      ${applyEnrolmentTemperatures("OLD", -1)}
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.status IN ('CONSENTED', 'PROJECT_COMPLETED') AND NEW.date_consent_given IS NOT NULL THEN
      ${applyEnrolment("NEW", 1)}
      ${applyEnrolmentTemperatures("NEW", 1)}
    END IF;
    RETURN OLD;
  END $$`,
  `CREATE TRIGGER program_symptom_days_enrolment_changed AFTER UPDATE OF status, date_consent_given ON program_patients
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.date_consent_given IS DISTINCT FROM NEW.date_consent_given)
    EXECUTE FUNCTION program_symptom_days_enrolment()`,
  // BEFORE, while the enrolment's logs are still there: when an account is deleted, its enrolments
  // and its logs go by cascade in an order of PostgreSQL's choosing, and whichever goes second would
  // no longer find the other. The logs' own trigger finds no enrolment after this, so none counts twice.
  `CREATE TRIGGER program_symptom_days_enrolment_deleted BEFORE DELETE ON program_patients
    FOR EACH ROW EXECUTE FUNCTION program_symptom_days_enrolment()`,

  `CREATE FUNCTION program_symptom_days_territory() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM program_dashboard_rebuild(NEW.id); RETURN NULL; END $$`,
  `CREATE TRIGGER program_symptom_days_territory AFTER UPDATE OF territory ON programs
    FOR EACH ROW WHEN (OLD.territory IS DISTINCT FROM NEW.territory) EXECUTE FUNCTION program_symptom_days_territory()`,

  // Backfill: every program's logs so far.
  `SELECT program_dashboard_rebuild(id) FROM programs`,
];

export const programDashboard = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
