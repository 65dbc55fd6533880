import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/**
 * The scrape-time reads of the metrics. Each is one statement over an index the hot paths already
 * keep: a scrape every 15 s must cost the database next to nothing, whatever the tables' age.
 */

export interface OpenJobsOfKind {
  kind: string;
  due: number;
  scheduled: number;
  /** Open jobs whose last run failed and that wait for their next attempt. */
  retrying: number;
  oldestDueAt: Date | null;
}

/** Open jobs by kind (the partial index jobs_due_idx holds exactly the open ones; done jobs are never read). */
export const findOpenJobsByKind = async (db: Db, now: Date): Promise<OpenJobsOfKind[]> =>
  (
    await sql<OpenJobsOfKind>`
      SELECT name AS kind,
        count(*) FILTER (WHERE run_at <= ${now})::int AS due,
        count(*) FILTER (WHERE run_at > ${now})::int AS scheduled,
        count(*) FILTER (WHERE last_error IS NOT NULL)::int AS retrying,
        min(run_at) FILTER (WHERE run_at <= ${now}) AS oldest_due_at
      FROM jobs
      WHERE completed_at IS NULL AND failed_at IS NULL
      GROUP BY name`.execute(db)
  ).rows;

export interface RecentMails {
  pending: number;
  oldestPendingAt: Date | null;
  failed: number;
}

/**
 * Mails written since `since`, over the index on created_at (the mails table keeps every mail
 * ever sent). A mail leaves "queued" within about two hours, sent or failed for good after its
 * eighth attempt, so a day's window sees every pending and newly failed one.
 */
export const findRecentMails = async (db: Db, since: Date): Promise<RecentMails> =>
  (
    await sql<RecentMails>`
      SELECT count(*) FILTER (WHERE status = 'queued')::int AS pending,
        min(created_at) FILTER (WHERE status = 'queued') AS oldest_pending_at,
        count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM mails
      WHERE created_at >= ${since}`.execute(db)
  ).rows[0] ?? { pending: 0, oldestPendingAt: null, failed: 0 };

export interface ProgramAlerts {
  programId: string;
  open: number;
  taken: number;
  oldestOpenAt: Date | null;
  escalationMinutes: number;
}

/**
 * Unresolved alerts by program (the partial unique index alerts_one_unresolved holds exactly those),
 * with the program's escalation delay; programs that have not ended show with zeros.
 */
export const findUnresolvedAlertsByProgram = async (
  db: Db,
  defaultEscalationMinutes: number,
): Promise<ProgramAlerts[]> =>
  (
    await sql<ProgramAlerts>`
      SELECT p.id AS program_id,
        coalesce(a.open, 0)::int AS open,
        coalesce(a.taken, 0)::int AS taken,
        a.oldest_open_at,
        coalesce(s.escalation_minutes, ${defaultEscalationMinutes}::int) AS escalation_minutes
      FROM programs p
      LEFT JOIN (
        SELECT program_id,
          count(*) FILTER (WHERE status = 'open') AS open,
          count(*) FILTER (WHERE status = 'taken') AS taken,
          min(raised_at) FILTER (WHERE status = 'open') AS oldest_open_at
        FROM alerts
        WHERE status <> 'closed'
        GROUP BY program_id
      ) a ON a.program_id = p.id
      LEFT JOIN alert_settings s ON s.program_id = p.id
      WHERE p.ended_at IS NULL OR a.program_id IS NOT NULL`.execute(db)
  ).rows;
