import type { Db } from "../../db/kysely.js";
import type { Clock } from "../clock.js";
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
