import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/**
 * Counts one hit in a fixed window, atomically, and returns the count in the current window.
 * Stored in the database so that every server process shares it.
 */
export const incrementCounter = async (db: Db, key: string, now: Date, windowSeconds: number): Promise<number> => {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await db
    .insertInto("rateLimitCounters")
    .values({ key, windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limit_counters.window_start = excluded.window_start THEN rate_limit_counters.hits + 1 ELSE 1 END`,
        windowStart: sql<Date>`excluded.window_start`,
      }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
};

export const findCounter = async (db: Db, key: string, now: Date, windowSeconds: number): Promise<number> => {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const row = await db
    .selectFrom("rateLimitCounters")
    .select("hits")
    .where("key", "=", key)
    .where("windowStart", "=", windowStart)
    .executeTakeFirst();
  return row?.hits ?? 0;
};

export const deleteCounter = async (db: Db, key: string): Promise<void> => {
  await db.deleteFrom("rateLimitCounters").where("key", "=", key).execute();
};
