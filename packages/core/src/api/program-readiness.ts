import { z } from "zod";
import { readinessKeys, type territoryAlertDefaults } from "../rules/program-readiness.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

export const readinessItemSchema = z.object({
  key: z.enum(readinessKeys),
  message: z.string(),
  settingsPath: z.string(),
});

/**
 * Whether the program may reach patients (issue 30 §1), what is missing (each with the settings
 * tab that fixes it), and the territory defaults its patients get while a setting is missing.
 */
export const programReadinessSchema = z.object({
  ready: z.boolean(),
  missing: z.array(readinessItemSchema),
  territoryDefaults: z.object({
    temperatureMin: z.number(),
    temperatureMax: z.number(),
    temperatureMessage: z.string(),
    defaultAlertMessage: z.string(),
    escalationMinutes: z.number().int(),
  }) satisfies z.ZodType<ReturnType<typeof territoryAlertDefaults>>,
  emergencyNumbers: z.array(z.object({ number: z.string(), service: z.string() })),
});
export type ProgramReadiness = z.infer<typeof programReadinessSchema>;

/** The answer of an invitation refused while the program is not ready (409). */
export const programNotReadyErrorCode = "PROGRAM_NOT_READY";

export const programReadinessApi = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/readiness",
    summary: "Whether the program is ready for patients, and what is missing (each with where to fix it).",
    tags: ["projects"],
    auth: true,
    params: z.strictObject({ projectId: z.string().regex(UUID_PATTERN) }),
    response: programReadinessSchema,
  }),
};
