import { type Kysely, sql } from "kysely";

/**
 * The worklist's summary of the days each enrolment logged (issue 36 §1, decision 030): one row
 * per patient in a program, so the worklist of 10,000 patients reads 10,000 rows instead of the
 * ~280,000 rows of patient_log_days in its four weeks.
 *
 * - `worklist_log_days_summaries (program_id, patient_id)`: `last_log_day`, the patient's latest
 *   calendar day with a log in the program, and `log_day_bits`, a 32-bit map of the days logged
 *   anchored at it (bit i: a log on last_log_day − i). Core's logDaysOn slides it to the clinic's
 *   today (the reporting windows, the last log day); mergeLogDays is the arithmetic below.
 * - Kept from `patient_log_days` (itself kept from patient_logs by 0025's triggers), by statement
 *   triggers in the same statement as what changed it: a new day (an upload, the demo, any
 *   INSERT into patient_logs) is merged into the row, a day gone (logs deleted, an account
 *   deleted) makes the enrolment's row be read again from its days left (gone with the last one).
 *   The upload adds one trigger run when it brings a patient's first log of a day, nothing else.
 * - `worklist_log_days_summaries_rebuild(program)` refills a program's rows from patient_log_days
 *   (the backfill below, and after a bulk load with triggers off, once patient_log_days is rebuilt).
 * - Erasure deletes the enrolment's row (the worklist never lists an erased enrolment).
 */

/** The days of `rows` (program_id, patient_id, local_date) as one summary row per enrolment. */
const summariesOf = (rows: string) => `
  SELECT program_id, patient_id, last_day, bit_or(1::bit(32) << (last_day - local_date))::integer
  FROM (SELECT program_id, patient_id, local_date,
      max(local_date) OVER (PARTITION BY program_id, patient_id) AS last_day
    FROM ${rows}) d
  WHERE local_date > last_day - 32
  GROUP BY program_id, patient_id, last_day`;

const up = [
  `CREATE TABLE worklist_log_days_summaries (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_log_day date NOT NULL,
    log_day_bits integer NOT NULL,
    PRIMARY KEY (program_id, patient_id)
  )`,
  // New days merged in: the later anchor, each side's bits slid to it (past 32 they fall off).
  `CREATE FUNCTION worklist_log_days_summaries_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO worklist_log_days_summaries AS s (program_id, patient_id, last_log_day, log_day_bits)
    ${summariesOf("new_rows")}
    ORDER BY 1, 2
    ON CONFLICT (program_id, patient_id) DO UPDATE SET
      last_log_day = greatest(s.last_log_day, excluded.last_log_day),
      log_day_bits = ((s.log_day_bits::bit(32) << greatest(excluded.last_log_day - s.last_log_day, 0))
        | (excluded.log_day_bits::bit(32) << greatest(s.last_log_day - excluded.last_log_day, 0)))::integer;
    RETURN NULL;
  END $$`,
  // Days gone: each enrolment touched read again from its days left; none left, its row goes.
  // Only rows that exist are changed (a program being deleted takes its rows by cascade). The
  // rows are locked before the days are read: an upload adding a day meanwhile merges it into
  // the row read again, or has committed before the days are read (READ COMMITTED).
  `CREATE FUNCTION worklist_log_days_summaries_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM 1 FROM worklist_log_days_summaries s
    WHERE (s.program_id, s.patient_id) IN (SELECT program_id, patient_id FROM old_rows)
    ORDER BY s.program_id, s.patient_id FOR UPDATE;
    WITH touched AS (SELECT DISTINCT program_id, patient_id FROM old_rows),
    left_days AS (
      SELECT t.program_id, t.patient_id, (
          SELECT max(d.local_date) FROM patient_log_days d
          WHERE d.program_id = t.program_id AND d.patient_id = t.patient_id
        ) AS last_day
      FROM touched t
    ),
    summaries AS (
      SELECT l.program_id, l.patient_id, l.last_day, (
          SELECT bit_or(1::bit(32) << (l.last_day - d.local_date))::integer FROM patient_log_days d
          WHERE d.program_id = l.program_id AND d.patient_id = l.patient_id AND d.local_date > l.last_day - 32
        ) AS bits
      FROM left_days l
    ),
    emptied AS (
      DELETE FROM worklist_log_days_summaries s USING summaries x
      WHERE s.program_id = x.program_id AND s.patient_id = x.patient_id AND x.last_day IS NULL
    )
    UPDATE worklist_log_days_summaries s SET last_log_day = x.last_day, log_day_bits = x.bits
    FROM summaries x
    WHERE s.program_id = x.program_id AND s.patient_id = x.patient_id AND x.last_day IS NOT NULL;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER worklist_log_days_summaries_days_added AFTER INSERT ON patient_log_days
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worklist_log_days_summaries_days_added()`,
  `CREATE TRIGGER worklist_log_days_summaries_days_deleted AFTER DELETE ON patient_log_days
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worklist_log_days_summaries_days_deleted()`,
  `CREATE FUNCTION worklist_log_days_summaries_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM worklist_log_days_summaries WHERE program_id = program;
    INSERT INTO worklist_log_days_summaries (program_id, patient_id, last_log_day, log_day_bits)
    ${summariesOf("(SELECT program_id, patient_id, local_date FROM patient_log_days WHERE program_id = program) l")};
  END $$`,
  // Backfill: every program's days so far.
  `SELECT worklist_log_days_summaries_rebuild(id) FROM programs`,
];

export const worklistLogDaysSummary = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
