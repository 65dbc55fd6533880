import { sql } from "kysely";
import { findExport, insertExport, runResearchExport } from "../apps/server/src/index.js";
import { createBenchApp, programOnBenchDay, seedDemoPatients } from "./fixtures.js";
import { type Row, runAlone, timeWithPeakRss } from "./stats.js";

/**
 * Earlier figures on PostgreSQL, 1,001,000 rows, bench and server in one process, printed beside
 * each new one (docs/exports.md): the hand-written ZIP, then yazl with a page's text written at a
 * time (issue 35; since then the text goes in 32,000-character pieces from 2,000-row pages).
 */
const earlier = {
  csv: "earlier, 1,001,000 rows: own ZIP 69.9 s, 14,315 rows/s, +316 MiB; yazl 34.2 s, 29,251 rows/s, +354 MiB",
  xlsx: "earlier, 1,001,000 rows: own ZIP 83.7 s, 11,957 rows/s, +164 MiB; yazl 53.8 s, 18,602 rows/s, +229 MiB",
} as const;

/**
 * The research export job at scale: BENCH_RESEARCH_ROWS patient logs (default 1,000,000 on
 * PostgreSQL, 100,000 on PGlite; symptoms and temperatures of 2,000 patients) exported anonymised
 * as a CSV zip and as an XLSX workbook into the database, beside one raw SQL COPY of the same log
 * rows (`COPY (SELECT …) TO '/dev/null'` on the server; PGlite: the same SELECT read whole).
 * Goals: memory flat (peak RSS growth under 200 MiB whatever the row count) and ≥ 20,000 rows/s.
 *
 *   cd bench && node --import tsx research-export.ts
 */
export const benchResearchExport = async (rows: Row[]) => {
  const t = await createBenchApp();
  try {
    const db = t.database.db;
    const onPostgres = t.database.kind === "postgres";
    const logs = Number(process.env.BENCH_RESEARCH_ROWS ?? (onPostgres ? 1_000_000 : 100_000));
    const { programId, now } = await programOnBenchDay(t, {
      organisation: "Research Export Bench",
      program: "Research export bench",
    });
    await seedDemoPatients(t, { id: programId, key: "research", territory: "UK_IRE" }, 2_000);
    // Logs of the consented patients, written by the database itself: alternating symptoms and temperatures.
    await sql`
      INSERT INTO patient_logs (program_id, patient_id, client_id, log_class, logged_at, local_date,
        utc_offset_minutes, log_type_id, grade, is_danger, value, unit, original_value, original_unit, data, received_at)
      SELECT ${programId}, p.user_id, gen_random_uuid(),
        CASE WHEN n % 2 = 0 THEN 'SYMPTOMS' ELSE 'TEMPERATURE' END,
        TIMESTAMPTZ '2025-06-01 08:00Z' + (n * INTERVAL '37 minutes'), DATE '2025-06-01' + (n * 37 / 1440)::int, 60,
        CASE WHEN n % 2 = 0 THEN '10028813' END, CASE WHEN n % 2 = 0 THEN n % 5 END, n % 2 = 0 AND n % 5 >= 3,
        CASE WHEN n % 2 = 1 THEN 36.5 + (n % 20) / 10.0 END, CASE WHEN n % 2 = 1 THEN 'C' END,
        CASE WHEN n % 2 = 1 THEN 36.5 + (n % 20) / 10.0 END, CASE WHEN n % 2 = 1 THEN 'C' END,
        '{}'::jsonb, now()
      FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS i, count(*) OVER () AS c
            FROM program_patients WHERE program_id = ${programId} AND status IN ('CONSENTED', 'CONSENT_WITHDRAWN')) p
      CROSS JOIN generate_series(0, ${logs} - 1) n
      WHERE n % p.c = p.i`.execute(db);
    await sql`ANALYZE`.execute(db);
    const { count } = (
      await sql<{
        count: number;
      }>`SELECT count(*)::int AS count FROM patient_logs WHERE program_id = ${programId}`.execute(db)
    ).rows[0]!;

    // The same log rows and columns in one statement, serialised as CSV by the database (COPY takes
    // no bind parameters: the program's id is a literal).
    const select = sql`SELECT l.patient_id, l.log_class, l.logged_at, l.local_date, l.utc_offset_minutes, l.log_type_id,
        l.grade, l.is_danger, l.value, l.unit, l.original_value, l.original_unit, l.data, l.validation_status
      FROM patient_logs l WHERE l.program_id = ${sql.lit(programId)} AND EXISTS (SELECT 1 FROM program_patients pp
        WHERE pp.program_id = l.program_id AND pp.user_id = l.patient_id
          AND pp.status IN ('CONSENTED', 'CONSENT_WITHDRAWN', 'PROJECT_COMPLETED'))
      ORDER BY l.logged_at, l.id`;
    const rawStart = performance.now();
    let rawWhat = "COPY (SELECT …) TO '/dev/null' (FORMAT csv)";
    try {
      if (!onPostgres) throw new Error("PGlite: no server file");
      await sql`COPY (${select}) TO '/dev/null' (FORMAT csv)`.execute(db);
    } catch {
      rawWhat = "one SELECT of the same rows, read whole";
      await select.execute(db);
    }
    const rawMs = performance.now() - rawStart;

    for (const format of ["csv", "xlsx"] as const) {
      const job = await insertExport(db, {
        programId,
        requestedBy: (await t.ctx.db.selectFrom("users").select("id").limit(1).executeTakeFirstOrThrow()).id,
        format,
        anonymised: true,
        createdAt: now,
      });
      const { ms, peakGrowthMiB: growthMiB } = await timeWithPeakRss(() =>
        runResearchExport(t.ctx, job.id, async () => "Research export bench"),
      );
      const done = (await findExport(db, job.id))!;
      const rowsDone = Number(done.rowsDone);
      const perSecond = (rowsDone / ms) * 1000;
      rows.push({
        benchmark: `research export (anonymised ${format.toUpperCase()}), ${rowsDone.toLocaleString("en-GB")} rows`,
        n: 1,
        p50: ms,
        p95: ms,
        mean: ms,
        throughput: perSecond,
        goal: "≥ 20,000 rows/s; peak RSS +< 200 MiB",
        met: perSecond >= 20_000 && growthMiB < 200,
        raw: `${rawMs.toFixed(0)} ms (${rawWhat}, ${count.toLocaleString("en-GB")} logs)`,
        ratio: ms / rawMs,
        note: `${(Number(done.byteSize) / 1e6).toFixed(1)} MB stored; peak RSS +${growthMiB.toFixed(0)} MiB${onPostgres ? ` (${earlier[format]})` : " (PGlite runs in this process)"}`,
      });
    }
  } finally {
    await t.close();
  }
};

await runAlone(import.meta.url, "Research export", benchResearchExport);
