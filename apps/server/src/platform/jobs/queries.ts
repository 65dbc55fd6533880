import { sql } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import type { JobRow } from "../../db/schema.js";

export interface NewJob {
  name: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  singletonKey?: string | null;
}

export const insertJob = async (db: Db, job: NewJob): Promise<string | null> => {
  const row = await db
    .insertInto("jobs")
    .values({
      name: job.name,
      payload: JSON.stringify(job.payload),
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
      singletonKey: job.singletonKey ?? null,
      lockedUntil: null,
      lockedBy: null,
      completedAt: null,
      failedAt: null,
      lastError: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? String(row.id) : null;
};

/**
 * Jobs of one kind enqueued by the statement that makes their cause (a WITH query): one per row of
 * `rows`, a SELECT of (payload jsonb, run_at timestamptz, singleton_key text) over that
 * statement's other parts. An open job of the same singleton key is left as it is.
 */
export const jobsInsertFrom = (name: string, maxAttempts: number, rows: SqlFragment) =>
  sql`INSERT INTO jobs (name, payload, run_at, max_attempts, singleton_key)
    SELECT ${name}, j.payload, j.run_at, ${maxAttempts}::int, j.singleton_key
    FROM (${rows}) AS j (payload, run_at, singleton_key)
    ON CONFLICT DO NOTHING`;

/** Several jobs in one multi-row INSERT (no singleton keys: each one runs). */
export const insertJobs = async (db: Db, jobs: readonly NewJob[]): Promise<void> => {
  if (jobs.length === 0) return;
  await db
    .insertInto("jobs")
    .values(
      jobs.map((job) => ({
        name: job.name,
        payload: JSON.stringify(job.payload),
        runAt: job.runAt,
        maxAttempts: job.maxAttempts,
        singletonKey: null,
        lockedUntil: null,
        lockedBy: null,
        completedAt: null,
        failedAt: null,
        lastError: null,
      })),
    )
    .execute();
};

/**
 * Claims due jobs for one worker. SKIP LOCKED lets several processes poll the same table
 * without taking the same job; the lease (locked_until) hands a job back if its worker dies.
 */
export const claimDueJobs = async (
  db: Db,
  now: Date,
  workerId: string,
  leaseSeconds: number,
  limit: number,
  names: string[],
): Promise<JobRow[]> => {
  if (names.length === 0) return [];
  const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
  return db
    .updateTable("jobs")
    .set({ lockedUntil: leaseUntil, lockedBy: workerId, attempts: sql<number>`attempts + 1` })
    .where(
      "id",
      "in",
      db
        .selectFrom("jobs")
        .select("id")
        .where("completedAt", "is", null)
        .where("failedAt", "is", null)
        .where("name", "in", names)
        .where("runAt", "<=", now)
        .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
        .orderBy("runAt")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
};

export const markJobCompleted = async (db: Db, id: string, now: Date): Promise<void> => {
  await db
    .updateTable("jobs")
    .set({ completedAt: now, lockedUntil: null, lastError: null })
    .where("id", "=", id)
    .execute();
};

export const markJobRetry = async (db: Db, id: string, runAt: Date, error: string): Promise<void> => {
  await db
    .updateTable("jobs")
    .set({ runAt, lockedUntil: null, lockedBy: null, lastError: error })
    .where("id", "=", id)
    .execute();
};

export const markJobFailed = async (db: Db, id: string, now: Date, error: string): Promise<void> => {
  await db
    .updateTable("jobs")
    .set({ failedAt: now, lockedUntil: null, lastError: error })
    .where("id", "=", id)
    .execute();
};

/** Hands claimed jobs that were not started back at once (a shutdown), without counting the attempt. */
export const releaseJobs = async (db: Db, ids: string[], workerId: string): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .updateTable("jobs")
    .set({ lockedUntil: null, lockedBy: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where("id", "in", ids)
    .where("lockedBy", "=", workerId)
    .where("completedAt", "is", null)
    .execute();
};

export const findJobs = (db: Db, name?: string) => {
  let query = db.selectFrom("jobs").selectAll().orderBy("id");
  if (name) query = query.where("name", "=", name);
  return query.execute();
};
