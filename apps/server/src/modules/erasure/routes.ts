import { erasureApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";
import * as erasure from "./service.js";

export const registerErasureRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const permission = { permission: "erase_patient_data" } as const;
  defineRoute(app, ctx, erasureApi.status, permission, ({ scope, params }) =>
    erasure.getErasureStatus(scope, params.projectId, params.userId),
  );
  defineRoute(app, ctx, erasureApi.retention, permission, ({ scope, params }) =>
    erasure.getRetention(scope, params.projectId),
  );
  defineRoute(app, ctx, erasureApi.updateRetention, permission, ({ scope, params, body }) =>
    erasure.setRetention(scope, params.projectId, body),
  );
  defineRoute(app, ctx, erasureApi.erase, permission, ({ scope, params, body }) =>
    erasure.erasePatient(scope, params.projectId, params.userId, body),
  );
};
