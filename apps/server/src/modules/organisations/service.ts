import { can, isAdmin, isAdminType, messages, type Role } from "@openpro/core";
import { assertOrganisationInReach, listingScope } from "../../platform/access/scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
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

/** Admin or internal program admin: who may create and delete organisations. */
const isOrganisationManager = (actor: Actor) => isAdmin(actor) || can(actor, "internal_program_admin");

export const listOrganisations = async (
  { ctx, actor }: RequestScope,
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

export const organisationChoices = async ({ ctx, actor }: RequestScope) => ({
  results: await q.findOrganisationChoices(ctx.db, listingScope(actor)),
});

export const getOrganisation = async ({ ctx, actor }: RequestScope, organisationId: string) => {
  await assertOrganisationInReach(ctx.db, actor, organisationId);
  const row = await q.findOrganisation(ctx.db, organisationId);
  if (!row) throw notFound();
  return toOrganisation(row);
};

const assertNameFree = async (ctx: AppContext, name: string, exceptId?: string) => {
  if (await q.findOrganisationByName(ctx.db, name, exceptId)) throw conflict(messages.organisationNameTaken, "name");
};

export const createOrganisation = async (
  scope: RequestScope,
  body: { name: string; description?: string | undefined },
) => {
  const { ctx, actor } = scope;
  if (!isOrganisationManager(actor)) throw forbidden();
  await assertNameFree(ctx, body.name);
  const organisationId = await ctx.db.transaction().execute(async (trx) => {
    const id = await q.insertOrganisation(trx, {
      name: body.name,
      description: body.description || null,
      now: ctx.clock.now(),
    });
    await scope.audit({ action: "organisation.create", entityType: "organisation", entityId: id }, trx);
    return id;
  });
  return { organisationId };
};

export const updateOrganisation = async (
  scope: RequestScope,
  organisationId: string,
  body: { name?: string | undefined; description?: string | undefined },
) => {
  const { ctx, actor } = scope;
  if (!isAdminType(actor)) throw forbidden();
  await getOrganisation(scope, organisationId);
  if (body.name) await assertNameFree(ctx, body.name, organisationId);
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateOrganisation(trx, organisationId, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
    });
    await scope.audit({ action: "organisation.update", entityType: "organisation", entityId: organisationId }, trx);
  });
  return getOrganisation(scope, organisationId);
};

export const deleteOrganisation = async (scope: RequestScope, organisationId: string) => {
  const { ctx, actor } = scope;
  if (!isOrganisationManager(actor)) throw forbidden();
  const organisation = await getOrganisation(scope, organisationId);
  // Never cascade into programs (and so into patient data): they must go first.
  if (organisation.programCount > 0) throw conflict(messages.organisationHasPrograms);
  await ctx.db.transaction().execute(async (trx) => {
    await q.deleteOrganisation(trx, organisationId);
    await scope.audit(
      {
        action: "organisation.delete",
        entityType: "organisation",
        entityId: organisationId,
        details: { name: organisation.name },
      },
      trx,
    );
  });
};

/** The organisation's team, once the organisation is known to be in the actor's reach. */
const organisationTeam = async (scope: RequestScope, organisationId: string): Promise<team.Team> => {
  const organisation = await getOrganisation(scope, organisationId);
  return { ref: { kind: "organisation", id: organisationId }, name: organisation.name };
};

export const listOrganisationStaff = async (scope: RequestScope, organisationId: string) =>
  team.listMembers(scope.ctx, await organisationTeam(scope, organisationId));

export const addOrganisationMember = async (
  scope: RequestScope,
  organisationId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string; role: Role },
) => team.addMember(scope, await organisationTeam(scope, organisationId), body);

export const updateOrganisationMember = async (
  scope: RequestScope,
  organisationId: string,
  userId: string,
  body: { firstName: string; lastName: string; displayName?: string | undefined; email: string },
) => team.updateMember(scope, await organisationTeam(scope, organisationId), userId, body);

export const removeOrganisationMember = async (scope: RequestScope, organisationId: string, userId: string) =>
  team.removeMember(scope, await organisationTeam(scope, organisationId), userId);
