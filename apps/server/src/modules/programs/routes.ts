import multipart from "@fastify/multipart";
import { imagesApi, limits, projectsApi, UUID_PATTERN } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { forbidden, notFound } from "../../platform/errors.js";
import { defineRoute } from "../../platform/http/route.js";
import { readImage, uploadProgramImage } from "./images.js";
import * as programs from "./service.js";

export const registerProgramRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, projectsApi.list, { permission: "view_projects" }, async ({ actor, query, reply }) => {
    const page = await programs.listPrograms(ctx, actor, query);
    reply.header("X-Total-Count", String(page.totalCount));
    return page;
  });
  defineRoute(app, ctx, projectsApi.create, { permission: "create_project" }, ({ actor, meta, body }) =>
    programs.createProgram(ctx, meta, actor, body),
  );
  defineRoute(app, ctx, projectsApi.patientIdTypes, {}, async () => programs.listPatientIdTypes());
  defineRoute(app, ctx, projectsApi.get, { permission: "view_project" }, ({ actor, params }) =>
    programs.getProgram(ctx, actor, params.projectId),
  );
  defineRoute(app, ctx, projectsApi.update, { permission: "edit_project" }, ({ actor, meta, params, body }) =>
    programs.updateProgram(ctx, meta, actor, params.projectId, body),
  );
  defineRoute(app, ctx, projectsApi.remove, { permission: "delete_project" }, async ({ actor, meta, params }) => {
    await programs.deleteProgram(ctx, meta, actor, params.projectId);
    return null;
  });
  // Ending a program is on the admin-only page.
  defineRoute(app, ctx, projectsApi.end, { permission: "admin" }, ({ actor, meta, params }) =>
    programs.endProgram(ctx, meta, actor, params.projectId),
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: limits.image.maxBytes, files: 1, fields: 5 } });
    defineRoute(uploads, ctx, imagesApi.upload, {}, async ({ actor, meta, request }) => {
      if (!actor.permissions.includes("upload_image") && !actor.permissions.includes("upload_project_image"))
        throw forbidden();
      return uploadProgramImage(ctx, meta, actor, request.isMultipart() ? await request.file() : undefined);
    });
  });

  // Program images appear in <img> tags, which send no bearer token; their ids are unguessable.
  for (const variant of ["image", "thumbnail"] as const) {
    app.get<{ Params: { imageId: string } }>(
      `/api/v1/images/:imageId${variant === "thumbnail" ? "/thumbnail" : ""}`,
      async (request, reply) => {
        if (!UUID_PATTERN.test(request.params.imageId)) throw notFound();
        const image = await readImage(ctx, request.params.imageId, variant);
        return reply
          .header("Content-Type", image.contentType)
          .header("Cache-Control", "private, max-age=86400")
          .send(image.body);
      },
    );
  }
};
