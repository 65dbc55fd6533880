import { reportsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as reports from "./service.js";

export const registerReportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(
    app,
    ctx,
    reportsApi.participantReport,
    { permission: "view_user_dashboard", serializedResponse: true, programLazily: true },
    ({ scope, programPending, params, query }) =>
      reports.participantReport(scope, programPending, params.projectId, params.userId, query),
  );
  defineRoute(app, ctx, reportsApi.dailyReport, { permission: "view_user_dashboard" }, ({ program, params }) =>
    reports.dailyReport(program, params.projectId, params.userId, params.date),
  );
  defineRoute(
    app,
    ctx,
    reportsApi.exportReport,
    { permission: "download_patient_report" },
    async ({ program, params, body, reply }) => {
      const { pdf, fileName } = await reports.exportReport(program, params.projectId, params.userId, body);
      // A Buffer goes out as it is: the response schema's serializer never sees it.
      asDownload(reply, { contentType: "application/pdf", fileName });
      return pdf;
    },
  );
};
