import { type Kysely, sql } from "kysely";

/**
 * Research exports: the job's row (who asked, which format, anonymised or not, progress) and the
 * file it writes, kept in the database in chunks of about 1 MB so that any server process can
 * serve the download and none holds the whole file in memory. The per-export salt of the
 * pseudonymous keys is never stored: it lives only while the job runs.
 */
const up = [
  `CREATE TABLE research_exports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
    format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
    anonymised boolean NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'running', 'ready', 'failed')),
    rows_done bigint NOT NULL DEFAULT 0,
    rows_total bigint,
    file_name text,
    content_type text,
    byte_size bigint,
    error text,
    created_at timestamptz NOT NULL,
    started_at timestamptz,
    completed_at timestamptz
  )`,
  `CREATE INDEX research_exports_program ON research_exports (program_id, created_at DESC)`,
  `CREATE TABLE research_export_chunks (
    export_id uuid NOT NULL REFERENCES research_exports(id) ON DELETE CASCADE,
    seq integer NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (export_id, seq)
  )`,
  // The export reads a program's appointments in time order (the existing indexes lead with the patient).
  `CREATE INDEX nurse_visit_appointments_program_start ON nurse_visit_appointments (program_id, starts_at)`,
];

export const exportsMigration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
