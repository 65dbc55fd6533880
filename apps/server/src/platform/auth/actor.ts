import { limits } from "@openpro/core";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { verifyAccessToken } from "./jwt.js";
import { endSession, findSessionWithUser, touchSession } from "./queries.js";

export interface Actor {
  userId: string;
  sessionId: string;
  scope: "clinical" | "patient";
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  role: string | null;
  permissions: string[];
  otpVerified: boolean;
  passwordExpireDate: Date | null;
  passwordExpired: boolean;
  instructionsAcknowledged: boolean;
  /** The patient's chosen language (null before a choice): /current answers it. */
  language: string | null;
}

/** The name a document signs for its author: the display name, else first and last name. */
export const actorName = (actor: Pick<Actor, "displayName" | "firstName" | "lastName">) =>
  actor.displayName || `${actor.firstName} ${actor.lastName}`.trim();

export type ActorResolution = { actor: Actor } | { failure: "invalid-token" | "session-ended" };

/** Activity is written at most this often, so reads do not turn into a write each. */
const TOUCH_INTERVAL_MS = 60_000;

export const passwordExpiry = (passwordChangedAt: Date | null, maxAgeDays: number): Date | null =>
  passwordChangedAt ? new Date(passwordChangedAt.getTime() + maxAgeDays * 86_400_000) : null;

/** A session is alive while not ended, within its absolute lifetime and used within the idle limit. */
export const sessionIsAlive = (
  session: { endedAt: Date | null; absoluteExpiresAt: Date; lastActivityAt: Date },
  now: Date,
): boolean =>
  !session.endedAt &&
  session.absoluteExpiresAt.getTime() > now.getTime() &&
  now.getTime() - session.lastActivityAt.getTime() <= limits.inactivitySignOutSeconds * 1000;

export const resolveActor = async (
  deps: { db: Db; clock: Clock; jwtSecret: string; passwordMaxAgeDays: number },
  token: string,
): Promise<ActorResolution> => {
  const now = deps.clock.now();
  const claims = await verifyAccessToken(deps.jwtSecret, token, now);
  if (!claims) return { failure: "invalid-token" };
  const row = await findSessionWithUser(deps.db, claims.sid);
  if (!row || row.userId !== claims.sub) return { failure: "invalid-token" };
  if (!sessionIsAlive(row, now)) {
    if (!row.endedAt) await endSession(deps.db, row.sessionId, now, "expired");
    return { failure: "session-ended" };
  }
  if (now.getTime() - row.lastActivityAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(deps.db, row.sessionId, now);
  const passwordExpireDate =
    row.userScope === "clinical" ? passwordExpiry(row.passwordChangedAt, deps.passwordMaxAgeDays) : null;
  return {
    actor: {
      userId: row.userId,
      sessionId: row.sessionId,
      scope: row.sessionScope,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      displayName: row.displayName,
      role: row.role,
      permissions: row.permissions,
      otpVerified: row.otpVerified,
      passwordExpireDate,
      passwordExpired: !!passwordExpireDate && passwordExpireDate.getTime() <= now.getTime(),
      instructionsAcknowledged: !!row.instructionsAcknowledgedAt,
      language: row.language,
    },
  };
};
