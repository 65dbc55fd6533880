import { type Kysely, sql } from "kysely";

/**
 * The worklist of patients gone quiet (issue 36 §1).
 *
 * - `worklist_settings`: N of "no log for N days", per program (no row: core's default, 7).
 * - `worklist_contacts`: the care team's contacts with a patient (outcome, note); the latest one
 *   takes the patient off the list until a new quiet period begins.
 * - `patient_log_days`: one row per patient and calendar day (the log's local date) with a log,
 *   kept by statement triggers on patient_logs. "Reporting dropped" compares the days logged in
 *   the last two weeks with the two before for every patient of a program: read from the logs
 *   that is every log of four weeks (≈1.5 M at 10,000 patients), from here at most 28 rows a
 *   patient. Its key leads with the day (the windows' range), its second index with the patient
 *   (the last day logged). `patient_log_days_rebuild(program)` refills it after a bulk load with
 *   triggers off.
 * - `sessions (user_id, created_at)`: "has the patient signed in to the app since consenting".
 */
const logDays = (rows: string) => `
  INSERT INTO patient_log_days (program_id, local_date, patient_id)
  SELECT DISTINCT program_id, local_date, patient_id FROM ${rows}
  ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;`;

const up = [
  `CREATE TABLE worklist_settings (
    program_id uuid PRIMARY KEY REFERENCES programs(id) ON DELETE CASCADE,
    quiet_days integer NOT NULL CHECK (quiet_days BETWEEN 2 AND 60),
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE worklist_contacts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    outcome text NOT NULL CHECK (outcome IN ('called', 'left_message', 'unwell_or_admitted', 'no_answer')),
    note text,
    contacted_by uuid REFERENCES users(id) ON DELETE SET NULL,
    contacted_at timestamptz NOT NULL
  )`,
  `CREATE INDEX worklist_contacts_patient ON worklist_contacts (program_id, patient_id, contacted_at)`,

  `CREATE TABLE patient_log_days (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    local_date date NOT NULL,
    patient_id uuid NOT NULL,
    PRIMARY KEY (program_id, local_date, patient_id)
  )`,
  `CREATE INDEX patient_log_days_patient ON patient_log_days (program_id, patient_id, local_date)`,
  `CREATE FUNCTION patient_log_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${logDays("new_rows")} RETURN NULL; END $$`,
  // A day goes when its last log goes (an account deleted, its logs by cascade).
  `CREATE FUNCTION patient_log_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM patient_log_days d
    USING (SELECT DISTINCT program_id, local_date, patient_id FROM old_rows) o
    WHERE d.program_id = o.program_id AND d.local_date = o.local_date AND d.patient_id = o.patient_id
      AND NOT EXISTS (SELECT 1 FROM patient_logs l
        WHERE l.patient_id = o.patient_id AND l.program_id = o.program_id AND l.local_date = o.local_date);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER patient_log_days_inserted AFTER INSERT ON patient_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_log_days_inserted()`,
  `CREATE TRIGGER patient_log_days_deleted AFTER DELETE ON patient_logs
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_log_days_deleted()`,
  `CREATE FUNCTION patient_log_days_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM patient_log_days WHERE program_id = program;
    ${logDays("(SELECT program_id, local_date, patient_id FROM patient_logs WHERE program_id = program) l")}
  END $$`,
  // Backfill: every program's logs so far.
  logDays("patient_logs"),

  `CREATE INDEX sessions_user_created ON sessions (user_id, created_at)`,
];

export const worklist = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
