import { messages } from "@openpro/core";
import type { UserRow } from "../../db/schema.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import { newPasswordProblem } from "../../platform/auth/password-strength.js";
import { hashPassword } from "../../platform/auth/passwords.js";
import { hashToken } from "../../platform/auth/secrets.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, conflict, invalidField } from "../../platform/errors.js";
import { requestScope } from "../../platform/request-scope.js";
import { registerPatient } from "../patient-side/service.js";
import {
  findStaffInviteByHash,
  findUsableStaffInvite,
  markInviteAccepted,
  markMembershipAccepted,
} from "../team/service.js";
import { findUserById, updateUser } from "../users/service.js";
import { sendCode } from "./codes.js";
import { openSession, toCurrentUser } from "./sessions.js";

const teamNameOf = (invite: { organisationName: string | null; programName: string | null }) =>
  invite.organisationName ?? invite.programName ?? "";

/** GET /auth/staff-invite: hasAccepted means the person already has an account and signs in. */
export const checkStaffInvite = async (ctx: AppContext, query: { code: string; email?: string | undefined }) => {
  const invite = await findUsableStaffInvite(ctx, query.code, query.email);
  return { hasAccepted: !!invite.passwordHash, email: invite.email, teamName: teamNameOf(invite) };
};

/** Accepts the invitation with its audit entry, in one transaction. */
const accept = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  invite: { id: string; userId: string; organisationId: string | null; programId: string | null },
) =>
  ctx.db.transaction().execute(async (trx) => {
    // Single use: a second acceptance (or a concurrent one) finds the invite already taken.
    if (!(await markInviteAccepted(trx, invite.id, ctx.clock.now()))) return false;
    await markMembershipAccepted(trx, invite);
    await writeAudit(trx, ctx.clock, meta, {
      action: "staff-invite.accept",
      outcome: "success",
      actorUserId: actor.userId,
      entityType: "staff-invite",
      entityId: invite.id,
    });
    return true;
  });

/** An existing user, signed in, accepts the invitation addressed to them. */
export const acceptStaffInvite = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: { userId: string; code: string },
) => {
  const invite = await findUsableStaffInvite(ctx, body.code);
  if (invite.userId !== actor.userId || body.userId !== actor.userId) {
    throw new AppError(400, messages.invitationInvalid, "INVITATION_INVALID");
  }
  if (!(await accept(ctx, meta, actor, invite)))
    throw new AppError(400, messages.invitationInvalid, "INVITATION_INVALID");
  return { message: messages.teamMemberUpdated };
};

/**
 * A new clinician sets a password and accepts the documents; the session that opens still needs
 * the sign-up code e-mailed to confirm the address.
 */
export const registerInvitedStaff = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: { inviteCode: string; email: string; password: string },
) => {
  const invite = await findUsableStaffInvite(ctx, body.inviteCode, body.email);
  if (invite.passwordHash) throw conflict(messages.accountAlreadyExists, "email");
  const problem = newPasswordProblem(body.password, { email: invite.email });
  if (problem) throw invalidField("password", problem);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  const session = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markInviteAccepted(trx, invite.id, now)))
      throw new AppError(400, messages.invitationInvalid, "INVITATION_INVALID");
    await markMembershipAccepted(trx, invite);
    await updateUser(trx, invite.userId, {
      passwordHash,
      passwordChangedAt: now,
      privacyPolicy: true,
      eula: true,
      updatedAt: now,
    });
    const user = (await findUserById(trx, invite.userId))!;
    const opened = await openSession(ctx, trx, meta, user, "clinical", false);
    await sendCode(ctx, trx, user, "signup", opened.sessionId);
    await writeAudit(trx, ctx.clock, meta, {
      action: "auth.register",
      outcome: "success",
      actorUserId: invite.userId,
      entityType: "staff-invite",
      entityId: invite.id,
    });
    return { ...opened, user };
  });
  const u = session.user;
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    user: toCurrentUser({
      userId: u.id,
      sessionId: session.sessionId,
      scope: "clinical",
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      displayName: u.displayName,
      role: u.role,
      permissions: u.permissions,
      otpVerified: false,
      passwordExpireDate: null,
      passwordExpired: false,
      instructionsAcknowledged: !!u.instructionsAcknowledgedAt,
      language: u.language,
    }),
  };
};

const profileOf = (user: UserRow, sessionId: string, otpVerified: boolean) =>
  toCurrentUser({
    userId: user.id,
    sessionId,
    scope: user.scope,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    role: user.role,
    permissions: user.permissions,
    otpVerified,
    passwordExpireDate: null,
    passwordExpired: false,
    instructionsAcknowledged: !!user.instructionsAcknowledgedAt,
    language: user.language,
  });

/**
 * POST /api/v2/auth/register: the invite code says who signs up. A staff invitation needs the
 * data-sharing acknowledgement; a patient invitation (personal or public code) needs the names.
 */
export const register = async (
  ctx: AppContext,
  meta: RequestMeta,
  body: {
    inviteCode: string;
    email: string;
    password: string;
    dataSharing?: true | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    marketingConsent?: boolean | undefined;
  },
) => {
  if (await findStaffInviteByHash(ctx.db, hashToken(body.inviteCode))) {
    if (!body.dataSharing) throw invalidField("dataSharing", messages.dataSharingRequired);
    return registerInvitedStaff(ctx, meta, body);
  }
  let sessionId = "";
  const { user, tokens } = await registerPatient(requestScope(ctx, meta, null), body, async (db, account) => {
    const opened = await openSession(ctx, db, meta, account, "patient", true);
    sessionId = opened.sessionId;
    return opened;
  });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user: profileOf(user, sessionId, true) };
};
