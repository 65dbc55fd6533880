import { type Kysely, sql } from "kysely";

/**
 * FHIR Bulk Data exports (modules/fhir): one row per kick-off, and its NDJSON output in parts of
 * at most a thousand resources, kept in the database so that any server process can report the
 * status and serve the files. Parts go with their export (ON DELETE CASCADE).
 */
const up = [
  `CREATE TABLE fhir_exports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    requested_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    request_url text NOT NULL,
    resource_types text[] NOT NULL,
    since timestamptz,
    status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED')),
    progress text,
    error text,
    created_at timestamptz NOT NULL,
    started_at timestamptz,
    completed_at timestamptz
  )`,
  `CREATE INDEX fhir_exports_program ON fhir_exports (program_id, created_at)`,
  `CREATE TABLE fhir_export_parts (
    export_id uuid NOT NULL REFERENCES fhir_exports(id) ON DELETE CASCADE,
    resource_type text NOT NULL,
    part integer NOT NULL,
    resource_count integer NOT NULL,
    ndjson text NOT NULL,
    PRIMARY KEY (export_id, resource_type, part)
  )`,
];

export const fhirExports = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
