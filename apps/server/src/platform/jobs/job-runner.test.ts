import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { enqueueJob, JobRunner, retryDelaySeconds } from "./job-runner.js";
import { findJobs } from "./queries.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("durable jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const runner = () => new JobRunner(t.ctx.db, t.clock, t.app.log);
  const jobsNamed = async (name: string) => findJobs(t.ctx.db, name);

  it("runs an enqueued job once, with its payload", async () => {
    const calls: { payload: Record<string, unknown>; attempt: number }[] = [];
    const jobs = runner();
    jobs.register("test.once", async (payload, { attempt }) => {
      calls.push({ payload, attempt });
    });
    const id = await enqueueJob(t.ctx.db, t.clock, "test.once", { inviteId: "abc", count: 2 });
    expect(id).toBeTruthy();

    expect(await jobs.runDue()).toBe(1);
    expect(calls).toEqual([{ payload: { inviteId: "abc", count: 2 }, attempt: 1 }]);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(3600);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toHaveLength(1);

    const [row] = await jobsNamed("test.once");
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(row!.failedAt).toBeNull();
  });

  it("waits for a job's run time", async () => {
    const ran: string[] = [];
    const jobs = runner();
    jobs.register("test.later", async () => {
      ran.push("later");
    });
    await enqueueJob(t.ctx.db, t.clock, "test.later", {}, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(59);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(1);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(["later"]);
  });

  it("keeps one open job per singleton key", async () => {
    const first = await enqueueJob(
      t.ctx.db,
      t.clock,
      "test.single",
      {},
      { singletonKey: "reminder:1", runAt: new Date(t.clock.now().getTime() + 1e6) },
    );
    const second = await enqueueJob(t.ctx.db, t.clock, "test.single", {}, { singletonKey: "reminder:1" });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await jobsNamed("test.single")).toHaveLength(1);
    // Out of the way of the runners below, which claim every due job whatever its name.
    await t.ctx.db.deleteFrom("jobs").where("name", "=", "test.single").execute();
  });

  it("retries a failing job with growing delays, not before, and gives up after maxAttempts", async () => {
    const attempts: number[] = [];
    const jobs = runner();
    jobs.register("test.flaky", async (_payload, { attempt }) => {
      attempts.push(attempt);
      throw new Error(`boom ${attempt}`);
    });
    await enqueueJob(t.ctx.db, t.clock, "test.flaky", {}, { maxAttempts: 3 });

    expect(await jobs.runDue()).toBe(1);
    expect(attempts).toEqual([1]);
    let [row] = await jobsNamed("test.flaky");
    expect(row!.lastError).toBe("boom 1");
    expect(row!.failedAt).toBeNull();
    expect(row!.runAt.getTime()).toBe(t.clock.now().getTime() + retryDelaySeconds(1) * 1000);

    // Not before the back-off delay.
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(retryDelaySeconds(1) - 1);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(1);
    expect(await jobs.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2]);

    expect(retryDelaySeconds(2)).toBeGreaterThan(retryDelaySeconds(1));
    t.clock.advanceSeconds(retryDelaySeconds(2) - 1);
    expect(await jobs.runDue()).toBe(0);
    t.clock.advanceSeconds(1);
    expect(await jobs.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);

    [row] = await jobsNamed("test.flaky");
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.completedAt).toBeNull();
    expect(row!.lastError).toBe("boom 3");
    expect(row!.attempts).toBe(3);

    // Failed for good: never picked up again.
    t.clock.advanceSeconds(24 * 3600);
    expect(await jobs.runDue()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("completes a job that succeeds on a retry", async () => {
    let calls = 0;
    const jobs = runner();
    jobs.register("test.recovers", async () => {
      calls++;
      if (calls === 1) throw new Error("temporary");
    });
    await enqueueJob(t.ctx.db, t.clock, "test.recovers", {});
    await jobs.runDue();
    t.clock.advanceSeconds(retryDelaySeconds(1));
    expect(await jobs.runDue()).toBe(1);
    const [row] = await jobsNamed("test.recovers");
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toBeNull();
    expect(calls).toBe(2);
  });

  it("caps the back-off at one hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it("runs each job exactly once when two runners on the same database drain concurrently", async () => {
    const runs = new Map<string, string[]>();
    const makeRunner = (name: string) => {
      const jobs = runner();
      jobs.register("test.shared", async (payload) => {
        await tick();
        const key = String(payload.n);
        runs.set(key, [...(runs.get(key) ?? []), name]);
      });
      return jobs;
    };
    const count = 40;
    for (let n = 0; n < count; n++) await enqueueJob(t.ctx.db, t.clock, "test.shared", { n });

    const [a, b] = await Promise.all([makeRunner("a").runDue(), makeRunner("b").runDue()]);
    expect(a + b).toBe(count);
    expect(runs.size).toBe(count);
    for (const [key, by] of runs) expect(by, `job ${key}`).toHaveLength(1);

    const rows = await jobsNamed("test.shared");
    expect(rows.every((r) => r.completedAt && r.attempts === 1)).toBe(true);
  });

  it("does not start a second drain in the same runner while one is running", async () => {
    let active = 0;
    let maxActive = 0;
    const jobs = runner();
    jobs.register("test.serial", async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await tick();
      active--;
    });
    for (let n = 0; n < 5; n++) await enqueueJob(t.ctx.db, t.clock, "test.serial", { n });
    const [x, y] = await Promise.all([jobs.runDue(), jobs.runDue()]);
    expect(x + y).toBe(5);
    expect(maxActive).toBe(1);
  });
});
