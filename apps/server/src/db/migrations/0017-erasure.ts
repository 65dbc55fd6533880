import { type Kysely, sql } from "kysely";

/**
 * Erasure on request (issue 13, docs/exports.md "Retention and erasure"):
 * - `programs.retention_years`: how long a program's patient data is kept after it ends (25 by
 *   default, the EU CTR Art. 58 figure for clinical-trial data; set per program by its protocol);
 * - `program_patients.erased_at` / `erasure_ground`: the enrolment's personal data was erased, when
 *   and on which ground; `birth_year` keeps the year of birth the research export shows once the
 *   date of birth is gone;
 * - the permission `erase_patient_data` for existing users whose role holds it by default (the
 *   roles that hold the identifiable export).
 */
const up = [
  `ALTER TABLE programs ADD COLUMN retention_years smallint NOT NULL DEFAULT 25
     CHECK (retention_years BETWEEN 0 AND 100)`,
  `ALTER TABLE program_patients ADD COLUMN erased_at timestamptz`,
  `ALTER TABLE program_patients ADD COLUMN erasure_ground text
     CHECK (erasure_ground IN ('never_consented', 'retention_over', 'no_legal_ground'))`,
  `ALTER TABLE program_patients ADD COLUMN birth_year smallint`,
  `UPDATE users SET permissions = array_append(permissions, 'erase_patient_data')
     WHERE role IN ('superadmin', 'internal_tester', 'internal_program_admin', 'clinical_project_admin')
       AND NOT ('erase_patient_data' = ANY (permissions))`,
];

export const erasure = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
