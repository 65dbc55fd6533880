import { z } from "zod";
import { roles } from "../access.js";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { requiredText, UUID_PATTERN } from "../validation.js";
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

const VERSION_PATTERN = /^\d{1,2}(\.\d{1,2})*$/;
const versionField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).regex(VERSION_PATTERN, messages.versionFormat);

export const compareVersions = (a: string, b: string): number => {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
};

export const appVersionSchema = z.object({ latest: z.string(), minimum: z.string(), releaseNotes: z.string() });
export const appVersionBody = z
  .strictObject({
    latest: versionField(messages.latestVersionRequired),
    minimum: versionField(messages.minimumVersionRequired),
    releaseNotes: z
      .string()
      .trim()
      .max(limits.text.releaseNotes, messages.maxLength(limits.text.releaseNotes))
      .default(""),
  })
  // Compared only once both are versions: a blank or malformed one has its own message already.
  .refine(
    (v) =>
      !VERSION_PATTERN.test(v.latest) || !VERSION_PATTERN.test(v.minimum) || compareVersions(v.minimum, v.latest) <= 0,
    {
      path: ["minimum"],
      message: messages.minimumAboveLatest,
    },
  );

/**
 * End Program's form: the program's name as the program list shows it (decision 022, in place of the raw id that
 * `1-foundation.md` §5 asks for and no screen shows); which open program it names is checked when pressed (032).
 */
export const endProgramFormSchema = z.object({
  programName: z.string().trim().min(1, messages.endProgramNameRequired),
});

export const clientConfigSchema = z.object({
  version: z.string(),
  supportEmail: z.string(),
  sentryDsn: z.string().nullable(),
  errorSampleRate: z.number(),
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
  endProgram: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/end",
    summary: "End a program now (it becomes Closed).",
    tags: ["projects"],
    auth: true,
    params: z.strictObject({ projectId: z.string().regex(UUID_PATTERN) }),
    response: messageResponse,
  }),
  clientConfig: endpoint({
    method: "GET",
    path: "/api/v1/service/client-config",
    summary: "What the web app needs to know of the installation (support address, error reporting).",
    tags: ["service"],
    auth: false,
    response: clientConfigSchema,
  }),
  appVersion: endpoint({
    method: "GET",
    path: "/api/v1/service/app-version",
    summary: "The mobile app versions: latest, minimum required, release notes.",
    tags: ["service"],
    auth: false,
    response: appVersionSchema,
  }),
  updateAppVersion: endpoint({
    method: "PATCH",
    path: "/api/v1/service/app-version",
    summary: "Set the mobile app version requirements (admin only).",
    tags: ["service"],
    auth: true,
    body: appVersionBody,
    response: appVersionSchema,
  }),
} as const;
