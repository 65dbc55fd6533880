import type { Clock } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { deleteCounter, findCounter, incrementCounter } from "./queries.js";

export interface RateLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

/*
 * Limits count in a sliding window (security issue 29 §5): the hits of the last `windowSeconds`,
 * whenever they fell. A fixed window let a burst of twice the limit straddle its edge.
 */

/** Records a hit; true when the limit is now exceeded. */
export const hitRateLimit = async (db: Db, clock: Clock, limit: RateLimit): Promise<boolean> =>
  (await incrementCounter(db, limit.key, clock.now(), limit.windowSeconds, limit.max + 1)) > limit.max;

/** True while the limit is used up: one more hit would exceed it. */
export const isRateLimited = async (db: Db, clock: Clock, limit: RateLimit): Promise<boolean> =>
  (await findCounter(db, limit.key, clock.now(), limit.windowSeconds, limit.max)).count >= limit.max;

export const clearRateLimit = (db: Db, key: string): Promise<void> => deleteCounter(db, key);

/**
 * Seconds until a used-up limit lets one more hit through (what Retry-After says): until the hit
 * that keeps the window full leaves it. At least 1, at most a window.
 */
export const secondsUntilAllowed = async (db: Db, clock: Clock, limit: RateLimit): Promise<number> => {
  const now = clock.now();
  const { nthLeavesAt } = await findCounter(db, limit.key, now, limit.windowSeconds, limit.max);
  const seconds = nthLeavesAt ? Math.ceil((nthLeavesAt.getTime() - now.getTime()) / 1000) : 1;
  return Math.min(limit.windowSeconds, Math.max(1, seconds));
};
