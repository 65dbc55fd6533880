import { type Kysely, sql } from "kysely";

/** Statements run one by one: PGlite's extended protocol takes a single statement per query. */
const up = [
  `CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    display_name text,
    role text,
    scope text NOT NULL CHECK (scope IN ('clinical', 'patient')),
    password_hash text,
    password_changed_at timestamptz,
    permissions text[] NOT NULL DEFAULT '{}',
    dob date,
    territory text,
    privacy_policy boolean NOT NULL DEFAULT false,
    eula boolean NOT NULL DEFAULT false,
    marketing_consent boolean NOT NULL DEFAULT false,
    email_verified boolean NOT NULL DEFAULT false,
    instructions_acknowledged_at timestamptz,
    date_created timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE TABLE sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scope text NOT NULL,
    otp_verified boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_activity_at timestamptz NOT NULL,
    absolute_expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    ended_reason text,
    ip text,
    user_agent text
  )`,
  `CREATE INDEX sessions_user_open_idx ON sessions (user_id) WHERE ended_at IS NULL`,
  `CREATE TABLE refresh_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz
  )`,
  `CREATE TABLE one_time_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id uuid REFERENCES sessions(id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('login', 'signup', 'password_reset', 'password_reset_code')),
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    consumed_at timestamptz,
    voided_at timestamptz
  )`,
  `CREATE INDEX one_time_codes_user_purpose_idx ON one_time_codes (user_id, purpose, created_at DESC)`,
  `CREATE TABLE rate_limit_counters (
    key text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL
  )`,
  `CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL,
    actor_user_id uuid,
    action text NOT NULL,
    entity_type text,
    entity_id text,
    program_id uuid,
    patient_id uuid,
    outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'refused')),
    request_id text,
    ip text,
    details jsonb
  )`,
  `CREATE INDEX audit_log_at_idx ON audit_log (at)`,
  `CREATE INDEX audit_log_patient_idx ON audit_log (patient_id, at) WHERE patient_id IS NOT NULL`,
  // The application may only append to the audit log.
  `CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'audit_log rows are never updated or deleted'; END $$`,
  `CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
   FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
  `CREATE TABLE jobs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    run_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    locked_until timestamptz,
    locked_by text,
    completed_at timestamptz,
    failed_at timestamptz,
    last_error text,
    singleton_key text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE completed_at IS NULL AND failed_at IS NULL`,
  `CREATE UNIQUE INDEX jobs_singleton_key ON jobs (singleton_key) WHERE singleton_key IS NOT NULL AND completed_at IS NULL AND failed_at IS NULL`,
  `CREATE TABLE mails (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    category text NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'stored')),
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    last_error text
  )`,
  `CREATE INDEX mails_created_idx ON mails (created_at DESC, seq DESC)`,
  `CREATE TABLE feedback (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE organisations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    description text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX organisations_name_key ON organisations (lower(name))`,
  `CREATE TABLE organisation_staff (
    organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE RESTRICT,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL,
    invite_accepted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organisation_id, user_id)
  )`,
  `CREATE INDEX organisation_staff_user_idx ON organisation_staff (user_id)`,
  `CREATE TABLE programs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE RESTRICT,
    name text NOT NULL,
    patient_program_name text,
    description text,
    territory text NOT NULL CHECK (territory IN ('UK_IRE', 'US', 'CH')),
    start_date date NOT NULL,
    end_date date,
    ended_at timestamptz,
    invite_mode text NOT NULL CHECK (invite_mode IN ('individual', 'public')),
    is_private boolean NOT NULL DEFAULT false,
    populate_nv_appointments boolean NOT NULL DEFAULT false,
    participation_weeks integer,
    adverse_event_reporting_message text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX programs_name_key ON programs (lower(name))`,
  `CREATE INDEX programs_organisation_idx ON programs (organisation_id, name)`,
  `CREATE TABLE program_staff (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE RESTRICT,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL,
    invite_accepted boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (program_id, user_id)
  )`,
  `CREATE INDEX program_staff_user_idx ON program_staff (user_id)`,
  `CREATE TABLE app_settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export const foundation = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
