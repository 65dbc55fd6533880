import type { Clock } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { deleteCounter, findCounter, incrementCounter } from "./queries.js";

export interface RateLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Records a hit; true when the limit is now exceeded. */
export const hitRateLimit = async (db: Db, clock: Clock, limit: RateLimit): Promise<boolean> =>
  (await incrementCounter(db, limit.key, clock.now(), limit.windowSeconds)) > limit.max;

export const isRateLimited = async (db: Db, clock: Clock, limit: RateLimit): Promise<boolean> =>
  (await findCounter(db, limit.key, clock.now(), limit.windowSeconds)) >= limit.max;

export const clearRateLimit = (db: Db, key: string): Promise<void> => deleteCounter(db, key);

/** Seconds until the current window of a limit ends (what Retry-After says). */
export const secondsUntilWindowEnds = (clock: Clock, limit: Pick<RateLimit, "windowSeconds">): number => {
  const windowMs = limit.windowSeconds * 1000;
  const now = clock.now().getTime();
  return Math.max(1, Math.ceil((Math.floor(now / windowMs) * windowMs + windowMs - now) / 1000));
};
