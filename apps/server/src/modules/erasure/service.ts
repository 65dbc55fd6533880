import {
  birthYear,
  customQuestionnaireSchema,
  type ErasureBody,
  type ErasureDecision,
  type ErasureResult,
  type ErasureStatus,
  erasureDecision,
  messages,
  programEndDay,
  type Retention,
  type RetentionBody,
  retentionKeptUntil,
  todayIn,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { type EnrolmentRow, findEnrolment, markConsentWithdrawn } from "../patients/service.js";
import type { LoadedProgram } from "../programs/service.js";
import * as q from "./queries.js";

/**
 * Erasure on request (GDPR Art. 17) under the program's retention rule (core rules/erasure.ts,
 * docs/exports.md). It pseudonymises rather than deletes: the enrolment's personal data goes, the
 * clinical rows stay under the patient's random id, and the account is closed when it belongs to
 * no other program (identity is the person's: another program's enrolment keeps it). One
 * transaction, audited in it; a second call answers the first one's result.
 */

const refusalText = (decision: ErasureDecision) =>
  decision.allowed
    ? null
    : decision.refusal === "program_running"
      ? messages.erasureRefusedProgramRunning
      : messages.erasureRefusedRetention(decision.keptUntil);

const load = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const enrolment = await findEnrolment(ctx.db, programId, userId);
  if (!enrolment) throw notFound();
  return { program, enrolment };
};

const decide = async (
  ctx: AppContext,
  program: LoadedProgram,
  enrolment: EnrolmentRow,
  reason: ErasureBody["reason"],
): Promise<ErasureDecision> =>
  erasureDecision({
    enrolment: { status: enrolment.status, dateConsentGiven: enrolment.dateConsentGiven?.toISOString() ?? null },
    program: {
      endDate: program.endDate,
      endedAt: program.endedAt?.toISOString() ?? null,
      retentionYears: await q.findRetentionYears(ctx.db, program.id),
    },
    reason,
    today: todayIn(program.territory, ctx.clock.now()),
  });

/** GET …/erasure: erased or not, and whether the patient's own request would be granted today. */
export const getErasureStatus = async (
  scope: RequestScope,
  programId: string,
  userId: string,
): Promise<ErasureStatus> => {
  const { program, enrolment } = await load(scope, programId, userId);
  const decision = enrolment.erasedAt ? null : await decide(scope.ctx, program, enrolment, "patient_request");
  return {
    erased: !!enrolment.erasedAt,
    erasedAt: enrolment.erasedAt?.toISOString() ?? null,
    ground: enrolment.erasureGround,
    allowedOnRequest: decision ? decision.allowed : false,
    refusal: decision ? refusalText(decision) : null,
  };
};

const retentionOf = (ctx: AppContext, program: LoadedProgram, retentionYears: number): Retention => {
  const ending = { endDate: program.endDate, endedAt: program.endedAt?.toISOString() ?? null, retentionYears };
  const today = todayIn(program.territory, ctx.clock.now());
  return { retentionYears, programEnded: programEndDay(ending, today), keptUntil: retentionKeptUntil(ending, today) };
};

/** GET …/retention: the years the program's data is kept after it ends, and until when once it has. */
export const getRetention = async (scope: RequestScope, programId: string): Promise<Retention> => {
  const { program } = await inProgram(scope, programId);
  return retentionOf(scope.ctx, program, await q.findRetentionYears(scope.ctx.db, program.id));
};

/** PUT …/retention: set by those who may erase (it decides when erasure on request is carried out); audited with the change. */
export const setRetention = async (scope: RequestScope, programId: string, body: RetentionBody) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await q.updateRetentionYears(trx, program.id, body.retentionYears);
    await scope.audit(
      {
        action: "program.retention.update",
        entityType: "program",
        entityId: program.id,
        programId: program.id,
        details: { retentionYears: { from: before, to: body.retentionYears } },
      },
      trx,
    );
  });
  return retentionOf(ctx, program, body.retentionYears);
};

/** The free-text answers of custom questionnaires (the licensed instruments have none). */
const clearFreeTextAnswers = async (db: Db, programId: string, patientId: string) => {
  let cleared = 0;
  for (const type of await q.findAnsweredCustomTypes(db, programId, patientId)) {
    const scheme = customQuestionnaireSchema.safeParse(type.specification);
    if (!scheme.success) continue;
    const freeText = scheme.data.questions.filter((question) => question.type === "freeText").map((x) => x.id);
    cleared += await q.clearAnswers(db, programId, patientId, type.id, freeText);
  }
  return cleared;
};

/** POST …/erasure. */
export const erasePatient = async (
  scope: RequestScope,
  programId: string,
  userId: string,
  body: ErasureBody,
): Promise<ErasureResult> => {
  const { ctx, actor } = scope;
  const { program, enrolment } = await load(scope, programId, userId);
  const alreadyErased = async (db: Db, erased: { erasedAt: Date; erasureGround: ErasureResult["ground"] | null }) => ({
    message: messages.patientErased,
    erasedAt: erased.erasedAt.toISOString(),
    ground: erased.erasureGround ?? "no_legal_ground",
    accountClosed: (await q.countOtherLiveEnrolments(db, userId, enrolment.id)) === 0,
  });
  if (enrolment.erasedAt) return alreadyErased(ctx.db, { ...enrolment, erasedAt: enrolment.erasedAt });
  const decision = await decide(ctx, program, enrolment, body.reason);
  if (!decision.allowed) {
    await scope.audit({
      action: "patient.erasure_refused",
      outcome: "refused",
      entityType: "patient",
      entityId: userId,
      patientId: userId,
      programId,
      details: { reason: body.reason, refusal: decision.refusal },
    });
    throw conflict(refusalText(decision)!);
  }
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await q.lockEnrolment(trx, enrolment.id);
    if (locked.erasedAt) return alreadyErased(trx, { ...locked, erasedAt: locked.erasedAt });
    const account = await q.findAccount(trx, userId);
    const closeAccount =
      account?.scope === "patient" && (await q.countOtherLiveEnrolments(trx, userId, enrolment.id)) === 0;
    // A consented patient erased while the program runs takes no further part (nothing new is collected).
    if (enrolment.consentGiven && enrolment.status === "CONSENTED" && !program.closed)
      await markConsentWithdrawn(ctx, trx, enrolment, actor.userId);
    await q.eraseEnrolment(trx, enrolment.id, {
      name: messages.erasedPatientName,
      now,
      ground: decision.ground,
      // The year of birth this program was given (its enrolment's), never the account's.
      birthYear: birthYear(locked.dob),
    });
    const notes = await q.clearFreeText(trx, programId, userId);
    const answers = await clearFreeTextAnswers(trx, programId, userId);
    await q.deleteInvitesAndNotifications(trx, programId, enrolment.id, userId);
    await q.deleteLogDaysSummary(trx, programId, userId);
    // Mails to the enrolment's addresses; the sign-in address only with the account (another
    // program's mails to it stay while that program holds the person).
    const signIn = (account?.email ?? "").toLowerCase();
    await q.deleteMailsTo(
      trx,
      closeAccount
        ? [enrolment.inviteEmail, enrolment.consentedEmail ?? "", signIn]
        : [enrolment.inviteEmail, enrolment.consentedEmail ?? ""].filter((a) => a.toLowerCase() !== signIn),
    );
    if (closeAccount) await q.closeAccount(trx, userId, messages.erasedPatientName, now);
    await q.deleteIdentifyingExports(trx, programId);
    await scope.audit(
      {
        action: "patient.erased",
        entityType: "patient",
        entityId: userId,
        patientId: userId,
        programId,
        details: {
          reason: body.reason,
          ground: decision.ground,
          accountClosed: closeAccount,
          freeTextCleared: notes + answers,
        },
      },
      trx,
    );
    return {
      message: messages.patientErased,
      erasedAt: now.toISOString(),
      ground: decision.ground,
      accountClosed: closeAccount,
    };
  });
};
