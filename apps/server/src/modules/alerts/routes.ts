import { alertsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as logs from "../logs/service.js";
import * as alerts from "./service.js";

/**
 * Alerts are seen by those who may see the program's patients (the participant list's
 * permission and reach); acknowledging their logs needs the validate permission, as the
 * validate endpoint does.
 */
export const registerAlertRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const care = { permission: "view_project_users" } as const;
  defineRoute(app, ctx, alertsApi.list, care, ({ scope, query }) => alerts.listAlerts(scope, query));
  defineRoute(app, ctx, alertsApi.count, care, ({ scope }) => alerts.countOpenAlerts(scope));
  defineRoute(app, ctx, alertsApi.take, care, ({ scope, params }) =>
    alerts.takeAlert(scope, params.projectId, params.alertId),
  );
  defineRoute(app, ctx, alertsApi.close, care, ({ scope, params, body }) =>
    alerts.closeAlert(scope, params.projectId, params.alertId, body),
  );
  defineRoute(app, ctx, alertsApi.acknowledgeLogs, { permission: "validate_user_log" }, ({ scope, params }) =>
    alerts.acknowledgeAlertLogs(scope, params.projectId, params.alertId, (logId) =>
      logs.validateLog(scope, params.projectId, logId, { status: "Acknowledged" }, "create"),
    ),
  );
  defineRoute(
    app,
    ctx,
    alertsApi.settings,
    { permission: "view_project_symptom_severity_threshold" },
    ({ scope, params }) => alerts.getAlertSettings(scope, params.projectId),
  );
  defineRoute(
    app,
    ctx,
    alertsApi.updateSettings,
    { permission: "edit_project_symptom_severity_threshold" },
    ({ scope, params, body }) => alerts.updateAlertSettings(scope, params.projectId, body),
  );
  defineRoute(app, ctx, alertsApi.preferences, {}, ({ scope }) => alerts.getPreferences(scope));
  defineRoute(app, ctx, alertsApi.updatePreferences, {}, ({ scope, body }) =>
    alerts.updatePreferences(scope, body.emailOnNewAlert),
  );
};
