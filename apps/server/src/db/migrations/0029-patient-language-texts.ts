import { type Kysely, sql } from "kysely";

/**
 * The patient's language in what the program's staff write and what the server stores for a
 * patient (issue 31 §3):
 * - a program's consent message and each care-team contact's guidance may be given per language
 *   (language → text); the plain column stays the text in the program's default language, so a
 *   reader that knows nothing of languages reads what it read before;
 * - a notification of the app stores the key of its message and the values it fills in, so the
 *   patient reads it in their language when they open it; a row from before this (no key) is shown
 *   as it was stored.
 */
const up = [
  `ALTER TABLE programs ADD COLUMN consent_message_translations jsonb NOT NULL DEFAULT '{}'`,
  `ALTER TABLE care_team_contacts ADD COLUMN general_guidance_translations jsonb NOT NULL DEFAULT '{}'`,
  `ALTER TABLE patient_notifications ADD COLUMN message_key text`,
  `ALTER TABLE patient_notifications ADD COLUMN message_values jsonb`,
];

export const patientLanguageTexts = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
