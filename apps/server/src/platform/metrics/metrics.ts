import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { defaultEscalationMinutes } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Clock } from "../../clock.js";
import type { DatabasePool, Db } from "../../db/kysely.js";
import type { AppContext } from "../context.js";
import { routePattern } from "../http/logging.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { APP_VERSION } from "../version.js";
import { findOpenJobsByKind, findRecentMails, findUnresolvedAlertsByProgram } from "./queries.js";

/**
 * Prometheus metrics (docs/operations.md lists them). Labels are route patterns, job kinds,
 * program ids, methods and status codes: never a URL, a patient, a staff member or an address.
 * The gauges that read the database are computed when Prometheus scrapes, by three cheap statements
 * (queries.ts) shared by all of them.
 */

const MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const seconds = (from: Date | null, now: Date) => (from ? Math.max(0, (now.getTime() - from.getTime()) / 1000) : 0);

export interface MetricsSources {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  /** node-postgres only; PGlite has no pool, so its pool metrics are absent. */
  pool: DatabasePool | null;
  /** Told when a scrape could not read the database (the scrape answers without those gauges). */
  onReadFailure?: (error: unknown) => void;
}

export interface ServerMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export const createServerMetrics = (sources: MetricsSources): ServerMetrics => {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: "openpro_build_info",
    help: "The running version of OpenPRO and of Node.js (always 1).",
    labelNames: ["version", "node"],
    registers,
  }).set({ version: APP_VERSION, node: process.version }, 1);

  const requests = new Histogram({
    name: "openpro_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status code, with their duration.",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  const jobRuns = new Counter({
    name: "openpro_job_runs_total",
    help: "Job runs by kind and outcome (completed, retry: failed and planned again, failed: given up).",
    labelNames: ["kind", "outcome"],
    registers,
  });
  const jobDuration = new Histogram({
    name: "openpro_job_duration_seconds",
    help: "How long one run of a job took, by kind.",
    labelNames: ["kind"],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  sources.jobs.observe((kind, outcome, took) => {
    jobRuns.inc({ kind, outcome });
    jobDuration.observe({ kind }, took);
  });

  // One read of the database per scrape, whichever gauge asks first; the others wait for the same one.
  let reading: Promise<DatabaseState | null> | null = null;
  const databaseState = () => {
    reading ??= readDatabaseState(sources).finally(() => {
      reading = null;
    });
    return reading;
  };
  const fromDatabase = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (gauge: Gauge<string>, state: DatabaseState) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        const state = await databaseState();
        if (state) fill(this, state);
      },
    });

  fromDatabase("openpro_jobs_due", "Jobs due and not yet done, by kind (the queue's depth).", ["kind"], (g, s) => {
    for (const kind of s.jobs) g.set({ kind: kind.kind }, kind.due);
  });
  fromDatabase(
    "openpro_jobs_oldest_due_age_seconds",
    "How long the oldest due job of each kind has waited (0: none due).",
    ["kind"],
    (g, s) => {
      for (const kind of s.jobs) g.set({ kind: kind.kind }, seconds(kind.oldestDueAt, s.now));
    },
  );
  fromDatabase("openpro_jobs_scheduled", "Jobs planned for later, by kind.", ["kind"], (g, s) => {
    for (const kind of s.jobs) g.set({ kind: kind.kind }, kind.scheduled);
  });
  fromDatabase(
    "openpro_jobs_retrying",
    "Open jobs whose last run failed and that wait for another attempt, by kind.",
    ["kind"],
    (g, s) => {
      for (const kind of s.jobs) g.set({ kind: kind.kind }, kind.retrying);
    },
  );

  fromDatabase("openpro_mails_pending", "Mails written in the last 24 h and not yet tried.", [], (g, s) =>
    g.set(s.mails.pending),
  );
  fromDatabase(
    "openpro_mails_oldest_pending_age_seconds",
    "How long the oldest mail not yet tried has waited (0: none).",
    [],
    (g, s) => g.set(seconds(s.mails.oldestPendingAt, s.now)),
  );
  fromDatabase(
    "openpro_mails_failed_24h",
    "Mails written in the last 24 h whose last attempt failed (retrying, or given up after the eighth).",
    [],
    (g, s) => g.set(s.mails.failed),
  );

  fromDatabase("openpro_alerts_open", "Open alerts nobody has taken yet, by program id.", ["program"], (g, s) => {
    for (const program of s.alerts) g.set({ program: program.programId }, program.open);
  });
  fromDatabase("openpro_alerts_taken", "Alerts taken and not yet closed, by program id.", ["program"], (g, s) => {
    for (const program of s.alerts) g.set({ program: program.programId }, program.taken);
  });
  fromDatabase(
    "openpro_alerts_oldest_open_age_seconds",
    "How long the oldest untaken alert of each program has waited (0: none): page someone when it passes the escalation delay.",
    ["program"],
    (g, s) => {
      for (const program of s.alerts) g.set({ program: program.programId }, seconds(program.oldestOpenAt, s.now));
    },
  );
  fromDatabase(
    "openpro_alert_escalation_delay_seconds",
    "Each program's escalation delay (the program's alert settings).",
    ["program"],
    (g, s) => {
      for (const program of s.alerts) g.set({ program: program.programId }, program.escalationMinutes * 60);
    },
  );

  const { pool } = sources;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (use: ReturnType<DatabasePool["use"]>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool.use()));
        },
      });
    poolGauge("openpro_db_pool_connections_open", "Connections the pool holds open to PostgreSQL.", (u) => u.open);
    poolGauge("openpro_db_pool_connections_idle", "Open connections not in use.", (u) => u.idle);
    poolGauge("openpro_db_pool_waiting", "Queries waiting for a connection right now.", (u) => u.waiting);
    poolGauge("openpro_db_pool_connections_max", "The pool's size limit.", (u) => u.max);
    const wait = new Histogram({
      name: "openpro_db_pool_wait_seconds",
      help: "How long each checkout of a connection waited for it.",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    });
    pool.onCheckout((waited) => wait.observe(waited));
  }

  return {
    registry,
    observeRequest: (method, route, status, took) => requests.observe({ method, route, status: String(status) }, took),
  };
};

interface DatabaseState {
  now: Date;
  jobs: Awaited<ReturnType<typeof findOpenJobsByKind>>;
  mails: Awaited<ReturnType<typeof findRecentMails>>;
  alerts: Awaited<ReturnType<typeof findUnresolvedAlertsByProgram>>;
}

const readDatabaseState = async (sources: MetricsSources): Promise<DatabaseState | null> => {
  const now = sources.clock.now();
  try {
    const [jobs, mails, alerts] = await Promise.all([
      findOpenJobsByKind(sources.db, now),
      findRecentMails(sources.db, new Date(now.getTime() - MAIL_WINDOW_MS)),
      findUnresolvedAlertsByProgram(sources.db, defaultEscalationMinutes),
    ]);
    return { now, jobs, mails, alerts };
  } catch (error) {
    // A database away must not make the scrape fail: the process metrics still say what happened.
    sources.onReadFailure?.(error);
    return null;
  }
};

/** Counts every answer by method, route pattern (never the URL: it may hold a code) and status. */
export const installRequestMetrics = (app: FastifyInstance, metrics: ServerMetrics) => {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(request.method, routePattern(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
};

/** Constant-time check of `Authorization: Bearer <token>`. */
const bearerMatches = (header: string | undefined, token: string) => {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
};

/** A token: served on the API's port to a caller holding it. null: not served there (its own port, or off). */
export interface MetricsAccess {
  token: string | null;
}

/**
 * GET /metrics on the API's port: behind the token when one is set, 404 otherwise (also when the
 * metrics go to their own port): the endpoint is never public, and never the web app's page.
 */
export const registerMetricsRoute = (app: FastifyInstance, metrics: ServerMetrics | null, access: MetricsAccess) => {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !access.token)
      return reply.status(404).send({ statusCode: 404, message: "Not found: GET /metrics" });
    if (!bearerMatches(request.headers.authorization, access.token))
      return reply
        .status(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .send({ statusCode: 401, message: "The metrics need the operator's bearer token." });
    return reply.header("Content-Type", metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};

/**
 * The metrics on a port of their own (METRICS_PORT), for a scraper on the internal network: only
 * GET /metrics answers there, with the token when METRICS_TOKEN is set as well.
 */
export const startMetricsServer = async (
  metrics: ServerMetrics,
  options: { port: number; host: string; token: string | null },
): Promise<Server> => {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": 'Bearer realm="metrics"' })
        .end("The metrics need the operator's bearer token.\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be read.\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
};

/**
 * What buildApp does for the metrics: without options none are collected (no hook, no cost) and
 * GET /metrics answers 404; with them, every answer is counted and the route is served with a token.
 */
export const setUpMetrics = (
  app: FastifyInstance,
  ctx: AppContext,
  options: { token: string | null; pool: DatabasePool | null } | undefined,
): ServerMetrics | null => {
  const metrics = options
    ? createServerMetrics({
        db: ctx.db,
        clock: ctx.clock,
        jobs: ctx.jobs,
        pool: options.pool,
        onReadFailure: (error) => ctx.log.warn({ err: error }, "metrics: the database could not be read"),
      })
    : null;
  if (metrics) installRequestMetrics(app, metrics);
  registerMetricsRoute(app, metrics, { token: options?.token ?? null });
  return metrics;
};
