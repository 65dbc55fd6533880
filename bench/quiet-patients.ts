import { type Territory, todayIn } from "@openpro/core";
import { sql } from "kysely";
import type { BenchApp } from "./fixtures.js";

/**
 * Some of the seeded patients gone quiet, as a program's are (issue 36 §1): the demo data's
 * patients log every day, and a worklist over them lists no one. After the bulk load, the logs and
 * doses of a share of the patients are taken away, each share picked by a hash of the patient's id
 * (the same patients every run): 10 % silent for the last 8–30 days, 5 % whose reporting dropped
 * (every day of the earlier two weeks, three days of the last two), 3 % who never opened the app
 * after consenting (no log at all, no session). The worklist's days follow from patient_logs
 * (patient_log_days_rebuild, then its summaries' triggers), as after any bulk load.
 */
export const QUIET_SHARES = { silent: 10, dropped: 5, neverOpened: 3 } as const;

export const quietSomePatients = async (
  db: BenchApp["database"]["db"],
  input: { programId: string; territory: Territory; now: Date; superuser: boolean },
) => {
  const today = todayIn(input.territory, input.now);
  const { silent, dropped, neverOpened } = QUIET_SHARES;
  // bucket 0–99 of the patient; silent ones keep no log of the last `quiet` days (8–30).
  const picked = sql`
    picked AS (
      SELECT user_id AS patient_id, bucket, 8 + (abs(hashtext(user_id::text || 'days')) % 23) AS quiet
      FROM (SELECT user_id, abs(hashtext(user_id::text)) % 100 AS bucket FROM program_patients
        WHERE program_id = ${input.programId}) b
      WHERE bucket < ${silent + dropped + neverOpened}
    )`;
  const gone = (table: "patient_logs" | "medication_events") => sql`
    WITH ${picked}
    DELETE FROM ${sql.table(table)} t USING picked p
    WHERE t.program_id = ${input.programId} AND t.patient_id = p.patient_id AND (
      (p.bucket < ${silent} AND t.local_date > ${today}::date - p.quiet)
      OR (p.bucket >= ${silent} AND p.bucket < ${silent + dropped} AND t.local_date > ${today}::date - 14
        AND ${today}::date - t.local_date NOT IN (2, 7, 11))
      OR p.bucket >= ${silent + dropped})`;
  const counts = await sql<{ silent: number; dropped: number; neverOpened: number }>`
    WITH ${picked}
    SELECT count(*) FILTER (WHERE bucket < ${silent})::int AS silent,
      count(*) FILTER (WHERE bucket >= ${silent} AND bucket < ${silent + dropped})::int AS dropped,
      count(*) FILTER (WHERE bucket >= ${silent + dropped})::int AS "neverOpened"
    FROM picked`.execute(db);
  // Statistics of the fresh load first: from the empty tables' the planner probes the logs' index
  // once per picked patient (minutes) instead of hashing the picked patients.
  await sql`ANALYZE program_patients, patient_logs, medication_events`.execute(db);
  const removed = await db.transaction().execute(async (trx) => {
    // Rows removed as the load wrote them: the worklist's days are rebuilt from the logs afterwards.
    if (input.superuser) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    const logs = await gone("patient_logs").execute(trx);
    await gone("medication_events").execute(trx);
    await sql`
      WITH ${picked}
      DELETE FROM sessions s USING picked p WHERE s.user_id = p.patient_id AND p.bucket >= ${silent + dropped}`.execute(
      trx,
    );
    return Number(logs.numAffectedRows ?? 0);
  });
  const row = counts.rows[0]!;
  return { silent: row.silent, dropped: row.dropped, neverOpened: row.neverOpened, logsRemoved: removed };
};
