import { z } from "zod";
import { roles } from "../access.js";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { requiredText } from "../validation.js";
import { endpoint, messageResponse, paged, pageQuery } from "./endpoint.js";

export const feedbackBody = z.strictObject({ text: requiredText(limits.text.feedback) });

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(["queued", "sent", "failed", "stored"]),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const adminApi = {
  permissions: endpoint({
    method: "GET",
    path: "/api/v1/admin/permissions",
    summary: "The permission catalogue, its groups, the roles and each role's default grants.",
    tags: ["admin"],
    auth: true,
    response: z.object({
      permissions: z.array(z.string()),
      groups: z.array(z.object({ name: z.string(), permissions: z.array(z.string()) })),
      roles: z.array(z.object({ value: z.enum(roles), label: z.string(), defaultPermissions: z.array(z.string()) })),
    }),
  }),
  feedback: endpoint({
    method: "POST",
    path: "/api/v1/admin/vpro-feedback",
    summary: "Send feedback to support (stored and e-mailed; answered by e-mail).",
    tags: ["admin"],
    auth: true,
    body: feedbackBody,
    response: messageResponse,
    status: 201,
  }),
  outbox: endpoint({
    method: "GET",
    path: "/api/v1/admin/outbox",
    summary: "E-mails the server has sent or stored (admin only).",
    tags: ["admin"],
    auth: true,
    query: pageQuery(25).extend({
      to: z.string().trim().max(limits.text.email, messages.maxLength(limits.text.email)).optional(),
    }),
    response: paged(outboxMailSchema),
  }),
} as const;

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
