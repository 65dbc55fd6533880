import { type Kysely, sql } from "kysely";

/**
 * The worklist's missed questionnaires read by index (issue 36 §1, decision 030): each patient's
 * latest missed questionnaire from the MISSED rows alone (a few in a program's hundred thousand
 * events), and whether one was answered since by one probe of the patient's COMPLETED rows,
 * instead of reading every event of the program. Partial indexes: the other states are not kept.
 */
const up = [
  `CREATE INDEX questionnaire_events_missed ON questionnaire_events (program_id, patient_id, window_closes_at)
    WHERE state = 'MISSED'`,
  `CREATE INDEX questionnaire_events_completed ON questionnaire_events (program_id, patient_id, completed_at)
    WHERE state = 'COMPLETED'`,
];

export const worklistQuestionnaireIndexes = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
