import {
  acceptLanguageTags,
  errorCodes,
  isAdult,
  isPatientLanguage,
  isProgramClosed,
  messages,
  type NoteType,
  negotiatePatientLanguage,
  noteTypes,
  offeredLanguages,
  type PatientLanguage,
  patientServedText,
  staffTextIn,
  type Territory,
  todayIn,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import type { Actor } from "../../platform/auth/actor.js";
import { newPasswordProblem } from "../../platform/auth/password-strength.js";
import { hashPassword } from "../../platform/auth/passwords.js";
import { hashToken, safeEqual } from "../../platform/auth/secrets.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, badRequest, conflict, invalidField, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { findCodeByValue } from "../invite-codes/service.js";
import * as patients from "../patients/service.js";
import { assertProgramReady } from "../program-readiness/service.js";
import { type LoadedProgram, loadProgram } from "../programs/service.js";
import { findUserByEmail, findUserById, insertUser, updateUser } from "../users/service.js";
import {
  findConsentedPrograms,
  findContactsOfPrograms,
  findPrioritisedOfPrograms,
  setConsentedEnrolmentsDemographics,
} from "./queries.js";

export const inviteErrors = {
  invalid: () => new AppError(400, messages.inviteLinkInvalid, "INVITE_INVALID"),
  used: () => new AppError(400, messages.inviteCodeUsed, "INVITE_USED"),
  expired: () => new AppError(400, messages.inviteExpired, "INVITE_EXPIRED"),
};

/** How the patient's language is asked for: the page's choice (?lang=), the account's, the browser's. */
export interface LanguageWish {
  lang?: string | undefined;
  account?: string | null | undefined;
  /** The Accept-Language header. */
  acceptLanguage?: string | undefined;
}

/**
 * The language a patient reads a text the server chooses in (issue 31 §3), within the program
 * territory's languages: the page's choice, else the account's, else the browser's, else the
 * program's default.
 */
export const patientLanguageFor = (territory: Territory, wish: LanguageWish): PatientLanguage => {
  const asked = isPatientLanguage(wish.lang) && offeredLanguages(territory).includes(wish.lang) ? wish.lang : null;
  return negotiatePatientLanguage({
    chosen: asked ?? wish.account,
    browser: acceptLanguageTags(wish.acceptLanguage),
    territory,
  });
};

/**
 * The consent a patient reads: the program's message in their language, else in the program's
 * default language (marked by the page through its language); a program that wrote none shows
 * OpenPRO's own consent (core's patientServedText) in the patient's language.
 */
const consentFor = (
  program: Pick<LoadedProgram, "consentMessage" | "consentMessageTranslations" | "territory">,
  language: PatientLanguage,
) => {
  const staff = staffTextIn(language, program.territory, program.consentMessage, program.consentMessageTranslations);
  return staff
    ? { consentMessage: staff.text, consentMessageLanguage: staff.language }
    : { consentMessage: patientServedText[language].defaultConsentMessage, consentMessageLanguage: language };
};

export type ResolvedInvite =
  | {
      kind: "individual";
      program: LoadedProgram;
      inviteId: string;
      enrolment: patients.EnrolmentRow;
    }
  | { kind: "public"; program: LoadedProgram; codeId: string };

/** A personal link (its hash is stored) or a program's public code (typed, upper-case). */
export const resolveInvite = async (ctx: AppContext, code: string): Promise<ResolvedInvite> => {
  const now = ctx.clock.now();
  const invite = await patients.findPatientInviteByHash(ctx.db, hashToken(code));
  if (invite) {
    if (invite.acceptedAt) throw inviteErrors.used();
    if (invite.revokedAt) throw inviteErrors.invalid();
    if (invite.expiresAt.getTime() <= now.getTime()) throw inviteErrors.expired();
    const enrolment = await patients.findEnrolmentById(ctx.db, invite.enrolmentId);
    if (!enrolment) throw inviteErrors.invalid();
    const program = await loadProgram(ctx, null, invite.programId);
    if (program.closed) throw inviteErrors.invalid();
    return { kind: "individual", program, inviteId: invite.id, enrolment };
  }
  const publicCode = await findCodeByValue(ctx.db, code.trim().toUpperCase());
  if (!publicCode || publicCode.deactivatedAt) throw inviteErrors.invalid();
  if (publicCode.dateExpires.getTime() <= now.getTime()) throw inviteErrors.expired();
  const program = await loadProgram(ctx, null, publicCode.programId);
  if (program.closed || program.inviteMode !== "public") throw inviteErrors.invalid();
  // No one joins a program that is not ready for patients (a personal invitation was checked when sent).
  await assertProgramReady(ctx.db, program.id);
  return { kind: "public", program, codeId: publicCode.id };
};

/**
 * A personal link opened again after it was used: the patient is led to sign in (their address
 * filled in) instead of "Invalid link". Once they consented they go on to the app; before, the
 * sign-in resumes at the consent. Null for anything else (a revoked link, a closed program).
 */
const usedInviteInfo = async (ctx: AppContext, code: string, wish: LanguageWish) => {
  const used = await patients.findPatientInviteByHash(ctx.db, hashToken(code));
  if (!used?.acceptedAt || used.revokedAt) return null;
  const enrolment = await patients.findEnrolmentById(ctx.db, used.enrolmentId);
  const program = enrolment ? await loadProgram(ctx, null, used.programId).catch(() => null) : null;
  if (!enrolment || !program || program.closed) return null;
  return {
    ...consentFor(program, patientLanguageFor(program.territory, wish)),
    hasAccepted: true,
    programId: program.id,
    programName: program.patientProgramName ?? program.name,
    email: enrolment.inviteEmail,
    kind: "individual" as const,
    joined: enrolment.status !== "STATUS_UNCONFIRMED",
    firstName: enrolment.firstName,
    lastName: enrolment.lastName,
    territory: program.territory,
  };
};

/** What an invite leads to, its consent in the patient's language (`wish`: the page's, the browser's). */
export const inviteInfo = async (ctx: AppContext, code: string, wish: LanguageWish = {}) => {
  const reopened = await usedInviteInfo(ctx, code, wish);
  if (reopened) return reopened;
  const invite = await resolveInvite(ctx, code);
  const account = invite.kind === "individual" ? await findUserById(ctx.db, invite.enrolment.userId) : null;
  const language = patientLanguageFor(invite.program.territory, { ...wish, account: account?.language });
  return {
    ...consentFor(invite.program, language),
    hasAccepted: !!account?.passwordHash,
    programId: invite.program.id,
    programName: invite.program.patientProgramName ?? invite.program.name,
    email: invite.kind === "individual" ? invite.enrolment.inviteEmail : null,
    kind: invite.kind,
    joined: false,
    firstName: invite.kind === "individual" ? invite.enrolment.firstName : null,
    lastName: invite.kind === "individual" ? invite.enrolment.lastName : null,
    territory: invite.program.territory,
  };
};

/** Joins the invite's program as `user`: the personal enrolment is accepted, a public code enrols. */
const joinProgram = async (ctx: AppContext, db: Db, invite: ResolvedInvite, user: UserRow) => {
  const now = ctx.clock.now();
  if (invite.kind === "individual") {
    if (invite.enrolment.userId !== user.id) throw inviteErrors.invalid();
    await patients.acceptOpenPatientInvites(db, invite.enrolment.id, now);
    await patients.moveStatus(db, invite.enrolment, "STATUS_UNCONFIRMED", now, user.id, { inviteAcceptedAt: now });
    return;
  }
  if (user.territory && user.territory !== invite.program.territory) {
    throw new AppError(422, messages.territoryMismatch, "VALIDATION_ERROR", [
      { field: "email", message: messages.territoryMismatch },
    ]);
  }
  const existing = await patients.findEnrolment(db, invite.program.id, user.id);
  if (existing) {
    if (existing.inviteAcceptedAt) return;
    await patients.moveStatus(db, existing, "STATUS_UNCONFIRMED", now, user.id, { inviteAcceptedAt: now });
    return;
  }
  const enrolmentId = await patients.insertEnrolment(db, {
    programId: invite.program.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    inviteEmail: user.email,
    consentedEmail: null,
    patientIdType: null,
    patientId: null,
    status: "STATUS_UNCONFIRMED",
    dateConsentGiven: null,
    dateConsentRevoked: null,
    inviteAcceptedAt: now,
    enrolledWith: "public",
    createdBy: null,
    createdAt: now,
  });
  await patients.insertStatus(db, {
    programId: invite.program.id,
    enrolmentId,
    status: "STATUS_UNCONFIRMED",
    at: now,
    actorUserId: user.id,
  });
};

/** Called by the patient sign-in when it carries an invite code, before the session opens. */
export const joinProgramOnSignIn = async (scope: RequestScope<null>, user: UserRow, code: string) => {
  const { ctx } = scope;
  // Opening one's own accepted link again is a plain sign-in, not an error.
  const used = await patients.findPatientInviteByHash(ctx.db, hashToken(code));
  if (used?.acceptedAt) {
    const enrolment = await patients.findEnrolmentById(ctx.db, used.enrolmentId);
    if (enrolment?.userId === user.id) return;
  }
  const invite = await resolveInvite(ctx, code);
  await ctx.db.transaction().execute(async (trx) => {
    await joinProgram(ctx, trx, invite, user);
    await scope.audit(
      { action: "patient.invite.accept", actorUserId: user.id, programId: invite.program.id, patientId: user.id },
      trx,
    );
  });
};

/**
 * Patient sign-up from an invite: the personal invitation's account gets its password, or a
 * public code creates the account and the enrolment. The returned user opens a patient session.
 */
export const registerPatient = async (
  scope: RequestScope<null>,
  body: {
    inviteCode: string;
    email: string;
    password: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    marketingConsent?: boolean | undefined;
  },
  openSession: (db: Db, user: UserRow) => Promise<{ accessToken: string; refreshToken: string }>,
) => {
  const { ctx } = scope;
  // Both names are checked before answering, so the form shows every missing one at once.
  const missingNames = [
    ...(body.firstName ? [] : [{ field: "firstName", message: messages.firstNameRequired }]),
    ...(body.lastName ? [] : [{ field: "lastName", message: messages.lastNameRequired }]),
  ];
  if (missingNames.length) throw new AppError(422, missingNames[0]!.message, errorCodes.validation, missingNames);
  const invite = await resolveInvite(ctx, body.inviteCode);
  const problem = newPasswordProblem(body.password, { email: body.email });
  if (problem) throw invalidField("password", problem);
  // A personal link is for its address only, whether or not another address has an account.
  if (invite.kind === "individual" && body.email.toLowerCase() !== invite.enrolment.inviteEmail.toLowerCase()) {
    throw invalidField("email", "Please use the e-mail address your invitation was sent to");
  }
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing?.passwordHash) throw conflict(messages.accountAlreadyExists, "email");
  if (existing && existing.scope !== "patient") throw conflict(messages.accountAlreadyExists, "email");
  // A public code never takes over an address that has a personal invitation waiting: that
  // person signs up from their own link, which proves they hold the mailbox.
  if (existing && invite.kind === "public") throw conflict(messages.accountAlreadyExists, "email");
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    let userId = existing?.id;
    const profile = {
      firstName: body.firstName!,
      lastName: body.lastName!,
      passwordHash,
      passwordChangedAt: now,
      privacyPolicy: true,
      eula: true,
      marketingConsent: body.marketingConsent ?? false,
      updatedAt: now,
    };
    if (userId) await updateUser(trx, userId, profile);
    else {
      userId = await insertUser(trx, {
        ...profile,
        email: body.email,
        displayName: null,
        role: null,
        scope: "patient",
        permissions: [],
        territory: invite.program.territory,
        instructionsAcknowledgedAt: null,
        sex: null,
        dateCreated: now,
      });
    }
    const user = (await findUserById(trx, userId))!;
    await joinProgram(ctx, trx, invite, user);
    const tokens = await openSession(trx, user);
    await scope.audit(
      { action: "patient.register", actorUserId: user.id, programId: invite.program.id, patientId: user.id },
      trx,
    );
    return { user, tokens };
  });
  return result;
};

const ownEnrolment = async ({ ctx, actor }: RequestScope, programId: string) => {
  const enrolment = await patients.findEnrolment(ctx.db, programId, actor.userId);
  if (!enrolment?.inviteAcceptedAt) throw notFound();
  const program = await loadProgram(ctx, null, programId);
  return { enrolment, program };
};

/** The signed-in patient's own audit entry about their enrolment in a program. */
const ownEvent = (scope: RequestScope, action: string, programId: string) => ({
  action,
  programId,
  patientId: scope.actor.userId,
});

export const giveConsent = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  const { enrolment, program } = await ownEnrolment(scope, programId);
  if (program.closed) throw conflict(messages.studyEnded);
  if (enrolment.consentGiven) return { message: messages.consentGiven };
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await patients.moveStatus(trx, enrolment, "CONSENTED", now, actor.userId, {
      consentGiven: true,
      dateConsentGiven: now,
      consentedEmail: actor.email,
    });
    // In programs that are not private, the care team confirms who consented.
    if (!program.isPrivate && enrolment.verificationStatus !== "VERIFIED") {
      await patients.moveVerification(trx, enrolment, "AWAITING_VERIFICATION", now, actor.userId);
    }
    await scope.audit(ownEvent(scope, "patient.consent.give", programId), trx);
  });
  return { message: messages.consentGiven };
};

/** The signed-in patient withdraws their own consent. */
export const withdrawConsent = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  const { enrolment } = await ownEnrolment(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    await patients.markConsentWithdrawn(ctx, trx, enrolment, actor.userId);
    await scope.audit(ownEvent(scope, "patient.consent.withdraw", programId), trx);
  });
  return { message: messages.consentRetracted };
};

export const declineConsent = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  const { enrolment } = await ownEnrolment(scope, programId);
  if (enrolment.consentGiven) throw conflict(messages.alreadyTakingPart);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await patients.moveStatus(trx, enrolment, "CONSENT_DECLINED", now, actor.userId);
    await scope.audit(ownEvent(scope, "patient.consent.decline", programId), trx);
  });
  return { message: messages.consentDeclinedMessage };
};

export const saveDemographics = async (scope: RequestScope, body: { gender: string; dob: string }) => {
  const { ctx, actor } = scope;
  const user = await findUserById(ctx.db, actor.userId);
  const today = todayIn((user?.territory as "UK_IRE" | "US" | "CH" | null) ?? "UK_IRE", ctx.clock.now());
  // The contract checks the shape only: a day that does not exist (30 February) would fail in the database.
  const day = new Date(`${body.dob}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== body.dob)
    throw invalidField("dob", messages.dobRequired);
  if (body.dob > today || !isAdult(body.dob, today)) throw invalidField("dob", messages.tooYoung);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, actor.userId, { sex: body.gender, dob: body.dob, updatedAt: ctx.clock.now() });
    await setConsentedEnrolmentsDemographics(trx, actor.userId, { dob: body.dob, sex: body.gender });
    await scope.audit({ action: "patient.demographics", patientId: actor.userId }, trx);
  });
  return { message: messages.settingsUpdated };
};

export const unsubscribe = async (
  scope: RequestScope<Actor | null>,
  body: { email: string; userId: string; token?: string | undefined },
) => {
  const { ctx } = scope;
  const user = await findUserById(ctx.db, body.userId);
  const expected = user ? patients.unsubscribeToken(ctx.settings.jwtSecret, user.id, body.email) : "";
  // Without the link's token, only the patient's own session (the patient web app's settings) proves it.
  const proven =
    body.token === undefined
      ? scope.actor?.scope === "patient" && scope.actor.userId === body.userId
      : safeEqual(expected, body.token);
  if (!user || user.email.toLowerCase() !== body.email.toLowerCase() || !proven)
    throw badRequest(messages.somethingWentWrong);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { questionnaireReminders: false, updatedAt: ctx.clock.now() });
    // The link's token proves the address: its owner acts, whoever is signed in.
    await scope.audit({ action: "patient.unsubscribe", actorUserId: user.id, patientId: user.id }, trx);
  });
  return { message: messages.unsubscribed };
};

export const studyEnded = async (ctx: AppContext, programId: string) => {
  const program = await loadProgram(ctx, null, programId).catch(() => null);
  if (!program?.closed) throw notFound();
  return { programName: program.patientProgramName ?? program.name, ended: true as const };
};

/**
 * The open programs the signed-in patient consented to, as their app shows them (an audited read):
 * the care team's guidance in the patient's language (`wish`, else the account's), else in the
 * program's default language with that language named.
 */
export const listMyPrograms = async (scope: RequestScope, wish: LanguageWish = {}) => {
  const { ctx, actor } = scope;
  const account = await findUserById(ctx.db, actor.userId);
  const now = ctx.clock.now();
  const rows = (await findConsentedPrograms(ctx.db, actor.userId)).filter(
    (row) =>
      !isProgramClosed(
        { endDate: row.endDate, endedAt: row.endedAt?.toISOString() ?? null },
        todayIn(row.territory, now),
      ),
  );
  const programIds = rows.map((row) => row.programId);
  const [contacts, prioritised] = await Promise.all([
    findContactsOfPrograms(ctx.db, programIds),
    findPrioritisedOfPrograms(ctx.db, programIds),
  ]);
  await scope.audit({ action: "patient.programs.view", patientId: actor.userId });
  return {
    results: rows.map((row) => {
      const language = patientLanguageFor(row.territory, { ...wish, account: account?.language });
      return {
        programId: row.programId,
        name: row.patientProgramName ?? row.name,
        disclaimer: row.disclaimer,
        disabledNoteTypes: row.disabledNoteTypes.filter((t): t is NoteType =>
          (noteTypes as readonly string[]).includes(t),
        ),
        careTeam: contacts
          .filter((c) => c.programId === row.programId)
          .map(({ programId: _programId, generalGuidanceTranslations, ...contact }) => {
            const guidance = staffTextIn(language, row.territory, contact.generalGuidance, generalGuidanceTranslations);
            return guidance
              ? { ...contact, generalGuidance: guidance.text, generalGuidanceLanguage: guidance.language }
              : contact;
          }),
        articles: row.articles,
        prioritisedSymptoms: prioritised.filter((p) => p.programId === row.programId).map((p) => p.logTypeId),
        territory: row.territory,
      };
    }),
  };
};
