import { type Insertable, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { QuestionnaireEventsTable, QuestionnaireSchedulesTable } from "../../db/schema.js";

/**
 * The SQL of questionnaire delivery: schedules, the engine's reads and writes, the questionnaires
 * sent and their answers. The catalogue (types, batches, plans) belongs to the questionnaires
 * module; it is read here through plain selects on its tables, scoped to the program.
 */

// ---------------------------------------------------------------------------------------------
// The catalogue, as scheduling needs it

export interface TypeRow {
  id: string;
  programId: string | null;
  kind: "hardcoded" | "custom";
  code: "EQ5D" | "BN20" | "QLQC30" | "FACTG" | null;
  name: string;
  specification: unknown;
}

/** A questionnaire type the program may send: a licensed instrument or one of its own custom ones. */
export const findProgramType = (db: Db, programId: string, id: string): Promise<TypeRow | undefined> =>
  db
    .selectFrom("questionnaireTypes")
    .select(["id", "programId", "kind", "code", "name", "specification"])
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .where((eb) => eb.or([eb("programId", "=", programId), eb("programId", "is", null)]))
    .executeTakeFirst();

export const findTypes = async (db: Db, ids: readonly string[]): Promise<TypeRow[]> =>
  ids.length === 0
    ? []
    : db
        .selectFrom("questionnaireTypes")
        .select(["id", "programId", "kind", "code", "name", "specification"])
        .where("id", "in", [...ids])
        .execute();

export const findProgramBatch = (db: Db, programId: string, id: string) =>
  db
    .selectFrom("questionnaireBatches")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();

export const findProgramPlan = (db: Db, programId: string, id: string) =>
  db
    .selectFrom("questionnairePlans")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();

/**
 * Holds the program's catalogue still while a schedule is written: deleting a questionnaire, batch
 * or plan locks the program row for update, so it waits for this transaction (or this one waits for
 * it and then no longer finds the deleted item).
 */
export const shareProgram = (db: Db, programId: string) =>
  db.selectFrom("programs").select("id").where("id", "=", programId).forShare().executeTakeFirst();

export interface BatchMemberRow {
  batchId: string;
  questionnaireTypeId: string;
  memberOrder: number;
  name: string;
}

export const findBatchMembers = async (db: Db, batchIds: readonly string[]): Promise<BatchMemberRow[]> =>
  batchIds.length === 0
    ? []
    : db
        .selectFrom("questionnaireBatchMembers as m")
        .innerJoin("questionnaireTypes as t", "t.id", "m.questionnaireTypeId")
        .select(["m.batchId", "m.questionnaireTypeId", "m.memberOrder", "t.name"])
        .where("m.batchId", "in", [...batchIds])
        .orderBy("m.batchId")
        .orderBy("m.memberOrder")
        .execute();

export const findPlanMembers = async (db: Db, planIds: readonly string[]) =>
  planIds.length === 0
    ? []
    : db
        .selectFrom("questionnairePlanMembers as m")
        .leftJoin("questionnaireTypes as t", "t.id", "m.questionnaireTypeId")
        .leftJoin("questionnaireBatches as b", "b.id", "m.questionnaireBatchId")
        .select([
          "m.planId",
          "m.memberOrder",
          "m.memberType",
          "m.questionnaireTypeId",
          "m.questionnaireBatchId",
          "m.schedulingType",
          "m.conditionType",
          "m.condition",
          "m.delay",
          "m.delayUnit",
          "m.delayType",
          "m.frequency",
          "m.frequencyCustom",
          "m.numberToSend",
          "m.responseWindow",
          "m.responseWindowUnit",
          sql<string>`coalesce(t.name, b.name, '')`.as("name"),
        ])
        .where("m.planId", "in", [...planIds])
        .orderBy("m.planId")
        .orderBy("m.memberOrder")
        .execute();
export type PlanMemberRow = Awaited<ReturnType<typeof findPlanMembers>>[number];

// ---------------------------------------------------------------------------------------------
// Patients

export const findEnrolment = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("programPatients as pp")
    .innerJoin("users as u", "u.id", "pp.userId")
    .select([
      "pp.userId",
      "pp.programId",
      "pp.status",
      "pp.consentGiven",
      "pp.dateConsentGiven",
      "pp.inviteAcceptedAt",
      "pp.firstName",
      "pp.lastName",
      "u.email",
    ])
    .where("pp.programId", "=", programId)
    .where("pp.userId", "=", userId)
    .executeTakeFirst();
export type EnrolmentRow = NonNullable<Awaited<ReturnType<typeof findEnrolment>>>;

// ---------------------------------------------------------------------------------------------
// Schedules

export type ScheduleRow = Awaited<ReturnType<typeof findSchedulesOf>>[number];

const scheduleColumns = [
  "id",
  "programId",
  "patientId",
  "itemType",
  "scheduleType",
  "questionnaireTypeId",
  "questionnaireBatchId",
  "questionnairePlanId",
  "name",
  "description",
  "frequency",
  "numberToSend",
  "responseWindow",
  "startDay",
  "startDate",
  "instructionsForPatient",
  "deferredMemberOrder",
  "deferredTo",
  "createdAt",
] as const;

export const insertSchedule = (db: Db, row: Insertable<QuestionnaireSchedulesTable>) =>
  db.insertInto("questionnaireSchedules").values(row).returning(scheduleColumns).executeTakeFirstOrThrow();

/** The program-level schedule (patientId null), or a patient's whole schedule (program level + their own). */
export const findSchedulesOf = (db: Db, programId: string, patientId: string | null) =>
  db
    .selectFrom("questionnaireSchedules")
    .select(scheduleColumns)
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .where((eb) =>
      patientId ? eb.or([eb("patientId", "is", null), eb("patientId", "=", patientId)]) : eb("patientId", "is", null),
    )
    .orderBy("createdAt")
    .orderBy("id")
    .execute();

export const findSchedule = (db: Db, programId: string, id: string) =>
  db
    .selectFrom("questionnaireSchedules")
    .select(scheduleColumns)
    .where("programId", "=", programId)
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .executeTakeFirst();

export const softDeleteSchedule = (db: Db, id: string, at: Date) =>
  db.updateTable("questionnaireSchedules").set({ deletedAt: at }).where("id", "=", id).execute();

export const setDeferral = (db: Db, id: string, memberOrder: number, to: string) =>
  db
    .updateTable("questionnaireSchedules")
    .set({ deferredMemberOrder: memberOrder, deferredTo: to })
    .where("id", "=", id)
    .execute();

/** How many distinct sends (a batch counts once) each schedule has made, for one patient or for all. */
export const countSends = async (db: Db, scheduleIds: readonly string[], patientId: string | null) => {
  if (scheduleIds.length === 0) return new Map<string, number>();
  let query = db
    .selectFrom("questionnaireEvents")
    .select(["scheduleId", sql<number>`count(DISTINCT (patient_id, plan_member_order, occurrence))::int`.as("sends")])
    .where("scheduleId", "in", [...scheduleIds]);
  if (patientId) query = query.where("patientId", "=", patientId);
  const rows = await query.groupBy("scheduleId").execute();
  return new Map(rows.map((r) => [r.scheduleId, r.sends]));
};

// ---------------------------------------------------------------------------------------------
// The engine

/** Opened questionnaires whose window closed without a single answer are missed. */
export const closeExpired = async (db: Db, now: Date): Promise<number> => {
  const result = await db
    .updateTable("questionnaireEvents")
    .set({ state: "MISSED" })
    .where("state", "=", "DUE")
    .where("windowClosesAt", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export interface DeliveryTarget {
  scheduleId: string;
  patientId: string;
  programId: string;
  consentDate: string;
}

/** Open programs with at least one live schedule: the ones the engine visits. */
export const findDeliveryPrograms = async (db: Db, today: string): Promise<string[]> =>
  (
    await db
      .selectFrom("questionnaireSchedules as s")
      .innerJoin("programs as p", "p.id", "s.programId")
      .select("s.programId")
      .distinct()
      .where("s.deletedAt", "is", null)
      .where("p.endedAt", "is", null)
      .where((eb) => eb.or([eb("p.endDate", "is", null), eb("p.endDate", ">=", today)]))
      .orderBy("s.programId")
      .execute()
  ).map((r) => r.programId);

/** Every live schedule of a program: program level and each patient's own. */
export const findLiveSchedules = (db: Db, programId: string) =>
  db
    .selectFrom("questionnaireSchedules")
    .select(scheduleColumns)
    .where("programId", "=", programId)
    .where("deletedAt", "is", null)
    .orderBy("id")
    .execute();

/** A page of a program's consented patients, by user id after `after` (the (program, user) index). */
export const findConsentedPatients = (db: Db, programId: string, after: string | null, limit: number) => {
  let query = db
    .selectFrom("programPatients")
    .select(["userId", sql<string>`to_char(date_consent_given AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as("consentDate")])
    .where("programId", "=", programId)
    .where("status", "=", "CONSENTED")
    .where("consentGiven", "=", true)
    .where("dateConsentGiven", "is not", null);
  if (after) query = query.where("userId", ">", after);
  return query.orderBy("userId").limit(limit).execute();
};

export interface EventProgressRow {
  scheduleId: string;
  patientId: string;
  planMemberOrder: number;
  occurrence: number;
  dueDate: string;
  state: QuestionnaireEventsTable["state"];
  windowClosesAt: Date;
  completedAt: Date | null;
  eventId: string;
}

/**
 * The last send of every (schedule, patient, plan member) among the pairs: where each one stands.
 * One row per send (the first batch member stands for its batch).
 */
export const findLastSends = async (
  db: Db,
  pairs: readonly { scheduleId: string; patientId: string }[],
): Promise<EventProgressRow[]> => {
  if (pairs.length === 0) return [];
  const scheduleIds = [...new Set(pairs.map((p) => p.scheduleId))];
  const patientIds = [...new Set(pairs.map((p) => p.patientId))];
  const rows = await db
    .selectFrom("questionnaireEvents")
    .select([
      "scheduleId",
      "patientId",
      "planMemberOrder",
      "occurrence",
      "dueDate",
      "state",
      "windowClosesAt",
      "completedAt",
      "id as eventId",
    ])
    .distinctOn(["scheduleId", "patientId", "planMemberOrder"])
    .where("scheduleId", "in", scheduleIds)
    .where("patientId", "in", patientIds)
    .orderBy("scheduleId")
    .orderBy("patientId")
    .orderBy("planMemberOrder")
    .orderBy("occurrence", "desc")
    .orderBy("batchMemberOrder")
    .execute();
  return rows as EventProgressRow[];
};

export const findAnswersOfEvents = async (db: Db, eventIds: readonly string[]) =>
  eventIds.length === 0
    ? []
    : db
        .selectFrom("questionnaireAnswers")
        .select(["eventId", "questionId", "value", "skipped"])
        .where("eventId", "in", [...eventIds])
        .execute();

export type NewEvent = Insertable<QuestionnaireEventsTable>;

/** Inserts the sends; a key that exists already (another run got there first) is left alone. */
export const insertEvents = async (db: Db, rows: readonly NewEvent[]) =>
  rows.length === 0
    ? []
    : db
        .insertInto("questionnaireEvents")
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(["scheduleId", "patientId", "planMemberOrder", "occurrence", "batchMemberOrder"]).doNothing(),
        )
        .returning(["id", "patientId", "programId", "state", "questionnaireTypeId"])
        .execute();

/** Claims the reminders due now; a row claimed by one process is not claimed by another. */
export const claimReminders = (db: Db, now: Date, limit: number) =>
  db
    .updateTable("questionnaireEvents")
    .set({ remindedAt: now })
    .where(
      "id",
      "in",
      db
        .selectFrom("questionnaireEvents")
        .select("id")
        .where("remindedAt", "is", null)
        .where("state", "in", ["DUE", "IN_PROGRESS"])
        .where("remindAt", "<=", now)
        .where("windowClosesAt", ">", now)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where("remindedAt", "is", null)
    .returning(["id", "patientId", "programId", "questionnaireTypeId"])
    .execute();

export const findRecipients = async (db: Db, pairs: readonly { patientId: string; programId: string }[]) => {
  if (pairs.length === 0) return [];
  return db
    .selectFrom("programPatients as pp")
    .innerJoin("users as u", "u.id", "pp.userId")
    .innerJoin("programs as p", "p.id", "pp.programId")
    .select([
      "pp.userId",
      "pp.programId",
      "pp.firstName",
      "u.email",
      "u.questionnaireReminders",
      "u.language",
      "p.territory",
      sql<string>`coalesce(p.patient_program_name, p.name)`.as("programName"),
    ])
    .where("pp.userId", "in", [...new Set(pairs.map((p) => p.patientId))])
    .where("pp.programId", "in", [...new Set(pairs.map((p) => p.programId))])
    .execute();
};

// ---------------------------------------------------------------------------------------------
// Questionnaires sent, and their answers

export const eventColumns = [
  "e.id",
  "e.programId",
  "e.patientId",
  "e.scheduleId",
  "e.questionnaireTypeId",
  "e.planMemberOrder",
  "e.occurrence",
  "e.batchMemberOrder",
  "e.dueDate",
  "e.windowClosesAt",
  "e.state",
  "e.answeredCount",
  "e.questionCount",
  "e.startedAt",
  "e.completedAt",
  "e.submitClientId",
  "e.scores",
  "t.name",
  "t.kind",
  "t.code",
] as const;

const eventsOf = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("questionnaireEvents as e")
    .innerJoin("questionnaireTypes as t", "t.id", "e.questionnaireTypeId")
    .where("e.programId", "=", programId)
    .where("e.patientId", "=", patientId);

export const findEventsPage = async (
  db: Db,
  programId: string,
  patientId: string,
  options: { typeId?: string; page: number; perPage: number; today: string },
) => {
  let base = eventsOf(db, programId, patientId).where("e.dueDate", "<=", options.today);
  if (options.typeId) base = base.where("e.questionnaireTypeId", "=", options.typeId);
  const [rows, total] = await Promise.all([
    base
      .select(eventColumns)
      .orderBy("e.dueDate", "desc")
      .orderBy("e.createdAt", "desc")
      .orderBy("e.batchMemberOrder")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};
export type EventRow = Awaited<ReturnType<typeof findEventsPage>>["rows"][number];

export const findEventsBetween = (db: Db, programId: string, patientId: string, from: string, to: string) =>
  eventsOf(db, programId, patientId)
    .select(eventColumns)
    .where("e.dueDate", ">=", from)
    .where("e.dueDate", "<=", to)
    .orderBy("e.dueDate")
    .orderBy("e.batchMemberOrder")
    .execute();

/** The patient's questionnaires for the app: open now, and the last 100 past ones. */
export const findPatientEvents = (db: Db, programId: string, patientId: string, today: string) =>
  eventsOf(db, programId, patientId)
    .select(eventColumns)
    .where("e.dueDate", "<=", today)
    .orderBy("e.dueDate", "desc")
    .orderBy("e.batchMemberOrder")
    .limit(200)
    .execute();

export const findEvent = (db: Db, programId: string, patientId: string, eventId: string) =>
  eventsOf(db, programId, patientId).select(eventColumns).where("e.id", "=", eventId).executeTakeFirst();

/** Locks the event for an answer save (two saves of one questionnaire go one after the other). */
export const lockEvent = (db: Db, eventId: string) =>
  db
    .selectFrom("questionnaireEvents")
    .select(["id", "state", "submitClientId"])
    .where("id", "=", eventId)
    .forUpdate()
    .executeTakeFirst();

export const findInstructions = (db: Db, scheduleId: string) =>
  db
    .selectFrom("questionnaireSchedules")
    .select("instructionsForPatient")
    .where("id", "=", scheduleId)
    .executeTakeFirst();

export const findAnswers = (db: Db, eventId: string) =>
  db
    .selectFrom("questionnaireAnswers")
    .select(["questionId", "value", "skipped", "answeredAt"])
    .where("eventId", "=", eventId)
    .execute();

export const upsertAnswers = async (
  db: Db,
  rows: readonly {
    eventId: string;
    programId: string;
    patientId: string;
    questionId: string;
    value: unknown;
    skipped: boolean;
    answeredAt: Date;
  }[],
) => {
  if (rows.length === 0) return;
  await db
    .insertInto("questionnaireAnswers")
    .values(
      rows.map((r) => ({ ...r, value: r.value === null || r.value === undefined ? null : JSON.stringify(r.value) })),
    )
    .onConflict((oc) =>
      oc.columns(["eventId", "questionId"]).doUpdateSet((eb) => ({
        value: eb.ref("excluded.value"),
        skipped: eb.ref("excluded.skipped"),
        answeredAt: eb.ref("excluded.answeredAt"),
      })),
    )
    .execute();
};

export const deleteAnswers = async (db: Db, eventId: string, questionIds: readonly string[]) => {
  if (questionIds.length === 0) return;
  await db
    .deleteFrom("questionnaireAnswers")
    .where("eventId", "=", eventId)
    .where("questionId", "in", [...questionIds])
    .execute();
};

export const updateEventProgress = (
  db: Db,
  eventId: string,
  set: {
    state: QuestionnaireEventsTable["state"];
    answeredCount: number;
    questionCount: number;
    startedAt?: Date;
    completedAt?: Date | null;
    submitClientId?: string | null;
    scores?: string | null;
  },
) => db.updateTable("questionnaireEvents").set(set).where("id", "=", eventId).execute();

// ---------------------------------------------------------------------------------------------
// Export

/**
 * One page of the program's answered questionnaires (started or completed), with their answers
 * as one JSON object per row: the export streams page after page (keyset on due date and id).
 */
export const findExportPage = (
  db: Db,
  programId: string,
  filter: { startDate?: string; endDate?: string; typeId?: string; patientId?: string },
  after: { dueDate: string; id: string } | null,
  limit: number,
) => {
  let query = db
    .selectFrom("questionnaireEvents as e")
    .innerJoin("questionnaireTypes as t", "t.id", "e.questionnaireTypeId")
    .innerJoin("programPatients as pp", (join) =>
      join.onRef("pp.programId", "=", "e.programId").onRef("pp.userId", "=", "e.patientId"),
    )
    .select([
      "e.id",
      "e.dueDate",
      "e.state",
      "e.completedAt",
      "e.answeredCount",
      "e.questionCount",
      "e.scores",
      "e.patientId",
      "t.name",
      "t.code",
      "pp.patientId as patientIdentifier",
      "pp.firstName",
      "pp.lastName",
      sql<Record<string, unknown> | null>`(SELECT jsonb_object_agg(a.question_id, a.value)
        FROM questionnaire_answers a WHERE a.event_id = e.id AND NOT a.skipped)`.as("answers"),
    ])
    .where("e.programId", "=", programId)
    .where("e.answeredCount", ">", 0);
  if (filter.startDate) query = query.where("e.dueDate", ">=", filter.startDate);
  if (filter.endDate) query = query.where("e.dueDate", "<=", filter.endDate);
  if (filter.typeId) query = query.where("e.questionnaireTypeId", "=", filter.typeId);
  if (filter.patientId) query = query.where("e.patientId", "=", filter.patientId);
  if (after) query = query.where(sql<boolean>`(e.due_date, e.id) > (${after.dueDate}::date, ${after.id}::uuid)`);
  return query.orderBy("e.dueDate").orderBy("e.id").limit(limit).execute();
};
export type ExportRow = Awaited<ReturnType<typeof findExportPage>>[number];
