import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import autocannon from "autocannon";
import pg from "pg";
import { call, demoPatient, freePort, ServerProcess, sleep, ThrowawayCluster } from "./faults/server.js";
import { percentile, printMarkdownTable } from "./stats.js";

/**
 * Issue 12 §4: load over real HTTP on loopback, against the product as a process
 * (`node apps/server/src/main.ts`) on a PostgreSQL cluster of its own with the demo data.
 * Beside each figure: the same work done by raw SQL statements over a pool of the server's size
 * (10 connections), with the same callers and pace, in the same run (ratio).
 *
 * Two browse figures, because they answer two questions:
 * - 200 clinicians at a person's pace (a page every 1–3 s each, about 100 requests a second
 *   offered): is the product fast for them? p99 < 200 ms, zero errors. Each clinician is one
 *   keep-alive connection that waits for its answer, then thinks. (autocannon's `connectionRate`
 *   cannot do this: whole requests per second only, every connection firing on the same tick, and
 *   its coordinated-omission correction at 1 req/s records phantom samples for every millisecond.)
 * - 200 connections of autocannon with no think time (closed loop): the saturation throughput.
 *   Its p99 is queueing by construction (200 waiting on a server that does a few hundred a second).
 */

export interface LoadRow {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  goal: string;
  met: boolean;
  raw: { perSecond: number; p50: number; p99: number };
  note?: string;
}

const BROWSE_SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CLINICIANS = 200;
/** A clinician's pause between two pages: uniform between these, mean 2 s. */
const THINK_MS = [1000, 3000] as const;
const UPLOAD_SECONDS = Number(process.env.LOAD_UPLOAD_SECONDS ?? 8);
const BATCH = 50;

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((done, fail) => {
    autocannon(options, (error, result) => (error ? fail(error) : done(result)));
  });

/** `callers` concurrent loops calling `work` for `seconds`; latency per call. */
const rawLoad = async (callers: number, seconds: number, work: (i: number) => Promise<unknown>) => {
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await work(n++);
        samples.push(performance.now() - start);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return { perSecond: samples.length / seconds, p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

const think = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);

/**
 * `callers` people each doing `work`, waiting for it, then thinking, for `seconds` (they start
 * spread over one think time). Latency per call, failures, and the pace actually offered.
 */
const pacedLoad = async (
  callers: number,
  seconds: number,
  work: (caller: number, i: number) => Promise<number | undefined>,
) => {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      await sleep(Math.random() * THINK_MS[1]);
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        const status = await work(caller, i).catch(() => 0);
        samples.push(performance.now() - start);
        const key = String(status ?? "ok");
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (status !== undefined && (status < 200 || status >= 300)) errors++;
        await sleep(think());
      }
    }),
  );
  samples.sort((a, b) => a - b);
  return {
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    errors,
    statuses,
  };
};

/** One GET over a keep-alive agent (one socket per clinician); its status, 0 on a network failure or 10 s. */
const get = (agent: http.Agent, baseUrl: string, path: string, token: string) =>
  new Promise<number>((done) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { agent, headers: { authorization: `Bearer ${token}` }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? 0));
        response.on("error", () => done(0));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => done(0));
  });

const logBody = () => ({
  logs: Array.from({ length: BATCH }, (_, i) => ({
    clientId: randomUUID(),
    logClass: "TEMPERATURE",
    date: new Date(Date.now() - 3_600_000 - i * 1000).toISOString(),
    value: 36.6,
    unit: "C",
  })),
});

export const runLoad = async (): Promise<LoadRow[]> => {
  const cluster = new ThrowawayCluster();
  const rows: LoadRow[] = [];
  let server: ServerProcess | undefined;
  let pool: pg.Pool | undefined;
  try {
    await cluster.create();
    const databaseUrl = await cluster.createDatabase(`load_${randomBytes(4).toString("hex")}`);
    server = new ServerProcess(await freePort(), { DATA_DIR: "/tmp/unused", DATABASE_URL: databaseUrl });
    await server.start();
    const patient = await demoPatient(server);
    // Four clinicians' sessions, spread over the connections.
    const tokens = [patient.nurseToken];
    for (const email of ["clinician.admin@openpro.demo", "clinical.admin@openpro.demo", "programadmin@openpro.demo"])
      tokens.push((await server.staffSignIn(email)).accessToken);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const nurseId = (await pool.query("SELECT id FROM users WHERE email = 'nurse@openpro.demo'")).rows[0].id as string;

    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const paths = [
      "/api/v1/admin/projects?_perPage=25",
      `/api/v1/admin/projects/${patient.programId}/users?_perPage=25`,
      `/api/v1/pro-dashboard/projects/${patient.programId}/users/${patient.userId}/reports?startDate=${monthAgo}&endDate=${today}`,
    ];
    // Only sessions that reach this program and patient (each answers all three reads with 200).
    const reaching: string[] = [];
    for (const token of tokens) {
      const answers = await Promise.all(paths.map((path) => call(server!.baseUrl, "GET", path, { token })));
      if (answers.every((a) => a.status === 200)) reaching.push(token);
    }
    tokens.splice(0, tokens.length, ...reaching);
    // The same three reads as raw SQL: the nurse's programs, a page of participants, a month of logs.
    const rawSql = [
      () =>
        pool!.query(
          `SELECT p.* FROM programs p JOIN program_staff ps ON ps.program_id = p.id
           WHERE ps.user_id = $1 AND ps.invite_accepted ORDER BY p.name LIMIT 25`,
          [nurseId],
        ),
      () =>
        pool!.query(
          `SELECT pp.*, u.email, u.first_name, u.last_name FROM program_patients pp JOIN users u ON u.id = pp.user_id
           WHERE pp.program_id = $1 ORDER BY pp.last_name, pp.first_name LIMIT 25`,
          [patient.programId],
        ),
      () =>
        pool!.query(
          `SELECT * FROM patient_logs WHERE program_id = $1 AND patient_id = $2 AND local_date BETWEEN $3 AND $4
           ORDER BY logged_at`,
          [patient.programId, patient.userId, monthAgo, today],
        ),
    ];
    const mix = `program list, participant list, 30-day report; ${tokens.length} staff sessions`;

    // 200 clinicians at a person's pace: each its own connection, its session, the three pages in turn.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLINICIANS });
    const paced = await pacedLoad(CLINICIANS, BROWSE_SECONDS, (caller, i) =>
      get(agent, server!.baseUrl, paths[(caller + i) % paths.length]!, tokens[caller % tokens.length]!),
    );
    agent.destroy();
    const rawPaced = await pacedLoad(CLINICIANS, Math.min(BROWSE_SECONDS, 10), async (caller, i) => {
      await rawSql[(caller + i) % rawSql.length]!();
      return undefined;
    });
    rows.push({
      name: `${CLINICIANS} clinicians browsing at a person's pace (a page every 1–3 s each; ${mix})`,
      requests: paced.requests,
      perSecond: paced.perSecond,
      p50: paced.p50,
      p95: paced.p95,
      p99: paced.p99,
      errors: paced.errors,
      goal: "p99 < 200 ms, 0 errors",
      met: paced.p99 < 200 && paced.errors === 0,
      raw: rawPaced,
      note: `statuses ${JSON.stringify(paced.statuses)}`,
    });

    // Saturation: 200 connections with no think time. Each request carries its token (a header set
    // per connection is lost when autocannon reconnects after a timeout).
    const browse = await run({
      url: server.baseUrl,
      connections: CLINICIANS,
      duration: BROWSE_SECONDS,
      requests: tokens.flatMap((token) =>
        paths.map((path) => ({ method: "GET" as const, path, headers: { authorization: `Bearer ${token}` } })),
      ),
    });
    const rawBrowse = await rawLoad(CLINICIANS, Math.min(BROWSE_SECONDS, 10), (i) => rawSql[i % 3]!());
    const browseErrors = browse.errors + browse.timeouts + browse.non2xx;
    rows.push({
      name: `saturation: ${CLINICIANS} connections with no think time (autocannon closed loop; ${mix})`,
      requests: browse.requests.total,
      perSecond: browse.requests.average,
      p50: browse.latency.p50,
      p95: browse.latency.p90,
      p99: browse.latency.p99,
      errors: browseErrors,
      goal: "report req/s; 0 errors (p99 is queueing)",
      met: browseErrors === 0,
      raw: rawBrowse,
      note: `p95 column is autocannon's p90; statuses ${JSON.stringify(browse.statusCodeStats)}, timeouts ${browse.timeouts}`,
    });

    // Uploads: batches of 50 new logs, at 10, 50 and 100 connections; the best is the measured maximum.
    let best: { connections: number; result: autocannon.Result } | undefined;
    for (const connections of [10, 50, 100]) {
      const result = await run({
        url: server.baseUrl,
        connections,
        duration: UPLOAD_SECONDS,
        requests: [
          {
            method: "POST",
            path: `/api/v1/user/projects/${patient.programId}/logs`,
            headers: { authorization: `Bearer ${patient.patientToken}`, "content-type": "application/json" },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(logBody()) }),
          },
        ],
      });
      if (!best || result.requests.average > best.result.requests.average) best = { connections, result };
    }
    const upload = best!.result;
    const rawUpload = await rawLoad(best!.connections, UPLOAD_SECONDS, () => {
      const values: unknown[] = [];
      const tuples = logBody().logs.map((log, i) => {
        values.push(patient.programId, patient.userId, log.clientId, new Date(log.date), today, log.value);
        const b = i * 6;
        return `($${b + 1}, $${b + 2}, $${b + 3}, 'TEMPERATURE', $${b + 4}, $${b + 5}, 0, $${b + 6}, 'C', $${b + 6}, 'C', '{}', false, now())`;
      });
      return pool!.query(
        `INSERT INTO patient_logs (program_id, patient_id, client_id, log_class, logged_at, local_date, utc_offset_minutes,
           value, unit, original_value, original_unit, data, is_danger, received_at)
         VALUES ${tuples.join(", ")} ON CONFLICT (patient_id, client_id) DO NOTHING`,
        values,
      );
    });
    const uploadErrors = upload.errors + upload.timeouts + upload.non2xx;
    rows.push({
      name: `upload API at its measured maximum (${best!.connections} connections, ${BATCH} logs a request)`,
      requests: upload.requests.total,
      perSecond: upload.requests.average,
      p50: upload.latency.p50,
      p95: upload.latency.p90,
      p99: upload.latency.p99,
      errors: uploadErrors,
      goal: "0 errors; report the maximum",
      met: uploadErrors === 0,
      raw: rawUpload,
      note: `${Math.round(upload.requests.average * BATCH).toLocaleString("en")} logs/s; raw ${Math.round(rawUpload.perSecond * BATCH).toLocaleString("en")} logs/s`,
    });
  } finally {
    await pool?.end();
    await server?.stop();
    cluster.destroy();
  }
  return rows;
};

export const printLoad = (rows: LoadRow[]) => {
  console.log("\nLoad (autocannon over loopback HTTP, PostgreSQL; raw = the same work as raw SQL, same concurrency)\n");
  const header = [
    "load",
    "requests",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "errors",
    "goal",
    "met",
    "raw req/s",
    "raw p99 ms",
    "ratio req/s (raw ÷ API)",
    "ratio p99 (API ÷ raw)",
    "note",
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.requests),
    r.perSecond.toFixed(0),
    r.p50.toFixed(0),
    r.p95.toFixed(0),
    r.p99.toFixed(0),
    String(r.errors),
    r.goal,
    r.met ? "yes" : "NO",
    r.raw.perSecond.toFixed(0),
    r.raw.p99.toFixed(1),
    `${(r.raw.perSecond / r.perSecond).toFixed(2)}×`,
    `${(r.p99 / r.raw.p99).toFixed(2)}×`,
    r.note ?? "",
  ]);
  printMarkdownTable(header, lines);
};

// `node --import tsx load.ts` runs this section alone.
if (process.argv[1]?.endsWith("/load.ts")) {
  printLoad(await runLoad());
  process.exit(0);
}
