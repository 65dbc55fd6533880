import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LicensedWording } from "@openpro/core";
import { buildApp, planRecurringJobs } from "./app.js";
import { systemClock } from "./clock.js";
import { ConfigError, readConfig, startupChoices } from "./config.js";
import { DEMO_PASSWORD, demoAccounts, ensureAdmin, seedDemoData, shouldSeedDemo } from "./db/demo/seed.js";
import { migrateToLatest, openDatabase } from "./db/kysely.js";
import { pushKeysFor } from "./modules/push/keys.js";
import { configurePush } from "./modules/push/service.js";
import { readLicensedWordingFile } from "./modules/questionnaires/service.js";
import { newPasswordProblem } from "./platform/auth/password-strength.js";
import { hashPassword } from "./platform/auth/passwords.js";
import { flushErrorReports, initErrorReporting } from "./platform/error-reporting.js";
import { smtpTransport } from "./platform/mail/mailer.js";
import { startMetricsServer } from "./platform/metrics/metrics.js";
import { formatStartupLine } from "./platform/startup-line.js";
import { flushTraces, tracingStarted } from "./platform/tracing/spans.js";
import { APP_VERSION } from "./platform/version.js";

const here = dirname(fileURLToPath(import.meta.url));

/** JWT_SECRET, or one generated once and kept in DATA_DIR (outside production). */
const jwtSecretFor = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

const main = async () => {
  const config = readConfig();
  if (config.SENTRY_DSN) await initErrorReporting({ dsn: config.SENTRY_DSN, release: `openpro@${APP_VERSION}` });
  // `npm start` runs in apps/server; a relative DATA_DIR means relative to where it was typed.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  let poolErrorLogged = false;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    onPoolError: (error) => {
      if (!poolErrorLogged) console.error(`database connection lost: ${error.message}`);
      poolErrorLogged = true;
    },
  });
  await migrateToLatest(database.db);
  let licensedWording: LicensedWording | null = null;
  if (config.LICENSED_WORDING_FILE) {
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), config.LICENSED_WORDING_FILE);
    const wording = readLicensedWordingFile(file);
    if (!wording.ok)
      throw new ConfigError(
        `Invalid configuration: LICENSED_WORDING_FILE ${file} has problems:\n${wording.problems.map((p) => `  ${p}`).join("\n")}`,
      );
    licensedWording = wording.wording;
  }

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const problem = newPasswordProblem(config.ADMIN_PASSWORD, { email: config.ADMIN_EMAIL });
    if (problem) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD ${problem}`);
    if (await ensureAdmin(database.db, systemClock, config.ADMIN_EMAIL, await hashPassword(config.ADMIN_PASSWORD))) {
      console.log(`Created superadmin ${config.ADMIN_EMAIL}`);
    }
  }
  const { seedDemo: demoWanted, echoOutbox } = startupChoices(config);
  if (demoWanted && (await shouldSeedDemo(database.db))) {
    await seedDemoData(database.db, systemClock, await hashPassword(DEMO_PASSWORD));
    console.log("Seeded the demo data.");
  }

  const metricsOn = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;
  const { app, ctx, metrics } = await buildApp({
    db: database.db,
    clock: systemClock,
    mailTransport: config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null,
    echoOutbox,
    settings: {
      jwtSecret: jwtSecretFor(config.JWT_SECRET, dataDir),
      publicUrl: config.PUBLIC_URL.replace(/\/$/, ""),
      supportEmail: config.SUPPORT_EMAIL,
      passwordMaxAgeDays: config.PASSWORD_MAX_AGE_DAYS,
      sentryDsn: config.SENTRY_DSN ?? null,
      maintenanceUntil: config.MAINTENANCE_UNTIL ?? null,
      mailFrom: config.MAIL_FROM,
    },
    ping: database.ping,
    licensedWording,
    webDist: config.WEB_DIST ? resolve(config.WEB_DIST) : resolve(here, "../../web/dist"),
    trustProxy: config.TRUST_PROXY === "on",
    logger: { level: config.LOG_LEVEL },
    // With a port of their own the metrics are served only there; on the API's port only with the token.
    ...(metricsOn
      ? { metrics: { token: config.METRICS_PORT ? null : (config.METRICS_TOKEN ?? null), pool: database.pool ?? null } }
      : {}),
  });
  const pushKeys = pushKeysFor({ ...config, dataDir });
  configurePush(ctx, pushKeys);
  if (!pushKeys) app.log.warn("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: no push reminders (e-mail only)");
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT && !tracingStarted())
    app.log.warn(
      "OTEL_EXPORTER_OTLP_ENDPOINT is set but no traces are sent: start the server with npm start (node --import ./dist/instrument.js dist/main.js)",
    );

  await app.listen({ port: config.PORT, host: config.HOST });
  const metricsServer =
    metrics && config.METRICS_PORT
      ? await startMetricsServer(metrics, {
          port: config.METRICS_PORT,
          host: config.HOST,
          token: config.METRICS_TOKEN ?? null,
        })
      : null;
  await planRecurringJobs(ctx);
  ctx.jobs.start(config.JOB_POLL_MS);
  const address = `http://localhost:${config.PORT}`;
  console.log(
    `\n${formatStartupLine({
      url: address,
      database: config.DATABASE_URL
        ? { kind: "postgres", databaseUrl: config.DATABASE_URL }
        : { kind: "pglite", dataDir },
      smtpUrl: config.SMTP_URL,
      echoOutbox,
      demo: demoWanted ? { password: DEMO_PASSWORD, firstAccount: demoAccounts[0]?.email ?? "" } : null,
    })}`,
  );
  console.log(`API docs: ${address}/api/docs`);
  if (demoWanted) {
    console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`);
    for (const account of demoAccounts) console.log(`  ${account.email.padEnd(32)} ${account.role}`);
    if (echoOutbox)
      console.log("\nSMTP_URL is not set: e-mails (with the sign-in codes) are printed here and kept in the Outbox.\n");
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A shutdown that cannot finish (a request or job stuck on the database) must not hang the deploy.
    setTimeout(() => {
      console.error("shutdown took longer than 25 s: exiting");
      process.exit(1);
    }, 25_000).unref();
    // close() stops accepting connections and waits for the requests in flight; at the same time the
    // job runner finishes the job in hand and hands the rest of its claimed batch back.
    metricsServer?.close();
    await Promise.all([app.close(), ctx.jobs.stop()]);
    await database.close();
    await Promise.all([flushErrorReports(), flushTraces()]);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("OpenPRO failed to start:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
