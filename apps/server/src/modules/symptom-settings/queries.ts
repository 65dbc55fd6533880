import { type Selectable, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { SymptomRemindersTable } from "../../db/schema.js";

// ---------------------------------------------------------------------------------------------
// Prioritised symptoms

export const findPrioritised = async (db: Db, programId: string): Promise<string[]> =>
  (
    await db
      .selectFrom("prioritisedSymptoms")
      .select("logTypeId")
      .where("programId", "=", programId)
      .orderBy("position")
      .execute()
  ).map((r) => r.logTypeId);

export const replacePrioritised = async (db: Db, programId: string, logTypeIds: string[]) => {
  await db.deleteFrom("prioritisedSymptoms").where("programId", "=", programId).execute();
  if (logTypeIds.length === 0) return;
  await db
    .insertInto("prioritisedSymptoms")
    .values(logTypeIds.map((logTypeId, position) => ({ programId, logTypeId, position })))
    .execute();
};

// ---------------------------------------------------------------------------------------------
// Alert messages and their symptom-and-grade pairs

export const findMessages = (db: Db, programId: string) =>
  db
    .selectFrom("severeSymptomMessages")
    .selectAll()
    .where("programId", "=", programId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

export const findMessage = (db: Db, programId: string, messageId: string) =>
  db
    .selectFrom("severeSymptomMessages")
    .selectAll()
    .where("programId", "=", programId)
    .where("id", "=", messageId)
    .executeTakeFirst();

export const findGrades = (db: Db, programId: string) =>
  db
    .selectFrom("severeSymptomGrades")
    .select(["messageId", "logTypeId", "grade"])
    .where("programId", "=", programId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();

/** The message and its texts per language (a JSON object, languages with a text only). */
export interface MessageTexts {
  message: string;
  messageTranslations: Partial<Record<string, string>>;
}

export const insertMessage = (db: Db, programId: string, texts: MessageTexts, now: Date) =>
  db
    .insertInto("severeSymptomMessages")
    .values({
      programId,
      message: texts.message,
      messageTranslations: JSON.stringify(texts.messageTranslations),
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Changes the text, and the texts per language when given (undefined: kept). */
export const updateMessage = (
  db: Db,
  programId: string,
  messageId: string,
  texts: { message: string; messageTranslations?: Partial<Record<string, string>> | undefined },
  now: Date,
) =>
  db
    .updateTable("severeSymptomMessages")
    .set({
      message: texts.message,
      ...(texts.messageTranslations !== undefined
        ? { messageTranslations: JSON.stringify(texts.messageTranslations) }
        : {}),
      updatedAt: now,
    })
    .where("programId", "=", programId)
    .where("id", "=", messageId)
    .returningAll()
    .executeTakeFirst();

export const deleteMessage = async (db: Db, programId: string, messageId: string) =>
  Number(
    (
      await db
        .deleteFrom("severeSymptomMessages")
        .where("programId", "=", programId)
        .where("id", "=", messageId)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

/**
 * Adds the pair unless the program already has it: the unique index decides, so of two
 * concurrent saves exactly one inserts. false when the pair was taken.
 */
export const insertGrade = async (
  db: Db,
  pair: { programId: string; messageId: string; logTypeId: string; grade: number; now: Date },
): Promise<boolean> =>
  !!(await db
    .insertInto("severeSymptomGrades")
    .values({
      programId: pair.programId,
      messageId: pair.messageId,
      logTypeId: pair.logTypeId,
      grade: pair.grade,
      createdAt: pair.now,
    })
    .onConflict((oc) => oc.constraint("severe_symptom_grades_pair").doNothing())
    .returning("id")
    .executeTakeFirst());

export const deleteGrade = async (db: Db, programId: string, messageId: string, logTypeId: string, grade: number) =>
  Number(
    (
      await db
        .deleteFrom("severeSymptomGrades")
        .where("programId", "=", programId)
        .where("messageId", "=", messageId)
        .where("logTypeId", "=", logTypeId)
        .where("grade", "=", grade)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

// ---------------------------------------------------------------------------------------------
// Symptom reminders

/** A reminder's settings: its columns less its identity and bookkeeping. */
export type ReminderFields = Omit<Selectable<SymptomRemindersTable>, "id" | "programId" | "createdAt" | "updatedAt">;

export const findReminders = (db: Db, programId: string) =>
  db
    .selectFrom("symptomReminders")
    .selectAll()
    .where("programId", "=", programId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
export type ReminderRow = Awaited<ReturnType<typeof findReminders>>[number];

export const findReminder = (db: Db, programId: string, reminderId: string) =>
  db
    .selectFrom("symptomReminders")
    .selectAll()
    .where("programId", "=", programId)
    .where("id", "=", reminderId)
    .executeTakeFirst();

export const insertReminder = (db: Db, programId: string, fields: ReminderFields, now: Date) =>
  db
    .insertInto("symptomReminders")
    .values({ programId, ...fields, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateReminder = (db: Db, programId: string, reminderId: string, fields: ReminderFields, now: Date) =>
  db
    .updateTable("symptomReminders")
    .set({ ...fields, updatedAt: now })
    .where("programId", "=", programId)
    .where("id", "=", reminderId)
    .returningAll()
    .executeTakeFirst();

export const deleteReminder = async (db: Db, programId: string, reminderId: string) =>
  Number(
    (
      await db
        .deleteFrom("symptomReminders")
        .where("programId", "=", programId)
        .where("id", "=", reminderId)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

export const countReminders = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom("symptomReminders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Every reminder with each patient it concerns: consented, taking part in an open program.
 * The schedule is applied per pair by the caller (calendar months need real dates).
 */
export const findReminderRecipients = (db: Db) =>
  db
    .selectFrom("symptomReminders as r")
    .innerJoin("programs as p", "p.id", "r.programId")
    .innerJoin("programPatients as pp", "pp.programId", "r.programId")
    .innerJoin("users as u", "u.id", "pp.userId")
    .select([
      "r.id as reminderId",
      "r.programId",
      "r.logTypeIds",
      "r.offsetAmount",
      "r.offsetPeriod",
      "r.durationAmount",
      "r.durationPeriod",
      "r.intervalAmount",
      "r.intervalPeriod",
      "r.updatedAt as reminderSince",
      "pp.userId as patientId",
      "pp.firstName",
      "pp.dateConsentGiven",
      "pp.consentedEmail",
      "pp.inviteEmail",
      "u.questionnaireReminders",
      "u.language",
      "p.name as programName",
      "p.patientProgramName",
      "p.territory",
    ])
    .where("pp.status", "=", "CONSENTED")
    .where("pp.consentGiven", "=", true)
    .where("pp.dateConsentGiven", "is not", null)
    .where("p.endedAt", "is", null)
    .orderBy("r.id")
    .orderBy("pp.userId")
    .execute();

export const insertNotification = async (
  db: Db,
  n: {
    programId: string;
    patientId: string;
    kind: string;
    title: string;
    body: string;
    /** Core's patientServedText key the patient reads it by, in their language, and the values it fills in. */
    message: { key: string; values: Record<string, unknown> };
    sourceKey: string;
    now: Date;
  },
): Promise<boolean> =>
  !!(await db
    .insertInto("patientNotifications")
    .values({
      programId: n.programId,
      patientId: n.patientId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      messageKey: n.message.key,
      messageValues: JSON.stringify(n.message.values),
      sourceKey: n.sourceKey,
      createdAt: n.now,
      readAt: null,
    })
    .onConflict((oc) => oc.columns(["patientId", "sourceKey"]).doNothing())
    .returning("id")
    .executeTakeFirst());

export const findNotifications = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("patientNotifications")
    .select(["id", "kind", "title", "body", "messageKey", "messageValues", "createdAt"])
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .orderBy("createdAt", "desc")
    .orderBy(sql`id`, "desc")
    .limit(50)
    .execute();

export const findEnrolment = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("programPatients")
    .select(["status", "consentGiven", "inviteAcceptedAt"])
    .where("programId", "=", programId)
    .where("userId", "=", userId)
    .executeTakeFirst();

/** The language a patient reads their notifications of a program in: their choice, the program's territory. */
export const findReaderLanguage = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("users as u")
    .innerJoin("programs as p", (join) => join.on("p.id", "=", programId))
    .select(["u.language", "p.territory"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
