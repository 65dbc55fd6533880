import { type Kysely, sql } from "kysely";

/**
 * A dose the patient undid (issue 30 §4.3: "I took it" has an undo). The dose row is deleted, so
 * every figure (the participant report, the dashboard's daily roll-up kept by its delete trigger)
 * follows at once; this row keeps the dose's client id so that undoing again answers the same, and
 * an upload of that client id retried from the phone's queue does not bring the dose back.
 */
const up = [
  `CREATE TABLE medication_event_undos (
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id uuid NOT NULL,
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    undone_at timestamptz NOT NULL,
    PRIMARY KEY (patient_id, client_id)
  )`,
];

export const doseUndo = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
