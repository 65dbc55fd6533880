import { type Kysely, sql } from "kysely";

/**
 * Nurse-visit appointments of a patient in a program. Date and times are the clinic's wall clock
 * (the program's zone); ends_at is the instant the appointment ends there (an all-day one at the
 * next local midnight), written with the row, so the Upcoming/Past lists and the lock rule read
 * one indexed column. notes: the patient's own note from the app.
 */
const up = [
  `CREATE TABLE nurse_visit_appointments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    patient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    appointment_type text NOT NULL CHECK (appointment_type IN ('BLOOD_TEST', 'CHEMOTHERAPY', 'NURSE_APPOINTMENT',
      'PICC_LINE_PROCEDURE', 'PRE_TREATMENT_APPOINTMENT', 'TELEPHONE_CONSULTATION')),
    date date NOT NULL,
    start_time text CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    end_time text CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    is_draft boolean NOT NULL,
    mode text NOT NULL CHECK (mode IN ('FACE_TO_FACE', 'TELEPHONE')),
    status text NOT NULL CHECK (status IN ('SCHEDULED', 'CONFIRMED', 'CANCELLED', 'COMPLETED')),
    with_whom text CHECK (char_length(with_whom) <= 30),
    notes text,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CHECK (is_draft OR (start_time IS NOT NULL AND end_time IS NOT NULL AND end_time >= start_time)),
    CHECK (NOT is_draft OR (start_time IS NULL AND end_time IS NULL))
  )`,
  `CREATE INDEX nurse_visit_appointments_patient_end ON nurse_visit_appointments (patient_id, program_id, ends_at)`,
  `CREATE INDEX nurse_visit_appointments_patient_date ON nurse_visit_appointments (patient_id, program_id, date)`,
];

export const appointments = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
