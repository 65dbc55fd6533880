import { adminApi, limits, serviceApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import { APP_VERSION } from "../../platform/version.js";
import * as admin from "./service.js";

export const registerAdminRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, adminApi.permissions, {}, async () => admin.permissionCatalogue());
  defineRoute(app, ctx, adminApi.feedback, {}, ({ actor, meta, body }) =>
    admin.submitFeedback(ctx, meta, actor, body.text),
  );
  defineRoute(app, ctx, adminApi.outbox, { permission: "admin" }, async ({ query, reply }) => {
    const page = await admin.listOutbox(ctx, query);
    reply.header("X-Total-Count", String(page.totalCount));
    return page;
  });
  defineRoute(app, ctx, serviceApi.appVersion, {}, () => admin.getAppVersion(ctx));
  defineRoute(app, ctx, serviceApi.clientConfig, {}, async () => ({
    version: APP_VERSION,
    supportEmail: ctx.settings.supportEmail,
    sentryDsn: ctx.settings.sentryDsn ?? null,
    errorSampleRate: limits.errorReportingSampleRate,
  }));
  defineRoute(app, ctx, serviceApi.updateAppVersion, { permission: "admin" }, ({ actor, meta, body }) =>
    admin.updateAppVersion(ctx, meta, actor, body),
  );
};
