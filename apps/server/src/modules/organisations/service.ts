import { can, isAdmin, isAdminType, messages, type Role } from "@openpro/core";
import { assertOrganisationInReach, listingScope } from "../../platform/access/scope.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import * as team from "../team/service.js";
import * as q from "./queries.js";

type OrganisationRow = NonNullable<Awaited<ReturnType<typeof q.findOrganisation>>>;

const toOrganisation = (row: OrganisationRow) => ({
  organisationId: row.organisationId,
  name: row.name,
  description: row.description,
  programCount: Number(row.programCount ?? 0),
  createdAt: row.createdAt.toISOString(),
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

/** The organisation's team, once the organisation is known to be in the actor's reach. */
const organisationTeam = async (ctx: AppContext, actor: Actor, organisationId: string): Promise<team.Team> => {
  const organisation = await getOrganisation(ctx, actor, organisationId);
  return { ref: { kind: "organisation", id: organisationId }, name: organisation.name };
};

export const listOrganisationStaff = async (ctx: AppContext, actor: Actor, organisationId: string) =>
  team.listMembers(ctx, await organisationTeam(ctx, actor, organisationId));

export const addOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string; role: Role },
) => team.addMember(ctx, meta, actor, await organisationTeam(ctx, actor, organisationId), body);

export const updateOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  userId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string },
) => team.updateMember(ctx, meta, actor, await organisationTeam(ctx, actor, organisationId), userId, body);

export const removeOrganisationMember = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  organisationId: string,
  userId: string,
) => team.removeMember(ctx, meta, actor, await organisationTeam(ctx, actor, organisationId), userId);
