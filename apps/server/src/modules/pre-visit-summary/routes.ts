import { preVisitSummaryApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as summaries from "./service.js";

/** The pre-visit summary is a view of the patient dashboard: the dashboard's permission. */
export const registerPreVisitSummaryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, preVisitSummaryApi.summary, { permission: "view_user_dashboard" }, ({ scope, params }) =>
    summaries.preVisitSummary(scope, params.projectId, params.userId),
  );
  // The PDF is a download of the patient's data: the report PDF's permission.
  defineRoute(
    app,
    ctx,
    preVisitSummaryApi.pdf,
    { permission: "download_patient_report" },
    async ({ program, params, reply }) => {
      const { pdf, fileName } = await summaries.preVisitSummaryPdf(program, params.projectId, params.userId);
      asDownload(reply, { contentType: "application/pdf", fileName });
      return pdf;
    },
  );
};
