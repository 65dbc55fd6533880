/** One-time codes by e-mail (sign-in, sign-up, password reset): issued, throttled, checked, used once. */
import { errorCodes, limits, messages } from "@openpro/core";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import { generateOtp, generateResetCode, hashCode, safeEqual } from "../../platform/auth/secrets.js";
import type { AppContext } from "../../platform/context.js";
import { badRequest, tooManyRequests } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { accountMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { mailTemplates, patientMailTemplates } from "../../platform/mail/templates.js";
import { assertCodeGuessAllowed, type Guesser, recordWrongCode } from "./code-guessing.js";
import * as q from "./queries.js";

export type CodePurpose = "login" | "signup" | "password_reset" | "password_reset_code";

export const codeHash = (ctx: AppContext, code: string) => hashCode(ctx.settings.jwtSecret, code);

/**
 * Where a reset mail leads: a patient's 6-digit code to the patient app's reset (/me/forgot-password),
 * anyone else's to the staff pages (the 8-character code has only the staff page).
 */
const resetPageUrl = (ctx: AppContext, user: UserRow, isResetCode: boolean) => {
  const email = encodeURIComponent(user.email);
  if (isResetCode) return `${ctx.settings.publicUrl}/confirm-code?email=${email}`;
  if (user.scope === "patient") return `${ctx.settings.publicUrl}/me/forgot-password?email=${email}`;
  return `${ctx.settings.publicUrl}/2FA/passwordReset/${email}`;
};

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
      : user.scope === "patient"
        ? patientMailTemplates.passwordResetCode(await accountMailLanguage(db, user.id), {
            firstName: user.firstName,
            code,
            minutes,
            url: resetPageUrl(ctx, user, isResetCode),
          })
        : mailTemplates.passwordResetCode({
            firstName: user.firstName,
            code,
            minutes,
            url: resetPageUrl(ctx, user, isResetCode),
          });
  await queueMail(db, ctx.clock, user.email, mail, `code.${purpose}`);
};

export const assertSendAllowed = async (
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
 * transaction, so a failed request cannot roll it back) and five wrong tries void the code. Wrong
 * codes also count against the e-mail and the client (code-guessing.ts): beyond their limit every
 * try, the right code included, answers 429.
 */
export const checkCode = async (
  ctx: AppContext,
  guesser: Guesser,
  filter: { userId: string; purpose: CodePurpose | CodePurpose[]; sessionId: string | null },
  code: string,
  /** Reset flows answer a missing code like a wrong one, so they tell nothing about the e-mail. */
  whenNoCode: "expired" | "incorrect" = "expired",
) => {
  await assertCodeGuessAllowed(ctx, guesser);
  const now = ctx.clock.now();
  const open = await q.findOpenCode(ctx.db, filter);
  if (!open && whenNoCode === "incorrect") throw await wrongCode(ctx, guesser);
  if (!open || open.expiresAt.getTime() <= now.getTime())
    throw badRequest(messages.otpExpiredServer, errorCodes.otpExpired);
  if (!safeEqual(open.codeHash, codeHash(ctx, code))) {
    const attempts = await q.recordCodeAttempt(ctx.db, open.id);
    if (attempts >= limits.otpMaxAttempts) await q.voidCode(ctx.db, open.id, now);
    throw await wrongCode(ctx, guesser);
  }
  return open.id;
};

/** Counts a wrong code against the e-mail and the client; the error to throw. */
export const wrongCode = async (ctx: AppContext, guesser: Guesser) => {
  await recordWrongCode(ctx, guesser);
  return badRequest(messages.otpIncorrect, errorCodes.otpIncorrect);
};

/** Uses a checked code inside the caller's transaction; a concurrent use of the same code loses. */
export const consumeCheckedCode = async (ctx: AppContext, db: Db, codeId: string) => {
  if (!(await q.consumeCode(db, codeId, ctx.clock.now())))
    throw badRequest(messages.otpExpiredServer, errorCodes.otpExpired);
};
