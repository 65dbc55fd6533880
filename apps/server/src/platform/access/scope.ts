import { isAdminType } from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { Actor } from "../auth/actor.js";
import { notFound } from "../errors.js";
import { isOrganisationMember, isProgramInReach } from "./queries.js";

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
