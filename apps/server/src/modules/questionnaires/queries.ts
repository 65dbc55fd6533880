import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/** Types a program may use: the licensed instruments (no program) and its own live custom ones. */
const typesOfProgram = (db: Db, programId: string) =>
  db
    .selectFrom("questionnaireTypes")
    .where("deletedAt", "is", null)
    .where((eb) => eb.or([eb("programId", "=", programId), eb("programId", "is", null)]));

/**
 * The whole catalogue of a program, one row per item, sorted by name in the database
 * (case-insensitive, then by id so the order is stable).
 */
export const findCatalogue = (db: Db, programId: string, types: readonly string[]) => {
  const wantTypes = new Set(types);
  const types_ = typesOfProgram(db, programId).select([
    "id",
    "name",
    sql<string>`CASE WHEN kind = 'hardcoded' THEN 'hardcoded' ELSE 'questionnaire' END`.as("type"),
    sql<string | null>`code`.as("code"),
  ]);
  const batches = db
    .selectFrom("questionnaireBatches")
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .select(["id", "name", sql<string>`'batch'`.as("type"), sql<string | null>`NULL::text`.as("code")]);
  const plans = db
    .selectFrom("questionnairePlans")
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .select(["id", "name", sql<string>`'plan'`.as("type"), sql<string | null>`NULL::text`.as("code")]);
  return db
    .selectFrom(types_.unionAll(batches).unionAll(plans).as("items"))
    .selectAll()
    .where("type", "in", [...wantTypes])
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
};

export const findType = (db: Db, programId: string, id: string) =>
  typesOfProgram(db, programId).selectAll().where("id", "=", id).executeTakeFirst();

export type TypeRow = NonNullable<Awaited<ReturnType<typeof findType>>>;

/** Several types of the program at once (batch and plan members). */
export const findTypes = (db: Db, programId: string, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : typesOfProgram(db, programId).selectAll().where("id", "in", ids).execute();

export const insertCustomType = (db: Db, row: { programId: string; name: string; specification: unknown; now: Date }) =>
  db
    .insertInto("questionnaireTypes")
    .values({
      programId: row.programId,
      kind: "custom",
      code: null,
      name: row.name,
      specification: JSON.stringify(row.specification),
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Only a custom type of this program; the licensed ones are never changed. */
export const updateCustomType = (
  db: Db,
  programId: string,
  id: string,
  change: { name?: string; specification?: unknown; now: Date },
) =>
  db
    .updateTable("questionnaireTypes")
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.specification !== undefined ? { specification: JSON.stringify(change.specification) } : {}),
      updatedAt: change.now,
    })
    .where("programId", "=", programId)
    .where("id", "=", id)
    .where("kind", "=", "custom")
    .where("deletedAt", "is", null)
    .returningAll()
    .executeTakeFirst();

/** Rows locked so two edits of one questionnaire do not lose each other's changes. */
export const lockCustomType = (db: Db, programId: string, id: string) =>
  db
    .selectFrom("questionnaireTypes")
    .selectAll()
    .where("programId", "=", programId)
    .where("id", "=", id)
    .where("kind", "=", "custom")
    .where("deletedAt", "is", null)
    .forUpdate()
    .executeTakeFirst();

/** A live batch or plan of the program (a catalogue row of its own, deleted ones excluded). */
const liveCatalogueRow = (
  db: Db,
  table: "questionnaireBatches" | "questionnairePlans",
  programId: string,
  id: string,
) =>
  db
    .selectFrom(table)
    .selectAll()
    .where("programId", "=", programId)
    .where("id", "=", id)
    .where("deletedAt", "is", null);

export const findBatch = (db: Db, programId: string, batchId: string) =>
  liveCatalogueRow(db, "questionnaireBatches", programId, batchId).executeTakeFirst();

export const findBatchMembers = (db: Db, batchIds: readonly string[]) =>
  batchIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("questionnaireBatchMembers as m")
        .innerJoin("questionnaireTypes as t", "t.id", "m.questionnaireTypeId")
        .select(["m.batchId", "m.memberOrder", "t.id", "t.name", "t.kind"])
        .where("m.batchId", "in", batchIds)
        .orderBy("m.batchId")
        .orderBy("m.memberOrder")
        .execute();

export const findBatches = (db: Db, programId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("questionnaireBatches")
        .selectAll()
        .where("programId", "=", programId)
        .where("id", "in", ids)
        .where("deletedAt", "is", null)
        .execute();

export const insertBatch = async (
  db: Db,
  batch: { programId: string; name: string; now: Date; members: { questionnaireId: string; order: number }[] },
) => {
  const row = await db
    .insertInto("questionnaireBatches")
    .values({ programId: batch.programId, name: batch.name, createdAt: batch.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("questionnaireBatchMembers")
    .values(
      batch.members.map((m) => ({ batchId: row.id, questionnaireTypeId: m.questionnaireId, memberOrder: m.order })),
    )
    .execute();
  return row;
};

export const findPlan = (db: Db, programId: string, planId: string) =>
  liveCatalogueRow(db, "questionnairePlans", programId, planId).executeTakeFirst();

/** A plan's members with the name of the questionnaire or batch each one sends. */
export const findPlanMembers = (db: Db, planId: string) =>
  db
    .selectFrom("questionnairePlanMembers as m")
    .leftJoin("questionnaireTypes as t", "t.id", "m.questionnaireTypeId")
    .leftJoin("questionnaireBatches as b", "b.id", "m.questionnaireBatchId")
    .selectAll("m")
    .select(sql<string>`coalesce(t.name, b.name, '')`.as("name"))
    .where("m.planId", "=", planId)
    .orderBy("m.memberOrder")
    .execute();

export type PlanMemberRow = Awaited<ReturnType<typeof findPlanMembers>>[number];

export interface NewPlanMember {
  order: number;
  memberType: "questionnaire" | "batch";
  questionnaireId: string | null;
  questionnaireBatchId: string | null;
  schedulingType: "delay" | "delay_with_condition" | null;
  conditionType: "always" | "completion" | "question";
  condition: { questionId: string; answer: string } | null;
  delay: number;
  delayUnit: "days" | "weeks" | "months";
  delayType: "from_completion" | "from_delivery" | null;
  frequency: string;
  frequencyCustom: number | null;
  numberToSend: number;
  responseWindow: number;
  responseWindowUnit: "days" | "weeks" | "months";
}

export const insertPlan = async (
  db: Db,
  plan: { programId: string; name: string; now: Date; members: NewPlanMember[] },
) => {
  const row = await db
    .insertInto("questionnairePlans")
    .values({ programId: plan.programId, name: plan.name, createdAt: plan.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("questionnairePlanMembers")
    .values(
      plan.members.map((m) => ({
        planId: row.id,
        memberOrder: m.order,
        memberType: m.memberType,
        questionnaireTypeId: m.questionnaireId,
        questionnaireBatchId: m.questionnaireBatchId,
        schedulingType: m.schedulingType,
        conditionType: m.conditionType,
        condition: m.condition ? JSON.stringify(m.condition) : null,
        delay: m.delay,
        delayUnit: m.delayUnit,
        delayType: m.delayType,
        frequency: m.frequency,
        frequencyCustom: m.frequencyCustom,
        numberToSend: m.numberToSend,
        responseWindow: m.responseWindow,
        responseWindowUnit: m.responseWindowUnit,
      })),
    )
    .execute();
  return row;
};

export const findOutcomeMeasures = (db: Db, programId: string) =>
  db
    .selectFrom("programs")
    .select(["availableQuestionnaireTypes", "createdAt"])
    .where("id", "=", programId)
    .executeTakeFirst();

export const updateOutcomeMeasures = (db: Db, programId: string, types: readonly string[]) =>
  db
    .updateTable("programs")
    .set({ availableQuestionnaireTypes: [...types] })
    .where("id", "=", programId)
    .execute();

/**
 * The licensed instruments a live schedule of the program sends, directly, in a batch, or in a
 * plan (itself or through a batch). The schedules table belongs to questionnaire delivery
 * (migration 0011); where it does not exist yet, nothing is active.
 */
export const findActiveHardcodedCodes = async (db: Db, programId: string): Promise<string[]> => {
  const exists = await sql<{
    present: boolean;
  }>`SELECT to_regclass('questionnaire_schedules') IS NOT NULL AS present`.execute(db);
  if (!exists.rows[0]?.present) return [];
  const result = await sql<{ code: string }>`
    WITH live AS (
      SELECT questionnaire_type_id, questionnaire_batch_id, questionnaire_plan_id
      FROM questionnaire_schedules
      WHERE program_id = ${programId} AND deleted_at IS NULL
    ),
    plan_parts AS (
      SELECT pm.questionnaire_type_id, pm.questionnaire_batch_id
      FROM questionnaire_plan_members pm JOIN live ON live.questionnaire_plan_id = pm.plan_id
    ),
    type_ids AS (
      SELECT questionnaire_type_id AS id FROM live WHERE questionnaire_type_id IS NOT NULL
      UNION SELECT questionnaire_type_id FROM plan_parts WHERE questionnaire_type_id IS NOT NULL
      UNION SELECT bm.questionnaire_type_id FROM questionnaire_batch_members bm
        WHERE bm.batch_id IN (SELECT questionnaire_batch_id FROM live WHERE questionnaire_batch_id IS NOT NULL
                              UNION SELECT questionnaire_batch_id FROM plan_parts WHERE questionnaire_batch_id IS NOT NULL)
    )
    SELECT DISTINCT t.code FROM questionnaire_types t JOIN type_ids ON type_ids.id = t.id
    WHERE t.code IS NOT NULL ORDER BY t.code`.execute(db);
  return result.rows.map((r) => r.code);
};

/** A name already used by a live item of the same kind in the program (case-insensitive). */
export const nameTaken = async (
  db: Db,
  programId: string,
  kind: "questionnaire" | "batch" | "plan",
  name: string,
  exceptId?: string,
) => {
  const table =
    kind === "questionnaire" ? "questionnaireTypes" : kind === "batch" ? "questionnaireBatches" : "questionnairePlans";
  let query = db
    .selectFrom(table)
    .select("id")
    .where("programId", "=", programId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where(sql<boolean>`deleted_at IS NULL`);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return !!(await query.executeTakeFirst());
};

/** Serialises catalogue changes of one program (name checks hold under concurrent creates). */
export const lockProgram = async (db: Db, programId: string): Promise<boolean> =>
  !!(await db.selectFrom("programs").select("id").where("id", "=", programId).forUpdate().executeTakeFirst());

/*
 * Deleting a catalogue item: where it is still used. Live batches, plans and schedules name it;
 * delivered events (of any schedule, removed ones too) hold answers that must never be lost.
 */

export interface ItemUse {
  batches: string[];
  plans: string[];
  /** Live program-level schedules that send it. */
  programSchedules: number;
  /** Patients with a live schedule of their own that sends it. */
  patients: number;
  /** Questionnaires already sent from it. */
  events: number;
}

const namesOf = async (query: Promise<{ name: string }[]>) => (await query).map((r) => r.name);

const scheduleUse = async (
  db: Db,
  programId: string,
  column: "questionnaireTypeId" | "questionnaireBatchId" | "questionnairePlanId",
  id: string,
) => {
  const row = await db
    .selectFrom("questionnaireSchedules")
    .select([
      sql<number>`count(*) FILTER (WHERE patient_id IS NULL)::int`.as("programSchedules"),
      sql<number>`count(DISTINCT patient_id)::int`.as("patients"),
    ])
    .where("programId", "=", programId)
    .where(column, "=", id)
    .where("deletedAt", "is", null)
    .executeTakeFirstOrThrow();
  return { programSchedules: row.programSchedules, patients: row.patients };
};

/** Names of the program's live plans with a step that sends this questionnaire or batch. */
const plansSending = (db: Db, programId: string, column: "questionnaireTypeId" | "questionnaireBatchId", id: string) =>
  namesOf(
    db
      .selectFrom("questionnairePlans as p")
      .select("p.name")
      .where("p.programId", "=", programId)
      .where("p.deletedAt", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("questionnairePlanMembers as m")
            .select("m.planId")
            .whereRef("m.planId", "=", "p.id")
            .where(`m.${column}`, "=", id),
        ),
      )
      .orderBy(sql`lower(p.name)`)
      .execute(),
  );

const countEvents = async (db: Db, query: RawBuilder<{ n: number }>) => (await query.execute(db)).rows[0]?.n ?? 0;

export const findTypeUse = async (db: Db, programId: string, typeId: string): Promise<ItemUse> => ({
  batches: await namesOf(
    db
      .selectFrom("questionnaireBatchMembers as m")
      .innerJoin("questionnaireBatches as b", "b.id", "m.batchId")
      .select("b.name")
      .where("m.questionnaireTypeId", "=", typeId)
      .where("b.programId", "=", programId)
      .where("b.deletedAt", "is", null)
      .orderBy(sql`lower(b.name)`)
      .execute(),
  ),
  plans: await plansSending(db, programId, "questionnaireTypeId", typeId),
  ...(await scheduleUse(db, programId, "questionnaireTypeId", typeId)),
  events: await countEvents(
    db,
    sql<{ n: number }>`SELECT count(*)::int AS n FROM questionnaire_events
      WHERE program_id = ${programId} AND questionnaire_type_id = ${typeId}`,
  ),
});

export const findBatchUse = async (db: Db, programId: string, batchId: string): Promise<ItemUse> => ({
  batches: [],
  plans: await plansSending(db, programId, "questionnaireBatchId", batchId),
  ...(await scheduleUse(db, programId, "questionnaireBatchId", batchId)),
  // Sent by a schedule of the batch, or by a plan step that sends the batch.
  events: await countEvents(
    db,
    sql<{ n: number }>`SELECT count(*)::int AS n FROM questionnaire_events e
      JOIN questionnaire_schedules s ON s.id = e.schedule_id
      WHERE s.program_id = ${programId} AND (s.questionnaire_batch_id = ${batchId} OR EXISTS (
        SELECT 1 FROM questionnaire_plan_members m
        WHERE m.plan_id = s.questionnaire_plan_id AND m.member_order = e.plan_member_order
          AND m.questionnaire_batch_id = ${batchId}))`,
  ),
});

export const findPlanUse = async (db: Db, programId: string, planId: string): Promise<ItemUse> => ({
  batches: [],
  plans: [],
  ...(await scheduleUse(db, programId, "questionnairePlanId", planId)),
  events: await countEvents(
    db,
    sql<{ n: number }>`SELECT count(*)::int AS n FROM questionnaire_events e
      JOIN questionnaire_schedules s ON s.id = e.schedule_id
      WHERE s.program_id = ${programId} AND s.questionnaire_plan_id = ${planId}`,
  ),
});

export const lockBatch = (db: Db, programId: string, id: string) =>
  liveCatalogueRow(db, "questionnaireBatches", programId, id).forUpdate().executeTakeFirst();

export const lockPlan = (db: Db, programId: string, id: string) =>
  liveCatalogueRow(db, "questionnairePlans", programId, id).forUpdate().executeTakeFirst();

export const softDeleteType = (db: Db, programId: string, id: string, at: Date) =>
  db
    .updateTable("questionnaireTypes")
    .set({ deletedAt: at })
    .where("programId", "=", programId)
    .where("id", "=", id)
    .where("kind", "=", "custom")
    .execute();

export const softDeleteBatch = (db: Db, programId: string, id: string, at: Date) =>
  db
    .updateTable("questionnaireBatches")
    .set({ deletedAt: at })
    .where("programId", "=", programId)
    .where("id", "=", id)
    .execute();

export const softDeletePlan = (db: Db, programId: string, id: string, at: Date) =>
  db
    .updateTable("questionnairePlans")
    .set({ deletedAt: at })
    .where("programId", "=", programId)
    .where("id", "=", id)
    .execute();
