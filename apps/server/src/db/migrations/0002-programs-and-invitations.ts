import { type Kysely, sql } from "kysely";

const up = [
  `ALTER TABLE programs
     ADD COLUMN image_url text,
     ADD COLUMN thumbnail_url text,
     ADD COLUMN disabled_note_types text[] NOT NULL DEFAULT '{}',
     ADD COLUMN default_patient_id_type text,
     ADD COLUMN custom_patient_id_name text`,
  `CREATE TABLE staff_invites (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    organisation_id uuid REFERENCES organisations(id) ON DELETE CASCADE,
    program_id uuid REFERENCES programs(id) ON DELETE CASCADE,
    code_hash text NOT NULL UNIQUE,
    invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    accepted_at timestamptz,
    revoked_at timestamptz,
    CHECK ((organisation_id IS NULL) <> (program_id IS NULL))
  )`,
  `CREATE INDEX staff_invites_user_idx ON staff_invites (user_id)`,
  `CREATE TABLE uploaded_images (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    file_name text NOT NULL,
    content_type text NOT NULL,
    image bytea NOT NULL,
    thumbnail bytea NOT NULL,
    uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export const programsAndInvitations = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
