import type { Db } from "../../db/kysely.js";

export const insertFeedback = async (
  db: Db,
  feedback: { userId: string; text: string; now: Date },
): Promise<string> => {
  const row = await db
    .insertInto("feedback")
    .values({ userId: feedback.userId, text: feedback.text, createdAt: feedback.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

export const findSetting = (db: Db, key: string) =>
  db.selectFrom("appSettings").select("value").where("key", "=", key).executeTakeFirst();

export const upsertSetting = async (db: Db, key: string, value: unknown, now: Date) => {
  await db
    .insertInto("appSettings")
    .values({ key, value: JSON.stringify(value), updatedAt: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updatedAt: now }))
    .execute();
};
