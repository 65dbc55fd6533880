import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type { Territory } from "@openpro/core";
import { sql } from "kysely";
import {
  countSevereSymptomMismatches,
  PREPARED,
  recountSevereSymptoms,
  seedPatientData,
  setSevereSymptomsTrigger,
} from "../apps/server/src/index.js";
import { call, freePort, ServerProcess } from "./faults/server.js";
import {
  acceptInvite,
  addToOrganisation,
  type BenchApp,
  giveConsent,
  makeProgramReady,
  newPatient,
  PATIENT_PASSWORD,
  patientLogin,
  seedConsentedPatients,
  userIdOf,
} from "./fixtures.js";
import { missSomeQuestionnaires, QUIET_SHARES, quietSomePatients } from "./quiet-patients.js";
import { participantReportSql } from "./report-sql.js";
import { printTable, RawTime, type Row, summarise, time } from "./stats.js";
import { logDaysSummarySql, logDaysWindowsSql, worklistSql } from "./worklist-sql.js";

/** BENCH_PATIENTS × BENCH_DAYS: the patient data's scale, 10,000 × 365 on PostgreSQL and 300 × 90 on PGlite by default. */
export const patientDataScale = (t: BenchApp) => {
  const onPostgres = t.database.kind === "postgres";
  return {
    patients: Number(process.env.BENCH_PATIENTS ?? (onPostgres ? 10_000 : 300)),
    days: Number(process.env.BENCH_DAYS ?? (onPostgres ? 365 : 90)),
  };
};

/**
 * The patient data's patients: `patients` of the demo generator in the program, each of whom accepted
 * the invitation `days` days ago and consented an hour later, still taking part.
 */
export const seedPatientsConsentedDaysAgo = (
  t: BenchApp,
  program: { id: string; territory: Territory },
  scale: { patients: number; days: number },
) => {
  const invited = t.clock.now().getTime() - scale.days * 86_400_000;
  return seedConsentedPatients(t, { ...program, key: "data" }, scale.patients, {
    inviteAcceptedAt: new Date(invited),
    dateConsentGiven: new Date(invited + 3_600_000),
  });
};

/**
 * Patient data at scale: BENCH_PATIENTS consented patients of one program, BENCH_DAYS days each
 * (default 10,000 × 365 ≈ 20 M logs on PostgreSQL, 300 × 90 on PGlite), then the participant list
 * sorted by severe symptoms, the 6-month participant report and uploads through the API, each
 * beside the same work done by one raw SQL statement in the same run. On PostgreSQL the API is the
 * product as production runs it, a server process of its own read over loopback HTTP (with its CPU
 * time per request beside each figure); on PGlite, the server in the bench's process.
 */
export const benchPatientData = async (t: BenchApp, adminToken: string, rows: Row[]) => {
  const db = t.database.db;
  const onPostgres = t.database.kind === "postgres";
  const { patients, days } = patientDataScale(t);
  const now = t.clock.now();
  const DAY = 86_400_000;
  const today = now.toISOString().slice(0, 10);

  const program = await db
    .selectFrom("programs")
    .select(["id", "territory"])
    .where("name", "=", "Scale Program 000002")
    .executeTakeFirstOrThrow();
  const programId = program.id;
  await seedPatientsConsentedDaysAgo(t, program, { patients, days });

  // Bulk load with the counter's trigger off, then the counter set in one statement.
  const chunk = onPostgres ? 2000 : patients;
  const totals = { logs: 0, medications: 0, medicationEvents: 0 };
  const seedStart = performance.now();
  let indexMs = 0;
  let quiet: Awaited<ReturnType<typeof quietSomePatients>> | undefined;
  let questionnaires: Awaited<ReturnType<typeof missSomeQuestionnaires>> | undefined;
  await setSevereSymptomsTrigger(db, false);
  try {
    indexMs = await withoutIndexes(db, ["patient_logs", "medication_events"], async () => {
      const superuser = await isSuperuser(db);
      for (let from = 1; from <= patients; from += chunk) {
        const part = await db.transaction().execute(async (trx) => {
          // Rows made consistent by construction: skip the per-row foreign-key checks of the load.
          if (superuser) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
          return seedPatientData(trx, { now, programIds: [programId], ordinals: { from, to: from + chunk } });
        });
        totals.logs += part.logs;
        totals.medications += part.medications;
        totals.medicationEvents += part.medicationEvents;
        if (onPostgres && patients > chunk)
          process.stderr.write(
            `  patient data: ${Math.min(from + chunk - 1, patients)}/${patients} patients, ${totals.logs.toLocaleString("en")} logs, ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`,
          );
      }
    });
    // Some of them gone quiet, for the worklist to list (its days are rebuilt before it is read).
    quiet = await quietSomePatients(db, {
      programId,
      territory: program.territory,
      now,
      superuser: await isSuperuser(db),
    });
    totals.logs -= quiet.logsRemoved;
    questionnaires = await missSomeQuestionnaires(db, { programId, now, territory: program.territory });
  } finally {
    await setSevereSymptomsTrigger(db, true);
  }
  const loadMs = performance.now() - seedStart;
  const recountStart = performance.now();
  await recountSevereSymptoms(db, [programId]);
  const recountMs = performance.now() - recountStart;
  // As a server's tables are between loads: autovacuum has been through the freshly loaded rows
  // (visibility map, hint bits). Left to run during the measurements, it would take one of the two
  // cores from whichever figure it overlaps.
  await sql`VACUUM (ANALYZE) patient_logs, medication_events, patient_medications, program_patients`.execute(db);
  // And a checkpoint now: the one the load's WAL started otherwise spreads its writes over the
  // next minutes (269 s in one run, through the list, report and upload figures).
  if (onPostgres && (await isSuperuser(db))) await sql`CHECKPOINT`.execute(db);
  const seedMs = performance.now() - seedStart;
  const mismatches = await countSevereSymptomMismatches(db, [programId]);
  const fullScale = patients * days >= 3_000_000;
  rows.push({
    benchmark: `seed ${patients.toLocaleString("en")} patients × ${days} days: ${totals.logs.toLocaleString("en")} logs, ${totals.medicationEvents.toLocaleString("en")} medication events`,
    n: 1,
    p50: seedMs,
    p95: seedMs,
    mean: seedMs,
    throughput: ((totals.logs + totals.medicationEvents) / seedMs) * 1000,
    goal: fullScale ? "≈20 M logs in minutes" : "seconds",
    met: fullScale ? seedMs < 15 * 60_000 : seedMs < 60_000,
    raw: "is INSERT … SELECT",
    note: `${(seedMs / 60_000).toFixed(1)} min: rows ${((loadMs - indexMs) / 1000).toFixed(0)} s (trigger, FK checks, indexes off), indexes ${(indexMs / 1000).toFixed(0)} s; rows/s${quiet ? `; gone quiet: ${quiet.silent} silent 8–30 days, ${quiet.dropped} reporting dropped, ${quiet.neverOpened} never opened the app` : ""}${questionnaires ? `; ${questionnaires.events.toLocaleString("en")} weekly questionnaires, ${QUIET_SHARES.missed} % more missed the last` : ""}`,
  });
  rows.push({
    benchmark: "set severe_symptoms_count (one UPDATE … FROM GROUP BY)",
    n: 1,
    p50: recountMs,
    p95: recountMs,
    mean: recountMs,
    note: mismatches === 0 ? "counts verified: 0 mismatches" : `${mismatches} enrolments MISCOUNTED`,
  });

  // The figures reach the server as production runs it, a process of its own over loopback HTTP,
  // where the database is a server; PGlite lives inside the bench's process, so there the
  // in-process server answers them.
  const client = onPostgres ? await serverProcessClient(t, db) : inProcessClient(t, adminToken);
  try {
    const startDate = new Date(now.getTime() - 182 * DAY).toISOString().slice(0, 10);
    await benchReads(t, client, { programId, patients, startDate, today }, rows);
    await benchUploads(t, client, adminToken, { programId, now, today }, rows);
  } finally {
    await client.close();
  }
};

/**
 * Uploads from the app: a consented patient of the program sends batches of 100 logs (one phone,
 * then several at once, through the client), beside the same rows written by raw batched INSERTs;
 * then the alert-raising comparison (in process: it flips the server's own switch).
 */
const benchUploads = async (
  t: BenchApp,
  client: ApiClient,
  adminToken: string,
  scene: { programId: string; now: Date; today: string },
  rows: Row[],
) => {
  const db = t.database.db;
  const onPostgres = t.database.kind === "postgres";
  const { programId, now, today } = scene;
  // Uploads from the app: a consented patient of the same program sends batches of 100 logs.
  const batches = onPostgres ? 100 : 30;
  const batchSize = 100;
  const email = "uploader@data.openpro.test";
  // A program reaches a patient only when ready (issue 30 §1): a care-team phone, thresholds,
  // messages, and a team member to escalate to.
  await makeProgramReady(t, programId);
  const { organisationId } = await db
    .selectFrom("programs")
    .select("organisationId")
    .where("id", "=", programId)
    .executeTakeFirstOrThrow();
  const ward = await t.createStaff({ email: "ward@data.openpro.test", role: "clinician_team_member" });
  await addToOrganisation(t, ward, organisationId, "clinician_team_member");
  const added = await t.request({
    method: "POST",
    url: "/api/v1/users",
    token: adminToken,
    payload: newPatient(programId, { email, patientId: "943 476 5919" }),
  });
  let patientToken: string | null = null;
  let appToken: string | null = null;
  let setupProblem = "";
  if (added.statusCode === 201 || added.statusCode === 200) {
    try {
      patientToken = await acceptInvite(t, email);
      const consent = await giveConsent(t, patientToken, programId);
      if (consent.statusCode !== 200) setupProblem = `consent answered ${consent.statusCode}`;
      // The app's session on the server the figures measure (the same one in process).
      else appToken = await client.signInPatient(email);
    } catch (error) {
      setupProblem = (error as Error).message.slice(0, 80);
    }
  } else setupProblem = `adding the patient answered ${added.statusCode}`;
  const uploaderId = await userIdOf(t, email).catch(() => null);
  // Dated after consent and before "now" plus the allowed skew, in the patient's zone (+01:00).
  const batch = (b: number) =>
    Array.from({ length: batchSize }, (_, i) => {
      const n = b * batchSize + i;
      const date = new Date(now.getTime() + (n % 240) * 1000).toISOString().replace("Z", "+00:00");
      const clientId = randomUUID();
      switch (n % 4) {
        case 0:
          return { clientId, date, logClass: "SYMPTOMS", logTypeId: "10028813", grade: n % 3 };
        case 1:
          return { clientId, date, logClass: "TEMPERATURE", value: 36.5 + (n % 10) / 10, unit: "C" };
        case 2:
          return { clientId, date, logClass: "WEIGHT", value: 150 + (n % 20), unit: "lb" };
        default:
          return {
            clientId,
            date,
            logClass: "ACTIVITY",
            activityType: "Steps",
            steps: 4000 + n,
            source: "APPLE_HEALTH",
          };
      }
    });
  // Raw: one INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO NOTHING per 100 rows, prepared, as
  // the upload writes them (the hand-written statement, without the upload's checks and audit).
  const rawInsert = (b: number) => {
    const items = batch(b);
    const column = <T>(pick: (item: (typeof items)[number]) => T) => items.map(pick);
    return sql`${PREPARED}INSERT INTO patient_logs (program_id, patient_id, received_at, client_id, log_class,
        logged_at, local_date, utc_offset_minutes, log_type_id, grade, is_danger, value, unit, original_value,
        original_unit, data, note)
      SELECT ${programId}::uuid, ${uploaderId ?? ""}::uuid, ${now.toISOString()}::timestamptz, v.*
      FROM unnest(${column((i) => i.clientId)}::uuid[], ${column((i) => i.logClass)}::text[],
        ${column((i) => new Date(i.date).toISOString())}::timestamptz[], ${column(() => today)}::date[],
        ${column(() => 0)}::smallint[], ${column((i) => ("logTypeId" in i ? i.logTypeId : null))}::text[],
        ${column((i) => ("grade" in i ? i.grade : null))}::smallint[], ${column(() => false)}::boolean[],
        ${column((i) => ("value" in i ? i.value : "steps" in i ? i.steps : null))}::double precision[],
        ${column((i) => ("unit" in i ? i.unit : null))}::text[],
        ${column((i) => ("value" in i ? i.value : null))}::double precision[],
        ${column((i) => ("unit" in i ? i.unit : null))}::text[],
        ${column((i) => JSON.stringify("steps" in i ? { activityType: "Steps", steps: i.steps, source: i.source } : {}))}::jsonb[],
        ${column(() => null)}::text[]) AS v
      ON CONFLICT (patient_id, client_id) DO NOTHING
      RETURNING id, client_id`.execute(db);
  };
  const uploadUrl = `/api/v1/user/projects/${programId}/logs`;
  const firstUpload = appToken ? await client.post(uploadUrl, appToken, { logs: batch(0) }) : null;
  if (
    uploaderId &&
    patientToken &&
    appToken &&
    firstUpload &&
    (firstUpload.status === 200 || firstUpload.status === 201)
  ) {
    // Unmeasured batches first, as before the read figures (a fresh server process runs unoptimised code).
    for (let w = 1; w <= WARM_UP; w++) {
      await client.post(uploadUrl, appToken, { logs: batch(batches * 4 + w) });
      await rawInsert(batches * 5 + w);
    }
    // One API batch beside one raw INSERT of other logs, the order switching each time: a pause of
    // the shared machine (autovacuum, a checkpoint) falls on both alike. Throughput: the logs of
    // the batches over the time spent sending them, one after another.
    const api: number[] = [];
    const raw: number[] = [];
    const upload = async (b: number) => {
      const payload = { logs: batch(batches * 2 + b) };
      api.push(
        await time(async () => {
          const response = await client.post(uploadUrl, appToken, payload);
          if (response.status !== 200 && response.status !== 201)
            throw new Error(`upload: ${response.status} ${response.text.slice(0, 200)}`);
        }),
      );
    };
    const insert = async (b: number) => {
      raw.push(await time(() => rawInsert(batches + b)));
    };
    const cpuBefore = client.serverCpuMs();
    for (let b = 1; b <= batches; b++) {
      if (b % 2) {
        await insert(b);
        await upload(b);
      } else {
        await upload(b);
        await insert(b);
      }
    }
    const cpu = cpuNote(cpuBefore, client.serverCpuMs(), batches, "batch");
    const sum = (xs: number[]) => xs.reduce((total, x) => total + x, 0);
    const row = summarise(`upload, batches of ${batchSize} logs, API ${client.where} (logs/s)`, api);
    const logsPerSecond = (batches * batchSize * 1000) / sum(api);
    const rawLogsPerSecond = (batches * batchSize * 1000) / sum(raw);
    rows.push({
      ...row,
      throughput: logsPerSecond,
      goal: "≥ 10,000 logs/s",
      met: logsPerSecond >= 10_000,
      raw: `${Math.round(rawLogsPerSecond).toLocaleString("en")} logs/s`,
      ratio: rawLogsPerSecond / logsPerSecond,
      note: `ratio: raw logs/s ÷ API logs/s, batches alternated${cpu}`,
    });
    await benchConcurrentUploads(client, uploadUrl, appToken, rawInsert, batch, batches, rows);
    // Three times as many pairs as the upload figures: the ratio of two medians wants them.
    await benchAlertRaisingUploads(t, programId, patientToken, batch, batches * 3, rows, everySymptomSevere);
    await benchAlertRaisingUploads(t, programId, patientToken, batch, batches * 3, rows, oneBatchInTen);
  } else {
    const rawUpload = uploaderId ? await sampleRaw(batches, (b) => rawInsert(batches + b)) : summarise("raw", []);
    rows.push({
      ...pending(
        "upload, batches of 100 logs, API (logs/s)",
        "≥ 10,000 logs/s",
        rawUpload,
        setupProblem || (firstUpload ? `endpoint answered ${firstUpload.status}` : "no patient session"),
      ),
      raw: `${Math.round((batchSize * 1000) / rawUpload.mean).toLocaleString("en")} logs/s`,
    });
  }
};

/** What the read figures need of the seeded program. */
interface ReadScene {
  programId: string;
  patients: number;
  /** The 6-month report's range. */
  startDate: string;
  today: string;
}

/**
 * The participant list sorted by severe symptoms and the 6-month participant report, each request
 * beside the same result from one hand-written statement.
 */
const benchReads = async (t: BenchApp, reader: ApiClient, scene: ReadScene, rows: Row[]) => {
  const db = t.database.db;
  const onPostgres = t.database.kind === "postgres";
  const { programId, patients, startDate, today } = scene;
  // Participant list sorted by open severe symptoms.
  const perPage = 25;
  const pages = Math.max(1, Math.min(40, Math.floor(patients / perPage)));
  const listUrl = (i: number) =>
    `/api/v1/admin/projects/${programId}/users?orderBy=severeSymptoms&orderDir=desc&showSevereSymptomsCount=true&_page=${(i % pages) + 1}&_perPage=${perPage}`;
  const probe = await reader.json(listUrl(0));
  const expectedTop = await db
    .selectFrom("programPatients")
    .select("severeSymptomsCount")
    .where("programId", "=", programId)
    .orderBy("severeSymptomsCount", "desc")
    .limit(perPage)
    .execute();
  const probeRows = probe.status === 200 ? (probe.body.results as { severeSymptomsCount?: number }[]) : [];
  const sorted =
    probeRows.length === expectedTop.length &&
    probeRows.every((r, i) => r.severeSymptomsCount === expectedTop[i]!.severeSymptomsCount);
  const listStatement = (i: number) =>
    sql`SELECT pp.*, u.email, count(*) OVER () AS total_count
      FROM program_patients pp JOIN users u ON u.id = pp.user_id
      WHERE pp.program_id = ${programId}
      ORDER BY pp.severe_symptoms_count DESC, lower(pp.last_name), lower(pp.first_name), pp.id
      LIMIT ${perPage} OFFSET ${(i % pages) * perPage}`.execute(db);
  if (sorted) {
    const list = await sampleSideBySide(reader, 150, listStatement, listUrl);
    rows.push(
      compared(
        `participant list by severe symptoms (${patients.toLocaleString("en")}), API ${reader.where}`,
        list.api,
        list.raw,
        30,
        undefined,
        list.cpu,
      ),
    );
  } else {
    const listRaw = await sampleRaw(150, listStatement);
    rows.push(
      pending(
        "participant list by severe symptoms, API",
        "p95 < 30 ms",
        listRaw,
        probe.status === 200
          ? "endpoint answers but does not sort by severeSymptomsCount yet"
          : `endpoint answered ${probe.status}`,
      ),
    );
  }

  await benchWorklist(t, reader, programId, patients, rows);

  // The 6-month participant report of the patients with the most data.
  const reportPatients = (
    await db
      .selectFrom("programPatients")
      .select("userId")
      .where("programId", "=", programId)
      .orderBy("severeSymptomsCount", "desc")
      .orderBy("id")
      .limit(50)
      .execute()
  ).map((r) => r.userId);
  const reportUrl = (i: number) =>
    `/api/v1/pro-dashboard/projects/${programId}/users/${reportPatients[i % reportPatients.length]}/reports?startDate=${startDate}&endDate=${today}`;
  // On PostgreSQL the raw statement runs in a client process of its own (raw-statement-process.ts).
  const rawClient = onPostgres ? await rawStatementProcess(db) : null;
  const reportStatement = (i: number): Promise<unknown> => {
    const statement = participantReportSql({
      programId,
      patientId: reportPatients[i % reportPatients.length]!,
      startDate,
      endDate: today,
    });
    if (!rawClient) return statement.execute(db.withoutPlugins());
    const { sql: text, parameters } = statement.compile(db.withoutPlugins());
    return rawClient.run(text, parameters);
  };
  // Each patient's logs read once before the figures, by the raw statement: every sample then
  // reads them as a server that has been answering reads it, from memory rather than from disk
  // (50 first reads, a few falling on each side of the alternation, otherwise make the p95).
  for (let i = 0; i < reportPatients.length; i++) await reportStatement(i);
  const reportProbe = await reader.json(reportUrl(0));
  if (reportProbe.status === 200) {
    const report = await sampleSideBySide(reader, 400, reportStatement, reportUrl).finally(() => rawClient?.close());
    const logCount = (reportProbe.body.logs as unknown[]).length;
    rows.push(
      compared(
        `participant report, 6 months (${logCount.toLocaleString("en")} logs), API ${reader.where}`,
        report.api,
        report.raw,
        50,
        1.3,
        report.cpu,
      ),
    );
  } else {
    const reportRaw = await sampleRaw(100, reportStatement).finally(() => rawClient?.close());
    rows.push(
      pending(
        "participant report, 6 months, API",
        "p95 < 50 ms, ≤ 1.3× SQL",
        reportRaw,
        `endpoint answered ${reportProbe.status}`,
      ),
    );
  }
};

/** Five symptoms at danger grades: each batch raises (then attaches to) five care-team alerts. */
/** Phones uploading at the same time in the concurrent figure (the server's pool has 10 connections). */
const UPLOADERS = 4;

/**
 * Throughput as a server sees it: UPLOADERS phones at once, each sending batches of 100 in turn,
 * beside the same multi-row INSERTs from UPLOADERS connections at once. On 2 cores the database
 * works on one batch while Node checks the next, which a single stream cannot show.
 */
const benchConcurrentUploads = async (
  client: ApiClient,
  uploadUrl: string,
  appToken: string,
  rawInsert: (b: number) => Promise<unknown>,
  batch: (b: number) => unknown[],
  batches: number,
  rows: Row[],
) => {
  const perUploader = Math.ceil(batches / UPLOADERS);
  const total = perUploader * UPLOADERS * 100;
  const inParallel = async (work: (b: number) => Promise<void>) => {
    const start = performance.now();
    await Promise.all(
      Array.from({ length: UPLOADERS }, async (_, u) => {
        for (let k = 0; k < perUploader; k++) await work(u * perUploader + k);
      }),
    );
    return performance.now() - start;
  };
  const rawMs = await inParallel(async (b) => {
    await rawInsert(b);
  });
  const cpuBefore = client.serverCpuMs();
  const apiMs = await inParallel(async (b) => {
    const response = await client.post(uploadUrl, appToken, { logs: batch(b) });
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`upload: ${response.status} ${response.text.slice(0, 200)}`);
  });
  const cpu = cpuNote(cpuBefore, client.serverCpuMs(), perUploader * UPLOADERS, "batch");
  const apiPerSecond = (total * 1000) / apiMs;
  const rawPerSecond = (total * 1000) / rawMs;
  rows.push({
    benchmark: `upload, ${UPLOADERS} phones at once, batches of 100 logs, API ${client.where} (logs/s)`,
    n: perUploader * UPLOADERS,
    p50: apiMs / (perUploader * UPLOADERS),
    p95: apiMs / (perUploader * UPLOADERS),
    mean: apiMs / (perUploader * UPLOADERS),
    throughput: apiPerSecond,
    goal: "≥ 10,000 logs/s",
    met: apiPerSecond >= 10_000,
    raw: `${Math.round(rawPerSecond).toLocaleString("en")} logs/s (${UPLOADERS} connections)`,
    ratio: rawPerSecond / apiPerSecond,
    note: `ratio: raw logs/s ÷ API logs/s; times are wall time per batch${cpu}`,
  });
};

const alertSymptoms = ["10028813", "10016256", "10012727", "10047700", "10033371"];

/** Which symptoms of the alert benchmark's batches are at a danger grade. */
interface AlertMix {
  label: string;
  /** The i-th log of batch b (a symptom) is at grade 3 or 4. */
  severe: (b: number, i: number) => boolean;
  firstBatch: number;
  /** The goal is judged on this mix. */
  judged: boolean;
}
/** The goal's case: every symptom of every batch (25 of 100 logs) severe, attaching to five open alerts. */
const everySymptomSevere: AlertMix = {
  label: "25 severe symptoms in each batch of 100",
  severe: () => true,
  firstBatch: 600,
  judged: true,
};
/** Beside it, for reading the goal: one severe symptom in every tenth batch, the rest graded 0–2. */
const oneBatchInTen: AlertMix = {
  label: "1 severe symptom in every 10th batch of 100",
  severe: (b, i) => b % 10 === 0 && i === 0,
  firstBatch: 1000,
  judged: false,
};

/**
 * Raising alerts must not slow uploads by more than 10 %: the SAME batches are sent twice, once with
 * a fifth of their logs at a danger grade (raising, then attaching to, five care-team alerts) and once
 * with those same symptoms at grades 1–2 (nothing raised, no message: the upload's alert planning
 * finds nothing to do), under fresh client ids, the order alternating from batch to batch; the two
 * kinds' times are compared. The server runs as production builds it: no switch turns raising off.
 */
const benchAlertRaisingUploads = async (
  t: BenchApp,
  programId: string,
  patientToken: string,
  batch: (b: number) => Record<string, unknown>[],
  batches: number,
  rows: Row[],
  mix: AlertMix,
) => {
  const send = async (logs: Record<string, unknown>[]) => {
    const response = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${programId}/logs`,
      token: patientToken,
      payload: { logs },
    });
    if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response.json() as { alertMessages: unknown[] };
  };
  const plain: number[] = [];
  const raising: number[] = [];
  const fresh = (logs: Record<string, unknown>[]) => logs.map((item) => ({ ...item, clientId: randomUUID() }));
  let raisedMessages = 0;
  for (let b = 1; b <= batches; b++) {
    // Numbered apart from the upload figures' batches (0–199), step counts still plausible.
    const graded = (severe: boolean) =>
      batch(mix.firstBatch + b).map((item, i) =>
        item.logClass === "SYMPTOMS" && mix.severe(b, i)
          ? { ...item, logTypeId: alertSymptoms[i % alertSymptoms.length], grade: (severe ? 3 : 1) + (i % 2) }
          : item,
      );
    const withAlerts = graded(true);
    const withoutAlerts = graded(false);
    const off = async () => {
      const logs = fresh(withoutAlerts);
      plain.push(await time(() => send(logs)));
    };
    const on = async () => {
      const logs = fresh(withAlerts);
      let answer: { alertMessages: unknown[] } | null = null;
      raising.push(
        await time(async () => {
          answer = await send(logs);
        }),
      );
      raisedMessages += answer ? (answer as { alertMessages: unknown[] }).alertMessages.length : 0;
    };
    if (b % 2) {
      await off();
      await on();
    } else {
      await on();
      await off();
    }
  }
  const openAlerts = await t.database.db
    .selectFrom("alerts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("programId", "=", programId)
    .executeTakeFirstOrThrow();
  const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const plainPerSecond = (batches * 100 * 1000) / sum(plain);
  const raisingPerSecond = (batches * 100 * 1000) / sum(raising);
  // Medians: a pause of the shared machine in one batch does not decide the figure.
  const ratio = median(raising) / median(plain);
  rows.push({
    ...summarise(`upload raising alerts, ${mix.label}, API (logs/s)`, raising, sum(raising)),
    throughput: raisingPerSecond,
    ...(mix.judged ? { goal: "≤ 1.10 × the same batches at grades 1–2", met: ratio <= 1.1 } : {}),
    raw: `${Math.round(plainPerSecond).toLocaleString("en")} logs/s without, p50 ${median(plain).toFixed(1)} ms`,
    ratio,
    note: `ratio: p50 with raising ÷ p50 of the same batches at grades 1–2, alternated; ${Number(openAlerts.n)} alerts, ${raisedMessages} alert messages answered`,
  });
};

/** Requests sent before a figure's samples, unmeasured. */
const WARM_UP = 30;

/** How the figures reach the server: a staff member's GET requests, and the app's uploads. */
interface ApiClient {
  /** Where the server runs, for the figures' names. */
  where: string;
  /** The answer's status and size in bytes (read to the end, as a browser reads it). */
  get(url: string): Promise<{ status: number; bytes: number }>;
  /** The answer's status and JSON (for the probes that check what the figures measure). */
  json(url: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A JSON body sent with a patient's token (the app's upload): the answer's status and text. */
  post(url: string, token: string, payload: unknown): Promise<{ status: number; text: string }>;
  /** A patient's app session on this server. */
  signInPatient(email: string): Promise<string>;
  /** The CPU time the server's process has used so far (user and system), where it is a process of its own. */
  serverCpuMs(): number | null;
  close(): Promise<void>;
}

/**
 * The in-process server (PGlite's case: the embedded database lives in the bench's process). The
 * answer is read as the bytes a socket would carry (light-my-request's payloadAsStream): by default
 * the harness turns every answer into a string inside the server's process, ~1 MB of garbage per
 * 6-month report that no production server makes.
 */
const inProcessClient = (t: BenchApp, token: string): ApiClient => ({
  where: "(in process)",
  get: async (url) => {
    const response = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${token}` },
      payloadAsStream: true,
    });
    let bytes = 0;
    for await (const chunk of response.stream()) bytes += (chunk as Buffer).length;
    return { status: response.statusCode, bytes };
  },
  json: async (url) => {
    const response = await t.request({ method: "GET", url, token });
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : {} };
  },
  post: async (url, patientToken, payload) => {
    const response = await t.request({
      method: "POST",
      url,
      token: patientToken,
      payload: payload as Record<string, unknown>,
    });
    return { status: response.statusCode, text: response.body };
  },
  signInPatient: async (email) => {
    const login = await patientLogin(t, email);
    if (login.statusCode !== 200) throw new Error(`patient sign-in: ${login.statusCode} ${login.body.slice(0, 200)}`);
    return login.json().accessToken as string;
  },
  serverCpuMs: () => null,
  close: async () => {},
});

/**
 * The server as production runs it, a process of its own (`apps/server/src/main.ts`) on the
 * bench's database, read over loopback HTTP with a kept-alive connection. In the bench's process it
 * shared V8's heap with the bench itself (the seeding's leftovers, the harness's objects): their
 * garbage collections, whose incremental marking lands on whatever runs, fell on its requests.
 */
const serverProcessClient = async (t: BenchApp, db: BenchApp["database"]["db"]): Promise<ApiClient> => {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  // DEMO_DATA on only prints the sign-in codes (the database has users: nothing is seeded).
  const server = new ServerProcess(
    await freePort(),
    {
      DATABASE_URL: url.toString(),
      DEMO_DATA: "on",
      JOB_POLL_MS: "1000",
    },
    // BENCH_SERVER_NODE_ARGS: options for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    // to profile it through the figures.
    process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(" ") : [],
  );
  const email = "bench-reader@openpro.bench";
  await t.createStaff({ email, role: "superadmin" });
  try {
    await server.start();
    const { accessToken } = await server.staffSignIn(email);
    // Kept-alive connections, as a browser's and a phone's are (one per phone uploading at once).
    const agent = new Agent({ keepAlive: true, maxSockets: UPLOADERS });
    const send = (path: string, keep: boolean, options: { token: string; body?: string }) =>
      new Promise<{ status: number; bytes: number; text: string }>((resolve, reject) => {
        const headers: Record<string, string | number> = { authorization: `Bearer ${options.token}` };
        if (options.body !== undefined) {
          headers["content-type"] = "application/json";
          headers["content-length"] = Buffer.byteLength(options.body);
        }
        const request = httpRequest(
          `${server.baseUrl}${path}`,
          { agent, method: options.body === undefined ? "GET" : "POST", headers },
          (response) => {
            let bytes = 0;
            const kept: Buffer[] = [];
            response.on("data", (chunk: Buffer) => {
              bytes += chunk.length;
              if (keep) kept.push(chunk);
            });
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, bytes, text: Buffer.concat(kept).toString() }),
            );
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(options.body);
      });
    return {
      where: "(server process)",
      get: (path) => send(path, false, { token: accessToken }),
      json: async (path) => {
        const answer = await send(path, true, { token: accessToken });
        return { status: answer.status, body: answer.status === 200 ? JSON.parse(answer.text) : {} };
      },
      post: async (path, token, payload) => {
        const answer = await send(path, true, { token, body: JSON.stringify(payload) });
        return { status: answer.status, text: answer.text };
      },
      signInPatient: async (email) => {
        const login = await call(server.baseUrl, "POST", "/api/v2/auth/login", {
          body: { email, password: PATIENT_PASSWORD, scope: "patient" },
        });
        if (login.status !== 200) throw new Error(`patient sign-in: ${login.status} ${JSON.stringify(login.body)}`);
        return login.body.accessToken as string;
      },
      serverCpuMs: () => processCpuMs(server.pid!),
      close: async () => {
        agent.destroy();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
};

/** CPU time used by a process (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
const processCpuMs = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of the line; the slice starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/** "server CPU 3.9 ms per request": the server's own work per request, from its process's CPU time. */
const cpuNote = (before: number | null, after: number | null, requests: number, what = "request") =>
  before === null || after === null ? "" : `; server CPU ${((after - before) / requests).toFixed(1)} ms per ${what}`;

/**
 * The API and the raw statement over the same inputs, one request beside one statement, the order
 * switching each time: a pause of the shared machine (autovacuum, a checkpoint, another process)
 * falls on both alike instead of on whichever ran during it, so their ratio holds.
 */
const sampleSideBySide = async (
  reader: ApiClient,
  n: number,
  statement: (i: number) => Promise<unknown>,
  url: (i: number) => string,
) => {
  const request = async (i: number) => {
    const { status, bytes } = await reader.get(url(i));
    if (status !== 200 || bytes === 0) throw new Error(`${url(i)}: ${status}`);
  };
  // Unmeasured turns first: the server process is fresh, and V8 optimises a function only after
  // it has run many times (a server that has been answering for a while runs optimised code).
  for (let i = 0; i < WARM_UP; i++) {
    await statement(i);
    await request(i);
  }
  // From a collected heap: the bench's own seeding and earlier sections leave garbage behind that
  // a server process would not carry into its requests.
  (globalThis as { gc?: () => void }).gc?.();
  const raw: number[] = [];
  const api: number[] = [];
  const cpuBefore = reader.serverCpuMs();
  for (let i = 0; i < n; i++) {
    if (i % 2) {
      raw.push(await time(() => statement(i)));
      api.push(await time(() => request(i)));
    } else {
      api.push(await time(() => request(i)));
      raw.push(await time(() => statement(i)));
    }
  }
  return { api, raw: summarise("raw", raw), cpu: cpuNote(cpuBefore, reader.serverCpuMs(), n) };
};

/** Latencies of one raw SQL statement, run `n` times (after a few unmeasured warm-up runs). */
const sampleRaw = async (n: number, run: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await run(i);
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) samples.push(await time(() => run(i)));
  return summarise("raw", samples, performance.now() - start);
};

/** An API figure beside its goal (p95) and the raw statement's p95, as a ratio. */
const compared = (
  benchmark: string,
  samples: number[],
  raw: Row,
  goalMs: number,
  maxRatio?: number,
  extraNote = "",
): Row => {
  const row = summarise(benchmark, samples);
  const ratio = row.p95 / raw.p95;
  return {
    ...row,
    goal: `p95 < ${goalMs} ms${maxRatio ? `, ≤ ${maxRatio}× SQL` : ""}`,
    met: row.p95 < goalMs && (maxRatio === undefined || ratio <= maxRatio),
    raw: `p95 ${raw.p95.toFixed(1)} ms`,
    ratio,
    note: `ratio: API p95 ÷ SQL p95${extraNote}`,
  };
};

/**
 * The worklist of patients gone quiet (issue 36 §1), the first page, beside one statement that
 * finds the same patients (worklist-sql.ts). patient_log_days is refilled first: the bulk load
 * ran with the triggers that keep it switched off; the worklist's summary of each enrolment's
 * days (worklist_log_days_summaries, decision 030) follows by its own triggers on that table, as
 * after an upload. Then the days logged alone, read both ways: from the summary, and as the
 * worklist read them before it (every day row of the four weeks).
 */
const benchWorklist = async (t: BenchApp, reader: ApiClient, programId: string, patients: number, rows: Row[]) => {
  const db = t.database.db;
  await sql`SELECT patient_log_days_rebuild(${programId}::uuid)`.execute(db);
  await sql`VACUUM (ANALYZE) patient_log_days, worklist_log_days_summaries, worklist_questionnaire_summaries`.execute(
    db,
  );
  const program = await db
    .selectFrom("programs")
    .select("territory")
    .where("id", "=", programId)
    .executeTakeFirstOrThrow();
  const input = () => ({ programId, territory: program.territory, now: t.clock.now() });
  const url = () => `/api/v1/admin/projects/${programId}/worklist?_page=1&_perPage=25`;
  const statement = () => worklistSql(input()).execute(db.withoutPlugins());
  const probe = await reader.json(url());
  const name = `worklist of patients gone quiet (${patients.toLocaleString("en")}), API ${reader.where}`;
  if (probe.status !== 200) {
    rows.push(pending(name, "p95 < 50 ms", await sampleRaw(50, statement), `endpoint answered ${probe.status}`));
    return;
  }
  const loadBefore = loadavg()[0]!;
  const worklist = await sampleSideBySide(reader, 150, statement, url);
  const load = `; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  const shares = `${QUIET_SHARES.silent} % silent, ${QUIET_SHARES.dropped} % dropped, ${QUIET_SHARES.neverOpened} % never opened, ${QUIET_SHARES.missed} % missed a questionnaire`;
  rows.push(
    compared(
      `${name}, ${probe.body.totalCount} listed (${shares})`,
      worklist.api,
      worklist.raw,
      50,
      undefined,
      `${worklist.cpu}${load}`,
    ),
  );
  const fromSummary = await sampleRaw(50, () => logDaysSummarySql(input()).execute(db.withoutPlugins()));
  const fromDays = await sampleRaw(50, () => logDaysWindowsSql(input()).execute(db.withoutPlugins()));
  rows.push({
    ...fromSummary,
    benchmark: `the worklist's days logged of ${patients.toLocaleString("en")} patients: summary, one row each (SQL)`,
    raw: `p95 ${fromDays.p95.toFixed(1)} ms`,
    ratio: fromSummary.p95 / fromDays.p95,
    note: "raw: the same counts from patient_log_days, as read before the summary (decision 030)",
  });
  // Printed as soon as measured: a long run on a loaded machine may stop in a later section.
  printTable(rows.slice(-2));
};

/** The API is not there yet: say so, with the raw statement's figure measured all the same. */
const pending = (benchmark: string, goal: string, raw: Row, why: string): Row => ({
  benchmark,
  n: 0,
  p50: Number.NaN,
  p95: Number.NaN,
  mean: Number.NaN,
  goal,
  raw: `p95 ${raw.p95.toFixed(1)} ms`,
  note: `PENDING: ${why}`,
});

/**
 * The raw statement's client process (raw-statement-process.ts) on the bench's database (its name
 * asked of the database, the server of DATABASE_URL): `run` answers a RawTime, the statement's
 * time as measured there (the message passing left out).
 */
const rawStatementProcess = async (db: BenchApp["database"]["db"]) => {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const child = fork(fileURLToPath(new URL("./raw-statement-process.ts", import.meta.url)), [url.toString()], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
  });
  const waiting = new Map<number, { resolve: (time: RawTime) => void; reject: (error: Error) => void }>();
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    // A client that dies (its connection refused, say) fails what waits on it instead of hanging the bench.
    child.once("exit", (code) => {
      const error = new Error(`the raw statement's client process ended (exit code ${code})`);
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    });
    child.on("message", (message: { ready?: true; id?: number; ms?: number; error?: string }) => {
      if (message.ready) return resolve();
      const pending = waiting.get(message.id!);
      waiting.delete(message.id!);
      if (message.error !== undefined) pending?.reject(new Error(`raw statement: ${message.error}`));
      else pending?.resolve(new RawTime(message.ms!));
    });
  });
  let next = 0;
  return {
    run: (text: string, values: readonly unknown[]) =>
      new Promise<RawTime>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.send({ id, text, values });
      }),
    close: () => {
      child.disconnect();
    },
  };
};

export const isSuperuser = async (db: BenchApp["database"]["db"]) =>
  (await sql<{ super: boolean }>`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(db))
    .rows[0]?.super === true;

/**
 * The bulk-load recipe of the PostgreSQL manual ("Populating a Database"): the tables' indexes and
 * unique constraints dropped during the load and built again after it, from their own definitions.
 * Answers the milliseconds spent building them again.
 */
export const withoutIndexes = async (db: BenchApp["database"]["db"], tables: string[], load: () => Promise<void>) => {
  const { rows: constraints } = await sql<{ tableName: string; name: string; definition: string }>`
    SELECT conrelid::regclass::text AS table_name, conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE conrelid::regclass::text IN (${sql.join(tables)}) AND contype IN ('p', 'u')`.execute(db);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE tablename IN (${sql.join(tables)}) AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db);
  // Foreign keys of other tables that lean on these keys (alert_logs → patient_logs) go and come back too.
  const { rows: references } = await sql<{ tableName: string; name: string; definition: string }>`
    SELECT conrelid::regclass::text AS table_name, conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE contype = 'f' AND confrelid::regclass::text IN (${sql.join(tables)})`.execute(db);
  for (const r of references)
    await sql`ALTER TABLE ${sql.id(r.tableName)} DROP CONSTRAINT ${sql.id(r.name)}`.execute(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  for (const c of constraints)
    await sql`ALTER TABLE ${sql.id(c.tableName)} DROP CONSTRAINT ${sql.id(c.name)}`.execute(db);
  let failure: unknown = null;
  await load().catch((error: unknown) => {
    failure = error;
  });
  const start = performance.now();
  for (const c of constraints)
    await sql`ALTER TABLE ${sql.id(c.tableName)} ADD CONSTRAINT ${sql.id(c.name)} ${sql.raw(c.definition)}`.execute(db);
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  for (const r of references)
    await sql`ALTER TABLE ${sql.id(r.tableName)} ADD CONSTRAINT ${sql.id(r.name)} ${sql.raw(r.definition)}`.execute(db);
  if (failure) throw failure;
  return performance.now() - start;
};
