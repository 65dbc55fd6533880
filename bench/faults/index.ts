import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { systemClock } from "../../apps/server/src/clock.js";
import { type Db, openDatabase } from "../../apps/server/src/db/kysely.js";
import { queueMail } from "../../apps/server/src/platform/mail/mailer.js";
import { renderLayout } from "../../apps/server/src/platform/mail/templates.js";
import { type Answer, call, demoPatient, freePort, ServerProcess, sleep, ThrowawayCluster } from "./server.js";

/**
 * Issue 12 §3: the product as a process, under faults. Each scenario prints one line: pass/fail
 * and its figures. Runs against a PostgreSQL cluster of its own (never the machine's shared one)
 * and PGlite folders under the temp directory.
 */

export interface FaultResult {
  scenario: string;
  pass: boolean;
  figures: string;
}

const logsBody = (clientIds: string[]) => ({
  logs: clientIds.map((clientId, i) => ({
    clientId,
    logClass: "TEMPERATURE",
    // An hour ago, spread over ten minutes: after the demo patient's consent, before "now".
    date: new Date(Date.now() - 3_600_000 - (i % 600) * 1000).toISOString(),
    value: 36.5 + (i % 10) / 10,
    unit: "C",
  })),
});

/** Sends one batch until the server acknowledges it (2xx); how many tries it took. */
const uploadUntilAcknowledged = async (
  server: () => ServerProcess,
  programId: string,
  token: () => string,
  clientIds: string[],
  giveUpAt: number,
): Promise<{ tries: number; acknowledged: boolean; answers: Answer[] }> => {
  const answers: Answer[] = [];
  for (let tries = 1; ; tries++) {
    const answer = await call(server().baseUrl, "POST", `/api/v1/user/projects/${programId}/logs`, {
      token: token(),
      body: logsBody(clientIds),
    });
    answers.push(answer);
    if (answer.status === 200 || answer.status === 201) return { tries, acknowledged: true, answers };
    if (Date.now() > giveUpAt) return { tries, acknowledged: false, answers };
    await sleep(answer.status === 0 ? 100 : 200);
  }
};

const countLogs = async (db: Db, clientIds: string[]) =>
  Number(
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM patient_logs WHERE client_id::text = ANY(${clientIds})`.execute(db)
    ).rows[0]?.n ?? 0,
  );

/** kill -9 during 5,000 idempotent uploads, retried by the client until acknowledged, then restart. */
const killDuringUploads = async (kind: "pglite" | "postgres", cluster: ThrowawayCluster): Promise<FaultResult> => {
  const scenario = `kill -9 during 5,000 uploads (${kind})`;
  const dataDir = mkdtempSync(join(tmpdir(), "openpro-faults-"));
  const databaseUrl =
    kind === "postgres" ? await cluster.createDatabase(`faults_kill_${randomBytes(4).toString("hex")}`) : undefined;
  let server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    await server.start();
    const patient = await demoPatient(server);
    const total = 5000;
    const batchSize = 50;
    const clientIds = Array.from({ length: total }, () => randomUUID());
    const batches = Array.from({ length: total / batchSize }, (_, i) =>
      clientIds.slice(i * batchSize, (i + 1) * batchSize),
    );
    const acknowledged = new Set<string>();
    let next = 0;
    let tries = 0;
    let failedTries = 0;
    let restarts = 0;
    const killAt = [Math.round(total * 0.3), Math.round(total * 0.7)];
    const restartMs: number[] = [];
    let restarting: Promise<void> | null = null;
    const giveUpAt = Date.now() + 10 * 60_000;
    const worker = async () => {
      for (;;) {
        const batch = batches[next++];
        if (!batch) return;
        const result = await uploadUntilAcknowledged(
          () => server,
          patient.programId,
          () => patient.patientToken,
          batch,
          giveUpAt,
        );
        tries += result.tries;
        failedTries += result.tries - 1;
        if (!result.acknowledged)
          throw new Error(`a batch was never acknowledged: ${JSON.stringify(result.answers.at(-1))}`);
        for (const id of batch) acknowledged.add(id);
        if (killAt.length && acknowledged.size >= killAt[0]! && !restarting) {
          killAt.shift();
          restarting = (async () => {
            server.signal("SIGKILL");
            await server.waitForExit(10_000);
            const started = performance.now();
            server = new ServerProcess(server.port, server.env);
            await server.start();
            restartMs.push(performance.now() - started);
            restarts++;
          })().finally(() => {
            restarting = null;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    if (restarting) await restarting;
    // Count what the database holds, as the next process sees it.
    let present: number;
    if (kind === "postgres") {
      const opened = await openDatabase({ databaseUrl, dataDir: "unused" });
      present = await countLogs(opened.db, clientIds);
      const ackPresent = await countLogs(opened.db, [...acknowledged]);
      await opened.close();
      await server.stop();
      present = Math.min(present, ackPresent === acknowledged.size ? present : -1);
    } else {
      await server.stop();
      const opened = await openDatabase({ dataDir });
      present = await countLogs(opened.db, clientIds);
      const ackPresent = await countLogs(opened.db, [...acknowledged]);
      await opened.close();
      present = Math.min(present, ackPresent === acknowledged.size ? present : -1);
    }
    const pass = present === total && acknowledged.size === total && restarts === 2;
    return {
      scenario,
      pass,
      figures: `${restarts} kills, rows ${present}/${total} (−1 = an acknowledged row missing), acknowledged ${acknowledged.size}, ${tries} requests (${failedTries} retried), restart ${restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" / ")}`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** PostgreSQL stopped and started under load: 503 while it is away, never a hang, back within 5 s. */
const databaseOutage = async (cluster: ThrowawayCluster): Promise<FaultResult> => {
  const scenario = "PostgreSQL stopped 5 s and started under load";
  const databaseUrl = await cluster.createDatabase(`faults_outage_${randomBytes(4).toString("hex")}`);
  const server = new ServerProcess(await freePort(), { DATA_DIR: "/tmp/unused", DATABASE_URL: databaseUrl });
  try {
    await server.start();
    const patient = await demoPatient(server);
    const records: { at: number; kind: string; answer: Answer }[] = [];
    const acknowledged: string[] = [];
    let stopLoad = false;
    let uploadGaveUp = 0;
    const loop = async (kind: "list" | "upload" | "health") => {
      while (!stopLoad) {
        if (kind === "upload") {
          const ids = Array.from({ length: 10 }, () => randomUUID());
          const result = await uploadUntilAcknowledged(
            () => server,
            patient.programId,
            () => patient.patientToken,
            ids,
            Date.now() + 30_000,
          );
          for (const answer of result.answers) records.push({ at: Date.now() - answer.ms, kind, answer });
          if (result.acknowledged) acknowledged.push(...ids);
          else uploadGaveUp++;
        } else {
          const start = Date.now();
          const answer =
            kind === "list"
              ? await call(server.baseUrl, "GET", "/api/v1/admin/projects?_perPage=25", { token: patient.nurseToken })
              : await call(server.baseUrl, "GET", "/api/v1/healthz");
          records.push({ at: start, kind, answer });
          await sleep(20);
        }
      }
    };
    const load = Promise.all([
      loop("list"),
      loop("list"),
      loop("list"),
      loop("upload"),
      loop("upload"),
      loop("health"),
    ]);
    await sleep(3000);
    const downAt = Date.now();
    cluster.stop("fast");
    await sleep(5000);
    cluster.start();
    const upAt = Date.now();
    await sleep(8000);
    stopLoad = true;
    await load;

    const during = records.filter((r) => r.at >= downAt + 200 && r.at < upAt);
    const statuses = (rs: typeof records) => {
      const counts = new Map<number, number>();
      for (const r of rs) counts.set(r.answer.status, (counts.get(r.answer.status) ?? 0) + 1);
      return [...counts]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s === 0 ? "timeout/refused" : s}×${n}`)
        .join(" ");
    };
    const leaks = records.filter(
      (r) =>
        r.answer.status >= 500 &&
        /ECONN|terminat|connect|pg_|postgres|stack|at \w+ \(/i.test(JSON.stringify(r.answer.body)),
    );
    const hung = records.filter((r) => r.answer.status === 0 || r.answer.ms > 9000).length;
    const maxMsDuring = Math.max(0, ...during.map((r) => r.answer.ms));
    const recoveredAt = (kind: string) =>
      records.find((r) => r.kind === kind && r.at >= upAt && r.answer.status === 200)?.at ?? Number.POSITIVE_INFINITY;
    const recoveryMs = Math.max(recoveredAt("list"), recoveredAt("health")) - upAt;
    // Jobs resume: a sign-in after the outage gets its e-mailed code (sent by the job runner).
    let mailAfter = "ok";
    try {
      await server.staffSignIn("clinician.admin@openpro.demo");
    } catch (error) {
      mailAfter = (error as Error).message.slice(0, 80);
    }
    const opened = await openDatabase({ databaseUrl, dataDir: "unused" });
    const present = await countLogs(opened.db, acknowledged);
    await opened.close();
    const only503 = during.every((r) => r.answer.status === 503 || r.answer.status === 200);
    const pass =
      server.alive &&
      hung === 0 &&
      leaks.length === 0 &&
      only503 &&
      recoveryMs <= 5000 &&
      present === acknowledged.length &&
      uploadGaveUp === 0 &&
      mailAfter === "ok";
    return {
      scenario,
      pass,
      figures: `alive ${server.alive}${server.alive ? "" : ` (exit ${server.exitCode}: ${server.output.trim().split("\n").slice(-3).join(" / ").slice(0, 300)})`}; during outage: ${statuses(during)} (max ${maxMsDuring.toFixed(0)} ms); hung ${hung}; internals leaked ${leaks.length}; recovered ${Number.isFinite(recoveryMs) ? `${(recoveryMs / 1000).toFixed(2)} s` : "never"} after start (goal ≤ 5 s); uploads acknowledged ${acknowledged.length}, present ${present}; code mail after outage: ${mailAfter}`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    try {
      cluster.start();
    } catch {
      // already running
    }
    await server.stop();
  }
};

/** SIGTERM under load: in-flight requests finish, new ones refused, jobs released, exit 0. */
const sigtermUnderLoad = async (cluster: ThrowawayCluster): Promise<FaultResult> => {
  const scenario = "SIGTERM under load";
  const databaseUrl = await cluster.createDatabase(`faults_term_${randomBytes(4).toString("hex")}`);
  const server = new ServerProcess(await freePort(), { DATA_DIR: "/tmp/unused", DATABASE_URL: databaseUrl });
  const opened = await openDatabase({ databaseUrl, dataDir: "unused" });
  try {
    await server.start();
    const patient = await demoPatient(server);
    // Keep the job runner busy: 3,000 mails to send when the signal comes.
    for (let i = 0; i < 3000; i++)
      await queueMail(
        opened.db,
        systemClock,
        `term-${i}@faults.test`,
        renderLayout({ subject: "Faults", greeting: "Hello", paragraphs: ["x"] }),
        "bench",
      );
    const records: { start: number; end: number; status: number; body: unknown }[] = [];
    let stopLoad = false;
    const loop = async (i: number) => {
      while (!stopLoad) {
        const start = Date.now();
        const answer =
          i % 2
            ? await call(server.baseUrl, "GET", "/api/v1/admin/projects?_perPage=25", { token: patient.nurseToken })
            : await call(server.baseUrl, "POST", `/api/v1/user/projects/${patient.programId}/logs`, {
                token: patient.patientToken,
                body: logsBody(Array.from({ length: 100 }, () => randomUUID())),
              });
        records.push({ start, end: Date.now(), status: answer.status, body: answer.body });
        if (answer.status === 0) await sleep(50);
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, (_, i) => loop(i)));
    await sleep(2000);
    const termAt = Date.now();
    server.signal("SIGTERM");
    const exitCode = await server.waitForExit(30_000);
    const exitMs = Date.now() - termAt;
    await sleep(500);
    stopLoad = true;
    await load;
    // In flight: sent before the signal, answered after it.
    const inFlight = records.filter((r) => r.start < termAt && r.end >= termAt);
    const inFlightOk = inFlight.filter((r) => r.status >= 200 && r.status < 300).length;
    const after = records.filter((r) => r.start >= termAt + 50);
    const servedAfter = after.filter((r) => r.status >= 200 && r.status < 300).length;
    const refusedAfter = after.filter((r) => r.status === 0 || r.status === 503).length;
    const held = Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs
          WHERE completed_at IS NULL AND failed_at IS NULL AND locked_until > now()`.execute(opened.db)
      ).rows[0]?.n ?? 0,
    );
    const sent = Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM mails WHERE to_address LIKE 'term-%'
        AND status = 'stored'`.execute(opened.db)
      ).rows[0]?.n ?? 0,
    );
    const pass =
      exitCode === 0 && inFlight.length > 0 && inFlightOk === inFlight.length && servedAfter === 0 && held === 0;
    return {
      scenario,
      pass,
      figures: `exit ${exitCode} after ${(exitMs / 1000).toFixed(1)} s; in flight at the signal ${inFlight.length}, finished ${inFlightOk}; after it: ${after.length} requests, ${refusedAfter} refused, ${servedAfter} served; jobs still leased ${held} (mails sent before exit ${sent}/3000, the rest wait for the next process)`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await server.stop();
    await opened.close();
  }
};

/** DATA_DIR not writable for PGlite: one clear line and exit ≠ 0; the database still opens afterwards. */
const readOnlyDataDir = async (): Promise<FaultResult> => {
  const scenario = "PGlite DATA_DIR read-only";
  const dataDir = mkdtempSync(join(tmpdir(), "openpro-faults-ro-"));
  const port = await freePort();
  const first = new ServerProcess(port, { DATA_DIR: dataDir });
  try {
    await first.start();
    await first.stop();
    const chmodAll = (mode: "ro" | "rw") =>
      // chmod -R: the folder and everything in it.
      void import("node:child_process").then(({ execFileSync }) =>
        execFileSync("chmod", ["-R", mode === "ro" ? "a-w" : "u+w", dataDir]),
      );
    await chmodAll("ro");
    await sleep(100);
    chmodSync(dataDir, 0o555);
    // As root every file is writable: run as nobody (65534), as a service account would be.
    const asRoot = process.getuid?.() === 0;
    const readOnly = new ServerProcess(port, { DATA_DIR: dataDir });
    await readOnly.start({ ...(asRoot ? { uid: 65534, gid: 65534 } : {}), waitForHealth: false });
    const code = await readOnly.waitForExit(120_000);
    if (code === null) readOnly.signal("SIGKILL");
    const lines = readOnly.output
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const errorLines = lines.filter((l) => !l.startsWith("npm warn"));
    await chmodAll("rw");
    await sleep(100);
    chmodSync(dataDir, 0o755);
    const again = new ServerProcess(port, { DATA_DIR: dataDir });
    let reopened = "ok";
    try {
      await again.start();
      await again.staffSignIn("nurse@openpro.demo");
    } catch (error) {
      reopened = (error as Error).message.slice(0, 100);
    } finally {
      await again.stop();
    }
    const clear = errorLines.length === 1 && /DATA_DIR/.test(errorLines[0]!);
    return {
      scenario,
      pass: code !== null && code !== 0 && clear && reopened === "ok",
      figures: `exit ${code}; output ${errorLines.length} line(s): "${(errorLines[0] ?? "").slice(0, 160)}"; writable again → starts and signs in: ${reopened}`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** Two processes on one PostgreSQL, called round-robin: sessions, refresh rotation, rate limits, each mail once. */
const twoProcesses = async (cluster: ThrowawayCluster): Promise<FaultResult> => {
  const scenario = "two processes on one PostgreSQL, round-robin";
  const databaseUrl = await cluster.createDatabase(`faults_two_${randomBytes(4).toString("hex")}`);
  const a = new ServerProcess(await freePort(), { DATA_DIR: "/tmp/unused", DATABASE_URL: databaseUrl });
  const b = new ServerProcess(await freePort(), { DATA_DIR: "/tmp/unused", DATABASE_URL: databaseUrl });
  const opened = await openDatabase({ databaseUrl, dataDir: "unused" });
  const checks: string[] = [];
  const failed: string[] = [];
  const check = (name: string, ok: boolean) => (ok ? checks : failed).push(name);
  try {
    await a.start();
    await b.start();
    let turn = 0;
    const rr = () => (turn++ % 2 ? b : a).baseUrl;
    const codeFromEither = async (email: string, fromA: number, fromB: number) =>
      Promise.any([a.codeFor(email, fromA), b.codeFor(email, fromB)]);

    // Sessions: password on one, code on the other, the token on both.
    const fromA = a.output.length;
    const fromB = b.output.length;
    const login = await call(rr(), "POST", "/api/v2/auth/login", {
      body: { email: "nurse@openpro.demo", password: "Clinic-Demo-2026!", scope: "clinical" },
    });
    const code = await codeFromEither("nurse@openpro.demo", fromA, fromB);
    const verify = await call(rr(), "POST", "/api/v2/auth/signin/email/verify_otp", {
      token: login.body.accessToken,
      body: { otpCode: code },
    });
    const currents = await Promise.all(
      Array.from({ length: 10 }, () => call(rr(), "GET", "/api/v1/current", { token: login.body.accessToken })),
    );
    check("session on both", verify.status === 200 && currents.every((c) => c.status === 200));

    // Refresh rotation: rotate on one, replay the old token on the other → the family ends.
    const rotated = await call(a.baseUrl, "POST", "/api/v1/auth/refresh", {
      body: { refreshToken: login.body.refreshToken },
    });
    const replay = await call(b.baseUrl, "POST", "/api/v1/auth/refresh", {
      body: { refreshToken: login.body.refreshToken },
    });
    const afterReplay = await call(a.baseUrl, "GET", "/api/v1/current", { token: rotated.body.accessToken });
    check(
      "refresh replay ends the family",
      rotated.status === 200 && replay.status === 401 && afterReplay.status === 401,
    );

    // Rate limits: 10 wrong passwords, alternating; then the right one is refused by both.
    const wrong: number[] = [];
    for (let i = 0; i < 10; i++)
      wrong.push(
        (
          await call(rr(), "POST", "/api/v2/auth/login", {
            body: { email: "ls.member@openpro.demo", password: `Wrong-Guess-${i}-2026!`, scope: "clinical" },
          })
        ).status,
      );
    const lockedA = await call(a.baseUrl, "POST", "/api/v2/auth/login", {
      body: { email: "ls.member@openpro.demo", password: "Clinic-Demo-2026!", scope: "clinical" },
    });
    const lockedB = await call(b.baseUrl, "POST", "/api/v2/auth/login", {
      body: { email: "ls.member@openpro.demo", password: "Clinic-Demo-2026!", scope: "clinical" },
    });
    check(
      "login lock across processes",
      wrong.every((s) => s === 401) && lockedA.status === 429 && lockedB.status === 429,
    );

    // Each mail once: 400 mails queued, both job runners polling.
    const count = 400;
    for (let i = 0; i < count; i++)
      await queueMail(
        opened.db,
        systemClock,
        `two-${i}@faults.test`,
        renderLayout({ subject: "Faults", greeting: "Hello", paragraphs: ["x"] }),
        "bench",
      );
    const deadline = Date.now() + 60_000;
    let stored = 0;
    while (Date.now() < deadline) {
      stored = Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM mails WHERE to_address LIKE 'two-%' AND status = 'stored'`.execute(
            opened.db,
          )
        ).rows[0]?.n ?? 0,
      );
      if (stored === count) break;
      await sleep(200);
    }
    await sleep(500);
    const echoed = (server: ServerProcess) => server.output.match(/\[outbox\] To: two-\d+@faults\.test/g) ?? [];
    const all = [...echoed(a), ...echoed(b)];
    const distinct = new Set(all).size;
    const retried = Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE attempts > 1`.execute(opened.db)).rows[0]
        ?.n ?? 0,
    );
    check("each mail once", stored === count && all.length === count && distinct === count && retried === 0);
    return {
      scenario,
      pass: failed.length === 0,
      figures: `${checks.length}/${checks.length + failed.length} checks${failed.length ? ` (failed: ${failed.join(", ")})` : ""}; mails ${stored}/${count} sent, sent by A ${echoed(a).length} + B ${echoed(b).length} = ${all.length}, distinct ${distinct}; jobs run more than once ${retried}`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 300)}` };
  } finally {
    await a.stop();
    await b.stop();
    await opened.close();
  }
};

export const runFaults = async (only?: string[]): Promise<FaultResult[]> => {
  const cluster = new ThrowawayCluster();
  const results: FaultResult[] = [];
  const want = (name: string) => !only?.length || only.includes(name);
  const run = async (name: string, scenario: () => Promise<FaultResult>) => {
    if (!want(name)) return;
    const start = performance.now();
    const result = await scenario();
    result.figures += ` [${((performance.now() - start) / 1000).toFixed(0)} s]`;
    console.log(`faults | ${result.pass ? "PASS" : "FAIL"} | ${result.scenario} | ${result.figures}`);
    results.push(result);
  };
  try {
    await cluster.create();
    await run("kill-pglite", () => killDuringUploads("pglite", cluster));
    await run("kill-postgres", () => killDuringUploads("postgres", cluster));
    await run("outage", () => databaseOutage(cluster));
    await run("sigterm", () => sigtermUnderLoad(cluster));
    await run("readonly", () => readOnlyDataDir());
    await run("two", () => twoProcesses(cluster));
  } finally {
    cluster.destroy();
  }
  return results;
};

// `node --import tsx faults/index.ts [scenario …]` runs this section alone.
if (process.argv[1]?.endsWith("faults/index.ts")) {
  const results = await runFaults(process.argv.slice(2));
  console.log(`\nfaults: ${results.filter((r) => r.pass).length}/${results.length} passed`);
  process.exit(0);
}
