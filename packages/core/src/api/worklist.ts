import { z } from "zod";
import { messages } from "../messages.js";
import { reportingTrendWeeks } from "../rules/reporting-trend.js";
import { contactOutcomes, quietDaysRange, worklistReasons } from "../rules/worklist.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint, paged, pageQuery } from "./endpoint.js";

/**
 * The worklist of patients gone quiet (issue 36 §1): the care team calls them and records the
 * contact, which takes the patient off the list until they are quiet again.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const projectParams = z.strictObject({ projectId: uuid });
const patientParams = z.strictObject({ projectId: uuid, patientId: uuid });

export const worklistContactSchema = z.object({
  contactId: z.string(),
  patientId: z.string(),
  outcome: z.enum(contactOutcomes),
  note: z.string().nullable(),
  contactedAt: z.string(),
  contactedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type WorklistContact = z.infer<typeof worklistContactSchema>;

export const worklistRowSchema = z.object({
  patientId: z.string(),
  patientName: z.string(),
  /** Every reason the patient is listed, earliest quiet period first. */
  reasons: z.array(z.object({ reason: z.enum(worklistReasons), since: z.string() })),
  /** The clinic day the longest quiet period began (the list's order). */
  quietSince: z.string(),
  lastLogAt: z.string().nullable(),
  lastContact: worklistContactSchema.nullable(),
  /** The program's care-team phone the patient is told to call (its first contact's first number). */
  careTeamPhone: z.string().nullable(),
});
export type WorklistRow = z.infer<typeof worklistRowSchema>;

export const recordContactBody = z.strictObject({
  outcome: z.enum(contactOutcomes, { error: messages.worklistContactOutcomeRequired }),
  note: z.string({ error: messages.logTextInvalid }).trim().max(1000, messages.maxLength(1000)).optional(),
});

export const worklistSettingsSchema = z.object({ quietDays: z.number().int() });
export const worklistSettingsBody = z.strictObject({
  quietDays: z
    .number({ error: messages.worklistQuietDaysInvalid })
    .int(messages.worklistQuietDaysInvalid)
    .min(quietDaysRange.min, messages.worklistQuietDaysInvalid)
    .max(quietDaysRange.max, messages.worklistQuietDaysInvalid),
});

export const reportingTrendQuery = z.strictObject({
  weeks: z.coerce
    .number({ error: messages.notValidValue })
    .int(messages.notValidValue)
    .min(reportingTrendWeeks.min, messages.notValidValue)
    .max(reportingTrendWeeks.max, messages.notValidValue)
    .optional()
    .default(reportingTrendWeeks.default),
});

/** Core's reportingTrend, week by week (oldest first), with the worklist's count beside it. */
export const reportingTrendSchema = z.object({
  /** Patients on the program's worklist now. */
  quiet: z.number().int(),
  weeks: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      patients: z.number().int(),
      patientDays: z.number().int(),
      loggedDays: z.number().int(),
      loggingRate: z.number().int().nullable(),
      questionnairesDue: z.number().int(),
      questionnairesCompleted: z.number().int(),
      completionRate: z.number().int().nullable(),
    }),
  ),
});
export type ReportingTrend = z.infer<typeof reportingTrendSchema>;

export const worklistApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/worklist",
    summary:
      "The program's patients gone quiet (a missed questionnaire, no log for N days, reporting dropped, app never opened), longest quiet first.",
    tags: ["worklist"],
    auth: true,
    params: projectParams,
    query: pageQuery(25),
    response: paged(worklistRowSchema),
  }),
  trend: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/worklist/trend",
    summary:
      "The program's reporting week by week (share of patient-days with a log, share of questionnaires answered) over the last N weeks, in the clinic's days, counting each patient from consent to withdrawal or the end; with the worklist's count.",
    tags: ["worklist"],
    auth: true,
    params: projectParams,
    query: reportingTrendQuery,
    response: reportingTrendSchema,
  }),
  count: endpoint({
    method: "GET",
    path: "/api/v1/admin/worklist/count",
    summary: "How many patients are on the worklists of the caller's programs: the side menu's badge.",
    tags: ["worklist"],
    auth: true,
    response: z.object({ quiet: z.number().int() }),
  }),
  recordContact: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/worklist/:patientId/contacts",
    summary:
      "Record the team's contact with a patient (the outcome, a note): the patient leaves the worklist until quiet again.",
    tags: ["worklist"],
    auth: true,
    params: patientParams,
    body: recordContactBody,
    response: worklistContactSchema,
    status: 201,
  }),
  contacts: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/users/:patientId/contacts",
    summary: "The team's contacts with one patient, newest first (the patient dashboard's card).",
    tags: ["worklist"],
    auth: true,
    params: patientParams,
    response: z.object({ results: z.array(worklistContactSchema) }),
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/worklist-settings",
    summary: "N: the days without a log before a patient is on the program's worklist.",
    tags: ["worklist"],
    auth: true,
    params: projectParams,
    response: worklistSettingsSchema,
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/api/v1/admin/projects/:projectId/worklist-settings",
    summary: "Set N (2 to 60 days; default 7).",
    tags: ["worklist"],
    auth: true,
    params: projectParams,
    body: worklistSettingsBody,
    response: worklistSettingsSchema,
  }),
};
