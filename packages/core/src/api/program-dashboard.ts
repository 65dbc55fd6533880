import { z } from "zod";
import { messages } from "../messages.js";
import { dashboardAxes } from "../rules/program-dashboard.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";
import { logTypeSchema } from "./logs.js";

/**
 * The program dashboard: trends over a program's patients in a date range (symptoms, temperature,
 * medication adherence), and, beyond the specification, the patients behind a figure.
 * Every figure counts only live logs (invalidated ones never) of patients who take part
 * (programFigureStatuses): withdrawn patients leave the program's figures.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const isoDate = z.iso.date({ error: messages.dateInvalid });

export const programDashboardParams = z.strictObject({ projectId: uuid });

const range = {
  startDate: isoDate,
  endDate: isoDate,
  /** The x axis of the day series: calendar date (default) or each patient's involvement day. */
  axis: z.enum(dashboardAxes, { error: messages.notValidValue }).optional().default("date"),
};
const rangeIsOrdered = (q: { startDate: string; endDate: string }) => q.startDate <= q.endDate;
const rangeError = { path: ["endDate"], message: messages.dateRangeInvalid };

export const programRangeQuery = z.strictObject(range).refine(rangeIsOrdered, rangeError);
const logTypeId = z.string({ error: messages.required }).min(1, messages.required).max(20, messages.logTypeUnknown);

export const programSymptomTrendsQuery = z.strictObject({ ...range, logTypeId }).refine(rangeIsOrdered, rangeError);

export const mostLoggedOrders = ["count", "severe"] as const;
export const programSymptomsQuery = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    /** Most logs first (default), or most severe logs first. */
    orderBy: z.enum(mostLoggedOrders, { error: messages.notValidValue }).optional().default("count"),
    /** How many symptoms (spec default 5; the symptom picker asks for all). */
    limit: z.coerce
      .number({ error: messages.notValidValue })
      .int(messages.notValidValue)
      .min(1, messages.notValidValue)
      .max(100, messages.notValidValue)
      .optional()
      .default(5),
  })
  .refine(rangeIsOrdered, rangeError);

/** A day of a series, keyed by its date (YYYY-MM-DD) or its involvement day ("1", "2"…). */
const dayKey = z.string();

export const temperatureTrendsSchema = z.object({
  axis: z.enum(dashboardAxes),
  /** Mean and standard deviation (°C, population) of the day's live temperature logs. */
  days: z.record(dayKey, z.object({ mean: z.number(), stDev: z.number(), count: z.number().int() })),
  /** The nominal band drawn on the chart: above normalMax is high, normalMin or below is low. */
  normalMin: z.number(),
  normalMax: z.number(),
  /** Readings above normalMax (high) and at or below normalMin (low) in the range. */
  highReadings: z.number().int(),
  lowReadings: z.number().int(),
});
export type TemperatureTrends = z.infer<typeof temperatureTrendsSchema>;

export const programMostLoggedSymptomSchema = z.object({
  logType: logTypeSchema,
  count: z.number().int(),
  /** Logs at a danger (severe) grade. */
  severe: z.number().int(),
  grades: z.array(z.object({ grade: z.number().int(), count: z.number().int(), severe: z.boolean() })),
});
export type ProgramMostLoggedSymptom = z.infer<typeof programMostLoggedSymptomSchema>;

export const programSymptomsSchema = z.object({ results: z.array(programMostLoggedSymptomSchema) });

export const symptomTrendSchema = z.object({
  axis: z.enum(dashboardAxes),
  logType: logTypeSchema.extend({ maxGradeDescriptionLength: z.number().int() }),
  /** Average grade (0–4, a missing grade is 0) of the day's live logs of the symptom. */
  daysGradesAvg: z.record(dayKey, z.number()),
  /** How many logs each day's average is over. */
  daysCounts: z.record(dayKey, z.number().int()),
});
export type SymptomTrend = z.infer<typeof symptomTrendSchema>;

export const programMedicationSchema = z.object({
  medicationName: z.string(),
  /** Per cent of expected doses logged (logged ÷ logged + skipped + missed); null with nothing expected. */
  adherence: z.number().nullable(),
  eventsMissed: z.number().int(),
  logged: z.number().int(),
  skipped: z.number().int(),
  patients: z.number().int(),
});
export type ProgramMedication = z.infer<typeof programMedicationSchema>;
export const programMedicationResponse = z.object({ results: z.array(programMedicationSchema) });

/**
 * One week of questionnaire delivery: how many fell due, and of them how many were completed,
 * partly answered by the time their window closed, missed, or are still inside their window.
 */
export const questionnaireWeekSchema = z.object({
  /** The week: its Monday (YYYY-MM-DD) on the date axis, or its number ("1" = consent week) by involvement. */
  key: z.string(),
  delivered: z.number().int(),
  completed: z.number().int(),
  /** Started but not finished when the window closed. */
  partial: z.number().int(),
  /** Not started when the window closed. */
  missed: z.number().int(),
  /** Still inside their response window. */
  open: z.number().int(),
  /** Per cent completed of those whose window has closed (core questionnaireCompletionRate); null when none has. */
  rate: z.number().nullable(),
});
export type QuestionnaireWeek = z.infer<typeof questionnaireWeekSchema>;
export const questionnaireCompletionSchema = z.object({
  axis: z.enum(dashboardAxes),
  weeks: z.array(questionnaireWeekSchema),
});
export type QuestionnaireCompletion = z.infer<typeof questionnaireCompletionSchema>;

/** Which figure's patients to list. */
export const dashboardFigures = [
  "symptom",
  "severeSymptom",
  "highTemperature",
  "lowTemperature",
  "missedMedication",
] as const;
export type DashboardFigure = (typeof dashboardFigures)[number];

export const figurePatientsQuery = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    figure: z.enum(dashboardFigures, { error: messages.notValidValue }),
    /** The symptom (symptom and severeSymptom; severeSymptom without it: any symptom). */
    logTypeId: logTypeId.optional(),
    /** The medication (missedMedication). */
    medicationName: z.string().min(1, messages.required).max(200, messages.notValidValue).optional(),
  })
  .refine(rangeIsOrdered, rangeError)
  .refine((q) => q.figure !== "symptom" || q.logTypeId, { path: ["logTypeId"], message: messages.required })
  .refine((q) => q.figure !== "missedMedication" || q.medicationName, {
    path: ["medicationName"],
    message: messages.required,
  });

export const figurePatientSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** How many logs (or missed doses) of the figure the patient has in the range. */
  count: z.number().int(),
  /** Their worst grade of the symptom, or highest/lowest temperature (°C); null for medications. */
  worst: z.number().nullable(),
});
export type FigurePatient = z.infer<typeof figurePatientSchema>;
export const figurePatientsResponse = z.object({
  results: z.array(figurePatientSchema),
  totalCount: z.number().int(),
});

export const programDashboardApi = {
  temperatureTrends: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/temperature/trends",
    summary: "Mean and standard deviation of the program's temperatures per day, with the normal band.",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: programRangeQuery,
    response: temperatureTrendsSchema,
  }),
  medication: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/medication",
    summary: "Adherence per medication across the program's patients: per cent of doses logged, doses missed.",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: programRangeQuery,
    response: programMedicationResponse,
  }),
  symptoms: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/symptoms",
    summary: "The program's most logged symptoms in a range, with severe logs and counts per grade.",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: programSymptomsQuery,
    response: programSymptomsSchema,
  }),
  symptomTrends: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/symptoms/trends",
    summary: "Average grade per day of one symptom across the program's patients.",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: programSymptomTrendsQuery,
    response: symptomTrendSchema,
  }),
  questionnaireCompletion: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/questionnaires/completion",
    summary: "Questionnaires that fell due per week across the program's patients, and the share completed.",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: programRangeQuery,
    response: questionnaireCompletionSchema,
  }),
  figurePatients: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/reports/patients",
    summary: "The patients behind a dashboard figure (who logged a symptom, a fever, missed a medication).",
    tags: ["program-dashboard"],
    auth: true,
    params: programDashboardParams,
    query: figurePatientsQuery,
    response: figurePatientsResponse,
  }),
};
