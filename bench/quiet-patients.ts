import { hardcodedTypeIds, type Territory, todayIn } from "@openpro/core";
import { sql } from "kysely";
import { type BenchApp, programSchedule } from "./fixtures.js";

/**
 * Some of the seeded patients gone quiet, as a program's are (issue 36 §1): the demo data's
 * patients log every day, and a worklist over them lists no one. After the bulk load, the logs and
 * doses of a share of the patients are taken away, each share picked by a hash of the patient's id
 * (the same patients every run): 10 % silent for the last 8–30 days, 5 % whose reporting dropped
 * (every day of the earlier two weeks, three days of the last two), 3 % who never opened the app
 * after consenting (no log at all, no session). The worklist's days follow from patient_logs
 * (patient_log_days_rebuild, then its summaries' triggers), as after any bulk load.
 * Every patient is also sent a weekly questionnaire (missSomeQuestionnaires): 4 % more, who log
 * every day, let the last window close unanswered.
 */
export const QUIET_SHARES = { silent: 10, dropped: 5, neverOpened: 3, missed: 4 } as const;

/** Bucket 0–99 of a patient: the same share of patients every run (hashtext of the id). */
const bucketOf = (column: string) => sql`abs(hashtext(${sql.ref(column)}::text)) % 100`;

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
      FROM (SELECT user_id, ${bucketOf("user_id")} AS bucket FROM program_patients
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

/**
 * A weekly questionnaire (EQ-5D, a window of 3 days) sent to every patient of the program from the
 * consent's day on, as the delivery engine leaves them: answered the day after it was due, the one
 * whose window is still open due, and unanswered ones MISSED: every one of those who never opened
 * the app, the last closed one of a further `missed` % (who log every day: listed for that reason
 * alone), and the second one of a fifth of the others, answered since (a miss the worklist must not
 * count). The missed questionnaires close after the last contact (the bench records none).
 */
export const missSomeQuestionnaires = async (
  db: BenchApp["database"]["db"],
  input: { programId: string; now: Date; territory: Territory },
) => {
  const today = todayIn(input.territory, input.now);
  const { silent, dropped, neverOpened, missed } = QUIET_SHARES;
  const firstMissed = silent + dropped + neverOpened;
  const schedule = await db
    .insertInto("questionnaireSchedules")
    .values(
      programSchedule(
        input.programId,
        "EQ5D",
        { frequency: 7, numberToSend: 100, responseWindow: 3, startDay: 0 },
        input.now,
      ),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  // n: the occurrence, due on the consent's day + 7n, its window closing 3 days later.
  const inserted = await sql`
    WITH sent AS (
      SELECT pp.user_id, ${bucketOf("pp.user_id")} AS bucket, n, pp.date_consent_given::date + 7 * n AS due,
        pp.date_consent_given + (7 * n + 3) * INTERVAL '1 day' AS closes,
        max(n) FILTER (WHERE pp.date_consent_given + (7 * n + 3) * INTERVAL '1 day' <= ${input.now})
          OVER (PARTITION BY pp.user_id) AS last_closed
      FROM program_patients pp
      CROSS JOIN generate_series(0, (${today}::date - pp.date_consent_given::date) / 7) n
      WHERE pp.program_id = ${input.programId} AND pp.status = 'CONSENTED' AND pp.date_consent_given IS NOT NULL
    ),
    states AS (
      SELECT *, CASE
        WHEN closes > ${input.now} THEN 'DUE'
        WHEN bucket >= ${silent + dropped} AND bucket < ${firstMissed} THEN 'MISSED'
        WHEN bucket >= ${firstMissed} AND bucket < ${firstMissed + missed} AND n = last_closed THEN 'MISSED'
        WHEN abs(hashtext(user_id::text || 'questionnaire')) % 5 = 0 AND n = 1 AND last_closed > 1 THEN 'MISSED'
        ELSE 'COMPLETED' END AS state
      FROM sent
    )
    INSERT INTO questionnaire_events (program_id, patient_id, schedule_id, questionnaire_type_id,
      plan_member_order, occurrence, batch_member_order, due_date, window_closes_at, state,
      answered_count, question_count, created_at, completed_at)
    SELECT ${input.programId}, user_id, ${schedule.id}, ${hardcodedTypeIds.EQ5D}, 0, n, 0, due, closes, state,
      CASE WHEN state = 'COMPLETED' THEN 6 ELSE 0 END, 6, ${input.now},
      CASE WHEN state = 'COMPLETED' THEN closes - INTERVAL '2 days' END
    FROM states`.execute(db);
  // As autovacuum leaves a table between loads: statistics, and the visibility map the indexes read by.
  await sql`VACUUM (ANALYZE) questionnaire_events`.execute(db);
  return { events: Number(inserted.numAffectedRows ?? 0) };
};
