import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** CI collects a JSON report of every run beside the usual output (scripts/test-summary.mjs). */
const reportDir = process.env.VITEST_REPORT_DIR;
const reporters = reportDir
  ? ["default", ["json", { outputFile: `${reportDir}/run-${Date.now()}-${process.pid}.json` }] as [string, object]]
  : ["default"];

/**
 * Each journey runs once per CI run, on the database its server work depends on most: those that
 * lean on the database's own machinery (uploads and their triggers, durable jobs, roll-ups, the
 * audit chain, streamed exports) on PostgreSQL, the screens' journeys on the embedded database that
 * `npm start` uses. Every API test runs on both. Running every journey on both did not fit CI's
 * 30 minutes on a 2-core machine.
 */
const journeysOnPostgres = [
  "patient-data.e2e.ts",
  "alerts.e2e.ts",
  "questionnaire-delivery.e2e.ts",
  "program-dashboard.e2e.ts",
  "data-export.e2e.ts",
  "audit.e2e.ts",
];

export default defineConfig({
  test: {
    reporters,
    // Vitest's default is one worker fewer than the cores: ONE on CI's 2-core machine, where the
    // unit projects (PGlite runs in the worker's own process) left a core idle and took 553-648 s
    // of CI's 1,800. On two workers: 243 s of wall time for 340 s of tests (2026-11-26). The
    // journeys run one file at a time whatever this says.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "core", root: "packages/core", environment: "node", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          environment: "node",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          // Every test file gets its own fresh database; PGlite start-up dominates, so allow it.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Files share a worker's loaded modules (each still builds its own app on its own
          // database): importing the whole server again for every file cost more than the tests.
          isolate: false,
          // One migrated database made once, copied by each file (test/fresh-database.ts).
          globalSetup: ["./test/global-setup.ts"],
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test-setup.ts"],
          // Form stories type character by character; on a loaded 2-core machine 5 s is too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          environment: "node",
          include: process.env.DATABASE_URL ? journeysOnPostgres : ["**/*.e2e.ts"],
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : journeysOnPostgres)],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // The demo data is seeded once per run and copied by each journey (support/global-setup.ts).
          globalSetup: ["./support/global-setup.ts"],
        },
      },
    ],
  },
});
