import { z } from "zod";
import { ctcaeCatalogue } from "../catalogue/ctcae.js";
import { pairKey } from "../rules/alerts.js";
import { isDangerGrade, maxSymptomGrade } from "../rules/logs.js";
import {
  type ReadinessInput,
  type ReadinessItem,
  type ReadinessKey,
  readinessKeys,
  readinessMessages,
  readinessSettingsPaths,
  type territoryAlertDefaults,
} from "../rules/program-readiness.js";
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

/** Every symptom the app offers patients, at every danger grade: each needs a message. */
const dangerPairs = ctcaeCatalogue.flatMap((symptom) =>
  Array.from({ length: maxSymptomGrade + 1 }, (_, grade) => grade)
    .filter((grade) => isDangerGrade(grade))
    .map((grade) => pairKey(symptom.logTypeId, grade)),
);

const filled = (text: string | null) => !!text && text.trim() !== "";

/**
 * What is missing before the program may reach a patient; empty when it is ready. Here, above the
 * catalogue (every symptom at every danger grade needs a message), not in rules/, which the
 * catalogue builds on.
 */
export const programReadiness = (p: ReadinessInput): ReadinessItem[] => {
  const pairs = new Set(p.alertMessagePairs.map((x) => pairKey(x.logTypeId, x.grade)));
  const missing: Record<ReadinessKey, boolean> = {
    "care-team-phone": !p.careTeam.some((c) => c.contactPhones.some((phone) => phone.trim() !== "")),
    "temperature-thresholds": p.temperatureMin === null || p.temperatureMax === null || !filled(p.temperatureMessage),
    "alert-messages": !filled(p.defaultAlertMessage) && !dangerPairs.every((key) => pairs.has(key)),
    escalation: p.escalationMinutes === null || p.escalationRecipients < 1,
  };
  return readinessKeys
    .filter((key) => missing[key])
    .map((key) => ({ key, message: readinessMessages[key], settingsPath: readinessSettingsPaths[key] }));
};
