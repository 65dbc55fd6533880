import { type Kysely, sql } from "kysely";

/**
 * Deleting a batch or a plan from a program's questionnaire settings (3-settings.md §2: "to change
 * the transcript, delete and recreate"). Custom questionnaires already carry `deleted_at`; batches
 * and plans get it too. A deleted item stays as a row because removed schedules (kept, with their
 * own `deleted_at`) still name it; only items no live schedule, batch or plan uses and that never
 * sent a questionnaire can be deleted, so nothing answered is ever lost.
 */
const up = [
  `ALTER TABLE questionnaire_batches ADD COLUMN deleted_at timestamptz`,
  `ALTER TABLE questionnaire_plans ADD COLUMN deleted_at timestamptz`,
  `CREATE INDEX questionnaire_schedules_batch ON questionnaire_schedules (questionnaire_batch_id)
    WHERE questionnaire_batch_id IS NOT NULL`,
  `CREATE INDEX questionnaire_schedules_plan ON questionnaire_schedules (questionnaire_plan_id)
    WHERE questionnaire_plan_id IS NOT NULL`,
  `CREATE INDEX questionnaire_schedules_type ON questionnaire_schedules (questionnaire_type_id)
    WHERE questionnaire_type_id IS NOT NULL`,
];

export const questionnaireDeletion = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
