import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createDemoApp, DEMO_SEED_TIMEOUT_MS } from "../../../test/demo-app.js";
import type { TestApp } from "../../../test/test-app.js";
import {
  countSevereSymptomMismatches,
  recountSevereSymptoms,
  seedPatientData,
  setSevereSymptomsTrigger,
} from "./patient-data.js";

/** The moment the demo is seeded at (the test clock's start). */
const SEEDED_AT = "2026-03-02T09:00:00Z";

describe("the demo patients' logs", () => {
  /** The demo as seeded, which the reading stories share and none writes. */
  let t: TestApp;
  beforeAll(async () => {
    t = await createDemoApp(SEEDED_AT);
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  const rowsOf = async <T>(app: TestApp, query: string) => (await sql.raw<T>(query).execute(app.ctx.db)).rows;
  const rows = <T>(query: string) => rowsOf<T>(t, query);
  /**
   * A demo of the story's own, for a story that rewrites the logs of the whole database (the bulk
   * load, the reseeding): closed when the story ends.
   */
  const ownDemo = async () => {
    const own = await createDemoApp(SEEDED_AT);
    onTestFinished(() => own.close());
    return own;
  };

  it("gives every patient who consented logs from consent to today (or withdrawal), and no one else", async () => {
    const patients = await rows<{ status: string; logs: number; early: number; events: number }>(`
      SELECT pp.status,
        (SELECT count(*)::int FROM patient_logs l WHERE l.patient_id = pp.user_id) AS logs,
        (SELECT count(*)::int FROM patient_logs l WHERE l.patient_id = pp.user_id
          AND (l.logged_at < pp.date_consent_given OR l.logged_at > coalesce(pp.date_consent_revoked, '${t.clock.now().toISOString()}'))) AS early,
        (SELECT count(*)::int FROM medication_events e WHERE e.patient_id = pp.user_id) AS events
      FROM program_patients pp`);
    const consented = patients.filter((p) =>
      ["CONSENTED", "CONSENT_WITHDRAWN", "PROJECT_COMPLETED"].includes(p.status),
    );
    expect(consented.length).toBe(20);
    for (const p of consented) {
      expect(p.logs).toBeGreaterThan(20);
      expect(p.events).toBeGreaterThan(10);
      expect(p.early).toBe(0);
    }
    for (const p of patients.filter((p) => !consented.includes(p))) expect(p.logs + p.events).toBe(0);
  });

  it("has mostly mild symptoms, some severe, a fever, weights in pounds in the US, reviewed older logs", async () => {
    const [s] = await rows<{
      symptoms: number;
      mild: number;
      danger: number;
      fever: number;
      pounds: number;
      removed: number;
      acknowledged: number;
      new: number;
    }>(`
      SELECT count(*) FILTER (WHERE log_class = 'SYMPTOMS')::int AS symptoms,
        count(*) FILTER (WHERE log_class = 'SYMPTOMS' AND grade <= 2)::int AS mild,
        count(*) FILTER (WHERE is_danger)::int AS danger,
        count(*) FILTER (WHERE log_class = 'TEMPERATURE' AND value >= 38)::int AS fever,
        count(*) FILTER (WHERE log_class = 'WEIGHT' AND original_unit = 'lb')::int AS pounds,
        count(*) FILTER (WHERE validation_status = 'Removed' AND validation_reason IS NOT NULL)::int AS removed,
        count(*) FILTER (WHERE validation_status = 'Acknowledged')::int AS acknowledged,
        count(*) FILTER (WHERE validation_status IS NULL)::int AS new
      FROM patient_logs`);
    expect(s!.mild / s!.symptoms).toBeGreaterThan(0.9);
    expect(s!.danger).toBeGreaterThan(20);
    expect(s!.fever).toBeGreaterThan(0);
    expect(s!.pounds).toBeGreaterThan(0);
    expect(s!.removed).toBeGreaterThanOrEqual(20);
    expect(s!.acknowledged).toBeGreaterThan(s!.new);
    expect(s!.new).toBeGreaterThan(0);
  });

  it(
    "keeps severe_symptoms_count equal to the open danger logs, and rebuilds it after a bulk load",
    async () => {
      const demo = await ownDemo();
      expect(await countSevereSymptomMismatches(demo.ctx.db)).toBe(0);
      const [open] = await rowsOf<{ n: number }>(
        demo,
        `SELECT sum(severe_symptoms_count)::int AS n FROM program_patients`,
      );
      expect(open!.n).toBeGreaterThan(0);

      // Again with the trigger off (as the benchmark loads): the counts lag, then one UPDATE repairs them.
      await setSevereSymptomsTrigger(demo.ctx.db, false);
      await seedPatientData(demo.ctx.db, { now: demo.clock.now(), seed: 2 });
      await setSevereSymptomsTrigger(demo.ctx.db, true);
      expect(await countSevereSymptomMismatches(demo.ctx.db)).toBeGreaterThan(0);
      expect(await recountSevereSymptoms(demo.ctx.db)).toBeGreaterThan(0);
      expect(await countSevereSymptomMismatches(demo.ctx.db)).toBe(0);
    },
    DEMO_SEED_TIMEOUT_MS,
  );

  it(
    "is deterministic: the same seed gives the same logs",
    async () => {
      // The demo's logs and a second load of seed 2 on top, as the bulk load leaves them.
      const demo = await ownDemo();
      await seedPatientData(demo.ctx.db, { now: demo.clock.now(), seed: 2 });
      const fingerprint = async () =>
        rowsOf<{ f: string }>(
          demo,
          `
        SELECT md5(string_agg(concat_ws('|', pp.invite_email, l.client_id, l.log_class, l.logged_at, l.grade,
          l.value, l.original_unit, l.validation_status), ',' ORDER BY pp.invite_email, l.client_id)) AS f
        FROM patient_logs l JOIN program_patients pp ON pp.user_id = l.patient_id AND pp.program_id = l.program_id`,
        );
      const before = await fingerprint();
      await sql`DELETE FROM patient_logs`.execute(demo.ctx.db);
      await sql`DELETE FROM patient_medications`.execute(demo.ctx.db);
      await seedPatientData(demo.ctx.db, { now: demo.clock.now() });
      await seedPatientData(demo.ctx.db, { now: demo.clock.now(), seed: 2 });
      expect(await fingerprint()).toEqual(before);
    },
    DEMO_SEED_TIMEOUT_MS,
  );
});
