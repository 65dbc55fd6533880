import { type Kysely, sql } from "kysely";

/**
 * Demographics per enrolment (security issue 29 §1). The date of birth and sex a patient gives are
 * kept on the enrolment of the program they gave them for, so a program that invites an existing
 * patient sees only what it entered itself until the patient consents to it; the account keeps its
 * own copy for the patient's app. Enrolments that ever had consent take what the account holds.
 *
 * Rate limits count in a sliding window (security issue 29 §5): a limit's key keeps the times of
 * its recent hits.
 */
const up = [
  `ALTER TABLE program_patients ADD COLUMN dob date, ADD COLUMN sex text`,
  `UPDATE program_patients pp SET dob = u.dob, sex = u.sex
     FROM users u WHERE u.id = pp.user_id AND pp.date_consent_given IS NOT NULL AND pp.erased_at IS NULL`,
  `ALTER TABLE rate_limit_counters ADD COLUMN hit_times timestamptz[] NOT NULL DEFAULT '{}'`,
];

export const enrolmentDemographics = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
