import { messages } from "@openpro/core";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.js";

/** What stays reachable during maintenance: the health check and what the app needs to say so. */
const OPEN_DURING_MAINTENANCE = ["/api/v1/healthz", "/api/v1/service/client-config"];

/**
 * Planned maintenance (MAINTENANCE_UNTIL): every API call answers 503 with `maintenanceUntil`,
 * which the web app turns into the "Under maintenance" page with the time remaining.
 */
export const installMaintenanceWindow = (app: FastifyInstance, clock: Clock, maintenanceUntil: string | null) => {
  if (!maintenanceUntil) return;
  const until = new Date(maintenanceUntil);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/") || OPEN_DURING_MAINTENANCE.some((path) => request.url.startsWith(path)))
      return;
    if (clock.now().getTime() >= until.getTime()) return;
    return reply
      .status(503)
      .header("Retry-After", String(Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000))))
      .send({ statusCode: 503, message: messages.underMaintenance, maintenanceUntil: until.toISOString() });
  });
};
