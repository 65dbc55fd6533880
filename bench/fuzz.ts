import { buildFuzzFixtures, runFuzz, summarise as summariseFuzz } from "../apps/server/test/security/fuzz.js";
import { createTestApp } from "../apps/server/test/test-app.js";
import type { Row } from "./stats.js";

/**
 * The long fuzz (issue 12 §2): BENCH_FUZZ_CASES (default 1,000) generated cases per operation of the
 * OpenAPI document, on a fresh database. Not a speed figure: what counts is 0 in every column.
 */
export const benchFuzz = async (rows: Row[]) => {
  const casesPerOperation = Number(process.env.BENCH_FUZZ_CASES ?? 1000);
  const t = await createTestApp();
  try {
    const fixtures = await buildFuzzFixtures(t);
    const started = performance.now();
    let done = 0;
    const results = await runFuzz(t, fixtures, {
      casesPerOperation,
      seed: Number(process.env.BENCH_FUZZ_SEED ?? Date.now() % 1_000_000),
      batch: 50,
      onOperation: (r) => {
        done++;
        const found = [...r.serverErrors, ...r.leaks, ...r.badMessages, ...r.changedByRefusals];
        if (found.length || r.slow.length) {
          console.log(`fuzz ${r.operation}: ${found.length} problems, ${r.slow.length} slow cases`);
          for (const line of [...found, ...r.slow].slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
        }
        if (done % 20 === 0) console.log(`fuzz: ${done} operations done`);
      },
    });
    const ms = performance.now() - started;
    const s = summariseFuzz(results);
    const slow = results.reduce((n, r) => n + r.slow.length, 0);
    console.log(
      `\nFuzz summary: ${s.operations} operations, ${s.cases} cases, ${s.serverErrors} 5xx, ${s.leaks} leaks, ` +
        `${s.badMessages} refusals without a human message, ${s.changedByRefusals} refused batches that changed the database ` +
        `(of ${s.refusedBatchesChecked} checked), ${slow} cases over 2 s, prototype ${s.prototypeClean ? "clean" : "POLLUTED"}, ` +
        `${(ms / 1000).toFixed(0)} s`,
    );
    const clean = s.serverErrors + s.leaks + s.badMessages + s.changedByRefusals === 0 && s.prototypeClean;
    rows.push({
      benchmark: `fuzz: ${s.operations} operations × ${casesPerOperation} cases`,
      n: s.cases,
      p50: Number.NaN,
      p95: Number.NaN,
      mean: ms / s.cases,
      throughput: (s.cases / ms) * 1000,
      goal: "0 5xx, 0 leaks, 0 library texts, 0 changes",
      met: clean,
      note: `${s.serverErrors} 5xx · ${s.leaks} leaks · ${s.badMessages} bad messages · ${s.changedByRefusals} changed · ${slow} slow; not a speed figure (no raw SQL twin)`,
    });
  } finally {
    await t.close();
  }
};
