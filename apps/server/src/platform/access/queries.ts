import type { Db } from "../../db/kysely.js";

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
      eb.or([
        eb.exists(
          eb
            .selectFrom("programStaff")
            .select("programStaff.userId")
            .whereRef("programStaff.programId", "=", "programs.id")
            .where("programStaff.userId", "=", userId)
            .where("programStaff.inviteAccepted", "=", true),
        ),
        eb.exists(
          eb
            .selectFrom("organisationStaff")
            .select("organisationStaff.userId")
            .whereRef("organisationStaff.organisationId", "=", "programs.organisationId")
            .where("organisationStaff.userId", "=", userId)
            .where("organisationStaff.inviteAccepted", "=", true),
        ),
      ]),
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
