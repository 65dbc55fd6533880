import { randomBytes } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LicensedWording, Role } from "@openpro/core";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildAppOptions, buildApp } from "../src/app.js";
import { ManualClock } from "../src/clock.js";
import { DEMO_PASSWORD, insertStaffUser } from "../src/db/demo/seed.js";
import type { OpenedDatabase } from "../src/db/kysely.js";
import { readLicensedWordingFile } from "../src/modules/questionnaires/service.js";
import { hashPassword } from "../src/platform/auth/passwords.js";
import type { AppContext } from "../src/platform/context.js";
import type { MailTransport } from "../src/platform/mail/mailer.js";
import type { ServerMetrics } from "../src/platform/metrics/metrics.js";
import { openFreshDatabase } from "./fresh-database.js";

export const TEST_PASSWORD = DEMO_PASSWORD;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  database: OpenedDatabase;
  /** The app's Prometheus metrics, when asked for (options.metrics). */
  metrics: ServerMetrics | null;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Runs the durable jobs that are due (mail sending, reminders…). */
  runJobs(): Promise<number>;
  /** Mails in the outbox table addressed to someone, oldest first. */
  mailsTo(email: string): Promise<{ subject: string; textBody: string; status: string }[]>;
  /** The code in the newest mail to someone (6 digits, or an 8-character reset code). */
  lastCodeSentTo(email: string): Promise<string>;
  createStaff(user: {
    email: string;
    role: Role;
    firstName?: string;
    lastName?: string;
    acknowledged?: boolean;
  }): Promise<string>;
  close(): Promise<void>;
}

let cachedHash: Promise<string> | undefined;

/**
 * Our own placeholder wording for every item of every validated instrument ("Placeholder item text
 * for MO — not the licensed wording"), installed as a deployment installs its licensed file
 * (LICENSED_WORDING_FILE). Never the licensed wording; the e2e product reads the same file.
 */
export const PLACEHOLDER_WORDING_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "fixtures/placeholder-licensed-wording.json",
);
let placeholderWording: LicensedWording | undefined;
export const placeholderLicensedWording = (): LicensedWording => {
  if (!placeholderWording) {
    const read = readLicensedWordingFile(PLACEHOLDER_WORDING_FILE);
    if (!read.ok) throw new Error(`The placeholder wording is invalid:\n${read.problems.join("\n")}`);
    placeholderWording = read.wording;
  }
  return placeholderWording;
};

export const createTestApp = async (
  options: {
    mailTransport?: MailTransport | null;
    maintenanceUntil?: string;
    /** Logger options (a stream to capture what the server logs); no logging by default. */
    logger?: BuildAppOptions["logger"];
    /** A built web app to serve (a folder with index.html and assets/). */
    webDist?: string;
    /** Prometheus metrics collected, and served with this token (null: collected, not served). */
    metrics?: { token: string | null };
    /** The installed licensed wording; the placeholder file by default, null for none installed. */
    licensedWording?: LicensedWording | null;
  } = {},
): Promise<TestApp> => {
  const { database, drop } = await openFreshDatabase();
  const clock = new ManualClock();
  const { app, ctx, metrics } = await buildApp({
    db: database.db,
    clock,
    mailTransport: options.mailTransport ?? null,
    settings: {
      jwtSecret: randomBytes(32).toString("hex"),
      publicUrl: "http://openpro.test",
      supportEmail: "support@openpro.test",
      passwordMaxAgeDays: 180,
      mailFrom: "OpenPRO <no-reply@openpro.test>",
      maintenanceUntil: options.maintenanceUntil ?? null,
    },
    ping: database.ping,
    licensedWording: options.licensedWording === undefined ? placeholderLicensedWording() : options.licensedWording,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.metrics ? { metrics: { token: options.metrics.token, pool: database.pool ?? null } } : {}),
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
    metrics,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    runJobs: () => ctx.jobs.runDue(),
    mailsTo,
    lastCodeSentTo: async (email) => {
      const mails = await mailsTo(email);
      const last = mails.at(-1);
      const match = last?.textBody.match(/Your code: ([A-Z0-9]+)/);
      if (!match) throw new Error(`No code was e-mailed to ${email}`);
      return match[1]!;
    },
    createStaff: async (user) => {
      cachedHash ??= hashPassword(TEST_PASSWORD);
      return insertStaffUser(database.db, clock, {
        email: user.email,
        role: user.role,
        firstName: user.firstName ?? "Test",
        lastName: user.lastName ?? user.role,
        passwordHash: await cachedHash,
        acknowledged: user.acknowledged ?? true,
      });
    },
    close: async () => {
      await app.close();
      // A test may have closed the database itself (the health check's "database gone").
      await database.close().catch(() => undefined);
      await drop();
    },
  };
};

/** Signs a staff member in through the real endpoints: password, then the e-mailed code. */
export const signIn = async (t: TestApp, email: string, password: string = TEST_PASSWORD) => {
  const login = await t.request({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email, password, scope: "clinical" },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = login.json() as { accessToken: string; refreshToken: string };
  const code = await t.lastCodeSentTo(email);
  const verify = await t.request({
    method: "POST",
    url: "/api/v2/auth/signin/email/verify_otp",
    token: tokens.accessToken,
    payload: { otpCode: code },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return tokens;
};
