import { defineConfig } from "vitest/config";

/** CI collects a JSON report of every run beside the usual output (scripts/test-summary.mjs). */
const reportDir = process.env.VITEST_REPORT_DIR;
const reporters = reportDir
  ? ["default", ["json", { outputFile: `${reportDir}/run-${Date.now()}-${process.pid}.json` }] as [string, object]]
  : ["default"];

export default defineConfig({
  test: {
    reporters,
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
          include: ["**/*.e2e.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
