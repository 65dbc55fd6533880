import {
  type CancerType,
  can,
  canAddPatients,
  canResendInvite,
  type EnrolledPatient,
  errorCodes,
  messages,
  normalisePatientId,
  type PatientDetails,
  type PatientStatus,
  patientIdProblem,
  programState,
  todayIn,
  type VerificationStatus,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { programsPermitting } from "../../platform/access/scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, conflict, invalidField, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { assertProgramReady } from "../program-readiness/service.js";
import type { LoadedProgram } from "../programs/service.js";
import { reportBounds } from "../reports/service.js";
import { deleteUser, findUserByEmail, insertUser, updateUser } from "../users/service.js";
import { sendPatientInvite } from "./invites.js";
import * as q from "./queries.js";
import { moveStatus, moveVerification } from "./transitions.js";

/** The enrolment store and its state moves, for the patient side (patients acting on their own enrolment). */
export { unsubscribeToken } from "./invites.js";
export {
  acceptOpenPatientInvites,
  type EnrolmentRow,
  findEnrolment,
  findEnrolmentById,
  findPatientInviteByHash,
  insertEnrolment,
  insertStatus,
} from "./queries.js";
export { moveStatus, moveVerification } from "./transitions.js";

const territoryMismatch = () =>
  new AppError(422, messages.territoryMismatch, errorCodes.validation, [
    { field: "email", message: messages.territoryMismatch },
  ]);

/** What a row shows beside the enrolment itself. */
interface PatientExtras {
  dob: string | null;
  severeSymptomsCount: number | null;
  /** The participant list only: unresolved alerts (kept by a trigger of the alerts module). */
  openAlertCount?: number;
  isProjectActive: boolean;
  patientEntered?: EnrolledPatient["patientEntered"];
}

/**
 * What each consented patient entered themselves, for the verifier: the account's name and the
 * demographics given to this program. Nothing for an enrolment without consent to THIS program.
 */
const patientEnteredOf = async (db: Db, rows: q.EnrolmentRow[]) => {
  const consented = rows.filter((r) => r.consentGiven);
  const names = new Map(
    (
      await q.findAccountNames(
        db,
        consented.map((r) => r.userId),
      )
    ).map((n) => [n.id, n]),
  );
  return (row: q.EnrolmentRow): EnrolledPatient["patientEntered"] => {
    const name = row.consentGiven ? names.get(row.userId) : undefined;
    return name
      ? { firstName: name.firstName, lastName: name.lastName, dob: row.dob ?? null, sex: row.sex ?? null }
      : null;
  };
};

const toPatient = (
  row: q.EnrolmentRow,
  history: { statuses: { status: string; at: Date }[]; verifications: { verificationStatus: string; at: Date }[] },
  extras: PatientExtras,
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
  ...extras,
});

/**
 * The status history is for those who may withdraw consent (3-settings.md §6: that permission
 * "also gates the status history"); others get the current status only.
 */
const maySeeStatusHistory = (actor: Actor) => can(actor, "withdraw_consent_project_users");

const withHistories = async <R extends q.EnrolmentRow>(
  db: Db,
  actor: Actor,
  programId: string,
  rows: R[],
  extras: (row: R) => PatientExtras,
) => {
  const showStatusHistory = maySeeStatusHistory(actor);
  const { statuses, verifications } = await q.findHistories(
    db,
    programId,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toPatient(
      row,
      {
        statuses: showStatusHistory ? statuses.filter((s) => s.enrolmentId === row.id) : [],
        verifications: verifications.filter((v) => v.enrolmentId === row.id),
      },
      extras(row),
    ),
  );
};

/** Started and not closed, on the program's own today. */
const isProgramActive = (ctx: AppContext, program: LoadedProgram) =>
  programState(
    { startDate: program.startDate, endDate: program.endDate, endedAt: program.endedAt?.toISOString() ?? null },
    todayIn(program.territory, ctx.clock.now()),
  ).active;

/** Severe-symptom counts are shown only to staff allowed to see them. */
const maySeeSymptomCounts = (actor: Actor) => can(actor, "view_project_users_symptom_counts");

const toCancerTypes = (stored: unknown): CancerType[] =>
  Array.isArray(stored)
    ? stored.map((c: Partial<CancerType>) => ({
        cancerType: String(c.cancerType ?? ""),
        cancerStage: c.cancerStage ?? null,
        diagnosisDate: c.diagnosisDate ?? null,
      }))
    : [];

/** A read or change of one program's patients (or of one patient), by the scope's actor. */
const patientEvent = (action: string, programId: string, patientId?: string, details?: Record<string, unknown>) => ({
  action,
  entityType: "patient",
  ...(patientId ? { entityId: patientId, patientId } : {}),
  programId,
  ...(details ? { details } : {}),
});

export const listPatients = async (
  scope: RequestScope,
  programId: string,
  query: {
    _page: number;
    _perPage: number;
    term?: string | undefined;
    statuses?: string[] | undefined;
    verification_status?: string[] | undefined;
    showSevereSymptomsCount?: boolean | undefined;
    orderBy?: "name" | "severeSymptoms" | undefined;
    orderDir?: "asc" | "desc" | undefined;
  },
) => {
  const { ctx, actor } = scope;
  // Sorting by a count one may not see would reveal it: such a sort falls back to names.
  const counts = maySeeSymptomCounts(actor);
  const chips = (query.statuses ?? []).filter((s) => s !== "ALL");
  // VERIFIED and AWAITING_VERIFICATION are chips of the same row but verification states.
  const verification = [
    ...(query.verification_status ?? []),
    ...chips.filter((s) => s === "VERIFIED" || s === "AWAITING_VERIFICATION"),
  ];
  const statuses = chips.filter((s) => s !== "VERIFIED" && s !== "AWAITING_VERIFICATION");
  // The program scope (defineRoute resolved it: in reach, else 404) and the page.
  const [{ program }, { rows, totalCount }] = await Promise.all([
    inProgram(scope, programId),
    q.findEnrolmentPage(ctx.db, {
      programId,
      term: query.term,
      statuses,
      verification,
      page: query._page,
      perPage: query._perPage,
      orderBy: query.orderBy === "severeSymptoms" && counts ? "severeSymptoms" : "name",
      orderDir: query.orderDir,
    }),
  ]);
  const showCounts = counts && !!query.showSevereSymptomsCount;
  const isProjectActive = isProgramActive(ctx, program);
  const patientEntered = await patientEnteredOf(ctx.db, rows);
  // The page's histories and the audit of the read (which patients were shown, not only how many)
  // go to the database side by side: an audited commit takes ~5 ms here.
  const [results] = await Promise.all([
    withHistories(ctx.db, actor, programId, rows, (row) => ({
      dob: row.dob ?? null,
      severeSymptomsCount: showCounts ? row.severeSymptomsCount : null,
      openAlertCount: row.openAlertCount,
      isProjectActive,
      patientEntered: patientEntered(row),
    })),
    scope.audit(
      patientEvent("patient.list", programId, undefined, { count: rows.length, patientIds: rows.map((r) => r.userId) }),
    ),
  ]);
  return { results, totalCount };
};

/** A patient of a program the actor may reach (404 for anyone else's). */
const loadEnrolment = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const enrolment = await q.findEnrolment(ctx.db, programId, userId);
  if (!enrolment) throw notFound();
  return { program, enrolment };
};

export const getPatient = async (scope: RequestScope, programId: string, userId: string): Promise<PatientDetails> => {
  const { ctx, actor } = scope;
  const { program, enrolment } = await loadEnrolment(scope, programId, userId);
  const bounds = await reportBounds(ctx.db, programId, enrolment.userId);
  // The demographics the patient gave THIS program (none before they consent to it): never the
  // account's, which may hold what they gave another (security issue 29 §1).
  const patientEntered = await patientEnteredOf(ctx.db, [enrolment]);
  const [patient] = await withHistories(ctx.db, actor, programId, [enrolment], () => ({
    dob: enrolment.dob,
    severeSymptomsCount: maySeeSymptomCounts(actor) ? enrolment.severeSymptomsCount : null,
    isProjectActive: isProgramActive(ctx, program),
    patientEntered: patientEntered(enrolment),
  }));
  await scope.audit(patientEvent("patient.read", programId, userId));
  return {
    ...patient!,
    consentedEmail: enrolment.consentedEmail,
    gender: enrolment.sex,
    postcode: enrolment.postcode,
    cancerTypes: toCancerTypes(enrolment.cancerTypes),
    reportsEarliestDate: bounds.earliestDate,
    reportsLatestDate: bounds.latestDate,
  };
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

/** The account of someone invited who has not joined yet: no password, no permissions. */
const insertInvitee = (
  db: Db,
  p: { email: string; firstName: string; lastName: string; territory: string; now: Date },
) =>
  insertUser(db, {
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    displayName: null,
    role: null,
    scope: "patient",
    passwordHash: null,
    passwordChangedAt: null,
    permissions: [],
    territory: p.territory,
    instructionsAcknowledgedAt: null,
    sex: null,
    dateCreated: p.now,
    updatedAt: p.now,
  });

export const createPatient = async (
  scope: RequestScope,
  programId: string,
  body: {
    firstName: string;
    lastName: string;
    email: string;
    patientIdType: string;
    patientId: string;
  },
) => {
  const { ctx, actor } = scope;
  const { program } = await inProgram(scope, programId);
  if (!canAddPatients(program, true)) throw conflict(messages.addPatientNotAllowed);
  await assertProgramReady(ctx.db, program.id);
  // The contract checked the identifier's shape; the program's territory says whose rule applies.
  const idProblem = patientIdProblem(body.patientIdType, body.patientId, program.territory);
  if (idProblem) throw invalidField("patientId", idProblem);
  const existing = await checkPatientEmail(ctx, program, body.email);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (await insertInvitee(trx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        territory: program.territory,
        now,
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
    // With the change it records: both or neither.
    await scope.audit(patientEvent("patient.create", program.id, id), trx);
    return id;
  });
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
      (await insertInvitee(trx, {
        email,
        firstName: enrolment.firstName,
        lastName: enrolment.lastName,
        territory: program.territory,
        now,
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
  scope: RequestScope,
  programId: string,
  userId: string,
  body: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    patientIdType?: string | undefined;
    patientId?: string | undefined;
    postcode?: string | null | undefined;
    cancerTypes?: CancerType[] | undefined;
  },
) => {
  const { ctx } = scope;
  const { program, enrolment } = await loadEnrolment(scope, programId, userId);
  const today = todayIn(program.territory, ctx.clock.now());
  for (const [i, cancer] of (body.cancerTypes ?? []).entries()) {
    if (cancer.diagnosisDate && cancer.diagnosisDate > today)
      throw invalidField(`cancerTypes.${i}.diagnosisDate`, messages.logDateInFuture);
  }
  const type = body.patientIdType ?? enrolment.patientIdType;
  // A new type or a new identifier: the identifier kept must hold under the type kept.
  const idKept = body.patientId ?? enrolment.patientId;
  if ((body.patientIdType !== undefined || body.patientId !== undefined) && type && idKept !== null) {
    const idProblem = patientIdProblem(type, idKept, program.territory);
    if (idProblem) throw invalidField("patientId", idProblem);
  }
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
      ...(body.postcode !== undefined ? { postcode: body.postcode } : {}),
      ...(body.cancerTypes !== undefined ? { cancerTypes: JSON.stringify(body.cancerTypes) } : {}),
    });
    const movedTo = emailChanges
      ? await readdressEnrolment(ctx, trx, program, { ...enrolment, ...pickNames(body) }, body.email!, target)
      : userId;
    await scope.audit(
      {
        action: "patient.update",
        entityType: "patient",
        entityId: movedTo,
        patientId: movedTo,
        programId,
        details: { fields: Object.keys(body), ...(movedTo !== userId ? { detachedFromUserId: userId } : {}) },
      },
      trx,
    );
    return movedTo;
  });
  return getPatient(scope, programId, patientUserId);
};

const pickNames = (body: { firstName?: string | undefined; lastName?: string | undefined }) => ({
  ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
  ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
});

export const deletePatient = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx } = scope;
  const { enrolment } = await loadEnrolment(scope, programId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await q.deleteEnrolment(trx, enrolment.id);
    // An invited person who never made an account and has no other program leaves no trace.
    const account = await q.findInviteeAccount(trx, userId);
    if (account && !account.passwordHash && (await q.countEnrolmentsOfUser(trx, userId)) === 0) {
      await deleteUser(trx, userId);
    }
    await scope.audit(patientEvent("patient.delete", programId, userId, { status: enrolment.status }), trx);
  });
};

export const resendInvite = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx, actor } = scope;
  const { program, enrolment } = await loadEnrolment(scope, programId, userId);
  const patient = { status: enrolment.status as PatientStatus, inviteAccepted: !!enrolment.inviteAcceptedAt };
  if (!canResendInvite(patient, program, true) || program.inviteMode !== "individual")
    throw conflict(messages.inviteNotResendable);
  await assertProgramReady(ctx.db, programId);
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
    await scope.audit(patientEvent("patient.invite.resend", programId, userId), trx);
  });
  return { message: messages.inviteResent };
};

export const batchInvite = async (scope: RequestScope, programId: string, userIds: string[]) => {
  // A program out of reach is not found, not "nothing sent".
  await inProgram(scope, programId);
  await assertProgramReady(scope.ctx.db, programId);
  let sent = 0;
  for (const userId of [...new Set(userIds)]) {
    try {
      await resendInvite(scope, programId, userId);
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
  scope: RequestScope,
  programId: string,
  userId: string,
  decision: { verified: true; patientId: string } | { verified: false },
) => {
  const { ctx, actor } = scope;
  const { program, enrolment } = await loadEnrolment(scope, programId, userId);
  assertAwaitingVerification(program, enrolment);
  let changes = {};
  if (decision.verified) {
    const type = enrolment.patientIdType ?? program.defaultPatientIdType ?? "other";
    const idProblem = patientIdProblem(type, decision.patientId, program.territory);
    if (idProblem) throw invalidField("patientId", idProblem);
    changes = { patientIdType: type, patientId: normalisePatientId(type, decision.patientId) };
  }
  const status = decision.verified ? "VERIFIED" : "DECLINED";
  await ctx.db.transaction().execute(async (trx) => {
    await moveVerification(trx, enrolment, status, ctx.clock.now(), actor.userId, changes);
    await scope.audit(patientEvent(decision.verified ? "patient.verify" : "patient.decline", programId, userId), trx);
  });
  return { message: decision.verified ? messages.patientVerified : messages.patientDeclined };
};

/** Moves an enrolment to consent withdrawn, in the caller's transaction (the care team's act or the patient's own). */
export const markConsentWithdrawn = async (ctx: AppContext, db: Db, enrolment: q.EnrolmentRow, actorUserId: string) => {
  if (!enrolment.consentGiven) throw conflict(messages.consentNotGiven);
  const now = ctx.clock.now();
  await moveStatus(db, enrolment, "CONSENT_WITHDRAWN", now, actorUserId, {
    consentGiven: false,
    dateConsentRevoked: now,
  });
};

/** The care team withdraws a patient's consent. */
export const withdrawConsent = async (scope: RequestScope, programId: string, userId: string) => {
  const { ctx, actor } = scope;
  const { enrolment } = await loadEnrolment(scope, programId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await markConsentWithdrawn(ctx, trx, enrolment, actor.userId);
    await scope.audit(patientEvent("patient.consent.retract", programId, userId), trx);
  });
  return { message: messages.consentRetracted };
};

export const searchPatients = async (scope: RequestScope, query: { term: string; _page: number; _perPage: number }) => {
  const { ctx, actor } = scope;
  const { rows, totalCount } = await q.searchEnrolments(ctx.db, {
    term: query.term,
    reach: programsPermitting(actor, "view_project_user"),
    page: query._page,
    perPage: query._perPage,
  });
  await scope.audit({
    action: "patient.search",
    details: { results: rows.length, patients: rows.map((r) => ({ patientId: r.userId, programId: r.programId })) },
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
