import { exportsApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { asDownload } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as exportsService from "./service.js";

/** Research exports check their two permissions in the service (either one lets a user in). */
export const registerExportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, exportsApi.start, {}, ({ scope, params, body }) =>
    exportsService.startResearchExport(scope, params.projectId, body),
  );
  defineRoute(app, ctx, exportsApi.list, {}, ({ scope, params }) =>
    exportsService.listResearchExports(scope, params.projectId),
  );
  defineRoute(app, ctx, exportsApi.get, {}, ({ scope, params }) =>
    exportsService.getResearchExport(scope, params.projectId, params.exportId),
  );
  defineRoute(app, ctx, exportsApi.download, {}, async ({ scope, params, reply }) => {
    const file = await exportsService.downloadResearchExport(scope, params.projectId, params.exportId);
    asDownload(reply, file).header("Content-Length", String(file.byteSize)).header("Cache-Control", "no-store");
    return file.stream;
  });
  defineRoute(app, ctx, exportsApi.myData, { scope: "patient" }, async ({ scope, reply }) => {
    const file = await exportsService.myDataExport(scope);
    asDownload(reply, file).header("Cache-Control", "no-store");
    return file.bytes;
  });
  defineRoute(
    app,
    ctx,
    exportsApi.patientData,
    { permission: "export_project_data_identifiable" },
    async ({ scope, params, reply }) => {
      const file = await exportsService.patientDataExport(scope, params.projectId, params.userId);
      asDownload(reply, file).header("Cache-Control", "no-store");
      return file.bytes;
    },
  );
};
