import { logsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as logs from "./service.js";

/** `onUpload`: what another module adds to each upload (app.ts hands the alerts module's hook). */
export const registerLogRoutes = (app: FastifyInstance, ctx: AppContext, onUpload: logs.LogUploadHook) => {
  defineRoute(app, ctx, logsApi.types, { scope: "any" }, async () => logs.listLogTypes());
  defineRoute(app, ctx, logsApi.upload, { scope: "patient" }, ({ scope, params, body }) =>
    logs.uploadLogs(scope, params.projectId, body, onUpload),
  );
  defineRoute(app, ctx, logsApi.uploadMedications, { scope: "patient" }, ({ scope, params, body }) =>
    logs.uploadMedications(scope, params.projectId, body),
  );
  defineRoute(app, ctx, logsApi.uploadMedicationEvents, { scope: "patient" }, ({ scope, params, body }) =>
    logs.uploadMedicationEvents(scope, params.projectId, body),
  );
  defineRoute(app, ctx, logsApi.undoDose, { scope: "patient" }, ({ scope, params }) =>
    logs.undoMyDose(scope, params.projectId, params.clientId),
  );
  defineRoute(app, ctx, logsApi.myMedications, { scope: "patient" }, ({ scope, params }) =>
    logs.listMyMedications(scope, params.projectId),
  );
  defineRoute(app, ctx, logsApi.myHistory, { scope: "patient" }, ({ scope, params, query }) =>
    logs.listMyHistory(scope, params.projectId, query.days),
  );
  defineRoute(app, ctx, logsApi.validate, { permission: "validate_user_log" }, ({ scope, params, body }) =>
    logs.validateLog(scope, params.projectId, params.logId, body, "create"),
  );
  defineRoute(app, ctx, logsApi.revalidate, { permission: "validate_user_log" }, ({ scope, params, body }) =>
    logs.validateLog(scope, params.projectId, params.logId, body, "update"),
  );
};
