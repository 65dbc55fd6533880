import { worklistApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as worklist from "./service.js";

/**
 * The worklist is the alerts' companion: seen and worked by those who see the alerts (the
 * participant list's permission and reach); its setting (N) by those who set the alert thresholds.
 */
export const registerWorklistRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const care = { permission: "view_project_users" } as const;
  defineRoute(app, ctx, worklistApi.list, care, ({ scope, params, query }) =>
    worklist.listWorklist(scope, params.projectId, query),
  );
  defineRoute(app, ctx, worklistApi.trend, care, ({ scope, params, query }) =>
    worklist.programReportingTrend(scope, params.projectId, query.weeks),
  );
  defineRoute(app, ctx, worklistApi.count, care, ({ scope }) => worklist.countQuietPatients(scope));
  defineRoute(app, ctx, worklistApi.recordContact, care, ({ scope, params, body }) =>
    worklist.recordContact(scope, params.projectId, params.patientId, body),
  );
  defineRoute(app, ctx, worklistApi.contacts, care, ({ scope, params }) =>
    worklist.listContacts(scope, params.projectId, params.patientId),
  );
  defineRoute(
    app,
    ctx,
    worklistApi.settings,
    { permission: "view_project_symptom_severity_threshold" },
    ({ scope, params }) => worklist.getWorklistSettings(scope, params.projectId),
  );
  defineRoute(
    app,
    ctx,
    worklistApi.updateSettings,
    { permission: "edit_project_symptom_severity_threshold" },
    ({ scope, params, body }) => worklist.updateWorklistSettings(scope, params.projectId, body.quietDays),
  );
};
