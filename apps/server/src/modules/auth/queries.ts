import type { Db } from "../../db/kysely.js";
import type { OneTimeCodesTable, UserUpdate } from "../../db/schema.js";

type CodePurpose = OneTimeCodesTable["purpose"];

export const findUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

export const updateUser = async (db: Db, id: string, changes: UserUpdate): Promise<void> => {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
};

export const insertSession = async (
  db: Db,
  session: {
    userId: string;
    scope: "clinical" | "patient";
    otpVerified: boolean;
    now: Date;
    absoluteExpiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) => {
  const row = await db
    .insertInto("sessions")
    .values({
      userId: session.userId,
      scope: session.scope,
      otpVerified: session.otpVerified,
      createdAt: session.now,
      lastActivityAt: session.now,
      absoluteExpiresAt: session.absoluteExpiresAt,
      endedAt: null,
      endedReason: null,
      ip: session.ip,
      userAgent: session.userAgent,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

export const markSessionOtpVerified = async (db: Db, sessionId: string): Promise<void> => {
  await db.updateTable("sessions").set({ otpVerified: true }).where("id", "=", sessionId).execute();
};

export const endAllSessionsOfUser = async (db: Db, userId: string, now: Date, reason: string): Promise<void> => {
  await db
    .updateTable("sessions")
    .set({ endedAt: now, endedReason: reason })
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .execute();
};

export const insertRefreshToken = async (db: Db, sessionId: string, tokenHash: string, now: Date): Promise<void> => {
  await db.insertInto("refreshTokens").values({ sessionId, tokenHash, createdAt: now, usedAt: null }).execute();
};

export const findRefreshToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom("refreshTokens")
    .innerJoin("sessions", "sessions.id", "refreshTokens.sessionId")
    .select([
      "refreshTokens.id",
      "refreshTokens.usedAt",
      "sessions.id as sessionId",
      "sessions.userId",
      "sessions.scope",
      "sessions.endedAt",
      "sessions.absoluteExpiresAt",
      "sessions.lastActivityAt",
    ])
    .where("refreshTokens.tokenHash", "=", tokenHash)
    .executeTakeFirst();

/** Marks a refresh token used; false when another request used it first. */
export const useRefreshToken = async (db: Db, id: string, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable("refreshTokens")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const insertCode = async (
  db: Db,
  code: {
    userId: string;
    sessionId: string | null;
    purpose: CodePurpose;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> => {
  await db
    .insertInto("oneTimeCodes")
    .values({
      userId: code.userId,
      sessionId: code.sessionId,
      purpose: code.purpose,
      codeHash: code.codeHash,
      createdAt: code.now,
      expiresAt: code.expiresAt,
      consumedAt: null,
      voidedAt: null,
    })
    .execute();
};

export const countCodesSince = async (
  db: Db,
  filter: { userId: string; purpose: CodePurpose; sessionId: string | null },
  since: Date,
): Promise<number> => {
  let query = db
    .selectFrom("oneTimeCodes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", filter.userId)
    .where("purpose", "=", filter.purpose)
    .where("createdAt", ">", since);
  if (filter.sessionId) query = query.where("sessionId", "=", filter.sessionId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
};

export const voidOpenCodes = async (
  db: Db,
  filter: { userId: string; purpose: CodePurpose; sessionId: string | null },
  now: Date,
): Promise<void> => {
  let query = db
    .updateTable("oneTimeCodes")
    .set({ voidedAt: now })
    .where("userId", "=", filter.userId)
    .where("purpose", "=", filter.purpose)
    .where("consumedAt", "is", null)
    .where("voidedAt", "is", null);
  if (filter.sessionId) query = query.where("sessionId", "=", filter.sessionId);
  await query.execute();
};

/** The newest code of a purpose that is neither used nor voided (it may have expired). */
export const findOpenCode = (
  db: Db,
  filter: { userId: string; purpose: CodePurpose | CodePurpose[]; sessionId: string | null },
) => {
  let query = db
    .selectFrom("oneTimeCodes")
    .selectAll()
    .where("userId", "=", filter.userId)
    .where("purpose", "in", Array.isArray(filter.purpose) ? filter.purpose : [filter.purpose])
    .where("consumedAt", "is", null)
    .where("voidedAt", "is", null);
  if (filter.sessionId) query = query.where("sessionId", "=", filter.sessionId);
  return query.orderBy("createdAt", "desc").limit(1).executeTakeFirst();
};

export const findOpenCodeByHash = (db: Db, purpose: CodePurpose, codeHash: string) =>
  db
    .selectFrom("oneTimeCodes")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("codeHash", "=", codeHash)
    .where("consumedAt", "is", null)
    .where("voidedAt", "is", null)
    .executeTakeFirst();

/** Counts a wrong try; returns the attempts so far. */
export const recordCodeAttempt = async (db: Db, id: string): Promise<number> => {
  const row = await db
    .updateTable("oneTimeCodes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .returning("attempts")
    .executeTakeFirstOrThrow();
  return row.attempts;
};

export const voidCode = async (db: Db, id: string, now: Date): Promise<void> => {
  await db.updateTable("oneTimeCodes").set({ voidedAt: now }).where("id", "=", id).execute();
};

/** Uses a code once; false when it was already used (a concurrent request won). */
export const consumeCode = async (db: Db, id: string, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable("oneTimeCodes")
    .set({ consumedAt: now })
    .where("id", "=", id)
    .where("consumedAt", "is", null)
    .where("voidedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
