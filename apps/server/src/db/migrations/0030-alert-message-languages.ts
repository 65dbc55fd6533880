import { type Kysely, sql } from "kysely";

/**
 * The program's alert messages in the patient's language (issue 31 §3, hazards HAZ-003/HAZ-004):
 * the default severe-symptom message and the temperature message may be given per language
 * (language → text), as the consent message is (migration 0029); the plain columns stay the texts
 * in the program's default language, so a reader that knows nothing of languages reads what it
 * read before.
 */
const up = [
  `ALTER TABLE programs ADD COLUMN default_alert_message_translations jsonb NOT NULL DEFAULT '{}'`,
  `ALTER TABLE programs ADD COLUMN temperature_message_translations jsonb NOT NULL DEFAULT '{}'`,
];

export const alertMessageLanguages = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
