/** Sessions: the current user, opening a session, refreshing and ending it. */
import {
  type CurrentUser,
  errorCodes,
  isPatientLanguage,
  limits,
  messages,
  type PatientLanguage,
  type Scope,
} from "@openpro/core";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import { writeAudit } from "../../platform/audit/audit.js";
import { type Actor, passwordExpiry, sessionIsAlive } from "../../platform/auth/actor.js";
import { signAccessToken } from "../../platform/auth/jwt.js";
import { endSession, touchSession } from "../../platform/auth/queries.js";
import { generateOpaqueToken, hashToken } from "../../platform/auth/secrets.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { unauthorized } from "../../platform/errors.js";
import * as q from "./queries.js";

export const toCurrentUser = (actor: Actor): CurrentUser => ({
  id: actor.userId,
  firstName: actor.firstName,
  lastName: actor.lastName,
  displayName: actor.displayName,
  email: actor.email,
  userRole: actor.role as CurrentUser["userRole"],
  scope: actor.scope,
  permissions: actor.permissions,
  passwordExpireDate: actor.passwordExpireDate?.toISOString() ?? null,
  otpRequired: !actor.otpVerified,
  instructionsAcknowledged: actor.instructionsAcknowledged,
  language: isPatientLanguage(actor.language) ? actor.language : null,
});

export const userProfile = (ctx: AppContext, user: UserRow, otpVerified: boolean): CurrentUser => {
  const expiry =
    user.scope === "clinical" ? passwordExpiry(user.passwordChangedAt, ctx.settings.passwordMaxAgeDays) : null;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    email: user.email,
    userRole: user.role as CurrentUser["userRole"],
    scope: user.scope,
    permissions: user.permissions,
    passwordExpireDate: expiry?.toISOString() ?? null,
    otpRequired: !otpVerified,
    instructionsAcknowledged: !!user.instructionsAcknowledgedAt,
    language: isPatientLanguage(user.language) ? user.language : null,
  };
};

/** Opens a session and its first token pair, inside the caller's transaction. */
export const openSession = async (
  ctx: AppContext,
  db: Db,
  meta: RequestMeta,
  user: UserRow,
  scope: Scope,
  otpVerified: boolean,
) => {
  const now = ctx.clock.now();
  const sessionId = await q.insertSession(db, {
    userId: user.id,
    scope,
    otpVerified,
    now,
    absoluteExpiresAt: addSeconds(now, limits.sessionAbsoluteLifetimeSeconds),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  const tokens = await issueTokens(ctx, db, { sessionId, userId: user.id, scope });
  return { sessionId, ...tokens };
};

export const issueTokens = async (
  ctx: AppContext,
  db: Db,
  session: { sessionId: string; userId: string; scope: Scope },
) => {
  const now = ctx.clock.now();
  const refreshToken = generateOpaqueToken();
  await q.insertRefreshToken(db, session.sessionId, hashToken(refreshToken), now);
  const accessToken = await signAccessToken(
    ctx.settings.jwtSecret,
    { sub: session.userId, sid: session.sessionId, scope: session.scope },
    now,
    limits.accessTokenTtlSeconds,
  );
  return { accessToken, refreshToken };
};

export const refresh = async (ctx: AppContext, meta: RequestMeta, refreshToken: string) => {
  const now = ctx.clock.now();
  const found = await q.findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!found) throw unauthorized(messages.refreshInvalid, errorCodes.refreshInvalid);
  const reuse = async () => {
    // A used token presented again means it was copied: end the session it belongs to (its family).
    await endSession(ctx.db, found.sessionId, now, "refresh-token-reuse");
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.refresh.reuse",
      outcome: "refused",
      actorUserId: found.userId,
      entityType: "session",
      entityId: found.sessionId,
    });
    return unauthorized(messages.refreshInvalid, errorCodes.refreshInvalid);
  };
  if (found.usedAt) throw await reuse();
  if (!sessionIsAlive(found, now)) throw unauthorized(messages.refreshInvalid, errorCodes.sessionEnded);
  const pair = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.useRefreshToken(trx, found.id, now))) return null;
    await touchSession(trx, found.sessionId, now);
    return issueTokens(ctx, trx, { sessionId: found.sessionId, userId: found.userId, scope: found.scope });
  });
  // Another request used the same token a moment earlier: that is reuse as well.
  if (!pair) throw await reuse();
  return pair;
};

export const logout = async (ctx: AppContext, meta: RequestMeta, actor: Actor) => {
  await ctx.db.transaction().execute(async (trx) => {
    await endSession(trx, actor.sessionId, ctx.clock.now(), "logout");
    await writeAudit(trx, ctx.clock, meta, { action: "auth.logout", outcome: "success", actorUserId: actor.userId });
  });
};

export const updateCurrentUser = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  changes: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    displayName?: string | null | undefined;
    instructionsAcknowledged?: true | undefined;
    language?: PatientLanguage | undefined;
  },
): Promise<CurrentUser> => {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateUser(trx, actor.userId, {
      ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
      ...(changes.displayName !== undefined ? { displayName: changes.displayName || null } : {}),
      ...(changes.instructionsAcknowledged ? { instructionsAcknowledgedAt: now } : {}),
      ...(changes.language !== undefined ? { language: changes.language } : {}),
      updatedAt: now,
    });
    await writeAudit(trx, ctx.clock, meta, {
      action: "user.profile.update",
      outcome: "success",
      actorUserId: actor.userId,
      entityType: "user",
      entityId: actor.userId,
      details: { fields: Object.keys(changes) },
    });
  });
  const user = await q.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  return userProfile(ctx, user, actor.otpVerified);
};
