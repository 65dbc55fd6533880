/** Sign-in: password, then the e-mailed code for staff. */
import { errorCodes, limits, messages, type Scope } from "@openpro/core";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, unauthorized } from "../../platform/errors.js";
import { clearRateLimit, hitRateLimit, isRateLimited } from "../../platform/rate-limit/rate-limit.js";
import { requestScope } from "../../platform/request-scope.js";
import { joinProgramOnSignIn } from "../patient-side/service.js";
import { assertSendAllowed, checkCode, consumeCheckedCode, sendCode } from "./codes.js";
import * as q from "./queries.js";
import { openSession, userProfile } from "./sessions.js";

const accountLimitKey = (email: string) => `login:account:${email.toLowerCase()}`;

/**
 * Password failures of one account: ten in the window lock sign-in until the window ends (at most
 * 15 minutes). A reset by e-mail is not blocked by it and lifts it (password-reset.ts).
 */
export const passwordFailureLimit = (email: string) => ({
  key: accountLimitKey(email),
  max: limits.loginFailuresPerAccount,
  windowSeconds: limits.loginRateWindowSeconds,
});
/**
 * Wrong passwords from one client address, whatever the account: sized for a hospital whose staff
 * share one public address (security issue 29 §5); each account keeps its own limit of ten.
 */
const addressFailureLimit = (ip: string) => ({
  key: `login:ip:${ip}`,
  max: limits.loginFailuresPerIp,
  windowSeconds: limits.loginRateWindowSeconds,
});

export const login = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { email: string; password: string; scope: Scope; inviteCode?: string | undefined },
) => {
  const ipLimit = addressFailureLimit(meta.ip);
  const accountLimit = passwordFailureLimit(body.email);
  if ((await isRateLimited(ctx.db, ctx.clock, ipLimit)) || (await isRateLimited(ctx.db, ctx.clock, accountLimit))) {
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
    await hitRateLimit(ctx.db, ctx.clock, ipLimit);
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
  if (body.inviteCode && user.scope === "patient")
    await joinProgramOnSignIn(requestScope(ctx, meta, null), user, body.inviteCode);
  // Staff pass an e-mailed code at every sign-in; patients sign in from the app with the password.
  const otpVerified = user.scope === "patient";
  const session = await ctx.db.transaction().execute(async (trx) => {
    const opened = await openSession(ctx, trx, meta, user, body.scope, otpVerified);
    if (!otpVerified) await sendCode(ctx, trx, user, "login", opened.sessionId);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.login",
      outcome: "success",
      actorUserId: user.id,
      entityType: "session",
      entityId: opened.sessionId,
    });
    return opened;
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
  await ctx.db.transaction().execute(async (trx) => {
    await sendCode(ctx, trx, user, purpose, actor.sessionId);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.otp.resend",
      outcome: "success",
      actorUserId: actor.userId,
    });
  });
  return { message: messages.otpResent };
};

export const verifyLoginCode = async (ctx: AppContext, meta: RequestMeta, actor: Actor, otpCode: string) => {
  if (actor.otpVerified) return { message: messages.otpVerified };
  try {
    // The session's code confirms a sign-in, or the e-mail of a new account (sign-up).
    const codeId = await checkCode(
      ctx,
      { email: actor.email, meta },
      { userId: actor.userId, purpose: ["login", "signup"], sessionId: actor.sessionId },
      otpCode,
    );
    await ctx.db.transaction().execute(async (trx) => {
      await consumeCheckedCode(ctx, trx, codeId);
      await q.markSessionOtpVerified(trx, actor.sessionId);
      await q.updateUser(trx, actor.userId, { emailVerified: true });
      await writeAudit(trx, ctx.clock, meta, {
        action: "auth.otp.verify",
        outcome: "success",
        actorUserId: actor.userId,
      });
    });
  } catch (error) {
    // A wrong, expired or already used code is recorded outside the rolled-back transaction.
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.otp.verify",
      outcome: "failure",
      actorUserId: actor.userId,
    });
    throw error;
  }
  return { message: messages.otpVerified };
};
