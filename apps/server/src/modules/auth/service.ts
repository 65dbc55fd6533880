import { type CurrentUser, errorCodes, limits, messages, passwordProblem, type Scope } from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import { writeAudit } from "../../platform/audit/audit.js";
import { type Actor, passwordExpiry, sessionIsAlive } from "../../platform/auth/actor.js";
import { signAccessToken } from "../../platform/auth/jwt.js";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.js";
import { endSession, touchSession } from "../../platform/auth/queries.js";
import {
  generateOpaqueToken,
  generateOtp,
  generateResetCode,
  hashCode,
  hashToken,
  safeEqual,
} from "../../platform/auth/secrets.js";
import { addSeconds } from "../../platform/clock.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, badRequest, invalidField, notFound, tooManyRequests, unauthorized } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { mailTemplates } from "../../platform/mail/templates.js";
import { clearRateLimit, hitRateLimit, isRateLimited } from "../../platform/rate-limit/rate-limit.js";
import { joinProgramOnSignIn } from "../patients/patient-side.js";
import * as q from "./queries.js";

type CodePurpose = "login" | "signup" | "password_reset" | "password_reset_code";

const accountLimitKey = (email: string) => `login:account:${email.toLowerCase()}`;
const ipLimitKey = (ip: string) => `login:ip:${ip}`;

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
});

const userProfile = (ctx: AppContext, user: UserRow, otpVerified: boolean): CurrentUser => {
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

const issueTokens = async (ctx: AppContext, db: Db, session: { sessionId: string; userId: string; scope: Scope }) => {
  const now = ctx.clock.now();
  const refreshToken = generateOpaqueToken();
  await q.insertRefreshToken(db, session.sessionId, hashToken(refreshToken), now);
  const accessToken = signAccessToken(
    ctx.settings.jwtSecret,
    { sub: session.userId, sid: session.sessionId, scope: session.scope },
    now,
    limits.accessTokenTtlSeconds,
  );
  return { accessToken, refreshToken };
};

const codeHash = (ctx: AppContext, code: string) => hashCode(ctx.settings.jwtSecret, code);

/** Creates a fresh code (older open ones of the same purpose are voided) and queues its e-mail. */
export const sendCode = async (
  ctx: AppContext,
  db: Db,
  user: UserRow,
  purpose: CodePurpose,
  sessionId: string | null,
): Promise<void> => {
  const now = ctx.clock.now();
  const isResetCode = purpose === "password_reset_code";
  const code = isResetCode ? generateResetCode(limits.resetCodeLength) : generateOtp(limits.otpLength);
  const ttl = isResetCode ? limits.resetCodeTtlSeconds : limits.otpTtlSeconds;
  await q.voidOpenCodes(db, { userId: user.id, purpose, sessionId }, now);
  await q.insertCode(db, {
    userId: user.id,
    sessionId,
    purpose,
    codeHash: codeHash(ctx, code),
    now,
    expiresAt: addSeconds(now, ttl),
  });
  const minutes = Math.round(ttl / 60);
  const mail =
    purpose === "login" || purpose === "signup"
      ? mailTemplates.loginCode({ firstName: user.firstName, code, minutes })
      : mailTemplates.passwordResetCode({
          firstName: user.firstName,
          code,
          minutes,
          url: isResetCode
            ? `${ctx.settings.publicUrl}/confirm-code?email=${encodeURIComponent(user.email)}`
            : `${ctx.settings.publicUrl}/2FA/passwordReset/${encodeURIComponent(user.email)}`,
        });
  await queueMail(db, ctx.clock, user.email, mail, `code.${purpose}`);
};

const assertSendAllowed = async (
  ctx: AppContext,
  filter: { userId: string; purpose: CodePurpose; sessionId: string | null },
) => {
  const since = addSeconds(ctx.clock.now(), -limits.otpSendWindowSeconds);
  if ((await q.countCodesSince(ctx.db, filter, since)) >= limits.otpMaxSendsPerWindow) {
    throw tooManyRequests(messages.otpResendThrottled);
  }
};

/**
 * Checks a 6-digit code against the open one and returns its id: a wrong try counts (outside any
 * transaction, so a failed request cannot roll it back) and five wrong tries void the code.
 */
const checkCode = async (
  ctx: AppContext,
  filter: { userId: string; purpose: CodePurpose | CodePurpose[]; sessionId: string | null },
  code: string,
  /** Reset flows answer a missing code like a wrong one, so they tell nothing about the e-mail. */
  whenNoCode: "expired" | "incorrect" = "expired",
) => {
  const now = ctx.clock.now();
  const open = await q.findOpenCode(ctx.db, filter);
  if (!open && whenNoCode === "incorrect") throw badRequest(messages.otpIncorrect, errorCodes.otpIncorrect);
  if (!open || open.expiresAt.getTime() <= now.getTime())
    throw badRequest(messages.otpExpiredServer, errorCodes.otpExpired);
  if (!safeEqual(open.codeHash, codeHash(ctx, code))) {
    const attempts = await q.recordCodeAttempt(ctx.db, open.id);
    if (attempts >= limits.otpMaxAttempts) await q.voidCode(ctx.db, open.id, now);
    throw badRequest(messages.otpIncorrect, errorCodes.otpIncorrect);
  }
  return open.id;
};

/** Uses a checked code inside the caller's transaction; a concurrent use of the same code loses. */
const consumeCheckedCode = async (ctx: AppContext, db: Db, codeId: string) => {
  if (!(await q.consumeCode(db, codeId, ctx.clock.now())))
    throw badRequest(messages.otpExpiredServer, errorCodes.otpExpired);
};

export const login = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { email: string; password: string; scope: Scope; inviteCode?: string | undefined },
) => {
  const ipLimited = await hitRateLimit(ctx.db, ctx.clock, {
    key: ipLimitKey(meta.ip),
    max: limits.loginAttemptsPerIp,
    windowSeconds: limits.loginRateWindowSeconds,
  });
  const accountLimit = {
    key: accountLimitKey(body.email),
    max: limits.loginFailuresPerAccount,
    windowSeconds: limits.loginRateWindowSeconds,
  };
  if (ipLimited || (await isRateLimited(ctx.db, ctx.clock, accountLimit))) {
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.login",
      outcome: "refused",
      details: { reason: "rate-limited" },
    });
    throw new AppError(429, messages.tooManyLoginAttempts, errorCodes.rateLimited);
  }
  const user = await q.findUserByEmail(ctx.db, body.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !passwordOk) {
    await hitRateLimit(ctx.db, ctx.clock, accountLimit);
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.login",
      outcome: "failure",
      actorUserId: user?.id ?? null,
    });
    throw unauthorized(messages.loginFailed);
  }
  if (user.scope !== body.scope) {
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.login",
      outcome: "refused",
      actorUserId: user.id,
      details: { reason: "wrong-scope" },
    });
    throw new AppError(
      403,
      user.scope === "patient" ? messages.wrongScopePatient : messages.wrongScopeStaff,
      errorCodes.wrongScope,
    );
  }
  await clearRateLimit(ctx.db, accountLimit.key);
  // A patient signing in from an invite link joins that program (an invalid link refuses the sign-in).
  if (body.inviteCode && user.scope === "patient") await joinProgramOnSignIn(ctx, meta, user, body.inviteCode);
  // Staff pass an e-mailed code at every sign-in; patients sign in from the app with the password.
  const otpVerified = user.scope === "patient";
  const session = await ctx.db.transaction().execute(async (trx) => {
    const opened = await openSession(ctx, trx, meta, user, body.scope, otpVerified);
    if (!otpVerified) await sendCode(ctx, trx, user, "login", opened.sessionId);
    return opened;
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.login",
    outcome: "success",
    actorUserId: user.id,
    entityType: "session",
    entityId: session.sessionId,
  });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    user: userProfile(ctx, user, otpVerified),
  };
};

export const resendLoginCode = async (ctx: AppContext, meta: RequestMeta, actor: Actor) => {
  if (actor.otpVerified) return { message: messages.otpVerified };
  const user = await q.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  // A new account confirms its e-mail with a sign-up code; an existing one signs in with a login code.
  const purpose = user.emailVerified ? ("login" as const) : ("signup" as const);
  await assertSendAllowed(ctx, { userId: actor.userId, purpose, sessionId: actor.sessionId });
  await ctx.db.transaction().execute((trx) => sendCode(ctx, trx, user, purpose, actor.sessionId));
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.otp.resend",
    outcome: "success",
    actorUserId: actor.userId,
  });
  return { message: messages.otpResent };
};

export const verifyLoginCode = async (ctx: AppContext, meta: RequestMeta, actor: Actor, otpCode: string) => {
  if (actor.otpVerified) return { message: messages.otpVerified };
  try {
    // The session's code confirms a sign-in, or the e-mail of a new account (sign-up).
    const codeId = await checkCode(
      ctx,
      { userId: actor.userId, purpose: ["login", "signup"], sessionId: actor.sessionId },
      otpCode,
    );
    await ctx.db.transaction().execute(async (trx) => {
      await consumeCheckedCode(ctx, trx, codeId);
      await q.markSessionOtpVerified(trx, actor.sessionId);
      await q.updateUser(trx, actor.userId, { emailVerified: true });
    });
  } catch (error) {
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.otp.verify",
      outcome: "failure",
      actorUserId: actor.userId,
    });
    throw error;
  }
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.otp.verify",
    outcome: "success",
    actorUserId: actor.userId,
  });
  return { message: messages.otpVerified };
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
  await endSession(ctx.db, actor.sessionId, ctx.clock.now(), "logout");
  await writeAudit(ctx.db, ctx.clock, meta, { action: "auth.logout", outcome: "success", actorUserId: actor.userId });
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
  },
): Promise<CurrentUser> => {
  const now = ctx.clock.now();
  await q.updateUser(ctx.db, actor.userId, {
    ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
    ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
    ...(changes.displayName !== undefined ? { displayName: changes.displayName || null } : {}),
    ...(changes.instructionsAcknowledged ? { instructionsAcknowledgedAt: now } : {}),
    updatedAt: now,
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "user.profile.update",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: actor.userId,
    details: { fields: Object.keys(changes) },
  });
  const user = await q.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  return userProfile(ctx, user, actor.otpVerified);
};

/** Validates a new password for this user; a problem lands on the password field. */
const assertAcceptablePassword = async (user: UserRow, password: string) => {
  const problem = passwordProblem(password, { email: user.email });
  if (problem) throw invalidField("password", problem);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
    throw invalidField("password", messages.passwordSameAsOld);
  }
};

const setPassword = async (ctx: AppContext, db: Db, user: UserRow, password: string, reason: string) => {
  const now = ctx.clock.now();
  await q.updateUser(db, user.id, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: now,
    updatedAt: now,
  });
  await q.endAllSessionsOfUser(db, user.id, now, reason);
  await queueMail(
    db,
    ctx.clock,
    user.email,
    mailTemplates.passwordChanged({ firstName: user.firstName }),
    "password.changed",
  );
};

export const changePassword = async (ctx: AppContext, meta: RequestMeta, actor: Actor, password: string) => {
  // The route stays open to an expired password, but never to a sign-in that lacks its code.
  if (!actor.otpVerified) throw new AppError(403, messages.otpRequired, errorCodes.otpRequired);
  const user = await q.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  await assertAcceptablePassword(user, password);
  await ctx.db.transaction().execute((trx) => setPassword(ctx, trx, user, password, "password-changed"));
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.password.change",
    outcome: "success",
    actorUserId: user.id,
  });
  return { message: messages.passwordUpdated };
};

/** Throttles reset requests per e-mail whether or not an account exists (nothing is revealed). */
const assertResetRequestAllowed = async (ctx: AppContext, email: string) => {
  const limited = await hitRateLimit(ctx.db, ctx.clock, {
    key: `reset:${email.toLowerCase()}`,
    max: limits.otpMaxSendsPerWindow,
    windowSeconds: limits.otpSendWindowSeconds,
  });
  if (limited) throw tooManyRequests(messages.otpResendThrottled);
};

export const requestResetOtp = async (ctx: AppContext, meta: RequestMeta, email: string, scope: Scope) => {
  await assertResetRequestAllowed(ctx, email);
  const user = await q.findUserByEmail(ctx.db, email);
  if (user && user.scope === scope) {
    await ctx.db.transaction().execute((trx) => sendCode(ctx, trx, user, "password_reset", null));
  }
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.reset.request",
    outcome: "success",
    actorUserId: user?.id ?? null,
  });
  return { message: messages.resetRequested };
};

const findResetUser = async (ctx: AppContext, email: string, scope?: Scope) => {
  const user = await q.findUserByEmail(ctx.db, email);
  // An unknown e-mail answers exactly like a wrong code.
  if (!user || (scope && user.scope !== scope)) throw badRequest(messages.otpIncorrect, errorCodes.otpIncorrect);
  return user;
};

export const verifyResetOtp = async (ctx: AppContext, email: string, otpCode: string, scope: Scope) => {
  const user = await findResetUser(ctx, email, scope);
  await checkCode(ctx, { userId: user.id, purpose: "password_reset", sessionId: null }, otpCode, "incorrect");
  return { message: messages.otpVerified };
};

export const resetWithOtp = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { email: string; otpCode: string; password: string },
) => {
  const user = await findResetUser(ctx, body.email);
  // The code first: judging the password earlier would tell anyone, without a code and without a
  // throttle, whether a guess is the current password ("must differ from the current one").
  const codeId = await checkCode(
    ctx,
    { userId: user.id, purpose: "password_reset", sessionId: null },
    body.otpCode,
    "incorrect",
  );
  await assertAcceptablePassword(user, body.password);
  await ctx.db.transaction().execute(async (trx) => {
    await consumeCheckedCode(ctx, trx, codeId);
    await setPassword(ctx, trx, user, body.password, "password-reset");
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.password.reset",
    outcome: "success",
    actorUserId: user.id,
  });
  return { message: messages.passwordResetDone };
};

export const requestResetCode = async (ctx: AppContext, meta: RequestMeta, email: string) => {
  await assertResetRequestAllowed(ctx, email);
  const user = await q.findUserByEmail(ctx.db, email);
  if (user) await ctx.db.transaction().execute((trx) => sendCode(ctx, trx, user, "password_reset_code", null));
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.reset-code.request",
    outcome: "success",
    actorUserId: user?.id ?? null,
  });
  return { message: messages.resetRequested };
};

const findValidResetCode = async (ctx: AppContext, meta: RequestMeta, resetCode: string, email?: string) => {
  const limited = await hitRateLimit(ctx.db, ctx.clock, {
    key: `reset-code:ip:${meta.ip}`,
    max: 30,
    windowSeconds: limits.otpSendWindowSeconds,
  });
  if (limited) throw tooManyRequests();
  const code = await q.findOpenCodeByHash(ctx.db, "password_reset_code", codeHash(ctx, resetCode.toUpperCase()));
  if (!code || code.expiresAt.getTime() <= ctx.clock.now().getTime()) throw notFound(messages.resetCodeIncorrect);
  const user = await q.findUserById(ctx.db, code.userId);
  if (!user || (email && user.email.toLowerCase() !== email.toLowerCase())) throw notFound(messages.resetCodeIncorrect);
  return { code, user };
};

export const checkResetCode = async (ctx: AppContext, meta: RequestMeta, resetCode: string, email?: string) => {
  await findValidResetCode(ctx, meta, resetCode, email);
  return { message: messages.otpVerified };
};

export const resetWithCode = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { resetCode: string; password: string },
) => {
  const { code, user } = await findValidResetCode(ctx, meta, body.resetCode);
  await assertAcceptablePassword(user, body.password);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.consumeCode(trx, code.id, ctx.clock.now()))) throw notFound(messages.resetCodeIncorrect);
    await setPassword(ctx, trx, user, body.password, "password-reset");
    // The e-mailed reset code proved control of the mailbox, as a sign-in code would.
    return openSession(ctx, trx, meta, user, user.scope, true);
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "auth.password.reset",
    outcome: "success",
    actorUserId: user.id,
  });
  return { accessToken: result.accessToken, refreshToken: result.refreshToken, userId: user.id };
};
