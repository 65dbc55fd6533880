import { adminApi, limits } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import { APP_VERSION } from "../../platform/version.js";
import * as admin from "./service.js";

export const registerAdminRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, adminApi.permissions, {}, async () => admin.permissionCatalogue());
  defineRoute(app, ctx, adminApi.feedback, {}, ({ scope, body }) => admin.submitFeedback(scope, body.text));
  defineRoute(app, ctx, adminApi.outbox, { permission: "admin" }, async ({ scope, query, reply }) =>
    withTotalCount(reply, await admin.listOutbox(scope, query)),
  );
  defineRoute(app, ctx, adminApi.appVersion, {}, () => admin.getAppVersion(ctx));
  defineRoute(app, ctx, adminApi.clientConfig, {}, async () => ({
    version: APP_VERSION,
    supportEmail: ctx.settings.supportEmail,
    sentryDsn: ctx.settings.sentryDsn ?? null,
    errorSampleRate: limits.errorReportingSampleRate,
  }));
  defineRoute(app, ctx, adminApi.updateAppVersion, { permission: "admin" }, ({ scope, body }) =>
    admin.updateAppVersion(scope, body),
  );
  // Ending a program is on the admin-only page.
  defineRoute(app, ctx, adminApi.endProgram, { permission: "admin" }, ({ scope, params }) =>
    admin.endProgram(scope, params.projectId),
  );
};
