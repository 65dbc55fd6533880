import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  hardcodedTypeIds,
  type LicensedWording,
  parseLicensedWording,
  type Role,
  type Territory,
  territoryAlertDefaults,
} from "@openpro/core";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type RawBuilder, sql } from "kysely";
import pg from "pg";
import {
  type AppContext,
  buildApp,
  DEMO_PASSWORD,
  hashPassword,
  insertStaffUser,
  ManualClock,
  migrateToLatest,
  type OpenedDatabase,
  openDatabase,
  seedPatients,
} from "../apps/server/src/index.js";

/**
 * The bench's own world: a server built by the app factory (the server's public surface,
 * apps/server/src/index.ts) on a fresh database, and the organisations, programs and patients the
 * figures need. The server's test helpers are not imported (lint: tools-through-server-surface):
 * a change to a test fixture never changes a figure.
 */

export const STAFF_PASSWORD = DEMO_PASSWORD;
export const PATIENT_PASSWORD = "Harbour-Lights-2026!";

export interface BenchApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  database: OpenedDatabase;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Runs the durable jobs that are due (mail sending, reminders…). */
  runJobs(): Promise<number>;
  /** Mails in the outbox table addressed to someone, oldest first. */
  mailsTo(email: string): Promise<{ subject: string; textBody: string; status: string }[]>;
  createStaff(user: { email: string; role: Role }): Promise<string>;
  close(): Promise<void>;
}

/** PGlite in memory, or a new database on the PostgreSQL server of DATABASE_URL (dropped on close unless BENCH_KEEP_DATABASE=1). */
const openBenchDatabase = async (): Promise<{ database: OpenedDatabase; drop: () => Promise<void> }> => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    return { database, drop: async () => {} };
  }
  const name = `openpro_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      // BENCH_KEEP_DATABASE=1: left for EXPLAIN after the run (drop it by hand).
      if (process.env.BENCH_KEEP_DATABASE === "1") {
        process.stderr.write(`  kept database ${name}\n`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

/**
 * The validated instruments' wording, installed as a deployment installs its licensed file
 * (LICENSED_WORDING_FILE): our placeholder file, the one the journeys' product reads. Without it the
 * engine holds every send of EQ-5D, FACT-G and QLQ-C30 (HAZ-008) and its bench would time no work.
 */
const benchLicensedWording = (): LicensedWording => {
  const file = new URL("../apps/server/test/fixtures/placeholder-licensed-wording.json", import.meta.url);
  const read = parseLicensedWording(JSON.parse(readFileSync(file, "utf8")));
  if (!read.ok) throw new Error(`The placeholder wording is invalid:\n${read.problems.join("\n")}`);
  return read.wording;
};

let cachedHash: Promise<string> | undefined;

/** The server as `main.ts` builds it (no mail transport: mails stay in the outbox table). */
export const createBenchApp = async (): Promise<BenchApp> => {
  const { database, drop } = await openBenchDatabase();
  const clock = new ManualClock();
  const { app, ctx } = await buildApp({
    db: database.db,
    clock,
    mailTransport: null,
    licensedWording: benchLicensedWording(),
    settings: {
      jwtSecret: randomBytes(32).toString("hex"),
      publicUrl: "http://openpro.bench",
      supportEmail: "support@openpro.bench",
      passwordMaxAgeDays: 180,
      mailFrom: "OpenPRO <no-reply@openpro.bench>",
      maintenanceUntil: null,
    },
    ping: database.ping,
  });
  await app.ready();
  const mailsTo = (email: string) =>
    database.db
      .selectFrom("mails")
      .select(["subject", "textBody", "status", "createdAt"])
      .where("toAddress", "=", email.toLowerCase())
      .orderBy("seq")
      .execute();
  return {
    app,
    ctx,
    clock,
    database,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    runJobs: () => ctx.jobs.runDue(),
    mailsTo,
    createStaff: async (user) => {
      cachedHash ??= hashPassword(STAFF_PASSWORD);
      return insertStaffUser(database.db, clock, {
        email: user.email,
        role: user.role,
        firstName: "Bench",
        lastName: user.role,
        passwordHash: await cachedHash,
        acknowledged: true,
      });
    },
    close: async () => {
      await app.close();
      await database.close().catch(() => undefined);
      await drop();
    },
  };
};

/** The code in the newest mail to someone. */
const lastCodeSentTo = async (t: BenchApp, email: string) => {
  const match = (await t.mailsTo(email)).at(-1)?.textBody.match(/Your code: ([A-Z0-9]+)/);
  if (!match) throw new Error(`No code was e-mailed to ${email}`);
  return match[1]!;
};

/** Signs a staff member in through the API: password, then the e-mailed code. */
export const signIn = async (t: BenchApp, email: string) => {
  const login = await t.request({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email, password: STAFF_PASSWORD, scope: "clinical" },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = login.json() as { accessToken: string; refreshToken: string };
  const verify = await t.request({
    method: "POST",
    url: "/api/v2/auth/signin/email/verify_otp",
    token: tokens.accessToken,
    payload: { otpCode: await lastCodeSentTo(t, email) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return tokens;
};

export const insertOrganisation = async (t: BenchApp, name: string): Promise<string> =>
  (
    await t.database.db
      .insertInto("organisations")
      .values({ name, description: null, createdAt: t.clock.now() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

/** A program ready for patients: its territory's alert settings and a care-team phone. */
export const insertProgram = async (t: BenchApp, program: { organisationId: string; name: string }) => {
  const id = (
    await t.database.db
      .insertInto("programs")
      .values({
        organisationId: program.organisationId,
        name: program.name,
        patientProgramName: null,
        description: null,
        territory: "UK_IRE",
        startDate: "2026-01-01",
        endDate: null,
        endedAt: null,
        inviteMode: "individual",
        participationWeeks: null,
        adverseEventReportingMessage: null,
        imageUrl: null,
        thumbnailUrl: null,
        defaultPatientIdType: null,
        customPatientIdName: null,
        createdAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await makeProgramReady(t, id);
  return id;
};

/**
 * The questionnaire and export benches' world: the clock on their day (1 June 2026, 06:00 UTC) and an
 * organisation of its own running one program, ready for patients: the program's id and that now.
 */
export const programOnBenchDay = async (t: BenchApp, names: { organisation: string; program: string }) => {
  t.clock.set("2026-06-01T06:00:00Z");
  const organisationId = await insertOrganisation(t, names.organisation);
  return { programId: await insertProgram(t, { organisationId, name: names.program }), now: t.clock.now() };
};

/**
 * `count` patients of the demo generator in an open, public program, cycling through its stories
 * (invited, consented, withdrawn…), their addresses at `<key>.openpro.test`.
 */
export const seedDemoPatients = (
  t: BenchApp,
  program: { id: string; key: string; territory: Territory },
  count: number,
) =>
  seedPatients(
    t.database.db,
    { id: program.id, key: program.key, territory: program.territory, isPrivate: false, closed: false },
    { count, passwordHash: null, now: t.clock.now(), emailDomain: `${program.key}.openpro.test` },
  );

/**
 * `count` patients of the demo generator in a program (seedDemoPatients), every one consented and
 * still taking part: each accepted the invitation and consented when `when` says, one instant for
 * all or an SQL expression read per enrolment.
 */
export const seedConsentedPatients = async (
  t: BenchApp,
  program: { id: string; key: string; territory: Territory },
  count: number,
  when: { inviteAcceptedAt: Date | RawBuilder<Date>; dateConsentGiven: Date | RawBuilder<Date> },
) => {
  await seedDemoPatients(t, program, count);
  await t.database.db
    .updateTable("programPatients")
    .set({
      status: "CONSENTED",
      consentGiven: true,
      consentedEmail: sql<string>`invite_email`,
      dateConsentGiven: when.dateConsentGiven,
      dateConsentRevoked: null,
      inviteAcceptedAt: when.inviteAcceptedAt,
    })
    .where("programId", "=", program.id)
    .execute();
};

/**
 * A program-level schedule of a validated questionnaire, as the schedule form writes one: sent to
 * every patient of the program every `frequency` days from `startDay` days after consent, each
 * open `responseWindow` days, `numberToSend` times. The values to insert (one or several at once).
 */
export const programSchedule = (
  programId: string,
  code: keyof typeof hardcodedTypeIds,
  timing: { frequency: number; numberToSend: number; responseWindow: number; startDay: number },
  createdAt: Date,
) => ({
  programId,
  patientId: null,
  itemType: "hardcoded" as const,
  questionnaireTypeId: hardcodedTypeIds[code],
  questionnaireBatchId: null,
  questionnairePlanId: null,
  name: code,
  description: null,
  ...timing,
  startDate: null,
  instructionsForPatient: null,
  deferredMemberOrder: null,
  deferredTo: null,
  createdBy: null,
  createdAt,
  deletedAt: null,
});

/** A care-team phone and the alert settings of a program (its territory's defaults). */
export const makeProgramReady = async (t: BenchApp, programId: string) => {
  const db = t.database.db;
  const { territory } = await db
    .selectFrom("programs")
    .select("territory")
    .where("id", "=", programId)
    .executeTakeFirstOrThrow();
  const defaults = territoryAlertDefaults(territory);
  await db
    .updateTable("programs")
    .set({
      temperatureMin: defaults.temperatureMin,
      temperatureMax: defaults.temperatureMax,
      temperatureMessage: defaults.temperatureMessage,
      defaultAlertMessage: defaults.defaultAlertMessage,
    })
    .where("id", "=", programId)
    .execute();
  await db
    .insertInto("careTeamContacts")
    .values({
      programId,
      careTeamName: "Ward 7 nurses",
      generalGuidance: "",
      hoursOfOperation: "",
      contactPhones: ["+442079460000"],
      contactEmails: [],
      position: 1,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .execute();
};

export const addToOrganisation = async (t: BenchApp, userId: string, organisationId: string, role: Role) => {
  await t.database.db
    .insertInto("organisationStaff")
    .values({ organisationId, userId, role, inviteAccepted: true, createdAt: t.clock.now() })
    .execute();
};

export const userIdOf = async (t: BenchApp, email: string) =>
  (
    await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email.toLowerCase())
      .executeTakeFirstOrThrow()
  ).id;

/** The form a care-team member fills to add a patient. */
export const newPatient = (projectId: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@patients.bench",
  patientIdType: "nhs_number",
  patientId: "943 476 5919",
  projectId,
  ...extra,
});

export const patientLogin = (t: BenchApp, email: string) =>
  t.request({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email, password: PATIENT_PASSWORD, scope: "patient" },
  });

export const giveConsent = (t: BenchApp, token: string, programId: string) =>
  t.request({
    method: "PATCH",
    url: `/api/v1/user/project/${programId}/consent`,
    token,
    payload: { consentGiven: true },
  });

/** Takes an added patient through the e-mailed invitation to a patient session; returns its access token. */
export const acceptInvite = async (t: BenchApp, email: string) => {
  const invitation = async () =>
    (await t.mailsTo(email)).flatMap((mail) => mail.textBody.match(/(https?:\/\/\S+\/invite\/\S+)/)?.[1] ?? []).at(-1);
  // The link in the patient's language's words; written when the patient is added, or by a job.
  const link = (await invitation()) ?? ((await t.runJobs()) >= 0 ? await invitation() : undefined);
  if (!link) throw new Error(`No invitation was e-mailed to ${email}`);
  const registered = await t.request({
    method: "POST",
    url: "/api/v2/auth/register",
    payload: {
      inviteCode: new URL(link).pathname.split("/").at(-1)!,
      email,
      password: PATIENT_PASSWORD,
      confirmPassword: PATIENT_PASSWORD,
      privacyPolicy: true,
      eula: true,
      firstName: "Grace",
      lastName: "Hopper",
    },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  return registered.json().accessToken as string;
};
