import { z } from "zod";
import { messages } from "../messages.js";
import { alertKinds, alertStatuses, closeActions } from "../rules/alerts.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

/**
 * The pre-visit summary (issue 36 §2): one page of a patient's period since the last visit, for
 * the clinician to read before the next one. Every figure carries what its detail needs (a log's
 * day, a symptom's id, an alert's id, a questionnaire event's id).
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);

const scoreChangeSchema = z.object({
  scale: z.string(),
  label: z.string(),
  score: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
  mid: z.number().nullable(),
  meaningful: z.boolean(),
  direction: z.enum(["better", "worse", "unchanged"]).nullable(),
});

export const preVisitSummarySchema = z.object({
  patientName: z.string(),
  programName: z.string(),
  from: z.string(),
  to: z.string(),
  lastVisit: z.object({ appointmentId: z.string(), date: z.string(), appointmentType: z.string() }).nullable(),
  /** Symptoms that reached a danger grade in the period, with their course (every log of them, oldest first). */
  severeSymptoms: z.array(
    z.object({
      logTypeId: z.string(),
      name: z.string(),
      worstGrade: z.number().int(),
      firstSevereDate: z.string(),
      course: z.array(z.object({ date: z.string(), grade: z.number().int(), isDanger: z.boolean() })),
    }),
  ),
  alerts: z.array(
    z.object({
      alertId: z.string(),
      kind: z.enum(alertKinds),
      what: z.string(),
      status: z.enum(alertStatuses),
      raisedAt: z.string(),
      closedAt: z.string().nullable(),
      closeAction: z.enum(closeActions).nullable(),
      closeNote: z.string().nullable(),
    }),
  ),
  temperaturesOutOfRange: z.array(
    z.object({ logId: z.string(), date: z.string(), loggedAt: z.string(), celsius: z.number() }),
  ),
  medicationAdherence: z.array(
    z.object({
      name: z.string(),
      total: z.number().int(),
      logged: z.number().int(),
      skipped: z.number().int(),
      missed: z.number().int(),
    }),
  ),
  questionnaires: z.array(
    z.object({
      eventId: z.string(),
      name: z.string(),
      completedAt: z.string(),
      changes: z.array(scoreChangeSchema),
    }),
  ),
  missedQuestionnaires: z.array(z.object({ eventId: z.string(), name: z.string(), dueDate: z.string() })),
  /** The patient's own notes on their logs in the period, newest first. */
  notes: z.array(z.object({ logId: z.string(), date: z.string(), loggedAt: z.string(), note: z.string() })),
});
export type PreVisitSummary = z.infer<typeof preVisitSummarySchema>;

export const preVisitSummaryApi = {
  summary: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/pre-visit-summary",
    summary:
      "One page of the period since the patient's last visit: danger-grade symptoms and their course, alerts and their actions, temperatures out of range, medication adherence, questionnaire scores against the MID, missed questionnaires, the patient's notes.",
    tags: ["reports"],
    auth: true,
    params: z.strictObject({ projectId: uuid, userId: uuid }),
    response: preVisitSummarySchema,
  }),
  pdf: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/pre-visit-summary/pdf",
    summary:
      "The pre-visit summary as a PDF/A file, the same period and figures as the screen (file name in Content-Disposition).",
    tags: ["reports"],
    auth: true,
    params: z.strictObject({ projectId: uuid, userId: uuid }),
    response: z.any(),
  }),
};
