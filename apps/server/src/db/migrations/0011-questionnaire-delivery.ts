import { type Kysely, sql } from "kysely";

/**
 * Questionnaire delivery: schedules (program level when patient_id is null: every consented
 * patient from their consent day; patient level otherwise), the questionnaires sent
 * (questionnaire_events: one questionnaire to one patient on one day) and their answers.
 *
 * The engine is idempotent through the unique key of an event: (schedule, patient, plan member,
 * occurrence, batch member). Two runs, or two server processes, insert the same key once
 * (INSERT … ON CONFLICT DO NOTHING); only the run whose insert took the row sends the e-mail.
 */
const up = [
  `CREATE TABLE questionnaire_schedules (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid REFERENCES users(id) ON DELETE CASCADE,
    item_type text NOT NULL CHECK (item_type IN ('hardcoded', 'questionnaire', 'batch', 'plan')),
    schedule_type text NOT NULL DEFAULT 'RECURRING' CHECK (schedule_type IN ('RECURRING', 'ALWAYS_ON')),
    questionnaire_type_id uuid REFERENCES questionnaire_types(id),
    questionnaire_batch_id uuid REFERENCES questionnaire_batches(id),
    questionnaire_plan_id uuid REFERENCES questionnaire_plans(id),
    name text NOT NULL,
    description text,
    frequency int NOT NULL DEFAULT 0 CHECK (frequency >= 0),
    number_to_send int NOT NULL DEFAULT 1 CHECK (number_to_send >= 1),
    response_window int NOT NULL DEFAULT 1 CHECK (response_window BETWEEN 1 AND 14),
    -- Program level: the entered start day minus 1 (0 = the consent day), as the API carries it.
    start_day int CHECK (start_day >= 0),
    start_date date,
    instructions_for_patient text,
    -- A patient's plan: the day its next member was moved to, and which member.
    deferred_member_order int,
    deferred_to date,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    deleted_at timestamptz,
    CHECK ((patient_id IS NULL) = (start_day IS NOT NULL)),
    CHECK ((patient_id IS NULL) OR (start_date IS NOT NULL)),
    CHECK ((item_type IN ('hardcoded', 'questionnaire')) = (questionnaire_type_id IS NOT NULL)),
    CHECK ((item_type = 'batch') = (questionnaire_batch_id IS NOT NULL)),
    CHECK ((item_type = 'plan') = (questionnaire_plan_id IS NOT NULL))
  )`,
  `CREATE INDEX questionnaire_schedules_program ON questionnaire_schedules (program_id, patient_id) WHERE deleted_at IS NULL`,

  `CREATE TABLE questionnaire_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    schedule_id uuid NOT NULL REFERENCES questionnaire_schedules(id) ON DELETE CASCADE,
    questionnaire_type_id uuid NOT NULL REFERENCES questionnaire_types(id),
    plan_member_order int NOT NULL DEFAULT 0,
    occurrence int NOT NULL,
    batch_member_order int NOT NULL DEFAULT 0,
    due_date date NOT NULL,
    window_closes_at timestamptz NOT NULL,
    remind_at timestamptz,
    state text NOT NULL CHECK (state IN ('DUE', 'IN_PROGRESS', 'COMPLETED', 'MISSED')),
    answered_count int NOT NULL DEFAULT 0,
    question_count int NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    notified_at timestamptz,
    reminded_at timestamptz,
    started_at timestamptz,
    completed_at timestamptz,
    submit_client_id uuid,
    scores jsonb,
    UNIQUE (schedule_id, patient_id, plan_member_order, occurrence, batch_member_order)
  )`,
  `CREATE INDEX questionnaire_events_patient ON questionnaire_events (patient_id, program_id, due_date)`,
  `CREATE INDEX questionnaire_events_program ON questionnaire_events (program_id, due_date)`,
  `CREATE INDEX questionnaire_events_open ON questionnaire_events (window_closes_at) WHERE state IN ('DUE', 'IN_PROGRESS')`,
  `CREATE INDEX questionnaire_events_remind ON questionnaire_events (remind_at)
    WHERE reminded_at IS NULL AND state IN ('DUE', 'IN_PROGRESS')`,

  `CREATE TABLE questionnaire_answers (
    event_id uuid NOT NULL REFERENCES questionnaire_events(id) ON DELETE CASCADE,
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    question_id text NOT NULL,
    -- A number, a text, a list (multiple choice); null with skipped = true.
    value jsonb,
    skipped boolean NOT NULL DEFAULT false,
    answered_at timestamptz NOT NULL,
    PRIMARY KEY (event_id, question_id)
  )`,
];

export const questionnaireDelivery = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
