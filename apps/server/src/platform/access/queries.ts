import { sql } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import { reachesProgram } from "../../db/team-membership.js";

export const isOrganisationMember = async (db: Db, userId: string, organisationId: string): Promise<boolean> =>
  !!(await db
    .selectFrom("organisationStaff")
    .select("userId")
    .where("userId", "=", userId)
    .where("organisationId", "=", organisationId)
    .where("inviteAccepted", "=", true)
    .executeTakeFirst());

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
        ? eb
            .selectFrom("programStaff")
            .select("programStaff.role")
            .whereRef("programStaff.programId", "=", "programs.id")
            .where("programStaff.userId", "=", userId)
            .where("programStaff.inviteAccepted", "=", true)
        : sql<string | null>`null`
      ).as("programRole"),
      (userId
        ? eb
            .selectFrom("organisationStaff")
            .select("organisationStaff.role")
            .whereRef("organisationStaff.organisationId", "=", "programs.organisationId")
            .where("organisationStaff.userId", "=", userId)
            .where("organisationStaff.inviteAccepted", "=", true)
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
        (SELECT ps.role FROM program_staff ps WHERE ps.program_id = p.id AND ps.user_id = ${userId} AND ps.invite_accepted),
        (SELECT os.role FROM organisation_staff os WHERE os.organisation_id = p.organisation_id AND os.user_id = ${userId} AND os.invite_accepted)
      ) = ANY(${sql.val([...roles])}::text[]))`;
