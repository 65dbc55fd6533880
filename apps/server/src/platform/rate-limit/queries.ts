import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/**
 * Each limit's key keeps the times of its most recent hits (at most `keep` of them, those within
 * the window): an exact sliding window, in the database, shared by every server process.
 */
const recentHits = (existing: ReturnType<typeof sql>, now: Date, windowSeconds: number, keep: number) =>
  sql<Date[]>`(SELECT coalesce(array_agg(h ORDER BY h), '{}'::timestamptz[]) FROM (
      SELECT h FROM unnest(${existing}) AS h
      WHERE h > ${now}::timestamptz - make_interval(secs => ${windowSeconds})
      ORDER BY h DESC LIMIT ${keep}) recent)`;

/** Counts one hit, atomically; returns how many hits the window now holds (at most `keep`). */
export const incrementCounter = async (
  db: Db,
  key: string,
  now: Date,
  windowSeconds: number,
  keep: number,
): Promise<number> => {
  const row = await db
    .insertInto("rateLimitCounters")
    .values({ key, windowStart: now, hits: 1, hitTimes: sql`ARRAY[${now}::timestamptz]` })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hitTimes: recentHits(
          sql`rate_limit_counters.hit_times || ARRAY[${now}::timestamptz]`,
          now,
          windowSeconds,
          keep,
        ),
        windowStart: now,
      }),
    )
    .returning(sql<number>`cardinality(hit_times)`.as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * How many hits the window holds now, and when the `nth` most recent of them (1 = the newest)
 * leaves it — what a 429's Retry-After waits for.
 */
export const findCounter = async (
  db: Db,
  key: string,
  now: Date,
  windowSeconds: number,
  nth: number,
): Promise<{ count: number; nthLeavesAt: Date | null }> => {
  const row = await db
    .selectFrom(
      sql<{ h: Date }>`(SELECT h FROM rate_limit_counters, unnest(hit_times) AS h
        WHERE key = ${key} AND h > ${now}::timestamptz - make_interval(secs => ${windowSeconds}))`.as("recent"),
    )
    .select([
      sql<number>`count(*)`.as("count"),
      sql<Date | null>`(array_agg(h ORDER BY h DESC))[${nth}] + make_interval(secs => ${windowSeconds})`.as(
        "nthLeavesAt",
      ),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), nthLeavesAt: row.nthLeavesAt ? new Date(row.nthLeavesAt) : null };
};

export const deleteCounter = async (db: Db, key: string): Promise<void> => {
  await db.deleteFrom("rateLimitCounters").where("key", "=", key).execute();
};
