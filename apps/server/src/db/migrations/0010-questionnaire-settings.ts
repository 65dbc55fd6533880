import { type Kysely, sql } from "kysely";

/**
 * The questionnaire catalogue of a program: the four licensed instruments (rows with fixed ids,
 * program_id null; the same ids as packages/core/src/questionnaires/hardcoded-ids.ts, written out
 * here because a shipped migration must never change), custom questionnaires (their JSON scheme in
 * `specification`), batches (2–10 questionnaires sent together) and plans (questionnaires or
 * batches sent one after another). Also the program's outcome measures (the licensed instruments it
 * uses), kept as a text array on programs.
 */
const up = [
  `CREATE TABLE questionnaire_types (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid REFERENCES programs(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('hardcoded', 'custom')),
    code text CHECK (code IN ('EQ5D', 'BN20', 'QLQC30', 'FACTG')),
    name text NOT NULL,
    specification jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    CHECK ((kind = 'hardcoded') = (code IS NOT NULL)),
    CHECK (kind = 'hardcoded' OR (program_id IS NOT NULL AND specification IS NOT NULL))
  )`,
  `CREATE UNIQUE INDEX questionnaire_types_code ON questionnaire_types (code) WHERE code IS NOT NULL`,
  `CREATE INDEX questionnaire_types_program ON questionnaire_types (program_id, lower(name)) WHERE deleted_at IS NULL`,
  `INSERT INTO questionnaire_types (id, program_id, kind, code, name) VALUES
    ('00000000-0000-4000-8000-0000000e05d0', NULL, 'hardcoded', 'EQ5D', 'EQ-5D-3L'),
    ('00000000-0000-4000-8000-00000000b020', NULL, 'hardcoded', 'BN20', 'EORTC QLQ-BN20'),
    ('00000000-0000-4000-8000-0000000c0030', NULL, 'hardcoded', 'QLQC30', 'EORTC QLQ-C30'),
    ('00000000-0000-4000-8000-00000000fac7', NULL, 'hardcoded', 'FACTG', 'FACT-G')`,

  `CREATE TABLE questionnaire_batches (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX questionnaire_batches_program ON questionnaire_batches (program_id, lower(name))`,
  `CREATE TABLE questionnaire_batch_members (
    batch_id uuid NOT NULL REFERENCES questionnaire_batches(id) ON DELETE CASCADE,
    questionnaire_type_id uuid NOT NULL REFERENCES questionnaire_types(id),
    member_order int NOT NULL CHECK (member_order >= 1),
    PRIMARY KEY (batch_id, member_order),
    UNIQUE (batch_id, questionnaire_type_id)
  )`,
  `CREATE INDEX questionnaire_batch_members_type ON questionnaire_batch_members (questionnaire_type_id)`,

  `CREATE TABLE questionnaire_plans (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX questionnaire_plans_program ON questionnaire_plans (program_id, lower(name))`,
  `CREATE TABLE questionnaire_plan_members (
    plan_id uuid NOT NULL REFERENCES questionnaire_plans(id) ON DELETE CASCADE,
    member_order int NOT NULL CHECK (member_order >= 1),
    member_type text NOT NULL CHECK (member_type IN ('questionnaire', 'batch')),
    questionnaire_type_id uuid REFERENCES questionnaire_types(id),
    questionnaire_batch_id uuid REFERENCES questionnaire_batches(id),
    scheduling_type text CHECK (scheduling_type IN ('delay', 'delay_with_condition')),
    condition_type text NOT NULL DEFAULT 'always' CHECK (condition_type IN ('always', 'completion', 'question')),
    condition jsonb,
    delay int NOT NULL DEFAULT 0,
    delay_unit text NOT NULL DEFAULT 'days' CHECK (delay_unit IN ('days', 'weeks', 'months')),
    delay_type text CHECK (delay_type IN ('from_completion', 'from_delivery')),
    frequency text,
    frequency_custom int,
    number_to_send int NOT NULL DEFAULT 1,
    response_window int NOT NULL DEFAULT 1,
    response_window_unit text NOT NULL DEFAULT 'days' CHECK (response_window_unit IN ('days', 'weeks', 'months')),
    PRIMARY KEY (plan_id, member_order),
    CHECK ((member_type = 'questionnaire') = (questionnaire_type_id IS NOT NULL)),
    CHECK ((member_type = 'batch') = (questionnaire_batch_id IS NOT NULL))
  )`,
  `CREATE INDEX questionnaire_plan_members_type ON questionnaire_plan_members (questionnaire_type_id)`,
  `CREATE INDEX questionnaire_plan_members_batch ON questionnaire_plan_members (questionnaire_batch_id)`,

  `ALTER TABLE programs ADD COLUMN available_questionnaire_types text[] NOT NULL DEFAULT '{}'`,
];

export const questionnaireSettings = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
