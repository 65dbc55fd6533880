import {
  canAddPatients,
  canResendInvite,
  type EnrolledPatient,
  errorCodes,
  isProgramClosed,
  messages,
  normalisePatientId,
  type PatientStatus,
  patientIdProblem,
  todayIn,
  type VerificationStatus,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { assertProgramInReach, listingScope } from "../../platform/access/scope.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, conflict, invalidField, notFound } from "../../platform/errors.js";
import { findProgram } from "../programs/queries.js";
import { deleteUser, findUserByEmail, insertUser, updateUser } from "../users/queries.js";
import { sendPatientInvite } from "./invites.js";
import * as q from "./queries.js";
import { moveStatus, moveVerification } from "./transitions.js";

const territoryMismatch = () =>
  new AppError(422, messages.territoryMismatch, errorCodes.validation, [
    { field: "email", message: messages.territoryMismatch },
  ]);

/** The program as the patient rules need it, after checking the actor may reach it. */
export const loadProgram = async (ctx: AppContext, actor: Actor | null, programId: string) => {
  if (actor) await assertProgramInReach(ctx.db, actor, programId);
  const row = await findProgram(ctx.db, programId);
  if (!row) throw notFound();
  const closed = isProgramClosed(
    { endDate: row.endDate, endedAt: row.endedAt?.toISOString() ?? null },
    todayIn(row.territory, ctx.clock.now()),
  );
  return { ...row, closed };
};
type LoadedProgram = Awaited<ReturnType<typeof loadProgram>>;

const toPatient = (
  row: q.EnrolmentRow,
  history: { statuses: { status: string; at: Date }[]; verifications: { verificationStatus: string; at: Date }[] },
): EnrolledPatient => ({
  id: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.consentedEmail ?? row.inviteEmail,
  patientIdType: row.patientIdType,
  patientId: row.patientId,
  status: row.status as PatientStatus,
  statusHistory: history.statuses.map((s) => ({ status: s.status as PatientStatus, date: s.at.toISOString() })),
  verificationStatus: row.verificationStatus as VerificationStatus,
  verificationStatusHistory: history.verifications.map((v) => ({
    verificationStatus: v.verificationStatus as VerificationStatus,
    dateUpdated: v.at.toISOString(),
  })),
  consentGiven: row.consentGiven,
  dateConsentGiven: row.dateConsentGiven?.toISOString() ?? null,
  dateConsentRevoked: row.dateConsentRevoked?.toISOString() ?? null,
  inviteAccepted: !!row.inviteAcceptedAt,
  enrolledWith: row.enrolledWith,
  createdAt: row.createdAt.toISOString(),
});

const withHistories = async (db: Db, programId: string, rows: q.EnrolmentRow[]) => {
  const { statuses, verifications } = await q.findHistories(
    db,
    programId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toPatient(row, {
      statuses: statuses.filter((s) => s.enrolmentId === row.id),
      verifications: verifications.filter((v) => v.enrolmentId === row.id),
    }),
  );
};

const auditPatient = (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  action: string,
  programId: string,
  patientId?: string,
  details?: Record<string, unknown>,
) =>
  writeAudit(ctx.db, ctx.clock, meta, {
    action,
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "patient",
    ...(patientId ? { entityId: patientId, patientId } : {}),
    programId,
    ...(details ? { details } : {}),
  });

export const listPatients = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  query: {
    _page: number;
    _perPage: number;
    term?: string | undefined;
    statuses?: string[] | undefined;
    verification_status?: string[] | undefined;
  },
) => {
  await loadProgram(ctx, actor, programId);
  const chips = (query.statuses ?? []).filter((s) => s !== "ALL");
  // VERIFIED and AWAITING_VERIFICATION are chips of the same row but verification states.
  const verification = [
    ...(query.verification_status ?? []),
    ...chips.filter((s) => s === "VERIFIED" || s === "AWAITING_VERIFICATION"),
  ];
  const statuses = chips.filter((s) => s !== "VERIFIED" && s !== "AWAITING_VERIFICATION");
  const { rows, totalCount } = await q.findEnrolmentPage(ctx.db, {
    programId,
    term: query.term,
    statuses,
    verification,
    page: query._page,
    perPage: query._perPage,
  });
  await auditPatient(ctx, meta, actor, "patient.list", programId, undefined, { count: rows.length });
  return { results: await withHistories(ctx.db, programId, rows), totalCount };
};

/** A patient of a program the actor may reach (404 for anyone else's). */
const loadEnrolment = async (ctx: AppContext, actor: Actor, programId: string, userId: string) => {
  const program = await loadProgram(ctx, actor, programId);
  const enrolment = await q.findEnrolment(ctx.db, programId, userId);
  if (!enrolment) throw notFound();
  return { program, enrolment };
};

export const getPatient = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
) => {
  const { enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  await auditPatient(ctx, meta, actor, "patient.read", programId, userId);
  return (await withHistories(ctx.db, programId, [enrolment]))[0]!;
};

const checkPatientEmail = async (ctx: AppContext, program: LoadedProgram, email: string) => {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.scope === "clinical") throw conflict(messages.patientIsStaff, "email");
  if (existing && (await q.findEnrolment(ctx.db, program.id, existing.id)))
    throw conflict(messages.patientAlreadyEnrolled, "email");
  // A patient belongs to one territory: their data stays under that country's rules.
  if (existing?.territory && existing.territory !== program.territory) throw territoryMismatch();
  return existing;
};

export const createPatient = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: {
    firstName: string;
    lastName: string;
    email: string;
    patientIdType: string;
    patientId: string;
    projectId: string;
  },
) => {
  const program = await loadProgram(ctx, actor, body.projectId);
  if (!canAddPatients(program, true)) throw conflict(messages.addPatientNotAllowed);
  const existing = await checkPatientEmail(ctx, program, body.email);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (await insertUser(trx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        displayName: null,
        role: null,
        scope: "patient",
        passwordHash: null,
        passwordChangedAt: null,
        permissions: [],
        territory: program.territory,
        instructionsAcknowledgedAt: null,
        sex: null,
        dateCreated: now,
        updatedAt: now,
      }));
    const enrolmentId = await q.insertEnrolment(trx, {
      programId: program.id,
      userId: id,
      firstName: body.firstName,
      lastName: body.lastName,
      inviteEmail: body.email,
      consentedEmail: null,
      patientIdType: body.patientIdType,
      patientId: normalisePatientId(body.patientIdType, body.patientId),
      status: "INVITE_SENT",
      dateConsentGiven: null,
      dateConsentRevoked: null,
      inviteAcceptedAt: null,
      enrolledWith: "individual",
      createdBy: actor.userId,
      createdAt: now,
    });
    await q.insertStatus(trx, {
      programId: program.id,
      enrolmentId,
      status: "INVITE_SENT",
      at: now,
      actorUserId: actor.userId,
    });
    await sendPatientInvite(ctx, trx, {
      programId: program.id,
      programName: program.patientProgramName ?? program.name,
      enrolmentId,
      userId: id,
      firstName: body.firstName,
      email: body.email,
      existingAccount: !!existing?.passwordHash,
    });
    return id;
  });
  await auditPatient(ctx, meta, actor, "patient.create", program.id, userId);
  return { userId, message: messages.patientAdded };
};

/**
 * Where this program's invitation goes. The account behind an enrolment is its owner's: the care
 * team never rewrites its sign-in e-mail. A placeholder account made for this invitation alone (no
 * password, no other program) follows the new address; any other account keeps its address and
 * the enrolment is detached from it, to the account of the new address (an existing one, or a
 * fresh invitee). Detaching rather than refusing lets a nurse correct an address that was mistyped
 * into someone else's, without touching that person. Links already sent to the old address die.
 */
const readdressEnrolment = async (
  ctx: AppContext,
  trx: Db,
  program: LoadedProgram,
  enrolment: q.EnrolmentRow,
  email: string,
  target: Awaited<ReturnType<typeof checkPatientEmail>>,
) => {
  const now = ctx.clock.now();
  const current = await q.findInviteeAccount(trx, enrolment.userId);
  const placeholder =
    !!current && !current.passwordHash && (await q.countEnrolmentsOfUser(trx, enrolment.userId)) === 1;
  let userId = enrolment.userId;
  if (placeholder && !target) {
    await updateUser(trx, enrolment.userId, { email, updatedAt: now });
  } else {
    userId =
      target?.id ??
      (await insertUser(trx, {
        email,
        firstName: enrolment.firstName,
        lastName: enrolment.lastName,
        displayName: null,
        role: null,
        scope: "patient",
        passwordHash: null,
        passwordChangedAt: null,
        permissions: [],
        territory: program.territory,
        instructionsAcknowledgedAt: null,
        sex: null,
        dateCreated: now,
        updatedAt: now,
      }));
    await q.moveEnrolmentToUser(trx, enrolment.id, userId);
    if (placeholder) await deleteUser(trx, enrolment.userId);
  }
  await q.updateEnrolment(trx, enrolment.id, { inviteEmail: email });
  await q.revokeOpenPatientInvites(trx, enrolment.id, now);
  if (enrolment.status === "INVITE_SENT") {
    await sendPatientInvite(ctx, trx, {
      programId: program.id,
      programName: program.patientProgramName ?? program.name,
      enrolmentId: enrolment.id,
      userId,
      firstName: enrolment.firstName,
      email,
      existingAccount: !!target?.passwordHash,
    });
  }
  return userId;
};

export const updatePatient = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
  body: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    patientIdType?: string | undefined;
    patientId?: string | undefined;
  },
) => {
  const { program, enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  const type = body.patientIdType ?? enrolment.patientIdType;
  const emailChanges = body.email !== undefined && body.email !== enrolment.inviteEmail.toLowerCase();
  let target: Awaited<ReturnType<typeof checkPatientEmail>>;
  if (emailChanges) {
    // Once the patient has joined, the address is theirs to change, not the care team's.
    if (enrolment.inviteAcceptedAt)
      throw new AppError(422, messages.patientEmailOwned, errorCodes.validation, [
        { field: "email", message: messages.patientEmailOwned },
      ]);
    target = await checkPatientEmail(ctx, program, body.email!);
  }
  const patientUserId = await ctx.db.transaction().execute(async (trx) => {
    await q.updateEnrolment(trx, enrolment.id, {
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(body.patientIdType !== undefined ? { patientIdType: body.patientIdType } : {}),
      ...(body.patientId !== undefined && type ? { patientId: normalisePatientId(type, body.patientId) } : {}),
    });
    const movedTo = emailChanges
      ? await readdressEnrolment(ctx, trx, program, { ...enrolment, ...pickNames(body) }, body.email!, target)
      : userId;
    await writeAudit(trx, ctx.clock, meta, {
      action: "patient.update",
      outcome: "success",
      actorUserId: actor.userId,
      entityType: "patient",
      entityId: movedTo,
      patientId: movedTo,
      programId,
      details: { fields: Object.keys(body), ...(movedTo !== userId ? { detachedFromUserId: userId } : {}) },
    });
    return movedTo;
  });
  return getPatient(ctx, meta, actor, programId, patientUserId);
};

const pickNames = (body: { firstName?: string | undefined; lastName?: string | undefined }) => ({
  ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
  ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
});

export const deletePatient = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
) => {
  const { enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await q.deleteEnrolment(trx, enrolment.id);
    // An invited person who never made an account and has no other program leaves no trace.
    const account = await q.findInviteeAccount(trx, userId);
    if (account && !account.passwordHash && (await q.countEnrolmentsOfUser(trx, userId)) === 0) {
      await deleteUser(trx, userId);
    }
  });
  await auditPatient(ctx, meta, actor, "patient.delete", programId, userId, { status: enrolment.status });
};

export const resendInvite = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
) => {
  const { program, enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  const patient = { status: enrolment.status as PatientStatus, inviteAccepted: !!enrolment.inviteAcceptedAt };
  if (!canResendInvite(patient, program, true) || program.inviteMode !== "individual")
    throw conflict(messages.inviteNotResendable);
  const account = await q.findInviteeAccount(ctx.db, userId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (enrolment.status === "INVITE_EXPIRED" || enrolment.status === "CONSENT_DECLINED") {
      await moveStatus(trx, enrolment, "INVITE_SENT", now, actor.userId);
    }
    await sendPatientInvite(ctx, trx, {
      programId,
      programName: program.patientProgramName ?? program.name,
      enrolmentId: enrolment.id,
      userId,
      firstName: enrolment.firstName,
      email: enrolment.inviteEmail,
      existingAccount: !!account?.passwordHash,
    });
  });
  await auditPatient(ctx, meta, actor, "patient.invite.resend", programId, userId);
  return { message: messages.inviteResent };
};

export const batchInvite = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userIds: string[],
) => {
  let sent = 0;
  for (const userId of [...new Set(userIds)]) {
    try {
      await resendInvite(ctx, meta, actor, programId, userId);
      sent++;
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    }
  }
  return { sent, skipped: userIds.length - sent };
};

const assertAwaitingVerification = (program: LoadedProgram, enrolment: q.EnrolmentRow) => {
  if (program.isPrivate || enrolment.verificationStatus !== "AWAITING_VERIFICATION")
    throw conflict(messages.notAwaitingVerification);
};

/**
 * The care team's decision on a patient awaiting verification: verified (with the identifier,
 * checked like on the new-patient form) or declined.
 */
export const decideVerification = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
  decision: { verified: true; patientId: string } | { verified: false },
) => {
  const { program, enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  assertAwaitingVerification(program, enrolment);
  let changes = {};
  if (decision.verified) {
    const type = enrolment.patientIdType ?? program.defaultPatientIdType ?? "other";
    const idProblem = patientIdProblem(type, decision.patientId);
    if (idProblem) throw invalidField("patientId", idProblem);
    changes = { patientIdType: type, patientId: normalisePatientId(type, decision.patientId) };
  }
  const status = decision.verified ? "VERIFIED" : "DECLINED";
  await ctx.db
    .transaction()
    .execute((trx) => moveVerification(trx, enrolment, status, ctx.clock.now(), actor.userId, changes));
  await auditPatient(ctx, meta, actor, decision.verified ? "patient.verify" : "patient.decline", programId, userId);
  return { message: decision.verified ? messages.patientVerified : messages.patientDeclined };
};

/** Consent withdrawn, by the care team (retract) or by the patient. */
export const withdrawConsent = async (ctx: AppContext, db: Db, enrolment: q.EnrolmentRow, actorUserId: string) => {
  if (!enrolment.consentGiven) throw conflict(messages.consentNotGiven);
  const now = ctx.clock.now();
  await moveStatus(db, enrolment, "CONSENT_WITHDRAWN", now, actorUserId, {
    consentGiven: false,
    dateConsentRevoked: now,
  });
};

export const retractConsent = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  userId: string,
) => {
  const { enrolment } = await loadEnrolment(ctx, actor, programId, userId);
  await ctx.db.transaction().execute((trx) => withdrawConsent(ctx, trx, enrolment, actor.userId));
  await auditPatient(ctx, meta, actor, "patient.consent.retract", programId, userId);
  return { message: messages.consentRetracted };
};

export const searchPatients = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  query: { term: string; _page: number; _perPage: number },
) => {
  const { rows, totalCount } = await q.searchEnrolments(ctx.db, {
    term: query.term,
    memberUserId: listingScope(actor),
    page: query._page,
    perPage: query._perPage,
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "patient.search",
    outcome: "success",
    actorUserId: actor.userId,
    details: { results: rows.length },
  });
  return {
    totalCount,
    results: rows.map((r) => ({
      id: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      dob: r.dob,
      inviteEmail: r.inviteEmail,
      consentedEmail: r.consentedEmail,
      patientId: r.patientId,
      patientIdType: r.patientIdType,
      patientStatus: r.status as PatientStatus,
      project: { projectId: r.programId, name: r.programName },
    })),
  };
};

/** When a program ends, its consented patients have completed it. */
export const completeProgramPatients = async (ctx: AppContext, db: Db, programId: string, actorUserId: string) => {
  const now = ctx.clock.now();
  for (const { id } of await q.findConsentedEnrolments(db, programId)) {
    await moveStatus(db, { id, programId }, "PROJECT_COMPLETED", now, actorUserId);
  }
};
