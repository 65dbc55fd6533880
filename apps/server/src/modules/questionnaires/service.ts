import { readFileSync } from "node:fs";
import {
  type CreatePlan,
  type CustomQuestionnaire,
  type CustomQuestionnaireRecord,
  choiceQuestions,
  errorCodes,
  findItemWording,
  type HardcodedQuestionnaireCode,
  type HardcodedScheme,
  hardcodedQuestionnaireCodes,
  instrumentDeliverable,
  instruments,
  isChoiceQuestion,
  type LicensedWording,
  messages,
  type OutcomeMeasures,
  outcomeMeasuresApply,
  type PatchQuestionnaireInput,
  parseLicensedWording,
  type QuestionnaireBatch,
  type QuestionnaireItem,
  type QuestionnaireItemType,
  type QuestionnairePlan,
  type QuestionnaireScheme,
  questionnaireItemTypes,
  type SchemeProblem,
  type SchemeSummary,
  transcriptOf,
  unselectedActiveTypes,
  validateCustomQuestionnaire,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { AppError, conflict, type FieldError, notFound, unprocessable } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

/*
 * Reads other modules use (questionnaire delivery): plain functions of the database, no actor.
 * Callers have the program scope first (defineRoute, or inProgram).
 */

export interface QuestionnaireTypeRecord {
  id: string;
  programId: string | null;
  kind: "hardcoded" | "custom";
  code: HardcodedQuestionnaireCode | null;
  name: string;
  /** The parsed custom scheme; null for a licensed instrument. */
  specification: CustomQuestionnaire | null;
}

const toTypeRecord = (row: q.TypeRow): QuestionnaireTypeRecord => {
  const parsed = row.kind === "custom" ? validateCustomQuestionnaire(row.specification) : null;
  return {
    id: row.id,
    programId: row.programId,
    kind: row.kind,
    code: row.code,
    name: row.name,
    specification: parsed?.ok ? parsed.questionnaire : null,
  };
};

/** A questionnaire type the program may use (a licensed instrument or one of its custom ones), or null. */
export const getQuestionnaireType = async (
  db: Db,
  programId: string,
  id: string,
): Promise<QuestionnaireTypeRecord | null> => {
  const row = await q.findType(db, programId, id);
  return row ? toTypeRecord(row) : null;
};

const itemType = (row: { kind: string }): "questionnaire" | "hardcoded" =>
  row.kind === "hardcoded" ? "hardcoded" : "questionnaire";

/** One batch of the program with its questionnaires in order, or null. */
export const getBatch = async (db: Db, programId: string, id: string): Promise<QuestionnaireBatch | null> => {
  const row = await q.findBatch(db, programId, id);
  if (!row) return null;
  const members = await q.findBatchMembers(db, [row.id]);
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    members: members.map((m) => ({ id: m.id, name: m.name, order: m.memberOrder, type: itemType(m) })),
  };
};

const toPlanMember = (m: q.PlanMemberRow): QuestionnairePlan["members"][number] => ({
  order: m.memberOrder,
  memberType: m.memberType,
  questionnaireId: m.questionnaireTypeId,
  questionnaireBatchId: m.questionnaireBatchId,
  name: m.name,
  schedulingType: m.schedulingType,
  conditionType: m.conditionType,
  condition: m.condition,
  delay: m.delay,
  delayUnit: m.delayUnit,
  delayType: m.delayType,
  frequency: (m.frequency ?? "0") as QuestionnairePlan["members"][number]["frequency"],
  frequencyCustom: m.frequencyCustom,
  numberToSend: m.numberToSend,
  responseWindow: m.responseWindow,
  responseWindowUnit: m.responseWindowUnit,
});

/** One plan of the program with its members in order, or null. */
export const getPlan = async (db: Db, programId: string, id: string): Promise<QuestionnairePlan | null> => {
  const row = await q.findPlan(db, programId, id);
  if (!row) return null;
  const members = await q.findPlanMembers(db, row.id);
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), members: members.map(toPlanMember) };
};

/** The catalogue of a program: its items of the given types, sorted by name. */
export const listProgramItems = async (
  db: Db,
  programId: string,
  types: readonly QuestionnaireItemType[] = questionnaireItemTypes,
): Promise<QuestionnaireItem[]> =>
  (await q.findCatalogue(db, programId, types)).map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type as QuestionnaireItemType,
    code: (row.code as HardcodedQuestionnaireCode | null) ?? null,
  }));

/** The licensed instruments a live schedule of the program sends (they stay outcome measures). */
export const activeHardcodedCodes = async (db: Db, programId: string): Promise<HardcodedQuestionnaireCode[]> =>
  (await q.findActiveHardcodedCodes(db, programId)) as HardcodedQuestionnaireCode[];

/*
 * Licensed wording: read once at server start from LICENSED_WORDING_FILE (main.ts) into the app's
 * context; without it, screens show item codes and answer numbers, and the instrument is not
 * delivered to patients (instrumentDeliverable, HAZ-008).
 */

/** Reads and checks a licensed-wording file: the wording, or every problem as "path: detail". */
export const readLicensedWordingFile = (
  path: string,
): { ok: true; wording: LicensedWording } | { ok: false; problems: string[] } => {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return { ok: false, problems: [`(file): ${error instanceof Error ? error.message : "cannot be read"}`] };
  }
  return parseLicensedWording(json);
};

export const hardcodedScheme = (
  code: HardcodedQuestionnaireCode,
  licensedWording: LicensedWording | null | undefined,
): HardcodedScheme => {
  const instrument = instruments[code];
  const installed = instrumentDeliverable(licensedWording, code);
  return {
    code,
    version: instrument.version,
    licensedBy: instrument.licensedBy,
    licensedWordingInstalled: installed,
    items: instrument.items.map((item) => {
      const wording = installed ? findItemWording(licensedWording, code, item.code) : null;
      return {
        code: item.code,
        text: wording?.text ?? null,
        answers: item.scale.labels.map((l) => ({
          value: l.value,
          label: wording?.answers?.find((a) => a.value === l.value)?.label ?? l.label,
        })),
      };
    }),
  };
};

/* The API, for an actor. */

const schemeError = (problems: SchemeProblem[], prefix = "specification") =>
  new AppError(
    422,
    problems.length === 1 ? problems[0]!.message : messages.questionnaireFileRejected,
    errorCodes.validation,
    problems.map(
      (p): FieldError => ({
        field: p.field === "specification" ? prefix : `${prefix}.${p.field}`,
        message: p.message,
      }),
    ),
  );

const validSpecification = (spec: unknown): CustomQuestionnaire => {
  const result = validateCustomQuestionnaire(spec);
  if (!result.ok) throw schemeError(result.problems);
  return result.questionnaire;
};

const toCustomRecord = (row: q.TypeRow): CustomQuestionnaireRecord => ({
  id: row.id,
  name: row.name,
  type: "questionnaire",
  specification: row.specification,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const audit = (
  scope: RequestScope,
  action: string,
  programId: string,
  entityType: string,
  entityId: string,
  details?: Record<string, unknown>,
  db?: Db,
) =>
  scope.audit(
    { action: `questionnaires.${action}`, programId, entityType, entityId, ...(details ? { details } : {}) },
    db,
  );

export const listItems = async (scope: RequestScope, programId: string, types?: QuestionnaireItemType[]) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return listProgramItems(ctx.db, programId, types);
};

export const readPlan = async (scope: RequestScope, programId: string, planId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const plan = await getPlan(ctx.db, programId, planId);
  if (!plan) throw notFound(messages.planMissing);
  return plan;
};

export const readBatch = async (scope: RequestScope, programId: string, batchId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const batch = await getBatch(ctx.db, programId, batchId);
  if (!batch) throw notFound(messages.batchMissing);
  return batch;
};

export const readScheme = async (
  scope: RequestScope,
  programId: string,
  typeId: string,
): Promise<QuestionnaireScheme> => {
  const { ctx } = await inProgram(scope, programId);
  const row = await q.findType(ctx.db, programId, typeId);
  if (!row) throw notFound(messages.customQuestionnaireMissing);
  return row.kind === "hardcoded"
    ? {
        id: row.id,
        name: row.name,
        type: "hardcoded",
        specification: null,
        instrument: hardcodedScheme(row.code!, ctx.licensedWording),
      }
    : { id: row.id, name: row.name, type: "questionnaire", specification: row.specification, instrument: null };
};

/** What the review step shows before a questionnaire is created. */
export const summarise = (questionnaire: CustomQuestionnaire, fallbackTitle = ""): SchemeSummary => {
  const questionTypes: Record<string, number> = {};
  const sections: string[] = [];
  for (const question of questionnaire.questions) {
    questionTypes[question.type] = (questionTypes[question.type] ?? 0) + 1;
    const section = question.section === undefined ? "" : String(question.section);
    if (section && !sections.includes(section)) sections.push(section);
  }
  return {
    title: questionnaire.title ?? questionnaire.name ?? fallbackTitle,
    questionCount: questionnaire.questions.filter((x) => x.type !== "helpText").length,
    sections,
    helpTextCount: questionTypes.helpText ?? 0,
    branchingQuestionCount: questionnaire.questions.filter(
      (x) => isChoiceQuestion(x) && x.data.answers.some((a) => a.nextQuestion),
    ).length,
    aggregateQuestionCount: questionnaire.questions.filter((x) => x.includeInAggregate).length,
    questionTypes,
  };
};

export const validateSpecification = async (scope: RequestScope, programId: string, spec: unknown) => {
  await inProgram(scope, programId);
  return summarise(validSpecification(spec));
};

export const createCustom = async (
  scope: RequestScope,
  programId: string,
  body: { name: string; specification: unknown },
) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const questionnaire = validSpecification(body.specification);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    if (await q.nameTaken(trx, programId, "questionnaire", body.name))
      throw conflict(messages.questionnaireNameTaken, "name");
    const created = await q.insertCustomType(trx, {
      programId,
      name: body.name,
      specification: questionnaire,
      now: ctx.clock.now(),
    });
    await audit(scope, "create-custom", programId, "questionnaire-type", created.id, { name: body.name }, trx);
    return created;
  });
  return toCustomRecord(row);
};

/** A new configuration for an existing questionnaire: its questions (the transcript) stay as they are. */
export const updateCustom = async (scope: RequestScope, programId: string, id: string, spec: unknown) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const questionnaire = validSpecification(spec);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await q.lockCustomType(trx, programId, id);
    if (!current) throw notFound(messages.customQuestionnaireMissing);
    const before = validateCustomQuestionnaire(current.specification);
    if (before.ok && JSON.stringify(transcriptOf(before.questionnaire)) !== JSON.stringify(transcriptOf(questionnaire)))
      throw unprocessable([{ field: "specification.questions", message: messages.schemeTranscriptChanged }]);
    const updated = await q.updateCustomType(trx, programId, id, {
      specification: questionnaire,
      now: ctx.clock.now(),
    });
    await audit(scope, "update-custom", programId, "questionnaire-type", id, undefined, trx);
    return updated!;
  });
  return toCustomRecord(row);
};

/** The edit screen's save: name, image, introduction and help texts; only what was sent changes. */
export const patchType = async (scope: RequestScope, programId: string, id: string, body: PatchQuestionnaireInput) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const existing = await q.findType(trx, programId, id);
    if (!existing) throw notFound(messages.customQuestionnaireMissing);
    if (existing.kind === "hardcoded") throw new AppError(409, messages.questionnaireHardcodedReadOnly);
    const current = await q.lockCustomType(trx, programId, id);
    if (!current) throw notFound(messages.customQuestionnaireMissing);
    const parsed = validateCustomQuestionnaire(current.specification);
    if (!parsed.ok) throw schemeError(parsed.problems);
    const next: CustomQuestionnaire = structuredClone(parsed.questionnaire);
    if (body.imageUrl !== undefined) next.imageUrl = body.imageUrl;
    if (body.introductionText !== undefined)
      next.introductionText = body.introductionText.map((p) => p.trim()).filter(Boolean);
    const errors: FieldError[] = [];
    body.helpTexts?.forEach((change, i) => {
      const question = next.questions.find((x) => x.id === change.questionId);
      if (question?.type !== "helpText") {
        errors.push({
          field: `helpTexts.${i}.questionId`,
          message: messages.helpTextUnknown(change.questionId),
        });
        return;
      }
      const text = change.text.map((p) => p.trim()).filter(Boolean);
      if (text.length === 0) errors.push({ field: `helpTexts.${i}.text`, message: messages.schemeHelpTextEmpty });
      else question.data.text = text;
    });
    if (errors.length) throw unprocessable(errors);
    if (body.name !== undefined && (await q.nameTaken(trx, programId, "questionnaire", body.name, id)))
      throw conflict(messages.questionnaireNameTaken, "name");
    const updated = await q.updateCustomType(trx, programId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      specification: next,
      now: ctx.clock.now(),
    });
    await audit(scope, "patch-type", programId, "questionnaire-type", id, { fields: Object.keys(body) }, trx);
    return updated!;
  });
  return toCustomRecord(row);
};

export const createBatch = async (
  scope: RequestScope,
  programId: string,
  body: { name: string; members: { questionnaireId: string; order: number }[] },
) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const known = new Set(
      (
        await q.findTypes(
          trx,
          programId,
          body.members.map((m) => m.questionnaireId),
        )
      ).map((t) => t.id),
    );
    const errors = body.members.flatMap((m, i) =>
      known.has(m.questionnaireId)
        ? []
        : [{ field: `members.${i}.questionnaireId`, message: messages.questionnaireNotInProgram }],
    );
    if (errors.length) throw unprocessable(errors);
    if (await q.nameTaken(trx, programId, "batch", body.name)) throw conflict(messages.questionnaireNameTaken, "name");
    const row = await q.insertBatch(trx, { programId, name: body.name, members: body.members, now: ctx.clock.now() });
    await audit(scope, "create-batch", programId, "questionnaire-batch", row.id, { name: body.name }, trx);
    return row.id;
  });
  return (await getBatch(ctx.db, programId, id))!;
};

/**
 * The checks of a plan that need the catalogue: each member names a questionnaire or batch of the
 * program, and a question condition names a choice question of the previous questionnaire and one of
 * its answers.
 */
const planProblems = async (db: Db, programId: string, plan: CreatePlan): Promise<FieldError[]> => {
  const typeIds = plan.members.flatMap((m) => (m.questionnaireId ? [m.questionnaireId] : []));
  const batchIds = plan.members.flatMap((m) => (m.questionnaireBatchId ? [m.questionnaireBatchId] : []));
  const types = new Map((await q.findTypes(db, programId, typeIds)).map((t) => [t.id, t]));
  const batches = new Set((await q.findBatches(db, programId, batchIds)).map((b) => b.id));
  const errors: FieldError[] = [];
  plan.members.forEach((m, i) => {
    if (m.questionnaireId && !types.has(m.questionnaireId))
      errors.push({ field: `members.${i}.questionnaireId`, message: messages.questionnaireNotInProgram });
    if (m.questionnaireBatchId && !batches.has(m.questionnaireBatchId))
      errors.push({ field: `members.${i}.questionnaireBatchId`, message: messages.batchMissing });
    if (m.conditionType !== "question" || !m.condition) return;
    const previous = plan.members[i - 1];
    const previousType = previous?.questionnaireId ? types.get(previous.questionnaireId) : undefined;
    const field = `members.${i}.condition`;
    if (previousType?.kind !== "custom") {
      errors.push({ field: `${field}.questionId`, message: messages.planPreviousNotCustom });
      return;
    }
    const parsed = validateCustomQuestionnaire(previousType.specification);
    const questions = parsed.ok ? parsed.questionnaire.questions : [];
    const question = questions.find((x) => x.id === m.condition!.questionId);
    if (!question) {
      errors.push({ field: `${field}.questionId`, message: messages.planQuestionNotInPrevious });
      return;
    }
    if (question.type !== "choice") {
      errors.push({ field: `${field}.questionId`, message: messages.planQuestionNotChoice });
      return;
    }
    if (!question.data.answers.some((a) => String(a.value) === m.condition!.answer))
      errors.push({ field: `${field}.answer`, message: messages.planAnswerNotOption });
  });
  return errors;
};

export const createPlan = async (scope: RequestScope, programId: string, body: CreatePlan) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const errors = await planProblems(trx, programId, body);
    if (errors.length) throw unprocessable(errors);
    if (await q.nameTaken(trx, programId, "plan", body.name)) throw conflict(messages.questionnaireNameTaken, "name");
    const row = await q.insertPlan(trx, { programId, name: body.name, members: body.members, now: ctx.clock.now() });
    await audit(scope, "create-plan", programId, "questionnaire-plan", row.id, { name: body.name }, trx);
    return row.id;
  });
  return (await getPlan(ctx.db, programId, id))!;
};

/*
 * Deleting a custom questionnaire, a batch or a plan ("to change the transcript, delete and
 * recreate"). Refused with 409, naming every place it is used, while a live batch, plan or schedule
 * uses it; refused for good once it has sent a questionnaire (answers are never lost). Otherwise
 * marked deleted (removed schedules still name it) in one transaction with its audit entry. The
 * program row is locked first, as creating a batch, plan or schedule does, so no new use can slip
 * in between the check and the delete.
 */

type CatalogueKind = "questionnaire" | "batch" | "plan";

const refuseWhileUsed = (kind: CatalogueKind, name: string, use: q.ItemUse) => {
  const uses: string[] = [];
  if (use.batches.length) uses.push(messages.catalogueInBatches(use.batches));
  if (use.plans.length) uses.push(messages.catalogueInPlans(use.plans));
  if (use.programSchedules > 0) uses.push(messages.catalogueOnProgramSchedule);
  if (use.patients > 0) uses.push(messages.catalogueOnPatientSchedules(use.patients));
  if (use.events > 0) uses.push(messages.catalogueDelivered(use.events));
  if (uses.length) throw conflict(messages.catalogueInUse(kind, name, uses, use.events > 0));
};

export const deleteCustom = async (scope: RequestScope, programId: string, id: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const existing = await q.findType(trx, programId, id);
    if (!existing) throw notFound(messages.customQuestionnaireMissing);
    if (existing.kind === "hardcoded") throw conflict(messages.questionnaireHardcodedReadOnly);
    const row = await q.lockCustomType(trx, programId, id);
    if (!row) throw notFound(messages.customQuestionnaireMissing);
    refuseWhileUsed("questionnaire", row.name, await q.findTypeUse(trx, programId, id));
    await q.softDeleteType(trx, programId, id, ctx.clock.now());
    await audit(scope, "delete-custom", programId, "questionnaire-type", id, { name: row.name }, trx);
  });
  return null;
};

export const deleteBatch = async (scope: RequestScope, programId: string, id: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const row = await q.lockBatch(trx, programId, id);
    if (!row) throw notFound(messages.batchMissing);
    refuseWhileUsed("batch", row.name, await q.findBatchUse(trx, programId, id));
    await q.softDeleteBatch(trx, programId, id, ctx.clock.now());
    await audit(scope, "delete-batch", programId, "questionnaire-batch", id, { name: row.name }, trx);
  });
  return null;
};

export const deletePlan = async (scope: RequestScope, programId: string, id: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const row = await q.lockPlan(trx, programId, id);
    if (!row) throw notFound(messages.planMissing);
    refuseWhileUsed("plan", row.name, await q.findPlanUse(trx, programId, id));
    await q.softDeletePlan(trx, programId, id, ctx.clock.now());
    await audit(scope, "delete-plan", programId, "questionnaire-plan", id, { name: row.name }, trx);
  });
  return null;
};

/** The choice questions (and their answers) a plan condition may name, for a custom questionnaire. */
export const conditionQuestions = (questionnaire: CustomQuestionnaire) => choiceQuestions(questionnaire);

const outcomeMeasuresOf = async (db: Db, programId: string): Promise<OutcomeMeasures> => {
  const row = await q.findOutcomeMeasures(db, programId);
  if (!row) throw notFound();
  const known = new Set<string>(hardcodedQuestionnaireCodes);
  return {
    availableQuestionnaireTypes: row.availableQuestionnaireTypes.filter((c) =>
      known.has(c),
    ) as HardcodedQuestionnaireCode[],
    activeTypes: await activeHardcodedCodes(db, programId),
    applies: outcomeMeasuresApply(row.createdAt.toISOString()),
  };
};

export const getOutcomeMeasures = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return outcomeMeasuresOf(ctx.db, programId);
};

/** A type a live schedule sends cannot be unselected: one field error per such type. */
export const setOutcomeMeasures = async (
  scope: RequestScope,
  programId: string,
  types: HardcodedQuestionnaireCode[],
) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const current = await outcomeMeasuresOf(trx, programId);
    const refused = unselectedActiveTypes(current.availableQuestionnaireTypes, types, current.activeTypes);
    if (refused.length)
      throw unprocessable(
        refused.map((type) => ({
          field: "availableQuestionnaireTypes",
          message: messages.cannotUnselectActiveType(type),
        })),
      );
    const ordered = hardcodedQuestionnaireCodes.filter((c) => types.includes(c));
    await q.updateOutcomeMeasures(trx, programId, ordered);
    await audit(
      scope,
      "outcome-measures",
      programId,
      "program",
      programId,
      { availableQuestionnaireTypes: ordered },
      trx,
    );
  });
  return outcomeMeasuresOf(ctx.db, programId);
};
