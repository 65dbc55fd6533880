import {
  adminOnlyRoles,
  can,
  defaultPermissionsByRole,
  isAdmin,
  isAdminType,
  messages,
  type Role,
} from "@openpro/core";
import { assertOrganisationInReach, listingScope } from "../../platform/access/scope.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import { inviteStaffMember } from "../team/invites.js";
import { findUserByEmail, findUserById, insertUser, updateUser } from "../users/queries.js";
import * as q from "./queries.js";

type OrganisationRow = NonNullable<Awaited<ReturnType<typeof q.findOrganisation>>>;

const toOrganisation = (row: OrganisationRow) => ({
  organisationId: row.organisationId,
  name: row.name,
  description: row.description,
  programCount: Number(row.programCount ?? 0),
  createdAt: row.createdAt.toISOString(),
});

const toMember = (row: {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
  role: string;
  inviteAccepted: boolean;
}) => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  displayName: row.displayName,
  email: row.email,
  role: row.role as Role,
  inviteAccepted: row.inviteAccepted,
});

/** Admin or internal program admin: who may create and delete organisations (doc 1 §6). */
const isOrganisationManager = (actor: Actor) => isAdmin(actor) || can(actor, "internal_program_admin");

export const listOrganisations = async (
  ctx: AppContext,
  actor: Actor,
  query: { _page: number; _perPage: number; term?: string | undefined },
) => {
  const { rows, totalCount } = await q.findOrganisationPage(ctx.db, {
    term: query.term,
    memberUserId: listingScope(actor),
    page: query._page,
    perPage: query._perPage,
  });
  return { results: rows.map(toOrganisation), totalCount };
};

export const organisationChoices = async (ctx: AppContext, actor: Actor) => ({
  results: await q.findOrganisationChoices(ctx.db, listingScope(actor)),
});

export const getOrganisation = async (ctx: AppContext, actor: Actor, organisationId: string) => {
  await assertOrganisationInReach(ctx.db, actor, organisationId);
  const row = await q.findOrganisation(ctx.db, organisationId);
  if (!row) throw notFound();
  return toOrganisation(row);
};

const assertNameFree = async (ctx: AppContext, name: string, exceptId?: string) => {
  if (await q.findOrganisationByName(ctx.db, name, exceptId)) throw conflict(messages.organisationNameTaken, "name");
};

export const createOrganisation = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: { name: string; description?: string | undefined },
) => {
  if (!isOrganisationManager(actor)) throw forbidden();
  await assertNameFree(ctx, body.name);
  const organisationId = await q.insertOrganisation(ctx.db, {
    name: body.name,
    description: body.description || null,
    now: ctx.clock.now(),
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.create",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "organisation",
    entityId: organisationId,
  });
  return { organisationId };
};

export const updateOrganisation = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  body: { name?: string | undefined; description?: string | undefined },
) => {
  if (!isAdminType(actor)) throw forbidden();
  await getOrganisation(ctx, actor, organisationId);
  if (body.name) await assertNameFree(ctx, body.name, organisationId);
  await q.updateOrganisation(ctx.db, organisationId, {
    ...(body.name ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description || null } : {}),
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.update",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "organisation",
    entityId: organisationId,
  });
  return getOrganisation(ctx, actor, organisationId);
};

export const deleteOrganisation = async (ctx: AppContext, meta: RequestMeta, actor: Actor, organisationId: string) => {
  if (!isOrganisationManager(actor)) throw forbidden();
  const organisation = await getOrganisation(ctx, actor, organisationId);
  // Never cascade into programs (and so into patient data): they must go first.
  if (organisation.programCount > 0) throw conflict(messages.organisationHasPrograms);
  await ctx.db.transaction().execute((trx) => q.deleteOrganisation(trx, organisationId));
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.delete",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "organisation",
    entityId: organisationId,
    details: { name: organisation.name },
  });
};

export const listOrganisationStaff = async (ctx: AppContext, actor: Actor, organisationId: string) => {
  await getOrganisation(ctx, actor, organisationId);
  const rows = await q.findOrganisationStaff(ctx.db, organisationId);
  return { results: rows.map(toMember), totalCount: rows.length };
};

export const assertRoleAssignable = (actor: Actor, role: Role) => {
  if (!isAdminType(actor) && adminOnlyRoles.includes(role)) {
    throw new AppError(422, messages.roleNotAssignable, "VALIDATION_ERROR", [
      { field: "role", message: messages.roleNotAssignable },
    ]);
  }
};

export const addOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string; role: Role },
) => {
  const organisation = await getOrganisation(ctx, actor, organisationId);
  assertRoleAssignable(actor, body.role);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing?.scope === "patient") throw conflict(messages.roleIsClinicalStaff, "email");
  if (existing && (await q.findOrganisationMember(ctx.db, organisationId, existing.id)))
    throw conflict(messages.teamMemberExists, "email");
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
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
    await q.insertOrganisationMember(trx, { organisationId, userId: id, role: body.role, now });
    await inviteStaffMember(ctx, trx, {
      userId: id,
      email: existing?.email ?? body.email,
      firstName: existing?.firstName ?? body.firstName,
      invitedBy: actor.userId,
      team: { kind: "organisation", organisationId, name: organisation.name },
      existingAccount: !!existing?.passwordHash,
    });
    return id;
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.member.add",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
    details: { organisationId, role: body.role },
  });
  const member = await q.findOrganisationMember(ctx.db, organisationId, userId);
  return toMember(member!);
};

export const updateOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  userId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string },
) => {
  await getOrganisation(ctx, actor, organisationId);
  if (!(await q.findOrganisationMember(ctx.db, organisationId, userId))) throw notFound();
  // Changing an admin-type account's e-mail would let a password reset take it over.
  const target = await findUserById(ctx.db, userId);
  if (target && isAdminType(target) && !isAdminType(actor)) throw forbidden();
  const sameEmail = await findUserByEmail(ctx.db, body.email);
  if (sameEmail && sameEmail.id !== userId) throw conflict(messages.teamMemberExists, "email");
  await updateUser(ctx.db, userId, {
    firstName: body.firstName,
    lastName: body.lastName,
    displayName: body.displayName || null,
    email: body.email,
    updatedAt: ctx.clock.now(),
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.member.update",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
    details: { organisationId },
  });
  return toMember((await q.findOrganisationMember(ctx.db, organisationId, userId))!);
};

export const removeOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  userId: string,
) => {
  await getOrganisation(ctx, actor, organisationId);
  if (!(await q.findOrganisationMember(ctx.db, organisationId, userId))) throw notFound();
  await q.deleteOrganisationMember(ctx.db, organisationId, userId);
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "organisation.member.remove",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
    details: { organisationId },
  });
};
