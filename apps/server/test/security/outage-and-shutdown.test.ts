import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messages } from "@openpro/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { ManualClock } from "../../src/clock.js";
import { openDatabase } from "../../src/db/kysely.js";
import { signAccessToken } from "../../src/platform/auth/jwt.js";
import { isDatabaseUnavailable } from "../../src/platform/http/error-handler.js";
import { enqueueJob, JobRunner } from "../../src/platform/jobs/job-runner.js";
import { findJobs } from "../../src/platform/jobs/queries.js";
import { createTestApp, type TestApp } from "../test-app.js";

/**
 * Regression tests of the defects the fault benchmarks found (bench/faults, issue 12 §3): each is
 * the cheap, in-process form of a fault the bench provokes on a real process.
 */

describe("while the database cannot be reached the API answers 503, never a 500", () => {
  // A PostgreSQL server that refuses every connection (nothing listens on port 1).
  const unreachable = openDatabase({ databaseUrl: "postgres://openpro@127.0.0.1:1/openpro", dataDir: "unused" });
  let app: Awaited<ReturnType<typeof buildApp>>["app"];
  const secret = randomBytes(32).toString("hex");
  const clock = new ManualClock();
  beforeAll(async () => {
    const database = await unreachable;
    ({ app } = await buildApp({
      db: database.db,
      clock,
      mailTransport: null,
      ping: database.ping,
      settings: {
        jwtSecret: secret,
        publicUrl: "http://openpro.test",
        supportEmail: "support@openpro.test",
        passwordMaxAgeDays: 180,
        mailFrom: "OpenPRO <no-reply@openpro.test>",
        maintenanceUntil: null,
      },
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await (await unreachable).close();
  });

  it("answers a signed-in read, a sign-in and the health check with 503 and Retry-After, naming nothing internal", async () => {
    const token = await signAccessToken(
      secret,
      { sub: randomUUID(), sid: randomUUID(), scope: "clinical" },
      clock.now(),
      600,
    );
    const read = await app.inject({
      method: "GET",
      url: "/api/v1/current",
      headers: { authorization: `Bearer ${token}` },
    });
    const login = await app.inject({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "nurse@clinic.test", password: "Harbour-Lights-2026!", scope: "clinical" },
    });
    for (const answer of [read, login]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(answer.json()).toEqual({ statusCode: 503, message: messages.serviceUnavailable });
    }
    const health = await app.inject({ method: "GET", url: "/api/v1/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: "down" });
  });

  it("tells connection failures and a full disk from other database errors", () => {
    const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
    for (const error of [
      coded("ECONNREFUSED"),
      coded("57P01", "terminating connection due to administrator command"),
      coded("57P03", "the database system is starting up"),
      coded("08006"),
      // A full disk: the request is sound, the database cannot store it now (503, retry later).
      coded("53100", "could not extend file: No space left on device"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new AggregateError([coded("ECONNREFUSED")]), { code: undefined }),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of [coded("23505", "duplicate key"), coded("42P01"), new Error("boom"), null, "ECONNREFUSED"])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

describe("shutdown: the job runner finishes the job in hand and hands the rest back", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("releases the claimed jobs it did not start, without counting an attempt; another runner then runs them", async () => {
    const runner = new JobRunner(t.ctx.db, t.clock, t.app.log);
    let release!: () => void;
    const started = new Promise<void>((startedResolve) => {
      runner.register("test.slow", async () => {
        startedResolve();
        await new Promise<void>((r) => {
          release = r;
        });
      });
    });
    for (let i = 0; i < 5; i++) await enqueueJob(t.ctx.db, t.clock, "test.slow", { i });
    const draining = runner.runDue();
    await started;
    const stopping = runner.stop();
    release();
    await stopping;
    expect(await draining).toBe(1);

    const jobs = await findJobs(t.ctx.db, "test.slow");
    expect(jobs.filter((j) => j.completedAt)).toHaveLength(1);
    const rest = jobs.filter((j) => !j.completedAt);
    expect(rest).toHaveLength(4);
    for (const job of rest)
      expect({ lockedBy: job.lockedBy, lockedUntil: job.lockedUntil, attempts: job.attempts }).toEqual({
        lockedBy: null,
        lockedUntil: null,
        attempts: 0,
      });

    const next = new JobRunner(t.ctx.db, t.clock, t.app.log);
    const ran: unknown[] = [];
    next.register("test.slow", async (payload) => {
      ran.push(payload.i);
    });
    expect(await next.runDue()).toBe(4);
    expect(ran.sort()).toEqual([1, 2, 3, 4]);
  });
});

describe("PGlite: a DATA_DIR that cannot be written stops the start with one clear line", () => {
  const folder = mkdtempSync(join(tmpdir(), "openpro-datadir-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("names DATA_DIR and the reason, before opening anything", async () => {
    // A file where the folder should be: refused the same way for root and for a service account.
    writeFileSync(join(folder, "taken"), "not a folder");
    const dataDir = join(folder, "taken", "data");
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} cannot be written (ENOTDIR): give the server's user write access to it, or set DATA_DIR to another folder`,
    );
  });
});

const onPostgresServer = process.env.DATABASE_URL ? describe : () => undefined;
onPostgresServer("PostgreSQL: a connection that dies while checked out", () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.ctx.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    second = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("does not end the process; the request fails as unavailable and the pool carries on", async () => {
    const failure = await second.db
      .connection()
      .execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
        // Killed between two statements, as a database restart does: the client is idle but checked out.
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(t.ctx.db);
        await new Promise((r) => setTimeout(r, 300));
        await sql`SELECT 1`.execute(connection);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeTruthy();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(second.db);
    expect(rows[0]!.one).toBe(1);
  });
});
