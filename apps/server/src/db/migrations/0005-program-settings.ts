import { type Kysely, sql } from "kysely";

const up = [
  `ALTER TABLE programs ADD COLUMN disclaimer text`,
  `ALTER TABLE programs ADD COLUMN temperature_min numeric`,
  `ALTER TABLE programs ADD COLUMN temperature_max numeric`,
  `ALTER TABLE programs ADD COLUMN temperature_message text`,
  // At most ten links, always read and written whole with the program: a jsonb list, not a table.
  `ALTER TABLE programs ADD COLUMN articles jsonb NOT NULL DEFAULT '[]'`,
];

export const programSettings = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
