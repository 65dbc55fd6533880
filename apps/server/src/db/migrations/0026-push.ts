import { type Kysely, sql } from "kysely";

/**
 * Web Push to the patient web app (issue 36 §3).
 *
 * - `push_subscriptions`: one per browser a patient opted in from (the push service's endpoint and
 *   the keys that encrypt for it), the kinds of reminder it receives, when it last took a push. A
 *   404/410 from the push service deletes it; an account's deletion takes its subscriptions.
 * - `push_deliveries`: one per event a patient is told about (its key, e.g. a questionnaire's due
 *   date, is unique per patient: a repeated or concurrent sweep tells nobody twice), what came of
 *   it, and the e-mail to send instead when no subscription takes it (null once sent or when the
 *   patient stopped those e-mails). The job `push.send` carries its id.
 * - `push_settings`: a program's quiet hours (no row: core's default, 21:00–08:00 in the clinic's
 *   time zone), as minutes after midnight.
 */
const up = [
  `CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    kinds text[] NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_success_at timestamptz
  )`,
  `CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`,

  `CREATE TABLE push_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    program_id uuid NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    kind text NOT NULL,
    event_key text NOT NULL,
    fallback_mail jsonb,
    created_at timestamptz NOT NULL,
    done_at timestamptz,
    outcome text CHECK (outcome IN ('pushed', 'mailed', 'none')),
    UNIQUE (user_id, event_key)
  )`,
  `CREATE INDEX push_deliveries_program ON push_deliveries (program_id, created_at)`,

  `CREATE TABLE push_settings (
    program_id uuid PRIMARY KEY REFERENCES programs(id) ON DELETE CASCADE,
    quiet_start_minute integer NOT NULL CHECK (quiet_start_minute BETWEEN 0 AND 1439),
    quiet_end_minute integer NOT NULL CHECK (quiet_end_minute BETWEEN 0 AND 1439),
    updated_at timestamptz NOT NULL
  )`,
];

export const push = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
