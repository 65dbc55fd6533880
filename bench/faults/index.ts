import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type Db, openDatabase, queueMail, renderLayout, systemClock } from "../../apps/server/src/index.js";
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

/** "200×3 503×27": how many answers of each status. */
const statusCounts = (answers: Answer[]) => {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s === 0 ? "timeout/refused" : s}×${n}`)
    .join(" ");
};

/** Takes every free byte of the filesystem holding `dir` (a file of zeros); its path. */
const fillDisk = (dir: string, name: string) => {
  const file = join(dir, name);
  const fd = openSync(file, "a");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full, down to the last block; smaller writes take what is left.
    for (const size of [65_536, 4096, 512, 1]) {
      try {
        for (;;) writeSync(fd, chunk.subarray(0, size));
      } catch {
        // next size
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
};

const freeBytes = (dir: string) => {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/**
 * PGlite on a disk that is full (a 128 MB tmpfs, filled with a file of zeros): at start, one clear
 * line and exit ≠ 0; while running, writes answer 503 (never 500, never internals), reads still
 * answer; once space returns, writes are taken again, and after a restart every acknowledged
 * upload is there (the database is not corrupt).
 */
const diskFull = async (): Promise<FaultResult> => {
  const scenario = "PGlite on a full disk (tmpfs)";
  const mount = mkdtempSync(join(tmpdir(), "openpro-faults-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=128m", "tmpfs", mount], { stdio: "pipe" });
  } catch (error) {
    rmSync(mount, { recursive: true, force: true });
    const why = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
    return { scenario, pass: false, figures: `not run: a tmpfs cannot be mounted here (${why.slice(0, 200)})` };
  }
  const port = await freePort();
  const dataDir = join(mount, "data");
  let server: ServerProcess | undefined;
  try {
    // 1. A new database on a full disk.
    let filler = fillDisk(mount, "filler");
    const onFull = new ServerProcess(port, { DATA_DIR: dataDir });
    await onFull.start({ waitForHealth: false });
    const startCode = await onFull.waitForExit(120_000);
    if (startCode === null) onFull.signal("SIGKILL");
    const startLines = onFull.output
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("npm warn"));
    rmSync(filler);
    rmSync(dataDir, { recursive: true, force: true });
    const clearStart =
      startCode !== null &&
      startCode !== 0 &&
      startLines.length <= 2 &&
      /DATA_DIR|disk|space/i.test(startLines.join(" "));

    // 2. The disk fills while the server runs.
    server = new ServerProcess(port, { DATA_DIR: dataDir });
    await server.start();
    const patient = await demoPatient(server);
    const acknowledged: string[][] = [];
    const upload = async () => {
      const ids = Array.from({ length: 20 }, () => randomUUID());
      const answer = await call(server!.baseUrl, "POST", `/api/v1/user/projects/${patient.programId}/logs`, {
        token: patient.patientToken,
        body: logsBody(ids),
      });
      if (answer.status === 200 || answer.status === 201) acknowledged.push(ids);
      return answer;
    };
    for (let i = 0; i < 5; i++) await upload();
    const freeBefore = freeBytes(mount);
    filler = fillDisk(mount, "filler");
    const whileFull: Answer[] = [];
    for (let i = 0; i < 30; i++) whileFull.push(await upload());
    const readWhileFull = await call(server.baseUrl, "GET", "/api/v1/admin/projects?_perPage=5", {
      token: patient.nurseToken,
    });
    const leaks = whileFull.filter((a) =>
      /at |\/src\/|\/node_modules\/|SELECT|INSERT|pgdata|No space/i.test(JSON.stringify(a.body)),
    );
    const fullStatuses = statusCounts(whileFull);
    const aliveWhileFull = server.alive;

    // 3. Space returns.
    rmSync(filler);
    const back = performance.now();
    let recoveredMs = Number.POSITIVE_INFINITY;
    const afterSpace: Answer[] = [];
    while (performance.now() - back < 30_000 && server.alive) {
      const answer = await upload();
      afterSpace.push(answer);
      if (answer.status === 200 || answer.status === 201) {
        recoveredMs = performance.now() - back;
        break;
      }
      await sleep(200);
    }
    await server.stop();

    // 4. After a restart: every acknowledged upload is there.
    server = new ServerProcess(port, { DATA_DIR: dataDir });
    let reopened = "ok";
    let present = 0;
    try {
      await server.start();
      await server.stop();
      const opened = await openDatabase({ dataDir });
      try {
        present = await countLogs(opened.db, acknowledged.flat());
      } finally {
        await opened.close();
      }
    } catch (error) {
      reopened = (error as Error).message.slice(0, 160);
    }
    const expected = acknowledged.flat().length;
    const no500 = whileFull.every((a) => a.status !== 500 && a.status !== 0);
    const pass =
      clearStart &&
      aliveWhileFull &&
      no500 &&
      whileFull.some((a) => a.status === 503) &&
      leaks.length === 0 &&
      Number.isFinite(recoveredMs) &&
      reopened === "ok" &&
      present === expected;
    return {
      scenario,
      pass,
      figures: `start on a full disk: exit ${startCode}, ${startLines.length} line(s) "${(startLines.at(-1) ?? "").slice(0, 200)}"; running, disk filled (${(freeBefore / 1e6).toFixed(0)} MB taken): uploads ${fullStatuses}, alive ${aliveWhileFull}, read ${readWhileFull.status}, internals leaked ${leaks.length}; space back → upload taken after ${Number.isFinite(recoveredMs) ? `${(recoveredMs / 1000).toFixed(1)} s` : `never (${statusCounts(afterSpace)}; alive ${server.alive})`}; restart: ${reopened}, acknowledged logs present ${present}/${expected}`,
    };
  } catch (error) {
    return { scenario, pass: false, figures: `error: ${(error as Error).message.slice(0, 400)}` };
  } finally {
    await server?.stop();
    try {
      execFileSync("umount", [mount], { stdio: "pipe" });
    } catch {
      execFileSync("umount", ["-l", mount], { stdio: "pipe" });
    }
    rmSync(mount, { recursive: true, force: true });
  }
};

const ESCALATION_SUBJECT = "OpenPRO: an alert is still open";

/** Alerts raised through the API of either process, escalated by whichever job runner takes them. */
const alertEscalationOnBoth = async (db: Db, rr: () => string): Promise<{ ok: boolean; figures: string }> => {
  // Three consented patients of one program, each with a fever: three Open alerts.
  const patients = (
    await sql<{ programId: string; email: string; userId: string }>`
      SELECT pp.program_id AS "programId", u.email, u.id AS "userId"
      FROM program_patients pp JOIN users u ON u.id = pp.user_id JOIN programs p ON p.id = pp.program_id
      WHERE pp.status = 'CONSENTED' AND pp.invite_accepted_at IS NOT NULL AND p.name LIKE '%Breast%'
      ORDER BY u.email LIMIT 3`.execute(db)
  ).rows;
  if (patients.length === 0) return { ok: false, figures: "alerts: no consented demo patient" };
  const programId = patients[0]!.programId;
  // The program's fever threshold (a program admin's setting): above 38 °C raises an alert.
  await sql`UPDATE programs SET temperature_max = 38 WHERE id = ${programId}`.execute(db);
  const uploads: number[] = [];
  for (const patient of patients) {
    const login = await call(rr(), "POST", "/api/v2/auth/login", {
      body: { email: patient.email, password: "Clinic-Demo-2026!", scope: "patient" },
    });
    // Two fevers in two batches, through either process: one Open alert (the second attaches to it).
    for (const value of [40.5, 41.2]) {
      const upload = await call(rr(), "POST", `/api/v1/user/projects/${programId}/logs`, {
        token: login.body?.accessToken,
        body: {
          logs: [
            {
              clientId: randomUUID(),
              logClass: "TEMPERATURE",
              date: new Date(Date.now() - 60_000).toISOString(),
              value,
              unit: "C",
            },
          ],
        },
      });
      uploads.push(upload.status);
    }
  }
  // Every Open alert of theirs still waiting for its escalation.
  const raised = (
    await sql<{ id: string }>`SELECT a.id FROM alerts a WHERE a.patient_id = ANY(${patients.map((p) => p.userId)})
      AND a.program_id = ${programId} AND a.status = 'open' AND a.escalated_at IS NULL
      AND EXISTS (SELECT 1 FROM jobs j WHERE j.name = 'alerts.escalate' AND j.completed_at IS NULL
                  AND j.payload->>'alertId' = a.id::text)`.execute(db)
  ).rows.map((r) => r.id);
  if (raised.length === 0)
    return { ok: false, figures: `alerts: none raised by the fever uploads (${uploads.join(", ")})` };
  // The delay passes.
  await sql`UPDATE jobs SET run_at = now() WHERE name = 'alerts.escalate' AND completed_at IS NULL
    AND payload->>'alertId' = ANY(${raised})`.execute(db);
  const deadline = Date.now() + 30_000;
  let escalated = 0;
  while (Date.now() < deadline) {
    escalated = Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM alerts
          WHERE id = ANY(${raised}) AND escalated_at IS NOT NULL`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    if (escalated === raised.length) break;
    await sleep(200);
  }
  // Time for a second escalation, if there were one to come.
  await sleep(2000);
  const mails = (
    await sql<{ toAddress: string; textBody: string }>`SELECT to_address AS "toAddress", text_body AS "textBody"
      FROM mails WHERE subject = ${ESCALATION_SUBJECT}`.execute(db)
  ).rows;
  const perAlert = raised.map((id) => mails.filter((m) => m.textBody.includes(id)));
  const admins = new Set(perAlert[0]?.map((m) => m.toAddress));
  const oncePerAdmin = perAlert.every(
    (list) =>
      list.length === admins.size &&
      new Set(list.map((m) => m.toAddress)).size === list.length &&
      list.every((m) => admins.has(m.toAddress)),
  );
  const jobs = (
    await sql<{ attempts: number; done: boolean }>`SELECT attempts, completed_at IS NOT NULL AS done FROM jobs
      WHERE name = 'alerts.escalate' AND payload->>'alertId' = ANY(${raised})`.execute(db)
  ).rows;
  const audits = Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'alert.escalate' AND entity_id::text = ANY(${raised})`.execute(db)
    ).rows[0]?.n ?? 0,
  );
  const ok =
    escalated === raised.length &&
    admins.size > 0 &&
    oncePerAdmin &&
    jobs.length === raised.length &&
    jobs.every((j) => j.done && Number(j.attempts) === 1) &&
    audits === raised.length;
  return {
    ok,
    figures: `alerts raised ${raised.length}, escalated ${escalated}, escalation mails ${perAlert.map((l) => l.length).join("+")} to ${admins.size} admin(s) each, escalation jobs ${jobs.length} (attempts ${jobs.map((j) => j.attempts).join(",")}), audit entries ${audits}`,
  };
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

    // Alert escalation: a patient's fever raises alerts; once past the delay (the jobs' run_at moved
    // to now, as the clock would), both job runners poll: each alert escalated once, one mail per admin.
    const escalation = await alertEscalationOnBoth(opened.db, rr);
    check("alert escalation once, one mail per admin", escalation.ok);
    return {
      scenario,
      pass: failed.length === 0,
      figures: `${checks.length}/${checks.length + failed.length} checks${failed.length ? ` (failed: ${failed.join(", ")})` : ""}; mails ${stored}/${count} sent, sent by A ${echoed(a).length} + B ${echoed(b).length} = ${all.length}, distinct ${distinct}; jobs run more than once ${retried}; ${escalation.figures}`,
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
    await run("disk-full", () => diskFull());
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
