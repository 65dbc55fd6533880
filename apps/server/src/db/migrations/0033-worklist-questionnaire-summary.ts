import { type Kysely, sql } from "kysely";

/**
 * The worklist's summary of each enrolment's questionnaires (issue 36 §1, decision 030): one row
 * per patient in a program holding the two instants the worklist compares, so its statement reads
 * them with the enrolment instead of probing each patient's questionnaires (at 10,000 patients
 * ~2,600 probes of the COMPLETED index, three quarters of the statement's buffers).
 *
 * - `worklist_questionnaire_summaries (program_id, patient_id)`: `last_completed_at`, the latest
 *   `completed_at` of the patient's COMPLETED questionnaires in the program, and
 *   `last_missed_closes_at`, the latest `window_closes_at` of the MISSED ones; each null when
 *   there is none. A questionnaire was missed since the last one answered when the second is
 *   later than the first (the worklist's "missed" candidates; the list itself is still read from
 *   questionnaire_events for the rows returned).
 * - Kept from `questionnaire_events` by statement triggers, in the same statement as what changed
 *   it: a questionnaire answered or missed (inserted so, as the demo and the bench load them, or
 *   updated to that state by the delivery engine) is merged in with `greatest`, which is exact
 *   for what only adds and safe under concurrent writers (ON CONFLICT sees the latest committed
 *   row); an answered or missed questionnaire that changes otherwise or is deleted (a schedule,
 *   a questionnaire type or an account deleted) makes the enrolment's row be read again from the
 *   events left, after locking it (as 0028 does for the days), gone when nothing is left.
 *   Updates that touch neither state nor those instants (answers saved, reminders sent) write
 *   nothing.
 * - `worklist_questionnaire_summaries_rebuild(program)` refills a program's rows (the backfill
 *   below, and after a bulk load with triggers off).
 */

/** One summary row per enrolment of `rows` (program_id, patient_id, state, completed_at, window_closes_at). */
const summariesOf = (rows: string) => `
  SELECT program_id, patient_id,
    max(completed_at) FILTER (WHERE state = 'COMPLETED'),
    max(window_closes_at) FILTER (WHERE state = 'MISSED')
  FROM ${rows}
  WHERE state IN ('COMPLETED', 'MISSED')
  GROUP BY program_id, patient_id`;

/** Merges the summaries of `rows` into the table: the later instant of each side. */
const mergeInto = (rows: string) => `
  INSERT INTO worklist_questionnaire_summaries AS s (program_id, patient_id, last_completed_at, last_missed_closes_at)
  ${summariesOf(rows)}
  ORDER BY 1, 2
  ON CONFLICT (program_id, patient_id) DO UPDATE SET
    last_completed_at = greatest(s.last_completed_at, excluded.last_completed_at),
    last_missed_closes_at = greatest(s.last_missed_closes_at, excluded.last_missed_closes_at)`;

/** The rows of an UPDATE whose state or compared instants changed, as (old, new) pairs. */
const changedRows = `
  old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.state IS DISTINCT FROM o.state OR n.completed_at IS DISTINCT FROM o.completed_at
    OR n.window_closes_at IS DISTINCT FROM o.window_closes_at
    OR n.program_id <> o.program_id OR n.patient_id <> o.patient_id`;

const up = [
  `CREATE TABLE worklist_questionnaire_summaries (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_completed_at timestamptz,
    last_missed_closes_at timestamptz,
    PRIMARY KEY (program_id, patient_id)
  )`,
  // Read again from the events left: only rows that exist (a program or account being deleted
  // takes its rows by cascade), locked first so that a writer merging meanwhile either waits or
  // has committed before the events are read (READ COMMITTED).
  `CREATE FUNCTION worklist_questionnaire_summaries_reread(program_ids uuid[], patient_ids uuid[])
  RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM 1 FROM worklist_questionnaire_summaries s
    WHERE (s.program_id, s.patient_id) IN (SELECT * FROM unnest(program_ids, patient_ids))
    ORDER BY s.program_id, s.patient_id FOR UPDATE;
    WITH touched AS (
      SELECT DISTINCT program_id, patient_id FROM unnest(program_ids, patient_ids) AS t(program_id, patient_id)
    ),
    facts AS (
      SELECT t.program_id, t.patient_id,
        (SELECT max(e.completed_at) FROM questionnaire_events e
          WHERE e.program_id = t.program_id AND e.patient_id = t.patient_id AND e.state = 'COMPLETED') AS completed,
        (SELECT max(e.window_closes_at) FROM questionnaire_events e
          WHERE e.program_id = t.program_id AND e.patient_id = t.patient_id AND e.state = 'MISSED') AS missed
      FROM touched t
    ),
    emptied AS (
      DELETE FROM worklist_questionnaire_summaries s USING facts f
      WHERE s.program_id = f.program_id AND s.patient_id = f.patient_id
        AND f.completed IS NULL AND f.missed IS NULL
    )
    UPDATE worklist_questionnaire_summaries s SET last_completed_at = f.completed, last_missed_closes_at = f.missed
    FROM facts f
    WHERE s.program_id = f.program_id AND s.patient_id = f.patient_id
      AND (f.completed IS NOT NULL OR f.missed IS NOT NULL);
  END $$`,
  `CREATE FUNCTION worklist_questionnaire_summaries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${mergeInto("new_rows")};
    RETURN NULL;
  END $$`,
  // An answered or missed questionnaire changed otherwise (its old side): read again; then the
  // new sides merged in (after the reread, which already counts them: greatest keeps it exact).
  `CREATE FUNCTION worklist_questionnaire_summaries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    program_ids uuid[];
    patient_ids uuid[];
  BEGIN
    SELECT array_agg(o.program_id), array_agg(o.patient_id) INTO program_ids, patient_ids
    FROM ${changedRows} AND o.state IN ('COMPLETED', 'MISSED');
    IF program_ids IS NOT NULL THEN
      PERFORM worklist_questionnaire_summaries_reread(program_ids, patient_ids);
    END IF;
    ${mergeInto(`(SELECT n.* FROM ${changedRows}) changed`)};
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION worklist_questionnaire_summaries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    program_ids uuid[];
    patient_ids uuid[];
  BEGIN
    SELECT array_agg(program_id), array_agg(patient_id) INTO program_ids, patient_ids
    FROM old_rows WHERE state IN ('COMPLETED', 'MISSED');
    IF program_ids IS NOT NULL THEN
      PERFORM worklist_questionnaire_summaries_reread(program_ids, patient_ids);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER worklist_questionnaire_summaries_inserted AFTER INSERT ON questionnaire_events
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worklist_questionnaire_summaries_inserted()`,
  `CREATE TRIGGER worklist_questionnaire_summaries_updated AFTER UPDATE ON questionnaire_events
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION worklist_questionnaire_summaries_updated()`,
  `CREATE TRIGGER worklist_questionnaire_summaries_deleted AFTER DELETE ON questionnaire_events
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worklist_questionnaire_summaries_deleted()`,
  `CREATE FUNCTION worklist_questionnaire_summaries_rebuild(program uuid) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM worklist_questionnaire_summaries WHERE program_id = program;
    INSERT INTO worklist_questionnaire_summaries (program_id, patient_id, last_completed_at, last_missed_closes_at)
    ${summariesOf("(SELECT * FROM questionnaire_events WHERE program_id = program) e")};
  END $$`,
  // Backfill: every program's questionnaires so far.
  `SELECT worklist_questionnaire_summaries_rebuild(id) FROM programs`,
];

export const worklistQuestionnaireSummary = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
