import { type Kysely, sql } from "kysely";

const up = [
  `ALTER TABLE users
     ADD COLUMN sex text,
     ADD COLUMN questionnaire_reminders boolean NOT NULL DEFAULT true`,
  `ALTER TABLE programs ADD COLUMN consent_message text`,
  // One row per patient and program: the enrolment. program_id leads every key (scale-out by program).
  `CREATE TABLE program_patients (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE RESTRICT,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_name text NOT NULL,
    last_name text NOT NULL,
    invite_email text NOT NULL,
    consented_email text,
    patient_id_type text,
    patient_id text,
    status text NOT NULL CHECK (status IN ('INVITE_SENT','CONSENT_DECLINED','CONSENTED','CONSENT_WITHDRAWN','PROJECT_COMPLETED','STATUS_UNCONFIRMED','INVITE_EXPIRED')),
    verification_status text NOT NULL DEFAULT 'N_A' CHECK (verification_status IN ('N_A','DECLINED','AWAITING_VERIFICATION','VERIFIED')),
    consent_given boolean NOT NULL DEFAULT false,
    date_consent_given timestamptz,
    date_consent_revoked timestamptz,
    invite_accepted_at timestamptz,
    enrolled_with text NOT NULL CHECK (enrolled_with IN ('individual','public')),
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    UNIQUE (program_id, user_id)
  )`,
  `CREATE INDEX program_patients_list_idx ON program_patients (program_id, lower(last_name), lower(first_name), id)`,
  `CREATE INDEX program_patients_user_idx ON program_patients (user_id)`,
  `CREATE TABLE patient_status_history (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    program_id uuid NOT NULL,
    enrolment_id uuid NOT NULL REFERENCES program_patients(id) ON DELETE CASCADE,
    status text NOT NULL,
    at timestamptz NOT NULL,
    actor_user_id uuid
  )`,
  `CREATE INDEX patient_status_history_idx ON patient_status_history (program_id, enrolment_id, at)`,
  `CREATE TABLE patient_verification_history (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    program_id uuid NOT NULL,
    enrolment_id uuid NOT NULL REFERENCES program_patients(id) ON DELETE CASCADE,
    verification_status text NOT NULL,
    at timestamptz NOT NULL,
    actor_user_id uuid
  )`,
  `CREATE INDEX patient_verification_history_idx ON patient_verification_history (program_id, enrolment_id, at)`,
  `CREATE TABLE patient_invites (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL,
    enrolment_id uuid NOT NULL REFERENCES program_patients(id) ON DELETE CASCADE,
    code_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    accepted_at timestamptz,
    revoked_at timestamptz,
    reminders_sent integer NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX patient_invites_enrolment_idx ON patient_invites (enrolment_id)`,
  `CREATE TABLE public_invite_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    code text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    date_expires timestamptz NOT NULL,
    deactivated_at timestamptz,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL
  )`,
  // At most one active code per program, enforced by the database.
  `CREATE UNIQUE INDEX public_invite_codes_one_active ON public_invite_codes (program_id) WHERE deactivated_at IS NULL`,
];

export const patients = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
