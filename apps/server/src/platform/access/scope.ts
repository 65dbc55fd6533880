import { isAdminType, type Permission, rolesGranting } from "@openpro/core";
import type { Db, SqlFragment } from "../../db/kysely.js";
import type { Actor } from "../auth/actor.js";
import { notFound } from "../errors.js";
import { isOrganisationMember, isProgramInReach, programIdsWithRole } from "./queries.js";

/**
 * Scope of an actor: admin-type roles reach everything; everyone else their organisations and
 * program teams. A record out of reach answers 404, as if it did not exist.
 */
export const reachesEverything = (actor: Actor): boolean => isAdminType(actor);

/** null: no restriction; otherwise the user whose memberships limit a listing. */
export const listingScope = (actor: Actor): string | null => (reachesEverything(actor) ? null : actor.userId);

export const assertOrganisationInReach = async (db: Db, actor: Actor, organisationId: string): Promise<void> => {
  if (reachesEverything(actor)) return;
  if (!(await isOrganisationMember(db, actor.userId, organisationId))) throw notFound();
};

export const assertProgramInReach = async (db: Db, actor: Actor, programId: string): Promise<void> => {
  if (reachesEverything(actor)) return;
  if (!(await isProgramInReach(db, actor.userId, programId))) throw notFound();
};

/**
 * null: every program (admin-type); otherwise, as SQL, the programs in which the actor's role
 * grants `permission` — a listing across programs shows no program where the role the program
 * gave them does not allow what the listing shows (security issue 29 §2).
 */
export const programsPermitting = (actor: Actor, permission: Permission): SqlFragment | null =>
  reachesEverything(actor) ? null : programIdsWithRole(actor.userId, rolesGranting(permission, actor.role));
