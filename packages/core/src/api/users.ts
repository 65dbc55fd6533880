import { z } from "zod";
import { roles } from "../access.js";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { emailField, requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, paged, pageQuery } from "./endpoint.js";

const userIdParams = z.strictObject({ userId: z.string().regex(UUID_PATTERN) });

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userRole: z.enum(roles).nullable(),
  scope: z.enum(["clinical", "patient"]),
  permissions: z.array(z.string()),
  dob: z.string().nullable(),
  dateCreated: z.string(),
  privacyPolicy: z.boolean(),
  eula: z.boolean(),
  marketingConsent: z.boolean(),
  emailVerified: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const updateUserBody = z.strictObject({
  firstName: requiredText(limits.text.personName, messages.firstNameRequired).optional(),
  lastName: requiredText(limits.text.personName, messages.lastNameRequired).optional(),
  email: emailField().optional(),
  permissions: z.array(z.string().max(100)).max(200).optional(),
});

export const usersApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/users",
    summary: "Users, searched by e-mail (at least 2 characters).",
    tags: ["users"],
    auth: true,
    query: pageQuery(limits.pageSize.users).extend({
      email: z.string().trim().min(2, messages.userSearchMinLength).max(limits.text.email).optional(),
    }),
    response: paged(adminUserSchema),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/users/:userId",
    summary: "One user with the read-only consent flags.",
    tags: ["users"],
    auth: true,
    params: userIdParams,
    response: adminUserSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/users/:userId",
    summary: "Change a user's names, e-mail or permissions (applies from their next request).",
    tags: ["users"],
    auth: true,
    params: userIdParams,
    body: updateUserBody,
    response: adminUserSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/users/:userId",
    summary: "Delete a staff account permanently.",
    tags: ["users"],
    auth: true,
    params: userIdParams,
    response: emptyResponse,
    status: 204,
  }),
} as const;
