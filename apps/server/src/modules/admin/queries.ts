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

export const findFeedback = (db: Db) => db.selectFrom("feedback").selectAll().orderBy("createdAt").execute();
