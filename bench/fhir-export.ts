import { sql } from "kysely";
import type { BenchApp } from "./fixtures.js";
import type { Row } from "./stats.js";

/**
 * FHIR Bulk Data export of the patient-data program (BENCH_PATIENTS × BENCH_DAYS, seeded by
 * patient-data.ts): kick-off through the API, the durable job run to completion, then the status
 * manifest. Time and peak memory of the process (heap and RSS above the start; on PGlite the RSS
 * includes the embedded database), beside one raw SQL statement per table that reads the same rows
 * and turns each into JSON inside the database (row_to_json), in the same run.
 */
export const benchFhirExport = async (t: BenchApp, adminToken: string, rows: Row[]) => {
  const db = t.database.db;
  const program = await db
    .selectFrom("programs")
    .select("id")
    .where("name", "=", "Scale Program 000002")
    .executeTakeFirstOrThrow();
  const patients = Number(
    (
      await db
        .selectFrom("programPatients")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("programId", "=", program.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

  global.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 25);
  // What the export keeps alive (the heap right after a full collection, every 5 s): "flat" means
  // this stays put whatever the program's size. The sampled peak above also counts garbage V8 has
  // not collected yet, which grows with its heap limit, not with what the export holds.
  let peakLive = base.heapUsed;
  const liveSampler = global.gc
    ? setInterval(() => {
        global.gc!();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }, 5000)
    : undefined;
  const start = performance.now();
  const kickoff = await t.request({
    method: "GET",
    url: `/fhir/R4/Group/${program.id}/$export`,
    token: adminToken,
    headers: { prefer: "respond-async" },
  });
  if (kickoff.statusCode !== 202) throw new Error(`FHIR export kick-off: ${kickoff.statusCode} ${kickoff.body}`);
  const status = new URL(String(kickoff.headers["content-location"])).pathname;
  await t.runJobs();
  const done = await t.request({ method: "GET", url: status, token: adminToken });
  const exportMs = performance.now() - start;
  clearInterval(sampler);
  clearInterval(liveSampler);
  if (done.statusCode !== 200) throw new Error(`FHIR export status: ${done.statusCode} ${done.body}`);
  const manifest = done.json() as { output: { type: string; count: number }[] };
  const resources = manifest.output.reduce((sum, o) => sum + o.count, 0);
  const exportId = status.split("/").at(-1)!;
  const bytes = Number(
    (
      await sql<{ bytes: string }>`SELECT coalesce(sum(octet_length(ndjson)), 0) AS bytes FROM fhir_export_parts
        WHERE export_id = ${exportId}`.execute(db)
    ).rows[0]!.bytes,
  );

  // The same rows read and serialised to JSON by the database alone.
  const rawStart = performance.now();
  for (const statement of [
    sql`SELECT sum(octet_length(row_to_json(p)::text)) FROM program_patients p WHERE program_id = ${program.id}`,
    sql`SELECT sum(octet_length(row_to_json(l)::text)) FROM patient_logs l WHERE program_id = ${program.id}
      AND (log_class IN ('SYMPTOMS', 'TEMPERATURE', 'WEIGHT')
        OR (log_class = 'ACTIVITY' AND lower(coalesce(data->>'activityType', '')) = 'steps'))`,
    sql`SELECT sum(octet_length(row_to_json(m)::text)) FROM patient_medications m WHERE program_id = ${program.id}`,
    sql`SELECT sum(octet_length(row_to_json(e)::text)) FROM medication_events e WHERE program_id = ${program.id}`,
    sql`SELECT sum(octet_length(row_to_json(a)::text)) FROM nurse_visit_appointments a WHERE program_id = ${program.id}`,
    sql`SELECT sum(octet_length(row_to_json(q)::text)) FROM questionnaire_events q WHERE program_id = ${program.id}
      AND state IN ('IN_PROGRESS', 'COMPLETED')`,
  ])
    await statement.execute(db);
  const rawMs = performance.now() - rawStart;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const fullScale = resources >= 3_000_000;
  rows.push({
    benchmark: `FHIR bulk export, ${patients.toLocaleString("en")} patients: ${resources.toLocaleString("en")} resources`,
    n: 1,
    p50: exportMs,
    p95: exportMs,
    mean: exportMs,
    throughput: (resources / exportMs) * 1000,
    goal: fullScale ? "< 30 min; live heap flat (< 256 MB)" : "seconds; live heap flat (< 256 MB)",
    met:
      (fullScale ? exportMs < 30 * 60_000 : exportMs < 120_000) &&
      !!liveSampler &&
      peakLive - base.heapUsed < 256 * 1024 * 1024,
    raw: "row_to_json of the same rows",
    ratio: exportMs / rawMs,
    note: `NDJSON ${mb(bytes)}; live heap after GC +${liveSampler ? mb(peakLive - base.heapUsed) : "? (run node with --expose-gc)"}, sampled peak heap +${mb(peakHeap - base.heapUsed)}, RSS +${mb(peakRss - base.rss)}; resources/s`,
  });
};
