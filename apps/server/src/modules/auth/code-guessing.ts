/**
 * Guessing limits for one-time codes, held in the database (they survive a restart and hold
 * across server processes): a code dies after five wrong tries (codes.ts), and beyond that at most
 * ten wrong codes per e-mail address and a hundred per client address in any fifteen minutes
 * (a sliding window), whatever the sign-in, session or kind of code (6-digit sign-in and reset
 * codes, 8-character reset codes). A hospital's staff share one public address: one person's
 * typos must not lock their colleagues out (security issue 29 §5, docs/security.md).
 */
import { limits, messages } from "@openpro/core";
import { writeAudit } from "../../platform/audit/audit.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { tooManyRequests } from "../../platform/errors.js";
import {
  hitRateLimit,
  isRateLimited,
  type RateLimit,
  secondsUntilAllowed,
} from "../../platform/rate-limit/rate-limit.js";

/** Who is guessing: the e-mail address a code is tried for (when the request names one) and the client. */
export interface Guesser {
  email: string | null;
  meta: RequestMeta;
}

const guessLimits = (guesser: Guesser): RateLimit[] => [
  ...(guesser.email
    ? [
        {
          key: `code-fail:email:${guesser.email.trim().toLowerCase()}`,
          max: limits.codeFailuresPerAccount,
          windowSeconds: limits.codeFailureWindowSeconds,
        },
      ]
    : []),
  {
    key: `code-fail:ip:${guesser.meta.ip}`,
    max: limits.codeFailuresPerIp,
    windowSeconds: limits.codeFailureWindowSeconds,
  },
];

/** 429 with Retry-After once the address or the client has used up its wrong codes. */
export const assertCodeGuessAllowed = async (ctx: AppContext, guesser: Guesser): Promise<void> => {
  for (const limit of guessLimits(guesser)) {
    if (await isRateLimited(ctx.db, ctx.clock, limit)) {
      await writeAudit(ctx.db, ctx.clock, guesser.meta, {
        action: "auth.code.throttled",
        outcome: "refused",
        details: { limit: limit.key.startsWith("code-fail:ip:") ? "client" : "account" },
      });
      const wait = await secondsUntilAllowed(ctx.db, ctx.clock, limit);
      throw tooManyRequests(messages.tooManyCodeAttempts(Math.ceil(wait / 60)), wait);
    }
  }
};

/** Counts one wrong code against the address and the client (outside any transaction: it must stick). */
export const recordWrongCode = async (ctx: AppContext, guesser: Guesser): Promise<void> => {
  for (const limit of guessLimits(guesser)) await hitRateLimit(ctx.db, ctx.clock, limit);
};
