import { sql } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import {
  onOrganisationTeam,
  organisationMembership,
  programMembership,
  reachesProgram,
} from "../../db/team-membership.js";

export const isOrganisationMember = async (db: Db, userId: string, organisationId: string): Promise<boolean> =>
  (
    await db
      .selectNoFrom(sql<boolean>`${onOrganisationTeam(organisationId, userId)}`.as("onTeam"))
      .executeTakeFirstOrThrow()
  ).onTeam;

/**
 * A program is in reach through its team, or through the team of its organisation — only once
 * that membership's invitation is accepted: an invitation grants nothing by itself.
 */
export const isProgramInReach = async (db: Db, userId: string, programId: string): Promise<boolean> =>
  !!(await db
    .selectFrom("programs")
    .select("programs.id")
    .where("programs.id", "=", programId)
    .where((eb) =>
      reachesProgram({ id: eb.ref("programs.id"), organisationId: eb.ref("programs.organisationId") }, userId),
    )
    .executeTakeFirst());

export const findOrganisationIdsOfUser = async (db: Db, userId: string): Promise<string[]> =>
  (
    await db
      .selectFrom("organisationStaff")
      .select("organisationId")
      .where("userId", "=", userId)
      .where("inviteAccepted", "=", true)
      .execute()
  ).map((r) => r.organisationId);

/**
 * A program with the roles its team and its organisation's team gave this user (accepted
 * memberships only: an invitation grants nothing); with `userId` null (an admin-type caller) the
 * program alone, roles null. Undefined when the program does not exist.
 */
export const findProgramAccess = async (db: Db, programId: string, userId: string | null) => {
  const row = await db
    .selectFrom("programs")
    .innerJoin("organisations", "organisations.id", "programs.organisationId")
    .selectAll("programs")
    .select("organisations.name as organisationName")
    .select((eb) => [
      (userId
        ? programMembership(eb.ref("programs.id"), userId).select("programStaff.role")
        : sql<string | null>`null`
      ).as("programRole"),
      (userId
        ? organisationMembership(eb.ref("programs.organisationId"), userId).select("organisationStaff.role")
        : sql<string | null>`null`
      ).as("organisationRole"),
    ])
    .where("programs.id", "=", programId)
    .executeTakeFirst();
  return row;
};
export type ProgramAccessRow = NonNullable<Awaited<ReturnType<typeof findProgramAccess>>>;

/**
 * The ids of the programs in which `userId` holds one of `roles` (the program team's role, else
 * the role of the organisation team reaching it; accepted memberships only), as an SQL fragment
 * for `program_id IN (…)`: listings across programs show a program only where the caller's role
 * there grants what the listing needs (rolesGranting in core).
 */
export const programIdsWithRole = (userId: string, roles: readonly string[]): SqlFragment =>
  sql`(SELECT p.id FROM programs p WHERE coalesce(
        ${programMembership(sql.ref("p.id"), userId).select("programStaff.role")},
        ${organisationMembership(sql.ref("p.organisation_id"), userId).select("organisationStaff.role")}
      ) = ANY(${sql.val([...roles])}::text[]))`;
