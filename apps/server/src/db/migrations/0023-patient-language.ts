import { type Kysely, sql } from "kysely";

/**
 * The language a patient reads (issue 31 §3): their choice on the language switch, remembered on
 * the account so that the app opens in it on any device and every e-mail to them is written in
 * it. Null until they choose: the program territory's default language is used then.
 */
const up = [
  `ALTER TABLE users ADD COLUMN language text
    CONSTRAINT users_language_known CHECK (language IN ('en', 'de', 'fr', 'it', 'es'))`,
];

export const patientLanguage = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
