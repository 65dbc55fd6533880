import { z } from "zod";
import { endpoint } from "./endpoint.js";

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/v1/healthz",
    summary: "Liveness and database reachability (503 while the database is gone).",
    tags: ["service"],
    auth: false,
    response: z.object({ status: z.enum(["ok", "degraded"]), database: z.enum(["up", "down"]), version: z.string() }),
  }),
} as const;
