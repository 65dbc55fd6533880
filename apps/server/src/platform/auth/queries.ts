import { sql } from "kysely";
import { type Db, PREPARED } from "../../db/kysely.js";

/** The session and its user as every request reads them. */
export interface SessionWithUser {
  sessionId: string;
  sessionScope: "clinical" | "patient";
  otpVerified: boolean;
  lastActivityAt: Date;
  absoluteExpiresAt: Date;
  endedAt: Date | null;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  role: string | null;
  userScope: "clinical" | "patient";
  permissions: string[];
  passwordChangedAt: Date | null;
  instructionsAcknowledgedAt: Date | null;
  language: string | null;
}

/**
 * The session and its user, read fresh on every request so permission changes apply at once.
 * Prepared (parsed and planned once per connection): it is the one statement every request runs.
 */
export const findSessionWithUser = async (db: Db, sessionId: string): Promise<SessionWithUser | undefined> =>
  (
    await sql<SessionWithUser>`${PREPARED}
      SELECT s.id AS session_id, s.scope AS session_scope, s.otp_verified, s.last_activity_at, s.absolute_expires_at,
        s.ended_at, u.id AS user_id, u.email, u.first_name, u.last_name, u.display_name, u.role,
        u.scope AS user_scope, u.permissions, u.password_changed_at, u.instructions_acknowledged_at,
        u.language
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${sessionId}`.execute(db)
  ).rows[0];

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
