import { seedDemoData } from "../src/db/demo/seed.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * The product as `npm start` shows it: a database of its own holding the demo data, seeded on the
 * morning of 10 March 2026 (the clock stays there), for the tests that hold the demo to its promises.
 */
export const createDemoApp = async (at = "2026-03-10T09:15:00Z"): Promise<TestApp> => {
  const t = await createTestApp();
  t.clock.set(at);
  await seedDemoData(t.ctx.db, t.clock, "not-a-real-hash");
  return t;
};

/** Seeding months of demo data takes a minute on a loaded 2-core machine: its set-up may take five. */
export const DEMO_SEED_TIMEOUT_MS = 300_000;
