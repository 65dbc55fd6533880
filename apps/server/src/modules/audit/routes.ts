import { auditApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload, withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as audit from "./service.js";

export const registerAuditRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const view = { permission: "view_audit_log" } as const;
  defineRoute(app, ctx, auditApi.search, view, async ({ scope, query, reply }) =>
    withTotalCount(reply, await audit.searchAuditLog(scope, query)),
  );
  defineRoute(app, ctx, auditApi.export, view, async ({ scope, query, reply }) => {
    const file = await audit.exportAuditLog(scope, query);
    asDownload(reply, file);
    return file.stream;
  });
};
