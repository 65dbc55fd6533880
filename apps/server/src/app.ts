import { existsSync } from "node:fs";
import fastifySwagger from "@fastify/swagger";
import type { LicensedWording } from "@openpro/core";
import scalar from "@scalar/fastify-api-reference";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Clock } from "./clock.js";
import type { DatabasePool, Db } from "./db/kysely.js";
import { registerAdminRoutes } from "./modules/admin/routes.js";
import { registerAlertJobs } from "./modules/alerts/jobs.js";
import { registerAlertRoutes } from "./modules/alerts/routes.js";
import { alertsOfLogUpload } from "./modules/alerts/service.js";
import { registerAppointmentRoutes } from "./modules/appointments/routes.js";
import { registerAuditRoutes } from "./modules/audit/routes.js";
import { registerAuthRoutes } from "./modules/auth/routes.js";
import { registerCareTeamRoutes } from "./modules/care-team/routes.js";
import { registerContentRoutes } from "./modules/content/routes.js";
import { registerErasureRoutes } from "./modules/erasure/routes.js";
import { registerExportJobs } from "./modules/exports/jobs.js";
import { registerExportRoutes } from "./modules/exports/routes.js";
import { registerFhirJobs } from "./modules/fhir/jobs.js";
import { registerFhirRoutes } from "./modules/fhir/routes.js";
import { registerHealthRoutes } from "./modules/health/routes.js";
import { registerInviteCodeRoutes } from "./modules/invite-codes/routes.js";
import { registerLogRoutes } from "./modules/logs/routes.js";
import { registerOrganisationRoutes } from "./modules/organisations/routes.js";
import { registerPatientSideRoutes } from "./modules/patient-side/routes.js";
import { registerPatientJobs } from "./modules/patients/jobs.js";
import { registerPatientRoutes } from "./modules/patients/routes.js";
import { registerPreVisitSummaryRoutes } from "./modules/pre-visit-summary/routes.js";
import { registerProgramDashboardRoutes } from "./modules/program-dashboard/routes.js";
import { registerProgramReadinessRoutes } from "./modules/program-readiness/routes.js";
import { registerProgramRoutes } from "./modules/programs/routes.js";
import { registerPushJobs } from "./modules/push/jobs.js";
import { registerPushRoutes } from "./modules/push/routes.js";
import { planNextDeliveryRun, registerQuestionnaireDeliveryJobs } from "./modules/questionnaire-delivery/jobs.js";
import { registerQuestionnaireDeliveryRoutes } from "./modules/questionnaire-delivery/routes.js";
import { registerQuestionnaireRoutes } from "./modules/questionnaires/routes.js";
import { registerReportRoutes } from "./modules/reports/routes.js";
import { registerSymptomSettingsJobs } from "./modules/symptom-settings/jobs.js";
import { registerSymptomSettingsRoutes } from "./modules/symptom-settings/routes.js";
import { planNextReminderSweep } from "./modules/symptom-settings/service.js";
import { registerProgramTeamRoutes } from "./modules/team/routes.js";
import { registerUserRoutes } from "./modules/users/routes.js";
import { registerWorklistRoutes } from "./modules/worklist/routes.js";
import type { AppContext } from "./platform/context.js";
import { installErrorHandler } from "./platform/http/error-handler.js";
import { generateRequestId, loggerOptions } from "./platform/http/logging.js";
import { installMaintenanceWindow } from "./platform/http/maintenance.js";
import { completeOpenapiDocument } from "./platform/http/openapi.js";
import { installSecurityHeaders } from "./platform/http/security.js";
import {
  htmlEntryFor,
  installCompression,
  registerStaticAssets,
  sendHtmlEntry,
} from "./platform/http/static-assets.js";
import { JobRunner } from "./platform/jobs/job-runner.js";
import { type MailTransport, registerMailJobs } from "./platform/mail/mailer.js";
import { type ServerMetrics, setUpMetrics } from "./platform/metrics/metrics.js";
import { installSpanNames } from "./platform/tracing/spans.js";

import { APP_VERSION } from "./platform/version.js";

export { APP_VERSION };

/** The recurring jobs chain themselves; a start plans the next link of each (idempotent by key). */
export const planRecurringJobs = async (ctx: AppContext) => {
  await planNextDeliveryRun(ctx);
  await planNextReminderSweep(ctx);
};

export interface BuildAppOptions {
  db: Db;
  clock: Clock;
  /** null: the outbox (mail is stored, and echoed to the console when `echoOutbox`). */
  mailTransport: MailTransport | null;
  settings: AppContext["settings"] & { mailFrom: string };
  ping?: () => Promise<boolean>;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string;
  echoOutbox?: boolean;
  logger?: FastifyServerOptions["logger"];
  trustProxy?: boolean;
  /** Prometheus metrics: collected when set; served on this port only with a token (platform/metrics). */
  metrics?: { token: string | null; pool: DatabasePool | null };
  /** The licensed wording read from LICENSED_WORDING_FILE; none installed when absent. */
  licensedWording?: LicensedWording | null;
}

/** The whole HTTP application on a given database and clock; main.ts and the tests both use it. */
export const buildApp = async (
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; metrics: ServerMetrics | null }> => {
  const app = Fastify({
    // Route patterns, not raw URLs; no headers or bodies (platform/http/logging.ts).
    logger: loggerOptions(options.logger),
    trustProxy: options.trustProxy ?? false,
    genReqId: generateRequestId,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; Fastify's built-in text/plain parser would let a text body reach
  // validation (422) instead of being refused as an unsupported media type (415).
  app.removeContentTypeParser("text/plain");
  installErrorHandler(app);
  installMaintenanceWindow(app, options.clock, options.settings.maintenanceUntil ?? null);
  await installSecurityHeaders(app, { reportTo: options.settings.sentryDsn });
  await installCompression(app);

  const jobs = new JobRunner(options.db, options.clock, app.log);
  const ctx: AppContext = {
    db: options.db,
    clock: options.clock,
    jobs,
    log: app.log,
    settings: options.settings,
    licensedWording: options.licensedWording ?? null,
  };
  registerMailJobs(jobs, {
    db: options.db,
    clock: options.clock,
    transport: options.mailTransport,
    from: options.settings.mailFrom,
    log: app.log,
    echoOutbox: options.echoOutbox ?? false,
  });
  // Each module registers its own jobs, beside its routes.
  registerPatientJobs(ctx);
  registerQuestionnaireDeliveryJobs(ctx);
  registerAlertJobs(ctx);
  registerSymptomSettingsJobs(ctx);
  registerFhirJobs(ctx);
  registerExportJobs(ctx);
  registerPushJobs(ctx);
  const metrics = setUpMetrics(app, ctx, options.metrics);
  installSpanNames(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "OpenPRO API", version: APP_VERSION, description: "The OpenPRO dashboard and mobile-app API." },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: completeOpenapiDocument(ctx),
  });
  // No fonts from a CDN: the docs page stays inside this server, as the CSP requires.
  await app.register(scalar, { routePrefix: "/api/docs", configuration: { withDefaultFonts: false } });

  await app.register(async (api) => {
    registerHealthRoutes(api, ctx, options.ping ?? (async () => true), APP_VERSION);
    registerAuthRoutes(api, ctx);
    registerContentRoutes(api, ctx);
    registerAdminRoutes(api, ctx);
    registerOrganisationRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    await registerProgramRoutes(api, ctx);
    registerProgramReadinessRoutes(api, ctx);
    registerPatientRoutes(api, ctx);
    registerPatientSideRoutes(api, ctx);
    registerInviteCodeRoutes(api, ctx);
    registerProgramTeamRoutes(api, ctx);
    registerCareTeamRoutes(api, ctx);
    registerReportRoutes(api, ctx);
    registerProgramDashboardRoutes(api, ctx);
    // The upload raises the care team's alerts through the hook the logs module exposes (logs knows nothing of alerts).
    registerLogRoutes(api, ctx, alertsOfLogUpload);
    registerQuestionnaireDeliveryRoutes(api, ctx);
    registerSymptomSettingsRoutes(api, ctx);
    registerAlertRoutes(api, ctx);
    registerWorklistRoutes(api, ctx);
    registerPushRoutes(api, ctx);
    registerPreVisitSummaryRoutes(api, ctx);
    registerAppointmentRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerExportRoutes(api, ctx);
    registerErasureRoutes(api, ctx);
    await registerQuestionnaireRoutes(api, ctx);
  });
  // FHIR R4 (/fhir/R4): its own context, answering FHIR JSON and OperationOutcome errors.
  await registerFhirRoutes(app, ctx);

  const serveWeb = !!options.webDist && existsSync(options.webDist);
  if (serveWeb) await registerStaticAssets(app, options.webDist!);
  app.setNotFoundHandler((request, reply) => {
    // Every non-API GET is the single-page app; its router decides (and shows "404").
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api/")) {
      return sendHtmlEntry(
        request,
        reply,
        options.webDist!,
        htmlEntryFor(request.url, options.webDist),
        options.settings.sentryDsn ?? null,
      );
    }
    return reply
      .status(404)
      .send({ statusCode: 404, message: `Not found: ${request.method} ${request.url.split("?")[0]}` });
  });
  return { app, ctx, metrics };
};
