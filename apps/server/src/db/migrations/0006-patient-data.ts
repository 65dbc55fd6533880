import { type Kysely, sql } from "kysely";

/**
 * What patients log in the app: one row per log (symptoms, temperature, weight, activity, …),
 * their medication list and medication events. Every row carries program_id and patient_id
 * (a patient can take part in several programs; each log belongs to the program it was sent to).
 * The app's own id (client_id) makes every upload idempotent.
 */
const up = [
  `CREATE TABLE patient_logs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id uuid NOT NULL,
    log_class text NOT NULL CHECK (log_class IN
      ('ACTIVITY', 'SYMPTOMS', 'SLEEP', 'NUTRITION', 'FEELING', 'TEMPERATURE', 'WEIGHT', 'MOOD', 'BLOOD_PRESSURE')),
    logged_at timestamptz NOT NULL,
    -- The patient's own calendar day (from the offset the app sent): calendars and daily reports use it.
    local_date date NOT NULL,
    utc_offset_minutes smallint NOT NULL,
    log_type_id text,
    grade smallint CHECK (grade BETWEEN 0 AND 4),
    is_danger boolean NOT NULL DEFAULT false,
    -- value in the canonical unit (°C, kg, steps, minutes, hours…); what the patient typed beside it.
    value double precision,
    unit text,
    original_value double precision,
    original_unit text,
    data jsonb NOT NULL DEFAULT '{}',
    note text,
    validation_status text CHECK (validation_status IN ('Acknowledged', 'Removed')),
    validation_reason text,
    validated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    validated_at timestamptz,
    received_at timestamptz NOT NULL,
    UNIQUE (patient_id, client_id)
  )`,
  `CREATE INDEX patient_logs_patient_time ON patient_logs (patient_id, logged_at)`,
  `CREATE INDEX patient_logs_program_time ON patient_logs (program_id, logged_at)`,
  `CREATE INDEX patient_logs_open_danger ON patient_logs (program_id, patient_id)
    WHERE is_danger AND validation_status IS NULL`,

  `CREATE TABLE patient_medications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id uuid NOT NULL,
    name text NOT NULL,
    dosage text,
    dosage_unit text,
    frequency text NOT NULL,
    snomed_id text,
    start_date date NOT NULL,
    end_date date,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (patient_id, client_id)
  )`,
  `CREATE INDEX patient_medications_patient ON patient_medications (patient_id, program_id)`,

  `CREATE TABLE medication_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    medication_id uuid NOT NULL REFERENCES patient_medications(id) ON DELETE CASCADE,
    client_id uuid NOT NULL,
    status text NOT NULL CHECK (status IN ('LOGGED', 'SKIPPED')),
    taken_at timestamptz NOT NULL,
    local_date date NOT NULL,
    utc_offset_minutes smallint NOT NULL,
    skip_reason text,
    notes text,
    received_at timestamptz NOT NULL,
    UNIQUE (patient_id, client_id)
  )`,
  `CREATE INDEX medication_events_patient_time ON medication_events (patient_id, taken_at)`,
  `CREATE INDEX medication_events_program_time ON medication_events (program_id, taken_at)`,

  // The participant list sorts by open severe symptoms: a counter kept by a trigger in the same
  // transaction as the log, so the sort reads one indexed column instead of counting logs per row.
  `ALTER TABLE program_patients ADD COLUMN severe_symptoms_count integer NOT NULL DEFAULT 0`,
  `CREATE INDEX program_patients_severe ON program_patients
    (program_id, severe_symptoms_count DESC, lower(last_name), lower(first_name), id)`,
  `CREATE INDEX program_patients_name ON program_patients (program_id, lower(last_name), lower(first_name), id)`,
  `CREATE FUNCTION patient_logs_count_severe() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_danger AND OLD.validation_status IS NULL THEN
      UPDATE program_patients SET severe_symptoms_count = severe_symptoms_count - 1
        WHERE program_id = OLD.program_id AND user_id = OLD.patient_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_danger AND NEW.validation_status IS NULL THEN
      UPDATE program_patients SET severe_symptoms_count = severe_symptoms_count + 1
        WHERE program_id = NEW.program_id AND user_id = NEW.patient_id;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER patient_logs_count_severe
    AFTER INSERT OR DELETE OR UPDATE OF validation_status, is_danger ON patient_logs
    FOR EACH ROW EXECUTE FUNCTION patient_logs_count_severe()`,

  // The patient details drawer: clinical facts the care team records per enrolment.
  `ALTER TABLE program_patients ADD COLUMN postcode text`,
  `ALTER TABLE program_patients ADD COLUMN cancer_types jsonb NOT NULL DEFAULT '[]'`,
];

export const patientData = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
