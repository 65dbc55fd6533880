import { programReadinessApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as readiness from "./service.js";

/** Whoever may open the program may see whether it is ready, and what its settings page should fix. */
export const registerProgramReadinessRoutes = (app: FastifyInstance, ctx: AppContext) => {
  defineRoute(app, ctx, programReadinessApi.get, { permission: "view_project" }, ({ scope, params }) =>
    readiness.getProgramReadiness(scope, params.projectId),
  );
};
