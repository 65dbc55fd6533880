import { z } from "zod";
import { messages } from "../messages.js";
import { hardcodedQuestionnaireCodes } from "../questionnaires/hardcoded-ids.js";
import { questionnaireSettingsLimits as L, planFrequencies, planPeriodUnits } from "../rules/questionnaire-settings.js";
import { requiredText, UUID_PATTERN } from "../validation.js";
import { emptyResponse, endpoint } from "./endpoint.js";

/**
 * The questionnaire settings of a program (3-settings.md §2 Create/View, custom questionnaires,
 * plans, batches; §7 the calls): its catalogue (the four licensed instruments and its custom
 * questionnaires, batches and plans), the JSON scheme of custom questionnaires, and the outcome
 * measures of the general settings.
 */

const uuid = z.string().regex(UUID_PATTERN, messages.notFound);
const projectParams = z.strictObject({ projectId: uuid });
const base = "/api/v1/admin/projects/:projectId/questionnaires";

export const questionnaireItemTypes = ["questionnaire", "batch", "plan", "hardcoded"] as const;
export type QuestionnaireItemType = (typeof questionnaireItemTypes)[number];

/** One row of the catalogue (the Create/View accordion, the scheduling wizard's choices). */
export const questionnaireItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(questionnaireItemTypes),
  /** The instrument code of a hardcoded questionnaire. */
  code: z.enum(hardcodedQuestionnaireCodes).nullable(),
});
export type QuestionnaireItem = z.infer<typeof questionnaireItemSchema>;

export const listByTypesQuery = z.strictObject({
  /** Comma-separated item types; all when absent. */
  types: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((t) => t.trim()) : [...questionnaireItemTypes]))
    .pipe(z.array(z.enum(questionnaireItemTypes, { error: messages.schemeOneOf(questionnaireItemTypes) }))),
});

export const customQuestionnaireSchemaResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal("questionnaire"),
  specification: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomQuestionnaireRecord = z.infer<typeof customQuestionnaireSchemaResponse>;

/** A licensed instrument as the settings show it: item codes and scale labels (wording only when licensed). */
export const hardcodedSchemeSchema = z.object({
  code: z.enum(hardcodedQuestionnaireCodes),
  version: z.string(),
  licensedBy: z.string(),
  /** false: the licensed wording is not installed on this server; items show their codes. */
  licensedWordingInstalled: z.boolean(),
  items: z.array(
    z.object({
      code: z.string(),
      text: z.string().nullable(),
      answers: z.array(z.object({ value: z.number(), label: z.string() })),
    }),
  ),
});
export type HardcodedScheme = z.infer<typeof hardcodedSchemeSchema>;

export const questionnaireSchemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["questionnaire", "hardcoded"]),
  /** The custom scheme (custom questionnaires). */
  specification: z.unknown().nullable(),
  /** The instrument (hardcoded questionnaires). */
  instrument: hardcodedSchemeSchema.nullable(),
});
export type QuestionnaireScheme = z.infer<typeof questionnaireSchemeSchema>;

export const batchSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      order: z.number().int(),
      type: z.enum(["questionnaire", "hardcoded"]),
    }),
  ),
});
export type QuestionnaireBatch = z.infer<typeof batchSchema>;

export const planConditionTypes = ["always", "completion", "question"] as const;
export const planSchedulingTypes = ["delay", "delay_with_condition"] as const;
export const planDelayTypes = ["from_completion", "from_delivery"] as const;

export const planMemberSchema = z.object({
  order: z.number().int(),
  memberType: z.enum(["questionnaire", "batch"]),
  questionnaireId: z.string().nullable(),
  questionnaireBatchId: z.string().nullable(),
  name: z.string(),
  schedulingType: z.enum(planSchedulingTypes).nullable(),
  conditionType: z.enum(planConditionTypes),
  condition: z.object({ questionId: z.string(), answer: z.string() }).nullable(),
  delay: z.number().int(),
  delayUnit: z.enum(planPeriodUnits),
  delayType: z.enum(planDelayTypes).nullable(),
  frequency: z.enum(planFrequencies),
  frequencyCustom: z.number().int().nullable(),
  numberToSend: z.number().int(),
  responseWindow: z.number().int(),
  responseWindowUnit: z.enum(planPeriodUnits),
});
export type PlanMember = z.infer<typeof planMemberSchema>;

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  members: z.array(planMemberSchema),
});
export type QuestionnairePlan = z.infer<typeof planSchema>;

const whole = (min: number, max: number) =>
  z
    .number({ error: messages.rangeBetween(min, max) })
    .int(messages.rangeBetween(min, max))
    .min(min, messages.rangeBetween(min, max))
    .max(max, messages.rangeBetween(min, max));
const choose = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: messages.planChooseOption });

const planMemberBody = z.strictObject({
  order: z.number().int().min(1),
  memberType: choose(["questionnaire", "batch"] as const),
  questionnaireId: uuid.nullish(),
  questionnaireBatchId: uuid.nullish(),
  schedulingType: choose(planSchedulingTypes).nullish(),
  conditionType: choose(planConditionTypes).nullish(),
  condition: z
    .strictObject({ questionId: z.string().trim().default(""), answer: z.string().trim().default("") })
    .nullish(),
  delay: whole(L.planDelay.min, L.planDelay.max).default(0),
  delayUnit: choose(planPeriodUnits).default("days"),
  delayType: choose(planDelayTypes).nullish(),
  frequency: choose(planFrequencies),
  frequencyCustom: whole(L.frequencyCustom.min, L.frequencyCustom.max).nullish(),
  numberToSend: whole(L.numberToSend.min, L.numberToSend.max).default(1),
  responseWindow: whole(L.responseWindow.min, L.responseWindow.max),
  responseWindowUnit: choose(planPeriodUnits).default("days"),
});
export type PlanMemberInput = z.input<typeof planMemberBody>;

/**
 * A plan: the first member goes without scheduling (delay 0); each later one after a Delay or a
 * Delay with condition (from completion or delivery; on completion or on an answer of a choice
 * question of the previous questionnaire, which the server checks against that questionnaire).
 */
export const createPlanBody = z
  .strictObject({
    name: requiredText(L.planNameMax),
    members: z
      .array(planMemberBody, { error: messages.planMinMembers })
      .min(L.planMinMembers, messages.planMinMembers)
      .max(L.planMaxMembers, messages.planMaxMembers(L.planMaxMembers)),
  })
  .superRefine((plan, ctx) => {
    const issue = (i: number, field: string, message: string) =>
      ctx.addIssue({ code: "custom", path: ["members", i, field], message });
    plan.members.forEach((m, i) => {
      if (m.order !== i + 1) issue(i, "order", messages.schemeInvalidValue);
      if (m.memberType === "questionnaire" && !m.questionnaireId)
        issue(i, "questionnaireId", messages.questionnaireChoose);
      if (m.memberType === "batch" && !m.questionnaireBatchId)
        issue(i, "questionnaireBatchId", messages.questionnaireChoose);
      if (i === 0) {
        if (m.schedulingType) issue(i, "schedulingType", messages.planFirstMemberNoDelay);
        if (m.delay !== 0) issue(i, "delay", messages.planFirstMemberNoDelay);
      } else {
        if (!m.schedulingType) issue(i, "schedulingType", messages.planChooseOption);
        if (m.schedulingType === "delay_with_condition") {
          if (!m.delayType) issue(i, "delayType", messages.planChooseOption);
          if (m.conditionType !== "completion" && m.conditionType !== "question")
            issue(i, "conditionType", messages.planChooseOption);
          if (m.conditionType === "question") {
            if (!m.condition?.questionId)
              ctx.addIssue({
                code: "custom",
                path: ["members", i, "condition", "questionId"],
                message: messages.planChooseOption,
              });
            if (!m.condition?.answer)
              ctx.addIssue({
                code: "custom",
                path: ["members", i, "condition", "answer"],
                message: messages.planChooseOption,
              });
          }
        }
      }
      if (m.frequency === "custom" && (m.frequencyCustom === null || m.frequencyCustom === undefined))
        issue(i, "frequencyCustom", messages.rangeBetween(L.frequencyCustom.min, L.frequencyCustom.max));
    });
  })
  .transform((plan) => ({
    name: plan.name,
    members: plan.members.map((m, i) => {
      const conditional = i > 0 && m.schedulingType === "delay_with_condition";
      return {
        order: i + 1,
        memberType: m.memberType,
        questionnaireId: m.memberType === "questionnaire" ? (m.questionnaireId ?? null) : null,
        questionnaireBatchId: m.memberType === "batch" ? (m.questionnaireBatchId ?? null) : null,
        schedulingType: i === 0 ? null : (m.schedulingType ?? null),
        conditionType: conditional ? (m.conditionType ?? "completion") : ("always" as const),
        condition: conditional && m.conditionType === "question" && m.condition ? m.condition : null,
        delay: i === 0 ? 0 : m.delay,
        delayUnit: m.delayUnit,
        delayType: conditional ? (m.delayType ?? null) : null,
        frequency: m.frequency,
        frequencyCustom: m.frequency === "custom" ? (m.frequencyCustom ?? null) : null,
        // Once sends one.
        numberToSend: m.frequency === "0" ? 1 : m.numberToSend,
        responseWindow: m.responseWindow,
        responseWindowUnit: m.responseWindowUnit,
      };
    }),
  }));
export type CreatePlanInput = z.input<typeof createPlanBody>;
export type CreatePlan = z.output<typeof createPlanBody>;

export const createBatchBody = z
  .strictObject({
    name: requiredText(L.batchNameMax),
    members: z
      .array(
        z.strictObject({
          questionnaireId: uuid.nullish().transform((v) => v ?? ""),
          order: z.number().int().min(1),
        }),
        { error: messages.batchMinMembers(L.batchMinMembers) },
      )
      .min(L.batchMinMembers, messages.batchMinMembers(L.batchMinMembers))
      .max(L.batchMaxMembers, messages.batchMaxMembers(L.batchMaxMembers)),
  })
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    const orders = new Set<number>();
    batch.members.forEach((m, i) => {
      if (!m.questionnaireId)
        ctx.addIssue({
          code: "custom",
          path: ["members", i, "questionnaireId"],
          message: messages.questionnaireChoose,
        });
      else if (seen.has(m.questionnaireId))
        ctx.addIssue({
          code: "custom",
          path: ["members", i, "questionnaireId"],
          message: messages.batchDuplicateMember,
        });
      seen.add(m.questionnaireId);
      if (orders.has(m.order))
        ctx.addIssue({ code: "custom", path: ["members", i, "order"], message: messages.schemeInvalidValue });
      orders.add(m.order);
    });
  })
  .transform((batch) => ({
    name: batch.name,
    // Stored 1..n in the order given.
    members: [...batch.members]
      .sort((a, b) => a.order - b.order)
      .map((m, i) => ({ questionnaireId: m.questionnaireId, order: i + 1 })),
  }));
export type CreateBatchInput = z.input<typeof createBatchBody>;

export const specificationBody = z.strictObject({ specification: z.unknown() });

export const createCustomBody = z.strictObject({
  name: requiredText(L.customNameMax, messages.customQuestionnaireName),
  specification: z.unknown(),
});

/** The edit screen's save: only the changed texts (paragraphs already split on blank lines). */
export const patchQuestionnaireBody = z.strictObject({
  name: requiredText(L.customNameMax, messages.customQuestionnaireName).optional(),
  imageUrl: z.string().trim().max(2000).nullable().optional(),
  introductionText: z.array(z.string()).optional(),
  helpTexts: z.array(z.strictObject({ questionId: z.string().min(1), text: z.array(z.string()) })).optional(),
});
export type PatchQuestionnaireInput = z.input<typeof patchQuestionnaireBody>;

export const schemeSummarySchema = z.object({
  title: z.string(),
  questionCount: z.number().int(),
  sections: z.array(z.string()),
  helpTextCount: z.number().int(),
  branchingQuestionCount: z.number().int(),
  aggregateQuestionCount: z.number().int(),
  questionTypes: z.record(z.string(), z.number().int()),
});
export type SchemeSummary = z.infer<typeof schemeSummarySchema>;

export const outcomeMeasuresSchema = z.object({
  availableQuestionnaireTypes: z.array(z.enum(hardcodedQuestionnaireCodes)),
  /** Types used by a schedule of the program: they cannot be unselected. */
  activeTypes: z.array(z.enum(hardcodedQuestionnaireCodes)),
  /** Outcome measures apply only to programs created before 30 January 2025. */
  applies: z.boolean(),
});
export type OutcomeMeasures = z.infer<typeof outcomeMeasuresSchema>;

export const outcomeMeasuresBody = z.strictObject({
  availableQuestionnaireTypes: z
    .array(z.enum(hardcodedQuestionnaireCodes, { error: messages.schemeOneOf(hardcodedQuestionnaireCodes) }))
    .transform((list) => [...new Set(list)]),
});

const typeParams = projectParams.extend({ questionnaireTypeId: uuid });
const customParams = projectParams.extend({ questionnaireId: uuid });

export const questionnairesApi = {
  items: endpoint({
    method: "GET",
    path: `${base}/items`,
    summary: "The program's questionnaire catalogue: hardcoded and custom questionnaires, batches and plans, by name.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    response: z.array(questionnaireItemSchema),
  }),
  listByTypes: endpoint({
    method: "GET",
    path: base,
    summary: "The catalogue items of the given types (comma-separated), sorted alphabetically.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    query: listByTypesQuery,
    response: z.array(questionnaireItemSchema),
  }),
  plan: endpoint({
    method: "GET",
    path: `${base}/plans/:planId`,
    summary: "One plan with its members in order.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams.extend({ planId: uuid }),
    response: planSchema,
  }),
  batch: endpoint({
    method: "GET",
    path: `${base}/batches/:batchId`,
    summary: "One batch with its questionnaires in order.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams.extend({ batchId: uuid }),
    response: batchSchema,
  }),
  scheme: endpoint({
    method: "GET",
    path: `${base}/types/:questionnaireTypeId/scheme`,
    summary: "The questions of a questionnaire: the custom scheme, or the instrument's items and scales.",
    tags: ["questionnaires"],
    auth: true,
    params: typeParams,
    response: questionnaireSchemeSchema,
  }),
  patchType: endpoint({
    method: "PATCH",
    path: `${base}/types/:questionnaireTypeId`,
    summary: "Change a custom questionnaire's name, image, introduction or help texts (only the fields sent).",
    tags: ["questionnaires"],
    auth: true,
    params: typeParams,
    body: patchQuestionnaireBody,
    response: customQuestionnaireSchemaResponse,
  }),
  validate: endpoint({
    method: "POST",
    path: `${base}/validate`,
    summary: "Check a custom questionnaire JSON specification; 422 lists every problem by field.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    body: specificationBody,
    response: schemeSummarySchema,
  }),
  createCustom: endpoint({
    method: "POST",
    path: `${base}/custom`,
    summary: "Create a custom questionnaire from its name and JSON specification.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    body: createCustomBody,
    response: customQuestionnaireSchemaResponse,
    status: 201,
  }),
  updateCustom: endpoint({
    method: "PUT",
    path: `${base}/custom/:questionnaireId`,
    summary: "Replace a custom questionnaire's configuration; its questions (the transcript) must stay the same.",
    tags: ["questionnaires"],
    auth: true,
    params: customParams,
    body: specificationBody,
    response: customQuestionnaireSchemaResponse,
  }),
  deleteCustom: endpoint({
    method: "DELETE",
    path: `${base}/custom/:questionnaireId`,
    summary:
      "Delete a custom questionnaire. 409, naming where it is used, while it is in a batch, a plan or a schedule, or once it has been sent.",
    tags: ["questionnaires"],
    auth: true,
    params: customParams,
    response: emptyResponse,
    status: 204,
  }),
  createPlan: endpoint({
    method: "POST",
    path: `${base}/plans`,
    summary: "Create a questionnaire plan.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    body: createPlanBody,
    response: planSchema,
    status: 201,
  }),
  deletePlan: endpoint({
    method: "DELETE",
    path: `${base}/plans/:planId`,
    summary:
      "Delete a plan. 409, naming where it is used, while it is on a schedule or once it has sent a questionnaire.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams.extend({ planId: uuid }),
    response: emptyResponse,
    status: 204,
  }),
  createBatch: endpoint({
    method: "POST",
    path: `${base}/batches`,
    summary: "Create a questionnaire batch of 2 to 10 questionnaires.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    body: createBatchBody,
    response: batchSchema,
    status: 201,
  }),
  deleteBatch: endpoint({
    method: "DELETE",
    path: `${base}/batches/:batchId`,
    summary:
      "Delete a batch. 409, naming where it is used, while it is in a plan or on a schedule, or once it has sent a questionnaire.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams.extend({ batchId: uuid }),
    response: emptyResponse,
    status: 204,
  }),
  outcomeMeasures: endpoint({
    method: "GET",
    path: `${base}/outcome-measures`,
    summary: "The licensed instruments the program uses (outcome measures) and which of them are scheduled.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    response: outcomeMeasuresSchema,
  }),
  setOutcomeMeasures: endpoint({
    method: "PUT",
    path: `${base}/outcome-measures`,
    summary: "Choose the program's outcome measures; a scheduled type cannot be unselected.",
    tags: ["questionnaires"],
    auth: true,
    params: projectParams,
    body: outcomeMeasuresBody,
    response: outcomeMeasuresSchema,
  }),
} as const;
