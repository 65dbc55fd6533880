import { type Kysely, sql } from "kysely";

/**
 * Symptom settings (prioritised symptoms, alert messages with their symptom-and-grade pairs,
 * symptom reminders and what they delivered) and the care team's closed-loop alerts.
 */
const up = [
  `CREATE TABLE prioritised_symptoms (
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    log_type_id text NOT NULL,
    position smallint NOT NULL,
    PRIMARY KEY (program_id, log_type_id)
  )`,

  `CREATE TABLE severe_symptom_messages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    message text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX severe_symptom_messages_program ON severe_symptom_messages (program_id, created_at)`,
  // A symptom and grade has at most one message per program: the index, not a read-then-write,
  // decides between two concurrent saves.
  `CREATE TABLE severe_symptom_grades (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    message_id uuid NOT NULL REFERENCES severe_symptom_messages(id) ON DELETE CASCADE,
    log_type_id text NOT NULL,
    grade smallint NOT NULL CHECK (grade BETWEEN 0 AND 5),
    created_at timestamptz NOT NULL,
    CONSTRAINT severe_symptom_grades_pair UNIQUE (program_id, log_type_id, grade)
  )`,
  `CREATE INDEX severe_symptom_grades_message ON severe_symptom_grades (message_id)`,

  `CREATE TABLE symptom_reminders (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    log_type_ids text[] NOT NULL,
    offset_amount integer NOT NULL,
    offset_period text NOT NULL CHECK (offset_period IN ('days', 'weeks', 'months')),
    duration_amount integer,
    duration_period text CHECK (duration_period IN ('days', 'weeks', 'months')),
    interval_amount integer,
    interval_period text CHECK (interval_period IN ('days', 'weeks', 'months')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX symptom_reminders_program ON symptom_reminders (program_id)`,

  // What the app shows a patient; source_key makes each delivery happen once.
  `CREATE TABLE patient_notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    source_key text NOT NULL,
    created_at timestamptz NOT NULL,
    read_at timestamptz,
    UNIQUE (patient_id, source_key)
  )`,
  `CREATE INDEX patient_notifications_patient ON patient_notifications (patient_id, program_id, created_at DESC)`,

  `CREATE TABLE alert_settings (
    program_id uuid PRIMARY KEY REFERENCES programs(id) ON DELETE CASCADE,
    escalation_minutes integer NOT NULL DEFAULT 60,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE TABLE staff_alert_preferences (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    email_on_new_alert boolean NOT NULL,
    updated_at timestamptz NOT NULL
  )`,

  `CREATE TABLE alerts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('symptom', 'temperature')),
    trigger_key text NOT NULL,
    log_type_id text,
    grade smallint,
    temperature double precision,
    severity smallint NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken', 'closed')),
    raised_at timestamptz NOT NULL,
    last_log_at timestamptz NOT NULL,
    log_count integer NOT NULL DEFAULT 1,
    owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
    taken_at timestamptz,
    closed_at timestamptz,
    closed_by uuid REFERENCES users(id) ON DELETE SET NULL,
    close_action text,
    close_note text,
    escalated_at timestamptz
  )`,
  // One unresolved alert per patient and trigger: later logs attach to it (no alert storm).
  `CREATE UNIQUE INDEX alerts_one_unresolved ON alerts (program_id, patient_id, trigger_key) WHERE status <> 'closed'`,
  `CREATE INDEX alerts_queue ON alerts (program_id, status, severity DESC, raised_at DESC)`,
  // No foreign key to patient_logs: the log table stays free to be bulk-loaded and, later,
  // partitioned by time (its key would then include logged_at). Logs are never deleted one by one;
  // a program's or patient's deletion removes the alerts, and these rows with them.
  `CREATE TABLE alert_logs (
    alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
    log_id uuid NOT NULL,
    program_id uuid NOT NULL,
    PRIMARY KEY (alert_id, log_id)
  )`,
  `CREATE INDEX alert_logs_log ON alert_logs (log_id)`,

  // The participant list shows unresolved alerts per patient: a counter kept by a trigger.
  `ALTER TABLE program_patients ADD COLUMN open_alert_count integer NOT NULL DEFAULT 0`,
  `CREATE FUNCTION alerts_count_unresolved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'closed' THEN
      UPDATE program_patients SET open_alert_count = open_alert_count - 1
        WHERE program_id = OLD.program_id AND user_id = OLD.patient_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'closed' THEN
      UPDATE program_patients SET open_alert_count = open_alert_count + 1
        WHERE program_id = NEW.program_id AND user_id = NEW.patient_id;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER alerts_count_unresolved
    AFTER INSERT OR DELETE OR UPDATE OF status ON alerts
    FOR EACH ROW EXECUTE FUNCTION alerts_count_unresolved()`,
];

export const alerts = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
