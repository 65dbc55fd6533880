import type { Db } from "../../db/kysely.js";

export const findActiveCode = (db: Db, programId: string) =>
  db
    .selectFrom("publicInviteCodes")
    .selectAll()
    .where("programId", "=", programId)
    .where("deactivatedAt", "is", null)
    .executeTakeFirst();

export const findInactiveCodes = (db: Db, programId: string) =>
  db
    .selectFrom("publicInviteCodes")
    .selectAll()
    .where("programId", "=", programId)
    .where("deactivatedAt", "is not", null)
    .orderBy("deactivatedAt", "desc")
    .execute();

export const findCodeByValue = (db: Db, code: string) =>
  db.selectFrom("publicInviteCodes").selectAll().where("code", "=", code).executeTakeFirst();

export const insertCode = async (
  db: Db,
  code: { programId: string; code: string; now: Date; dateExpires: Date; createdBy: string },
) =>
  db
    .insertInto("publicInviteCodes")
    .values({
      programId: code.programId,
      code: code.code,
      createdAt: code.now,
      dateExpires: code.dateExpires,
      deactivatedAt: null,
      createdBy: code.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const deactivateActiveCode = async (db: Db, programId: string, now: Date) =>
  Number(
    (
      await db
        .updateTable("publicInviteCodes")
        .set({ deactivatedAt: now })
        .where("programId", "=", programId)
        .where("deactivatedAt", "is", null)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

export const updateActiveExpiry = async (db: Db, programId: string, dateExpires: Date) =>
  db
    .updateTable("publicInviteCodes")
    .set({ dateExpires })
    .where("programId", "=", programId)
    .where("deactivatedAt", "is", null)
    .returningAll()
    .executeTakeFirst();
