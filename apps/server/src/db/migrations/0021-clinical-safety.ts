import { type Kysely, sql } from "kysely";

/**
 * Program readiness (issue 30 §1): one default alert message, shown after a severe grade of any
 * symptom the program gave no message of its own. Programs that exist keep null: their patients
 * get the territory's default text (core's territoryAlertDefaults) until an admin confirms one.
 */
const up = [`ALTER TABLE programs ADD COLUMN default_alert_message text`];

export const clinicalSafety = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
