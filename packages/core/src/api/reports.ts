import { z } from "zod";
import { messages } from "../messages.js";
import { calendarDayTypes } from "../rules/logs.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";
import { logItemSchema, logTypeSchema, medicationEventSchema, medicationSchema } from "./logs.js";

/**
 * What staff read of one patient's data: the participant report over a date range (every widget
 * of the patient dashboard), the daily report of one calendar day, and the PDF patient report.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const isoDate = z.iso.date({ error: messages.dateInvalid });

export const reportParams = z.strictObject({ projectId: uuid, userId: uuid });
export const reportRangeQuery = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    /** Also split the symptom groups into new, acknowledged and removed. */
    symptomsSeperatedByStatus: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => v === "true"),
  })
  .refine((q) => q.startDate <= q.endDate, { path: ["endDate"], message: messages.dateRangeInvalid });

const gradeTotals = z.object({ 0: z.number(), 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number() });

export const symptomGroupSchema = z.object({
  log: logTypeSchema,
  /** The worst grade in the range. */
  grade: z.number().int(),
  count: z.number().int(),
  isDanger: z.boolean(),
  items: z.array(logItemSchema),
  totals: gradeTotals,
});
export type SymptomGroup = z.infer<typeof symptomGroupSchema>;

export const calendarDaySchema = z.object({
  date: z.string(),
  type: z.enum(calendarDayTypes),
  acknowledged: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const mostLoggedSymptomSchema = z.object({
  logType: logTypeSchema,
  count: z.number().int(),
  grades: z.array(z.object({ grade: z.number().int(), count: z.number().int(), severe: z.boolean() })),
});

export const medicationAdherenceSchema = z.object({
  medication: medicationSchema,
  total: z.number().int(),
  logged: z.number().int(),
  skipped: z.number().int(),
  missed: z.number().int(),
  /** Per cent of expected doses logged; null when nothing was expected (AS_NEEDED). */
  adherence: z.number().nullable(),
  events: z.array(medicationEventSchema),
});
export type MedicationAdherence = z.infer<typeof medicationAdherenceSchema>;

const dailyTotal = z.object({ dailyAvg: z.number(), total: z.number() });

/**
 * A nurse-visit appointment as the dashboard's history shows it (2-participants.md §3 Appointment
 * (history)): start and end as the clinic's local date and time ("2026-03-04T09:30", or the day for
 * an all-day one), attended once completed.
 */
export const appointmentHistorySchema = z.object({
  appointmentId: z.string(),
  appointmentType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  attended: z.boolean(),
});
export type AppointmentHistory = z.infer<typeof appointmentHistorySchema>;

export const participantReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  days: z.array(calendarDaySchema),
  symptoms: z.array(symptomGroupSchema),
  symptomsNew: z.array(symptomGroupSchema),
  symptomsAcknowledged: z.array(symptomGroupSchema),
  symptomsRemoved: z.array(symptomGroupSchema),
  mostLoggedSymptoms: z.array(mostLoggedSymptomSchema),
  steps: z.array(z.object({ date: z.string(), total: z.number() })),
  stepsTotal: dailyTotal,
  activitiesTotal: dailyTotal,
  /** The five activities logged most, with how often and for how long. */
  activities: z.array(z.object({ activityType: z.string(), count: z.number().int(), totalMinutes: z.number() })),
  temperatures: z.array(logItemSchema),
  medicationAdherence: z.array(medicationAdherenceSchema),
  /** Empty when the program records none or the caller may not see them; never invented. */
  appointments: z.array(appointmentHistorySchema),
  weights: z.object({
    unit: z.literal("kg"),
    avg: z.number().nullable(),
    dayAvg: z.array(z.object({ date: z.string(), avg: z.number() })),
    items: z.array(logItemSchema),
    count: z.number().int(),
  }),
  logs: z.array(logItemSchema),
  senderData: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dateConsentGiven: z.string().nullable(),
    dateConsentRevoked: z.string().nullable(),
    /** The first and last calendar day with any data (null: nothing logged yet). */
    reportsEarliestDate: z.string().nullable(),
    reportsLatestDate: z.string().nullable(),
  }),
});
export type ParticipantReport = z.infer<typeof participantReportSchema>;

export const dailyReportSchema = z.object({
  date: z.string(),
  feelings: z.array(logItemSchema),
  symptoms: z.array(logItemSchema),
  temperatures: z.array(logItemSchema),
  weights: z.array(logItemSchema),
  medicationEvents: z.array(medicationEventSchema),
  appointments: z.array(appointmentHistorySchema),
  activities: z.array(logItemSchema),
  steps: z.array(logItemSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const reportExportBody = z
  .strictObject({ startDate: isoDate, endDate: isoDate })
  .refine((b) => b.startDate <= b.endDate, { path: ["endDate"], message: messages.dateRangeInvalid });

export const reportsApi = {
  participantReport: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/reports",
    summary: "Everything the patient dashboard shows over a date range (calendar days, symptoms, vitals, adherence).",
    tags: ["reports"],
    auth: true,
    params: reportParams,
    query: reportRangeQuery,
    response: participantReportSchema,
  }),
  dailyReport: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/reports/:date",
    summary: "One calendar day of a patient: feelings, symptoms, vitals, medication events, activities.",
    tags: ["reports"],
    auth: true,
    params: reportParams.extend({ date: isoDate }),
    response: dailyReportSchema,
  }),
  exportReport: endpoint({
    method: "POST",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/reports/export",
    summary: "The patient report as a PDF file (file name in Content-Disposition).",
    tags: ["reports"],
    auth: true,
    params: reportParams,
    body: reportExportBody,
    response: z.any(),
  }),
};
