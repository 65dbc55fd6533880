import { z } from "zod";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import {
  alertKinds,
  alertMessageMaxLength,
  alertStatuses,
  closeActions,
  escalationMinutesRange,
} from "../rules/alerts.js";
import { patientLanguages } from "../rules/patient-language.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint, paged, pageQuery } from "./endpoint.js";
import { staffTextTranslationsInput, staffTextTranslationsSchema } from "./staff-text.js";

/**
 * Closed-loop alerts for the care team: a danger-grade symptom or an out-of-range temperature
 * raises an alert; someone takes it ("I'm on it") and closes it with the action taken.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const alertParams = z.strictObject({ projectId: uuid, alertId: uuid });
const projectParams = z.strictObject({ projectId: uuid });

export const alertSchema = z.object({
  alertId: z.string(),
  projectId: z.string(),
  programName: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  /** YYYY-MM-DD: the date of birth the patient gave this program (the enrolment's), null until given. */
  patientDob: z.string().nullable(),
  kind: z.enum(alertKinds),
  logTypeId: z.string().nullable(),
  symptomName: z.string().nullable(),
  grade: z.number().int().nullable(),
  /** °C, for a temperature alert: the furthest out of range. */
  temperature: z.number().nullable(),
  severity: z.number().int(),
  status: z.enum(alertStatuses),
  raisedAt: z.string(),
  lastLogAt: z.string(),
  logCount: z.number().int(),
  logIds: z.array(z.string()),
  /** How many of its logs staff invalidated: all of them means the alert no longer has grounds. */
  invalidatedLogCount: z.number().int(),
  /** A temperature alert's readings in the order taken (°C), each marked if invalidated; [] otherwise. */
  readings: z.array(z.object({ at: z.string(), celsius: z.number(), invalidated: z.boolean() })),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  takenAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  closeAction: z.enum(closeActions).nullable(),
  closeNote: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  timeToTakeSeconds: z.number().int().nullable(),
  timeToCloseSeconds: z.number().int().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListQuery = pageQuery(25).extend({
  projectId: uuid.optional(),
  status: z.enum(alertStatuses, { error: messages.chooseAnOption }).optional(),
  /** me: taken by the caller; unassigned: nobody on it yet. */
  owner: z.enum(["me", "unassigned"], { error: messages.chooseAnOption }).optional(),
  /** One alert, as a link to it names it (the pre-visit summary, an e-mail): still within the caller's reach. */
  alertId: uuid.optional(),
});

export const closeAlertBody = z
  .strictObject({
    action: z.enum(closeActions, { error: messages.alertCloseActionRequired }),
    note: z.string({ error: messages.logTextInvalid }).trim().max(1000, messages.maxLength(1000)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === "other" && !v.note)
      ctx.addIssue({ code: "custom", path: ["note"], message: messages.alertCloseNoteRequired });
  });

/**
 * The program's alert settings: the escalation delay, and the alert messages a patient is shown
 * after an upload in the program's other languages (issue 31 §3). The messages themselves (in the
 * program's default language) are set with the program's settings; here they are read, to translate.
 */
export const alertSettingsSchema = z.object({
  escalationMinutes: z.number().int(),
  /** The language of the program's own messages: its territory's first. */
  defaultLanguage: z.enum(patientLanguages).optional(),
  /** The territory's other languages: those a message may be given in. */
  otherLanguages: z.array(z.enum(patientLanguages)).optional(),
  /** The message after a severe grade without a message of its own (the program's, else OpenPRO's). */
  severeSymptomMessage: z.string().optional(),
  severeSymptomMessageTranslations: staffTextTranslationsSchema.optional(),
  /** The message after a temperature out of range; null for a caller who may not see the thresholds. */
  temperatureMessage: z.string().nullable().optional(),
  temperatureMessageTranslations: staffTextTranslationsSchema.optional(),
});
export const alertSettingsBody = z.strictObject({
  escalationMinutes: z
    .number({ error: messages.escalationMinutesInvalid })
    .int(messages.escalationMinutesInvalid)
    .min(escalationMinutesRange.min, messages.escalationMinutesInvalid)
    .max(escalationMinutesRange.max, messages.escalationMinutesInvalid),
  /**
   * The severe-symptom message per language, under the default's limit; a blank one leaves the
   * language out (its patients read the default language's, marked). Absent: unchanged.
   */
  severeSymptomMessageTranslations: staffTextTranslationsInput(alertMessageMaxLength).optional(),
  /** The temperature message per language (changing it needs the temperature thresholds' edit permission). */
  temperatureMessageTranslations: staffTextTranslationsInput(limits.text.temperatureMessage).optional(),
});
export const alertPreferencesSchema = z.object({ emailOnNewAlert: z.boolean() });
export const alertPreferencesBody = z.strictObject({
  emailOnNewAlert: z.boolean({ error: messages.chooseAnOption }),
});

export const alertsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/alerts",
    summary:
      "The alert queue across the caller's programs (or one with projectId): most severe, then newest first; filter by status and owner, or name one alert (alertId).",
    tags: ["alerts"],
    auth: true,
    query: alertListQuery,
    response: paged(alertSchema),
  }),
  count: endpoint({
    method: "GET",
    path: "/api/v1/admin/alerts/count",
    summary: "How many alerts are Open (nobody on them yet) across the caller's programs: the side menu's badge.",
    tags: ["alerts"],
    auth: true,
    response: z.object({ open: z.number().int() }),
  }),
  take: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/alerts/:alertId/take",
    summary: '"I\'m on it": the caller owns the Open alert (409 if someone took it first).',
    tags: ["alerts"],
    auth: true,
    params: alertParams,
    response: alertSchema,
  }),
  close: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/alerts/:alertId/close",
    summary: "Close an alert with the action taken (Other needs a note).",
    tags: ["alerts"],
    auth: true,
    params: alertParams,
    body: closeAlertBody,
    response: alertSchema,
  }),
  acknowledgeLogs: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/alerts/:alertId/acknowledge-logs",
    summary: "Acknowledge the alert's new trigger logs, with the rules of the log validate endpoint.",
    tags: ["alerts"],
    auth: true,
    params: alertParams,
    response: z.object({ acknowledged: z.number().int() }),
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/alert-settings",
    summary:
      "The program's escalation delay (minutes an alert may stay Open before the admins are e-mailed), and its alert messages with their texts in the program's other languages.",
    tags: ["alerts"],
    auth: true,
    params: projectParams,
    response: alertSettingsSchema,
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/api/v1/admin/projects/:projectId/alert-settings",
    summary:
      "Set the program's escalation delay (5 minutes to 7 days; default 60) and the alert messages' texts in other languages (a blank text: that language reads the default's).",
    tags: ["alerts"],
    auth: true,
    params: projectParams,
    body: alertSettingsBody,
    response: alertSettingsSchema,
  }),
  preferences: endpoint({
    method: "GET",
    path: "/api/v1/admin/alert-preferences",
    summary: "Whether the caller is e-mailed when an alert is raised in one of their programs.",
    tags: ["alerts"],
    auth: true,
    response: alertPreferencesSchema,
  }),
  updatePreferences: endpoint({
    method: "PUT",
    path: "/api/v1/admin/alert-preferences",
    summary: "Opt in or out of the new-alert e-mail (the mail holds a link only, no patient data).",
    tags: ["alerts"],
    auth: true,
    body: alertPreferencesBody,
    response: alertPreferencesSchema,
  }),
} as const;
