import { healthApi } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.js";
import { defineRoute } from "../../platform/http/route.js";

export const registerHealthRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  ping: () => Promise<boolean>,
  version: string,
) => {
  defineRoute(app, ctx, healthApi.health, {}, async ({ reply }) => {
    const up = await ping();
    if (!up) reply.status(503);
    return {
      status: up ? ("ok" as const) : ("degraded" as const),
      database: up ? ("up" as const) : ("down" as const),
      version,
    };
  });
};
