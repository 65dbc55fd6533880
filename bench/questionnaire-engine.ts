import { sql } from "kysely";
import { runDelivery } from "../apps/server/src/index.js";
import { createBenchApp, programOnBenchDay, programSchedule, seedConsentedPatients } from "./fixtures.js";
import { type Row, runAlone } from "./stats.js";

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The questionnaire delivery engine at scale: BENCH_PATIENTS consented patients (default 10,000 on
 * PostgreSQL, 1,000 on PGlite) of one program with three program-level schedules (EQ-5D weekly,
 * FACT-G fortnightly, QLQ-C30 monthly). Measures the first run after 60 days of downtime (catch-up:
 * one open send per schedule, the rest missed) and then one daily run a day for a week, including
 * the e-mails queued. Goal: a daily run under 60 s at 10,000 patients on PostgreSQL.
 *
 *   cd bench && node --import tsx questionnaire-engine.ts
 *   DATABASE_URL=postgres://… BENCH_PATIENTS=10000 node --import tsx questionnaire-engine.ts
 */
export const benchQuestionnaireEngine = async (rows: Row[]) => {
  const t = await createBenchApp();
  try {
    const onPostgres = t.database.kind === "postgres";
    const patients = Number(process.env.BENCH_PATIENTS ?? (onPostgres ? 10_000 : 1_000));
    const db = t.database.db;
    const { programId, now } = await programOnBenchDay(t, { organisation: "Bench Health", program: "Bench" });
    // Consent days spread over the two months before: sends fall on every day of the week.
    await seedConsentedPatients(t, { id: programId, key: "engine", territory: "UK_IRE" }, patients, {
      inviteAcceptedAt: sql<Date>`${now}::timestamptz - interval '61 days'`,
      dateConsentGiven: sql<Date>`${now}::timestamptz - interval '60 days' + (abs(hashtext(user_id::text)) % 30) * interval '1 day'`,
    });
    const consented = await db
      .selectFrom("programPatients")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("programId", "=", programId)
      .where("status", "=", "CONSENTED")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("questionnaireSchedules")
      .values(
        (
          [
            ["EQ5D", 7, 0, 3],
            ["FACTG", 14, 1, 5],
            ["QLQC30", 30, 2, 7],
          ] as const
        ).map(([code, frequency, startDay, responseWindow]) =>
          programSchedule(programId, code, { frequency, numberToSend: 26, responseWindow, startDay }, now),
        ),
      )
      .execute();

    const catchUpStart = performance.now();
    const first = await runDelivery(t.ctx);
    const catchUpMs = performance.now() - catchUpStart;
    // A run that sends nothing times no work: refuse the figure rather than print a fast one.
    if (first.sent === 0)
      throw new Error(`the engine sent nothing (${first.held} sends held, ${first.missed} missed): no figure to give`);
    rows.push({
      benchmark: `engine catch-up after 60 days, ${consented.n} patients × 3 schedules`,
      n: 1,
      p50: catchUpMs,
      p95: catchUpMs,
      mean: catchUpMs,
      note: `${first.sent} sent, ${first.missed} missed, ${first.mails} mails`,
    });
    const daily: number[] = [];
    let sent = 0;
    let mails = 0;
    let reminded = 0;
    for (let day = 1; day <= 7; day++) {
      t.clock.set(new Date(now.getTime() + day * 86_400_000));
      const start = performance.now();
      const report = await runDelivery(t.ctx);
      daily.push(performance.now() - start);
      sent += report.sent;
      mails += report.mails;
      reminded += report.reminded;
    }
    // The same day's work as one raw statement: every consented patient × schedule pair written
    // as an event row (no send-date arithmetic, no mail): the floor the engine is compared with.
    const rawStart = performance.now();
    await sql`CREATE TEMP TABLE bench_raw_events AS
      SELECT pp.user_id AS patient_id, s.id AS schedule_id, s.questionnaire_type_id, ${utcDay(now)}::date AS due_date
      FROM program_patients pp JOIN questionnaire_schedules s ON s.program_id = pp.program_id
      WHERE pp.program_id = ${programId} AND pp.status = 'CONSENTED' AND s.deleted_at IS NULL`.execute(db);
    const rawMs = performance.now() - rawStart;
    await sql`DROP TABLE bench_raw_events`.execute(db);
    const sorted = [...daily].sort((a, b) => a - b);
    const mean = daily.reduce((a, b) => a + b, 0) / daily.length;
    const goalMs = 60_000 * (consented.n / 10_000);
    rows.push({
      benchmark: `engine daily run, ${consented.n} patients × 3 schedules`,
      n: daily.length,
      p50: sorted[3]!,
      p95: sorted[6]!,
      mean,
      goal: `< ${(goalMs / 1000).toFixed(0)} s (60 s per 10,000 patients)`,
      met: sorted[6]! < goalMs,
      raw: `${rawMs.toFixed(0)} ms (one INSERT … SELECT of every patient × schedule pair)`,
      ratio: sorted[3]! / rawMs,
      note: `a week: ${sent} sent, ${reminded} reminders, ${mails} mails`,
    });
    const events = await db
      .selectFrom("questionnaireEvents")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    rows.push({ benchmark: "questionnaire events in the table afterwards", n: events.n, p50: 0, p95: 0, mean: 0 });
  } finally {
    await t.close();
  }
};

await runAlone(import.meta.url, "Questionnaire engine", benchQuestionnaireEngine);
