import { z } from "zod";
import { messages } from "../messages.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint, messageResponse } from "./endpoint.js";

const uuid = z.string().regex(UUID_PATTERN);
const projectQuery = z.object({ projectId: uuid });

export const publicInviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  dateCreated: z.string(),
  dateExpires: z.string(),
  dateDeactivated: z.string().nullable(),
});
export type PublicInviteCode = z.infer<typeof publicInviteCodeSchema>;
const dateExpiresField = z
  .string({ error: messages.required })
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?$/, messages.required);

export const inviteCodesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/invite-codes",
    summary: "The active public invite code of a program and its deactivated ones.",
    tags: ["invite-codes"],
    auth: true,
    query: projectQuery,
    response: z.object({ active: publicInviteCodeSchema.nullable(), inactive: z.array(publicInviteCodeSchema) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/invite-codes",
    summary: "Create the program's public invite code (the current one, if any, is deactivated).",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid, dateExpires: dateExpiresField }),
    response: publicInviteCodeSchema,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/invite-codes",
    summary: "Change the expiry of the active code.",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid, dateExpires: dateExpiresField }),
    response: publicInviteCodeSchema,
  }),
  deactivate: endpoint({
    method: "POST",
    path: "/api/v1/invite-codes/deactivate",
    summary: "Deactivate the active code.",
    tags: ["invite-codes"],
    auth: true,
    body: z.strictObject({ projectId: uuid }),
    response: messageResponse,
  }),
} as const;
