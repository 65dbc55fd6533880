/** Passwords: changing one, and resetting a forgotten one with an e-mailed code. */
import { errorCodes, limits, messages, type Scope } from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import { newPasswordProblem } from "../../platform/auth/password-strength.js";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, invalidField, notFound, tooManyRequests, unauthorized } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { accountMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { mailTemplates, patientMailTemplates } from "../../platform/mail/templates.js";
import {
  clearRateLimit,
  hitRateLimit,
  isRateLimited,
  secondsUntilAllowed,
} from "../../platform/rate-limit/rate-limit.js";
import { assertCodeGuessAllowed, type Guesser, recordWrongCode } from "./code-guessing.js";
import { checkCode, codeHash, consumeCheckedCode, sendCode, wrongCode } from "./codes.js";
import * as q from "./queries.js";
import { openSession } from "./sessions.js";
import { passwordFailureLimit } from "./sign-in.js";

/** Validates a new password for this user; a problem lands on the password field. */
const assertAcceptablePassword = async (user: UserRow, password: string) => {
  const problem = newPasswordProblem(password, { email: user.email });
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
  // The owner proved the mailbox (or the current password): an attacker's password failures no longer lock them out.
  await clearRateLimit(db, passwordFailureLimit(user.email).key);
  await queueMail(
    db,
    ctx.clock,
    user.email,
    user.scope === "patient"
      ? patientMailTemplates.passwordChanged(await accountMailLanguage(db, user.id), { firstName: user.firstName })
      : mailTemplates.passwordChanged({ firstName: user.firstName }),
    "password.changed",
  );
};

export const changePassword = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: { password: string; currentPassword?: string | undefined },
) => {
  const { password } = body;
  // The route stays open to an expired password, but never to a sign-in that lacks its code.
  if (!actor.otpVerified) throw new AppError(403, messages.otpRequired, errorCodes.otpRequired);
  const user = await q.findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  // From a full session the current password is asked again: a stolen token alone must not lock
  // the owner out. The forced change after signing in with an expired password keeps the spec's
  // payload (the password was checked a moment ago, and the session can do nothing else).
  if (!actor.passwordExpired) await assertCurrentPassword(ctx, meta, user, body.currentPassword);
  await assertAcceptablePassword(user, password);
  await ctx.db.transaction().execute(async (trx) => {
    await setPassword(ctx, trx, user, password, "password-changed");
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.password.change",
      outcome: "success",
      actorUserId: user.id,
    });
  });
  return { message: messages.passwordUpdated };
};

/** Checked like a sign-in (argon2); a wrong one counts as a failed sign-in of the account. */
const assertCurrentPassword = async (
  ctx: AppContext,
  meta: RequestMeta,
  user: UserRow,
  currentPassword: string | undefined,
) => {
  const limit = passwordFailureLimit(user.email);
  if (await isRateLimited(ctx.db, ctx.clock, limit))
    throw new AppError(
      429,
      messages.tooManyLoginAttempts,
      errorCodes.rateLimited,
      undefined,
      await secondsUntilAllowed(ctx.db, ctx.clock, limit),
    );
  if (!currentPassword) throw invalidField("currentPassword", messages.required);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await hitRateLimit(ctx.db, ctx.clock, limit);
    await writeAudit(ctx.db, ctx.clock, meta, {
      action: "auth.password.change",
      outcome: "failure",
      actorUserId: user.id,
      details: { reason: "wrong-current-password" },
    });
    throw invalidField("currentPassword", messages.currentPasswordIncorrect);
  }
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

/**
 * The code goes to the account's owner whichever page asked (a patient on the staff page, or staff
 * on the patient's): its mail leads to the reset page of the account's own scope, where alone the
 * code works. The answer is the same either way, so the page tells no one which accounts exist.
 */
export const requestResetOtp = async (ctx: AppContext, meta: RequestMeta, email: string, scope: Scope) => {
  await assertResetRequestAllowed(ctx, email);
  const user = await q.findUserByEmail(ctx.db, email);
  await ctx.db.transaction().execute(async (trx) => {
    if (user) await sendCode(ctx, trx, user, "password_reset", null);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.reset.request",
      outcome: "success",
      actorUserId: user?.id ?? null,
      details: { askedScope: scope },
    });
  });
  return { message: messages.resetRequested };
};

const findResetUser = async (ctx: AppContext, guesser: Guesser, email: string, scope?: Scope) => {
  await assertCodeGuessAllowed(ctx, guesser);
  const user = await q.findUserByEmail(ctx.db, email);
  // An unknown e-mail answers exactly like a wrong code, and counts like one.
  if (!user || (scope && user.scope !== scope)) throw await wrongCode(ctx, guesser);
  return user;
};

export const verifyResetOtp = async (
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  otpCode: string,
  scope: Scope,
) => {
  const guesser = { email, meta };
  const user = await findResetUser(ctx, guesser, email, scope);
  await checkCode(ctx, guesser, { userId: user.id, purpose: "password_reset", sessionId: null }, otpCode, "incorrect");
  return { message: messages.otpVerified };
};

export const resetWithOtp = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { email: string; otpCode: string; password: string; scope?: Scope | undefined },
) => {
  const guesser = { email: body.email, meta };
  const user = await findResetUser(ctx, guesser, body.email, body.scope);
  // The code first: judging the password earlier would tell anyone, without a code and without a
  // throttle, whether a guess is the current password ("must differ from the current one").
  const codeId = await checkCode(
    ctx,
    guesser,
    { userId: user.id, purpose: "password_reset", sessionId: null },
    body.otpCode,
    "incorrect",
  );
  await assertAcceptablePassword(user, body.password);
  const session = await ctx.db.transaction().execute(async (trx) => {
    await consumeCheckedCode(ctx, trx, codeId);
    await setPassword(ctx, trx, user, body.password, "password-reset");
    // The patient app's reset ends in the app, as a patient's sign-in needs no e-mailed code;
    // staff still sign in with their code afterwards.
    const opened = body.scope === "patient" ? await openSession(ctx, trx, meta, user, "patient", true) : null;
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.password.reset",
      outcome: "success",
      actorUserId: user.id,
      ...(opened ? { entityType: "session", entityId: opened.sessionId } : {}),
    });
    return opened;
  });
  if (!session) return { message: messages.passwordResetDone };
  return {
    message: messages.passwordResetDone,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    userId: user.id,
  };
};

export const requestResetCode = async (ctx: AppContext, meta: RequestMeta, email: string) => {
  await assertResetRequestAllowed(ctx, email);
  const user = await q.findUserByEmail(ctx.db, email);
  await ctx.db.transaction().execute(async (trx) => {
    if (user) await sendCode(ctx, trx, user, "password_reset_code", null);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.reset-code.request",
      outcome: "success",
      actorUserId: user?.id ?? null,
    });
  });
  return { message: messages.resetRequested };
};

/**
 * An 8-character code is looked up by its hash. A miss counts against the client, and, when the
 * request names an e-mail, against that e-mail and its open code (which dies after five misses).
 */
const findValidResetCode = async (ctx: AppContext, meta: RequestMeta, resetCode: string, email?: string) => {
  const guesser: Guesser = { email: email ?? null, meta };
  await assertCodeGuessAllowed(ctx, guesser);
  const limited = await hitRateLimit(ctx.db, ctx.clock, {
    key: `reset-code:ip:${meta.ip}`,
    max: 30,
    windowSeconds: limits.otpSendWindowSeconds,
  });
  if (limited) throw tooManyRequests();
  const code = await q.findOpenCodeByHash(ctx.db, "password_reset_code", codeHash(ctx, resetCode.toUpperCase()));
  const user =
    code && code.expiresAt.getTime() > ctx.clock.now().getTime()
      ? await q.findUserById(ctx.db, code.userId)
      : undefined;
  if (!code || !user || (email && user.email.toLowerCase() !== email.toLowerCase())) {
    await missedResetCode(ctx, guesser);
    throw notFound(messages.resetCodeIncorrect);
  }
  return { code, user };
};

const missedResetCode = async (ctx: AppContext, guesser: Guesser) => {
  await recordWrongCode(ctx, guesser);
  if (!guesser.email) return;
  const owner = await q.findUserByEmail(ctx.db, guesser.email);
  const open =
    owner && (await q.findOpenCode(ctx.db, { userId: owner.id, purpose: "password_reset_code", sessionId: null }));
  if (open && (await q.recordCodeAttempt(ctx.db, open.id)) >= limits.otpMaxAttempts)
    await q.voidCode(ctx.db, open.id, ctx.clock.now());
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
    const opened = await openSession(ctx, trx, meta, user, user.scope, true);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.password.reset",
      outcome: "success",
      actorUserId: user.id,
    });
    return opened;
  });
  return { accessToken: result.accessToken, refreshToken: result.refreshToken, userId: user.id };
};
