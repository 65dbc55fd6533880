import { z } from "zod";
import { messages } from "../messages.js";
import { alertGradeRange, alertMessageMaxLength, maxPrioritisedSymptoms, periodUnits } from "../rules/alerts.js";
import { UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";
import { staffTextTranslationsInput, staffTextTranslationsSchema } from "./staff-text.js";

/**
 * The Symptom settings tab: prioritised symptoms, severe symptom (alert) messages with their
 * symptom-and-grade pairs, and symptom reminders. Payloads as the specification gives them.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const projectParams = z.strictObject({ projectId: uuid });
const messageParams = projectParams.extend({ messageId: uuid });
const reminderParams = projectParams.extend({ reminderId: uuid });

const identifier = z
  .string({ error: messages.logTypeUnknown })
  .min(1, messages.logTypeUnknown)
  .max(64, messages.logTypeUnknown);
const grade = z.coerce
  .number({ error: messages.symptomGradeRange })
  .int(messages.symptomGradeRange)
  .min(alertGradeRange.min, messages.symptomGradeRange)
  .max(alertGradeRange.max, messages.symptomGradeRange);

export const logTypeRefSchema = z.object({ identifier: z.string(), name: z.string() });
export type LogTypeRef = z.infer<typeof logTypeRefSchema>;

export const prioritisedSymptomsSchema = z.object({ logTypes: z.array(logTypeRefSchema) });
export const prioritisedSymptomsBody = z.strictObject({
  identifiers: z
    .array(identifier, { error: messages.notValidValue })
    .max(maxPrioritisedSymptoms, messages.prioritisedSymptomsMax),
});

export const severeSymptomMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  /**
   * The message in the program's other languages (issue 31 §3): a patient reading one of them is
   * shown its text; a language without one reads `message` (the program's default language), marked.
   * Absent from an older server.
   */
  messageTranslations: staffTextTranslationsSchema.optional(),
  dateCreated: z.string(),
  severeSymptomGrade: z.array(z.object({ logType: logTypeRefSchema, grade: z.number().int() })),
});
export type SevereSymptomMessage = z.infer<typeof severeSymptomMessageSchema>;

export const alertMessageBody = z.strictObject({
  message: z
    .string({ error: messages.alertMessageRequired })
    .trim()
    .min(1, messages.alertMessageRequired)
    .max(alertMessageMaxLength, messages.maxLength(alertMessageMaxLength)),
  /**
   * The message per language under the same limit; a blank one leaves the language out (its patients
   * read the default language's, marked). Absent: a new message has none, a changed one keeps its own.
   */
  messageTranslations: staffTextTranslationsInput(alertMessageMaxLength).optional(),
});
export const symptomGradeBody = z.strictObject({ identifier, grade });
const gradeParams = messageParams.extend({ identifier, grade });

const period = z.enum(periodUnits, { error: messages.reminderPeriodRequired });
const positive = z
  .number({ error: messages.reminderNumberInvalid })
  .int(messages.reminderNumberInvalid)
  .min(1, messages.reminderNumberInvalid)
  .max(1000, messages.reminderNumberInvalid);

export const intervalScheduleSchema = z.object({
  type: z.literal("interval_schedule"),
  data: z.object({
    offsetAmount: z.number().int(),
    offsetPeriod: z.enum(periodUnits),
    durationAmount: z.number().int().nullable(),
    durationPeriod: z.enum(periodUnits).nullable(),
    intervalAmount: z.number().int().nullable(),
    intervalPeriod: z.enum(periodUnits).nullable(),
  }),
});

/**
 * A reminder's schedule as sent: the offset (start day minus 1) is required; a duration needs its
 * period and an interval; an interval needs its period.
 */
export const intervalScheduleBody = z.strictObject({
  type: z.literal("interval_schedule", { error: messages.chooseAnOption }),
  data: z
    .strictObject({
      offsetAmount: z
        .number({ error: messages.reminderStartDayRequired })
        .int(messages.reminderNumberInvalid)
        .min(0, messages.reminderNumberInvalid)
        .max(1000, messages.reminderNumberInvalid),
      offsetPeriod: period.default("days"),
      durationAmount: positive.nullable().default(null),
      durationPeriod: period.nullable().default(null),
      intervalAmount: positive.nullable().default(null),
      intervalPeriod: period.nullable().default(null),
    })
    .superRefine((d, ctx) => {
      if (d.durationAmount !== null && d.durationPeriod === null)
        ctx.addIssue({ code: "custom", path: ["durationPeriod"], message: messages.reminderPeriodRequired });
      if (d.durationPeriod !== null && d.durationAmount === null)
        ctx.addIssue({ code: "custom", path: ["durationAmount"], message: messages.reminderNumberInvalid });
      if (d.intervalAmount !== null && d.intervalPeriod === null)
        ctx.addIssue({ code: "custom", path: ["intervalPeriod"], message: messages.reminderPeriodRequired });
      if (d.intervalPeriod !== null && d.intervalAmount === null)
        ctx.addIssue({ code: "custom", path: ["intervalAmount"], message: messages.reminderNumberInvalid });
      if (d.durationAmount !== null && d.intervalAmount === null && d.intervalPeriod === null)
        ctx.addIssue({ code: "custom", path: ["intervalAmount"], message: messages.reminderIntervalRequired });
    }),
});

export const symptomReminderSchema = z.object({
  reminderId: z.string(),
  logs: z.array(logTypeRefSchema),
  schedule: intervalScheduleSchema,
});
export type SymptomReminder = z.infer<typeof symptomReminderSchema>;

export const symptomReminderBody = z.strictObject({
  logs: z
    .array(z.strictObject({ identifier }), { error: messages.reminderSymptomRequired })
    .min(1, messages.reminderSymptomRequired)
    .max(maxPrioritisedSymptoms, messages.prioritisedSymptomsMax),
  schedule: intervalScheduleBody,
});
export const symptomReminderPatch = symptomReminderBody.partial();

/** What the app shows a patient: a reminder to log, or (later) other program notices. */
export const patientNotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const symptomSettingsApi = {
  prioritised: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/prioritised-symptoms",
    summary: "The program's prioritised symptoms (at most 10), in the order chosen.",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    response: prioritisedSymptomsSchema,
  }),
  setPrioritised: endpoint({
    method: "PUT",
    path: "/api/v1/admin/projects/:projectId/prioritised-symptoms",
    summary: "Replace the prioritised symptoms (catalogue identifiers, at most 10).",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    body: prioritisedSymptomsBody,
    response: prioritisedSymptomsSchema,
  }),
  listMessages: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages",
    summary: "The program's severe symptom (alert) messages with their symptom-and-grade pairs.",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    response: z.array(severeSymptomMessageSchema),
  }),
  createMessage: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages",
    summary:
      "Create an alert message (max 500 characters), with its texts in the program's other languages; pairs are added one by one.",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    body: alertMessageBody,
    response: severeSymptomMessageSchema,
    status: 201,
  }),
  updateMessage: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages/:messageId",
    summary:
      "Change an alert message's text and its texts in the program's other languages (a blank text: that language reads the default's).",
    tags: ["symptom-settings"],
    auth: true,
    params: messageParams,
    body: alertMessageBody,
    response: severeSymptomMessageSchema,
  }),
  deleteMessage: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages/:messageId",
    summary: "Delete an alert message and its pairs.",
    tags: ["symptom-settings"],
    auth: true,
    params: messageParams,
    response: emptyResponse,
    status: 204,
  }),
  addGrade: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages/:messageId/grades",
    summary:
      "Add a symptom and grade (0–5) to an alert message. A pair already used by any alert of the program is refused (409), also under concurrent saves.",
    tags: ["symptom-settings"],
    auth: true,
    params: messageParams,
    body: symptomGradeBody,
    response: severeSymptomMessageSchema,
    status: 201,
  }),
  deleteGrade: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/severe-symptom-messages/:messageId/grades/:identifier/:grade",
    summary: "Remove a symptom and grade from an alert message.",
    tags: ["symptom-settings"],
    auth: true,
    params: gradeParams,
    response: emptyResponse,
    status: 204,
  }),
  listReminders: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/symptom-reminders",
    summary: "The program's symptom reminders.",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    response: z.array(symptomReminderSchema),
  }),
  createReminder: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/symptom-reminders",
    summary:
      "Create a symptom reminder: logs (identifiers) and an interval schedule from consent (offset = start day − 1). Consented patients are reminded in the app and by e-mail (unless unsubscribed).",
    tags: ["symptom-settings"],
    auth: true,
    params: projectParams,
    body: symptomReminderBody,
    response: symptomReminderSchema,
    status: 201,
  }),
  updateReminder: endpoint({
    method: "PATCH",
    path: "/api/v1/admin/projects/:projectId/symptom-reminders/:reminderId",
    summary: "Change a symptom reminder's symptoms or schedule.",
    tags: ["symptom-settings"],
    auth: true,
    params: reminderParams,
    body: symptomReminderPatch,
    response: symptomReminderSchema,
  }),
  deleteReminder: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/symptom-reminders/:reminderId",
    summary: "Delete a symptom reminder; nothing more is sent for it.",
    tags: ["symptom-settings"],
    auth: true,
    params: reminderParams,
    response: emptyResponse,
    status: 204,
  }),
  notifications: endpoint({
    method: "GET",
    path: "/api/v1/user/projects/:projectId/notifications",
    summary: "The patient's notifications of this program (symptom reminders), newest first, at most 50.",
    tags: ["patient app"],
    auth: true,
    params: projectParams,
    response: z.object({ results: z.array(patientNotificationSchema) }),
  }),
} as const;
