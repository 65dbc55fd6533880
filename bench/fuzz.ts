import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Row } from "./stats.js";

/**
 * The long fuzz (issue 12 §2): BENCH_FUZZ_CASES (default 1,000) generated cases per operation of the
 * OpenAPI document, on a fresh database. Not a speed figure: what counts is 0 in every column. The
 * fuzz is the server's own test (apps/server/test/security/fuzz.test.ts), run here as a process with
 * more cases and a fresh seed: the bench imports nothing of the server's tests.
 */
export const benchFuzz = async (rows: Row[]) => {
  const casesPerOperation = Number(process.env.BENCH_FUZZ_CASES ?? 1000);
  const seed = Number(process.env.BENCH_FUZZ_SEED ?? Date.now() % 1_000_000);
  const started = performance.now();
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", "server", "apps/server/test/security/fuzz.test.ts", "-t", "fuzzing every operation"],
    {
      cwd: fileURLToPath(new URL("../", import.meta.url)),
      env: { ...process.env, FUZZ_CASES: String(casesPerOperation), FUZZ_SEED: String(seed) },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const ms = performance.now() - started;
  const output = `${run.stdout}\n${run.stderr}`;
  // The test's summary line: "fuzz: N operations × C cases = R requests, 0 5xx, 0 leaks, …".
  const summary = output.match(/fuzz: (\d+) operations × \d+ cases = (\d+) requests, ([^\n]*)/);
  if (run.status !== 0) console.log(output.split("\n").slice(-80).join("\n"));
  console.log(`\nFuzz (seed ${seed}): ${summary ? summary[0] : "no summary line"}, ${(ms / 1000).toFixed(0)} s`);
  const cases = summary ? Number(summary[2]) : 0;
  rows.push({
    benchmark: `fuzz: ${summary?.[1] ?? "?"} operations × ${casesPerOperation} cases`,
    n: cases,
    p50: Number.NaN,
    p95: Number.NaN,
    mean: cases ? ms / cases : Number.NaN,
    throughput: cases ? (cases / ms) * 1000 : Number.NaN,
    goal: "0 5xx, 0 leaks, 0 library texts, 0 changes",
    met: run.status === 0,
    note: `${summary?.[3] ?? "the fuzz test failed before its summary"}; seed ${seed}; not a speed figure (no raw SQL twin)`,
  });
};
