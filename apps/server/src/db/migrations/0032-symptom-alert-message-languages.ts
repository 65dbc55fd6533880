import { type Kysely, sql } from "kysely";

/**
 * The per-symptom-and-grade alert messages in the patient's language (issue 31 §3, hazards
 * HAZ-003/HAZ-004): each message of the Symptom settings tab may be given per language
 * (language → text), as the program's default alert message is (migration 0030); the plain column
 * stays the text in the program's default language, so a reader that knows nothing of languages
 * reads what it read before.
 */
const up = [`ALTER TABLE severe_symptom_messages ADD COLUMN message_translations jsonb NOT NULL DEFAULT '{}'`];

export const symptomAlertMessageLanguages = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
