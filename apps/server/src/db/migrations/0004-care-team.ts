import { type Kysely, sql } from "kysely";

const up = [
  // The contacts patients see for a program (at most five, checked by the service under a program lock).
  `CREATE TABLE care_team_contacts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    care_team_name text NOT NULL,
    general_guidance text NOT NULL DEFAULT '',
    hours_of_operation text NOT NULL DEFAULT '',
    contact_phones text[] NOT NULL DEFAULT '{}',
    contact_emails text[] NOT NULL DEFAULT '{}',
    position integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX care_team_contacts_program_idx ON care_team_contacts (program_id, position)`,
];

export const careTeam = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
