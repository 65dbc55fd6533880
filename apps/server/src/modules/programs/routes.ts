import multipart from "@fastify/multipart";
import { limits, programsApi, UUID_PATTERN } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { withTotalCount } from "../../platform/http/replies.js";
import { defineRoute } from "../../platform/http/route.js";
import * as programs from "./service.js";

export const registerProgramRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, programsApi.list, { permission: "view_projects" }, async ({ scope, query, reply }) =>
    withTotalCount(reply, await programs.listPrograms(scope, query)),
  );
  defineRoute(app, ctx, programsApi.create, { permission: "create_project" }, ({ scope, body }) =>
    programs.createProgram(scope, body),
  );
  defineRoute(app, ctx, programsApi.patientIdTypes, {}, async () => programs.listPatientIdTypes());
  defineRoute(app, ctx, programsApi.get, { permission: "view_project" }, ({ program }) => programs.getProgram(program));
  defineRoute(app, ctx, programsApi.update, { permission: "edit_project" }, ({ scope, params, body }) =>
    programs.updateProgram(scope, params.projectId, body),
  );
  defineRoute(app, ctx, programsApi.removeImage, { permission: "edit_project" }, ({ scope, params }) =>
    programs.removeProgramImage(scope, params.projectId),
  );
  defineRoute(app, ctx, programsApi.remove, { permission: "delete_project" }, ({ scope, params }) =>
    programs.deleteProgram(scope, params.projectId),
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: limits.image.maxBytes, files: 1, fields: 5 } });
    defineRoute(uploads, ctx, programsApi.uploadImage, {}, ({ scope, request }) =>
      programs.uploadProgramImage(scope, async () => (request.isMultipart() ? request.file() : undefined)),
    );
  });

  // Program images appear in <img> tags, which send no bearer token; their ids are unguessable.
  for (const variant of ["image", "thumbnail"] as const) {
    app.get<{ Params: { imageId: string } }>(
      `/api/v1/images/:imageId${variant === "thumbnail" ? "/thumbnail" : ""}`,
      async (request, reply) => {
        if (!UUID_PATTERN.test(request.params.imageId)) throw notFound();
        const image = await programs.readImage(ctx, request.params.imageId, variant);
        return reply
          .header("Content-Type", image.contentType)
          .header("Cache-Control", "private, max-age=86400")
          .send(image.body);
      },
    );
  }
};
