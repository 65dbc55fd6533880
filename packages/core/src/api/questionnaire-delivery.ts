import { z } from "zod";
import { messages } from "../messages.js";
import {
  customAnswerStatuses,
  questionnaireScheduleLimits as L,
  minimumNumberToSend,
  questionnaireEventStatuses,
  scheduleItemTypes,
  scheduleTypes,
} from "../rules/questionnaire-delivery.js";
import { UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint, paged, pageQuery } from "./endpoint.js";

/**
 * Questionnaire schedules: the program-level schedule (audience "all": every consented patient,
 * counted from their consent day) and a patient's own schedule (audience "user", from a start
 * date). An entry sends a licensed instrument ("hardcoded"), a custom questionnaire, a batch or a
 * plan. Paths as 2-participants §7 gives them.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const isoDate = z
  .string({ error: messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: messages.dateInvalid,
    },
  );

const wholeNumber = z.number({ error: messages.qsWholeNumber }).int(messages.qsWholeNumber);
const between = (min: number, max: number) =>
  wholeNumber.min(min, messages.qsBetween(min, max)).max(max, messages.qsBetween(min, max));

const scheduleTypeField = z
  .enum(["recurring", "always_on", "RECURRING", "ALWAYS_ON"], { error: messages.required })
  .transform((v) => v.toUpperCase() as (typeof scheduleTypes)[number]);

const common = {
  type: z.enum(scheduleItemTypes, { error: messages.qsChooseItem }),
  scheduleType: scheduleTypeField.default("RECURRING"),
  questionnaireTypeId: uuid.nullish(),
  questionnaireBatchId: uuid.nullish(),
  questionnairePlanId: uuid.nullish(),
  responseWindow: between(L.responseWindowMin, L.responseWindowMax).default(1),
  numberToSend: wholeNumber.default(1),
  instructionsForPatient: z
    .string({ error: messages.qsInstructionsMax })
    .trim()
    .max(L.instructionsMax, messages.qsInstructionsMax)
    .nullish(),
  name: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
};

const programSchedule = z.strictObject({
  ...common,
  audience: z.literal("all"),
  sendDateType: z.literal("consent_date").default("consent_date"),
  frequency: between(0, L.customFrequencyMax),
  /** The entered start day minus 1 (3-settings §4): 0 sends on the consent day. */
  startDay: wholeNumber.min(L.startDayMin - 1, messages.qsValueGreaterThanZero).default(0),
});

const patientSchedule = z.strictObject({
  ...common,
  audience: z.literal("user"),
  sendDateType: z.literal("specific_date").default("specific_date"),
  frequency: between(0, L.patientCustomFrequencyMax),
  userId: uuid,
  startDate: isoDate,
});

/** The item it sends must be named by the id that matches its type; numberToSend within its bounds. */
const checkSchedule = (
  b: { type: string; questionnaireTypeId?: string | null; questionnaireBatchId?: string | null } & {
    questionnairePlanId?: string | null;
    frequency: number;
    numberToSend: number;
  },
  ctx: z.RefinementCtx,
) => {
  const field =
    b.type === "batch" ? "questionnaireBatchId" : b.type === "plan" ? "questionnairePlanId" : "questionnaireTypeId";
  if (!b[field as keyof typeof b]) ctx.addIssue({ code: "custom", path: [field], message: messages.qsChooseItem });
  if (b.type !== "plan" && b.frequency > 0) {
    const min = minimumNumberToSend(b.frequency);
    if (b.numberToSend < min || b.numberToSend > L.numberToSendMax) {
      ctx.addIssue({ code: "custom", path: ["numberToSend"], message: messages.qsBetween(min, L.numberToSendMax) });
    }
  }
};

export const createScheduleBody = z
  .discriminatedUnion("audience", [programSchedule, patientSchedule], { error: messages.required })
  .superRefine(checkSchedule)
  // Once sends one.
  .transform((b) => (b.frequency === 0 ? { ...b, numberToSend: 1 } : b));
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

export const scheduleBatchMemberSchema = z.object({ id: z.string(), name: z.string(), order: z.number().int() });
export const schedulePlanMemberSchema = z.object({
  id: z.string(),
  order: z.number().int(),
  memberType: z.enum(["questionnaire", "batch"]),
  name: z.string(),
  /** The day this member sends (or sent) first; null while it waits on the member before. */
  startDate: z.string().nullable(),
  state: z.enum(["done", "active", "waiting", "skipped"]),
});

export const scheduleItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(scheduleItemTypes),
  scheduleType: z.enum(scheduleTypes),
  audience: z.enum(["all", "user"]),
  userId: z.string().nullable(),
  frequency: z.number().int(),
  numberToSend: z.number().int(),
  responseWindow: z.number().int(),
  /** Program level: the day after consent it starts (1 = the consent day). */
  startDay: z.number().int().nullable(),
  /** Patient level (or a program-level item read for one patient): the first send day. */
  startDate: z.string().nullable(),
  sentCount: z.number().int(),
  nextSendDate: z.string().nullable(),
  scheduledEvents: z.array(z.string()),
  instructionsForPatient: z.string().nullable(),
  questionnaireTypeId: z.string().nullable(),
  questionnaireBatchId: z.string().nullable(),
  questionnairePlanId: z.string().nullable(),
  questionnaireBatch: z.object({ members: z.array(scheduleBatchMemberSchema) }).nullable(),
  questionnairePlan: z
    .object({ members: z.array(schedulePlanMemberSchema), nextPlanMemberId: z.string().nullable() })
    .nullable(),
  /** False for a program-level item seen on one patient's schedule: remove it from the program schedule. */
  removable: z.boolean(),
  /**
   * Why some or all of it is not being sent, for staff (a licensed instrument whose wording is not
   * installed: messages.qsHeldNoWording); null when everything in it is sent. Absent from older servers.
   */
  heldBack: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

const programParams = z.strictObject({ projectId: uuid });
const scheduleParams = z.strictObject({ projectId: uuid, scheduleId: uuid });

export const questionnaireSchedulesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/v1/admin/projects/:projectId/questionnaires/schedules",
    summary:
      "The program's questionnaire schedule; with userId, that patient's whole schedule (program and own items).",
    tags: ["questionnaires"],
    auth: true,
    params: programParams,
    query: z.strictObject({ userId: uuid.optional() }),
    response: paged(scheduleItemSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/questionnaires/schedules",
    summary: "Schedule a questionnaire, batch or plan for every patient (audience all) or one patient (audience user).",
    tags: ["questionnaires"],
    auth: true,
    params: programParams,
    body: createScheduleBody,
    response: scheduleItemSchema,
    status: 201,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/admin/projects/:projectId/questionnaires/schedules/:scheduleId",
    summary:
      "Remove a schedule entry (sent questionnaires stay). With userId: removing from that patient's schedule, refused for program-level items.",
    tags: ["questionnaires"],
    auth: true,
    params: scheduleParams,
    query: z.strictObject({ type: z.enum(scheduleItemTypes).optional(), userId: uuid.optional() }),
    response: emptyResponse,
    status: 204,
  }),
  defer: endpoint({
    method: "POST",
    path: "/api/v1/admin/projects/:projectId/questionnaires/schedules/:scheduleId/defer",
    summary: "Move the next send of a patient's plan to another day (tomorrow … next send + 30 days).",
    tags: ["questionnaires"],
    auth: true,
    params: scheduleParams,
    body: z.strictObject({ targetDate: isoDate }),
    response: scheduleItemSchema,
  }),
};

/**
 * Delivered questionnaires: what staff read of one patient (pro-dashboard), what the patients'
 * app reads and answers (patient sessions, under /user/projects/{projectId}), and the program's
 * questionnaire report export.
 */

export const scaleScoreSchema = z.object({
  scale: z.string(),
  label: z.string(),
  kind: z.string(),
  score: z.number().nullable(),
  mid: z.number().optional(),
});

export const questionnaireEventSchema = z.object({
  id: z.string(),
  /** The same id under the name the older screens use. */
  questionnaireUserEventId: z.string(),
  scheduleId: z.string().nullable(),
  questionnaireTypeId: z.string(),
  /** The questionnaire's name (also under questionnaireType, as the older screens read it). */
  name: z.string(),
  questionnaireType: z.string(),
  kind: z.enum(["hardcoded", "custom"]),
  /** The licensed instrument's code (EQ5D, BN20, QLQC30, FACTG); null for custom questionnaires. */
  code: z.string().nullable(),
  /** The day it was sent. */
  date: z.string(),
  /** Day of the patient's participation (1 = consent day). */
  day: z.number().int().nullable(),
  windowClosesAt: z.string(),
  status: z.enum(questionnaireEventStatuses),
  /** Completed, N% Completed, Failed to respond, Not started yet. */
  statusLabel: z.string(),
  isStarted: z.boolean(),
  isFailed: z.boolean(),
  percentComplete: z.number().int(),
  completedAt: z.string().nullable(),
  /** Scores of a completed licensed instrument; null otherwise. */
  scores: z.array(scaleScoreSchema).nullable(),
});
export type QuestionnaireEvent = z.infer<typeof questionnaireEventSchema>;

export const customAnswerSchema = z.object({
  questionId: z.string(),
  section: z.string().nullable(),
  question: z.string(),
  questionType: z.string(),
  displayAnswer: z.string().nullable(),
  status: z.enum(customAnswerStatuses),
});

const patientParams = z.strictObject({ projectId: uuid, userId: uuid });

export const deliveredQuery = pageQuery(50).extend({ questionnaireTypeId: uuid.optional() }).strict();

export const exportBody = z
  .strictObject({
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    questionnaireTypeId: uuid.optional(),
    format: z.enum(["csv", "xlsx"], { error: messages.notValidValue }).default("csv"),
  })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
    path: ["endDate"],
    message: messages.dateRangeInvalid,
  });

/** One answer from the app: the item code (licensed instruments) or question id (custom), a value or a skip. */
export const answerInput = z.strictObject({
  questionId: z.string({ error: messages.qsQuestionUnknown }).min(1, messages.qsQuestionUnknown).max(100),
  value: z
    .union([z.number().finite(), z.string().max(5000), z.array(z.union([z.string().max(500), z.number()])).max(50)], {
      error: messages.qsAnswerInvalid,
    })
    .nullish(),
  skipped: z.boolean({ error: messages.qsAnswerInvalid }).optional(),
});
export type AnswerInput = z.infer<typeof answerInput>;

export const submitAnswersBody = z.strictObject({
  answers: z.array(answerInput, { error: messages.qsAnswerInvalid }).max(200, messages.qsAnswerInvalid),
  /** true: the final submit (the questionnaire is then complete); false or absent: a partial save. */
  submit: z.boolean({ error: messages.qsAnswerInvalid }).optional(),
  /** The app's id of the final submission: the same id sent again changes nothing. */
  clientId: z.string({ error: messages.qsClientIdInvalid }).regex(UUID_PATTERN, messages.qsClientIdInvalid).optional(),
});

/** Hardcoded: the instrument's item codes and answer scale. Custom: the scheme as it was made. */
export const eventQuestionsSchema = z.union([
  z.object({
    kind: z.literal("hardcoded"),
    code: z.string(),
    items: z.array(
      z.object({
        code: z.string(),
        /** The item's licensed wording in the patient's language, as installed (LICENSED_WORDING_FILE). */
        text: z.string().nullable().optional(),
        scale: z.object({
          min: z.number(),
          max: z.number(),
          labels: z.array(z.object({ value: z.number(), label: z.string() })),
        }),
      }),
    ),
  }),
  z.object({ kind: z.literal("custom"), scheme: z.unknown() }),
]);

export const patientEventDetailSchema = z.object({
  event: questionnaireEventSchema,
  questions: eventQuestionsSchema,
  /** The answers saved so far, by question id (null: skipped). */
  answers: z.record(z.string(), z.unknown()),
  /** The questions asked given the answers so far (custom branching; every item for the licensed ones). */
  askedQuestionIds: z.array(z.string()),
  instructionsForPatient: z.string().nullable(),
});

export const questionnaireEventsApi = {
  delivered: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/delivered-questionnaires",
    summary: "The questionnaires sent to a patient, newest first, with status and scores.",
    tags: ["questionnaires"],
    auth: true,
    params: patientParams,
    query: deliveredQuery,
    response: paged(questionnaireEventSchema),
  }),
  summary: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/questionnaire-events",
    summary: "The patient's questionnaire events over a date range (day, date, status).",
    tags: ["questionnaires"],
    auth: true,
    params: patientParams,
    query: z
      .strictObject({ startDate: isoDate, endDate: isoDate })
      .refine((q) => q.startDate <= q.endDate, { path: ["endDate"], message: messages.dateRangeInvalid }),
    response: z.object({ results: z.array(questionnaireEventSchema) }),
  }),
  scheduled: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/scheduled-questionnaires",
    summary: "The patient's schedule (program-level and own items) and the next sends.",
    tags: ["questionnaires"],
    auth: true,
    params: patientParams,
    response: z.object({
      results: z.array(scheduleItemSchema),
      upcoming: z.array(z.object({ scheduleId: z.string(), name: z.string(), date: z.string(), type: z.string() })),
    }),
  }),
  hardcodedEvent: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/questionnaire/:questionnaireId",
    summary: "One delivered licensed questionnaire: its answers by item code and its scores.",
    tags: ["questionnaires"],
    auth: true,
    params: patientParams.extend({ questionnaireId: uuid }),
    response: z.object({
      event: questionnaireEventSchema,
      logs: z.array(z.object({ logType: z.string(), data: z.object({ value: z.number().nullable() }) })),
    }),
  }),
  customEvent: endpoint({
    method: "GET",
    path: "/api/v1/pro-dashboard/projects/:projectId/users/:userId/custom-questionnaire/:questionnaireId",
    summary: "One delivered custom questionnaire: every question with its answer and answer status.",
    tags: ["questionnaires"],
    auth: true,
    params: patientParams.extend({ questionnaireId: uuid }),
    response: z.object({ event: questionnaireEventSchema, answers: z.array(customAnswerSchema) }),
  }),
  exportReport: endpoint({
    method: "POST",
    path: "/api/v1/pro-dashboard/projects/:projectId/questionnaires/report/export",
    summary:
      "The program's questionnaire report (CSV or XLSX): one row per answered questionnaire, with answers and scores.",
    tags: ["questionnaires"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    body: exportBody,
    response: z.any(),
  }),
  // The patients' app
  myEvents: endpoint({
    method: "GET",
    path: "/api/v1/user/projects/:projectId/questionnaire-events",
    summary: "The patient's questionnaires: those open now (due) and those past (completed, missed or closed).",
    tags: ["questionnaires", "app"],
    auth: true,
    params: z.strictObject({ projectId: uuid }),
    query: z.strictObject({ state: z.enum(["due", "past", "all"], { error: messages.notValidValue }).default("all") }),
    response: z.object({ due: z.array(questionnaireEventSchema), past: z.array(questionnaireEventSchema) }),
  }),
  myEvent: endpoint({
    method: "GET",
    path: "/api/v1/user/projects/:projectId/questionnaire-events/:eventId",
    summary: "One questionnaire to answer: its questions and the answers saved so far.",
    tags: ["questionnaires", "app"],
    auth: true,
    params: z.strictObject({ projectId: uuid, eventId: uuid }),
    response: patientEventDetailSchema,
  }),
  answer: endpoint({
    method: "POST",
    path: "/api/v1/user/projects/:projectId/questionnaire-events/:eventId/answers",
    summary: "Save answers (partial saves allowed); submit: true completes it (idempotent by clientId).",
    tags: ["questionnaires", "app"],
    auth: true,
    params: z.strictObject({ projectId: uuid, eventId: uuid }),
    body: submitAnswersBody,
    response: patientEventDetailSchema,
  }),
};
