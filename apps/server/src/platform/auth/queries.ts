import type { Db } from "../../db/kysely.js";

/** The session and its user, read fresh on every request so permission changes apply at once. */
export const findSessionWithUser = (db: Db, sessionId: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select([
      "sessions.id as sessionId",
      "sessions.scope as sessionScope",
      "sessions.otpVerified",
      "sessions.lastActivityAt",
      "sessions.absoluteExpiresAt",
      "sessions.endedAt",
      "users.id as userId",
      "users.email",
      "users.firstName",
      "users.lastName",
      "users.displayName",
      "users.role",
      "users.scope as userScope",
      "users.permissions",
      "users.passwordChangedAt",
      "users.instructionsAcknowledgedAt",
    ])
    .where("sessions.id", "=", sessionId)
    .executeTakeFirst();

export const touchSession = async (db: Db, sessionId: string, now: Date): Promise<void> => {
  await db.updateTable("sessions").set({ lastActivityAt: now }).where("id", "=", sessionId).execute();
};

export const endSession = async (db: Db, sessionId: string, now: Date, reason: string): Promise<void> => {
  await db
    .updateTable("sessions")
    .set({ endedAt: now, endedReason: reason })
    .where("id", "=", sessionId)
    .where("endedAt", "is", null)
    .execute();
};
