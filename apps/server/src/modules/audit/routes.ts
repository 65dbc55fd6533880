import { auditApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as audit from "./service.js";

export const registerAuditRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const view = { permission: "view_audit_log" } as const;
  defineRoute(app, ctx, auditApi.search, view, async ({ scope, query, reply }) => {
    const page = await audit.searchAuditLog(scope, query);
    reply.header("X-Total-Count", String(page.totalCount));
    return page;
  });
  defineRoute(app, ctx, auditApi.export, view, async ({ scope, query, reply }) => {
    const { stream, fileName, contentType } = await audit.exportAuditLog(scope, query);
    reply.type(contentType).header("Content-Disposition", `attachment; filename="${fileName}"`);
    return stream;
  });
};
