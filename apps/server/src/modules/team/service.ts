import {
  assignableRoles,
  defaultPermissionsByRole,
  isAdmin,
  isAdminType,
  messages,
  type Role,
  type TeamMember,
} from "@openpro/core";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import {
  assertSignInEmailChangeable,
  deleteUser,
  findUserByEmail,
  insertUser,
  noticeSignInEmailChanged,
  updateUser,
} from "../users/service.js";
import { inviteStaffMember } from "./invites.js";

/** Staff invitations as the sign-in side accepts them. */
export { findUsableStaffInvite } from "./invites.js";
export { findStaffInviteByHash, markInviteAccepted, markMembershipAccepted } from "./queries.js";

import {
  countOtherMemberships,
  deleteTeamMember,
  findTeamMember,
  findTeamMembers,
  insertTeamMember,
  type TeamRef,
} from "./queries.js";

/** A team the actor may manage, already checked to be in reach by the caller, with its name for e-mails. */
export interface Team {
  ref: TeamRef;
  name: string;
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof findTeamMember>>>;

const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  displayName: row.displayName,
  email: row.email,
  role: row.role as Role,
  inviteAccepted: row.inviteAccepted,
});

const inviteTeam = (team: Team) =>
  team.ref.kind === "organisation"
    ? ({ kind: "organisation", organisationId: team.ref.id, name: team.name } as const)
    : ({ kind: "program", programId: team.ref.id, name: team.name } as const);

/** The audit entry of a change to a team's member. */
const memberEvent = (team: Team, verb: string, userId: string, details = {}) => ({
  action: `${team.ref.kind}.member.${verb}`,
  entityType: "user",
  entityId: userId,
  ...(team.ref.kind === "program" ? { programId: team.ref.id } : {}),
  details: { [`${team.ref.kind}Id`]: team.ref.id, ...details },
});

const findMemberOf = async (ctx: AppContext, team: Team, userId: string) => {
  const member = await findTeamMember(ctx.db, team.ref, userId);
  if (!member) throw notFound();
  return member;
};

export const listMembers = async (ctx: AppContext, team: Team) => {
  const rows = await findTeamMembers(ctx.db, team.ref);
  return { results: rows.map(toMember), totalCount: rows.length };
};

/** PostgreSQL's SQLSTATE for a unique or primary-key violation. */
const UNIQUE_VIOLATION = "23505";

/** Someone who also belongs to other teams is managed by admin-type users only (their account is not this team's). */
const assertOnlyThisTeam = async (ctx: AppContext, actor: Actor, team: Team, userId: string) => {
  if (!isAdminType(actor) && (await countOtherMemberships(ctx.db, team.ref, userId)) > 0) throw forbidden();
};

/** No one grants what they do not hold: a role is assignable only if the actor holds all of its permissions. */
export const assertRoleAssignable = (actor: Actor, role: Role) => {
  if (!assignableRoles(actor).includes(role)) {
    throw new AppError(422, messages.roleNotAssignable, "VALIDATION_ERROR", [
      { field: "role", message: messages.roleNotAssignable },
    ]);
  }
};

/** Adds someone (a new account without a password, or an existing staff account) and e-mails the invitation. */
export const addMember = async (
  scope: RequestScope,
  team: Team,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string; role: Role },
) => {
  const { ctx, actor } = scope;
  assertRoleAssignable(actor, body.role);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing?.scope === "patient") throw conflict(messages.roleIsClinicalStaff, "email");
  if (existing && (await findTeamMember(ctx.db, team.ref, existing.id)))
    throw conflict(messages.teamMemberExists, "email");
  const now = ctx.clock.now();
  const userId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const id =
        existing?.id ??
        (await insertUser(trx, {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          displayName: body.displayName || null,
          role: body.role,
          scope: "clinical",
          passwordHash: null,
          passwordChangedAt: null,
          permissions: [...defaultPermissionsByRole[body.role]],
          territory: null,
          instructionsAcknowledgedAt: null,
          dateCreated: now,
          updatedAt: now,
        }));
      await insertTeamMember(trx, team.ref, { userId: id, role: body.role, now });
      await inviteStaffMember(ctx, trx, {
        userId: id,
        email: existing?.email ?? body.email,
        firstName: existing?.firstName ?? body.firstName,
        invitedBy: actor.userId,
        team: inviteTeam(team),
        existingAccount: !!existing?.passwordHash,
      });
      // With the change it records: both or neither.
      await scope.audit(memberEvent(team, "add", id, { role: body.role }), trx);
      return id;
    })
    .catch((error: unknown) => {
      // A concurrent add of the same person (a double click) loses on the users e-mail or team key.
      if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION)
        throw conflict(messages.teamMemberExists, "email");
      throw error;
    });
  return toMember(await findMemberOf(ctx, team, userId));
};

export const updateMember = async (
  scope: RequestScope,
  team: Team,
  userId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string },
) => {
  const { ctx, actor } = scope;
  const member = await findMemberOf(ctx, team, userId);
  // Changing an admin-type account's e-mail would let a password reset take it over; so would
  // changing that of someone who also works in teams beyond this one, which the editor cannot see.
  if (isAdminType(member) && !isAdminType(actor)) throw forbidden();
  const emailChanges = body.email !== member.email.toLowerCase();
  if (emailChanges) {
    await assertOnlyThisTeam(ctx, actor, team, userId);
    assertSignInEmailChangeable(actor, member);
  }
  const sameEmail = await findUserByEmail(ctx.db, body.email);
  if (sameEmail && sameEmail.id !== userId) throw conflict(messages.teamMemberExists, "email");
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      // Left as it is when not sent; sent empty, it is cleared.
      ...(body.displayName !== undefined ? { displayName: body.displayName || null } : {}),
      ...(emailChanges ? { email: body.email } : {}),
      updatedAt: ctx.clock.now(),
    });
    if (emailChanges) await noticeSignInEmailChanged(ctx, trx, member, body.email);
    await scope.audit(memberEvent(team, "update", userId, emailChanges ? { emailBefore: member.email } : {}), trx);
  });
  return toMember(await findMemberOf(ctx, team, userId));
};

/** Removes from the team; `deleteProfile` also deletes the account (never an admin's, never one's own). */
export const removeMember = async (
  scope: RequestScope,
  team: Team,
  userId: string,
  options: { deleteProfile: boolean } = { deleteProfile: false },
) => {
  const { ctx, actor } = scope;
  const member = await findMemberOf(ctx, team, userId);
  if (options.deleteProfile) {
    await assertOnlyThisTeam(ctx, actor, team, userId);
    if (member.permissions.includes("admin") || (isAdminType(member) && !isAdmin(actor)))
      throw conflict(messages.adminCannotBeDeleted);
    if (userId === actor.userId) throw conflict(messages.cannotDeleteYourself);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTeamMember(trx, team.ref, userId);
    if (options.deleteProfile) await deleteUser(trx, userId);
    await scope.audit(memberEvent(team, options.deleteProfile ? "remove-and-delete" : "remove", userId), trx);
  });
};

export const resendMemberInvite = async (scope: RequestScope, team: Team, userId: string) => {
  const { ctx, actor } = scope;
  const member = await findMemberOf(ctx, team, userId);
  if (member.inviteAccepted) throw conflict(messages.teamInviteAlreadyAccepted);
  await ctx.db.transaction().execute(async (trx) => {
    await inviteStaffMember(ctx, trx, {
      userId,
      email: member.email,
      firstName: member.firstName,
      invitedBy: actor.userId,
      team: inviteTeam(team),
      existingAccount: !!member.passwordHash,
    });
    await scope.audit(memberEvent(team, "invite-resend", userId), trx);
  });
  return { message: messages.teamInviteResent };
};
