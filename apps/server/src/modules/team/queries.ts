import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";

export const insertStaffInvite = async (
  db: Db,
  invite: {
    userId: string;
    organisationId: string | null;
    programId: string | null;
    codeHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> => {
  const row = await db
    .insertInto("staffInvites")
    .values({
      userId: invite.userId,
      organisationId: invite.organisationId,
      programId: invite.programId,
      codeHash: invite.codeHash,
      invitedBy: invite.invitedBy,
      createdAt: invite.now,
      expiresAt: invite.expiresAt,
      acceptedAt: null,
      revokedAt: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

/** Earlier open invitations to the same team are replaced by a new one. */
export const revokeOpenInvites = async (
  db: Db,
  filter: { userId: string; organisationId?: string; programId?: string },
  now: Date,
) => {
  let query = db
    .updateTable("staffInvites")
    .set({ revokedAt: now })
    .where("userId", "=", filter.userId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null);
  if (filter.organisationId) query = query.where("organisationId", "=", filter.organisationId);
  if (filter.programId) query = query.where("programId", "=", filter.programId);
  await query.execute();
};

export const findStaffInviteByHash = (db: Db, codeHash: string) =>
  db
    .selectFrom("staffInvites")
    .innerJoin("users", "users.id", "staffInvites.userId")
    .leftJoin("organisations", "organisations.id", "staffInvites.organisationId")
    .leftJoin("programs", "programs.id", "staffInvites.programId")
    .select([
      "staffInvites.id",
      "staffInvites.userId",
      "staffInvites.organisationId",
      "staffInvites.programId",
      "staffInvites.expiresAt",
      "staffInvites.acceptedAt",
      "staffInvites.revokedAt",
      "users.email",
      "users.passwordHash",
      "users.scope",
      "organisations.name as organisationName",
      "programs.name as programName",
    ])
    .where("staffInvites.codeHash", "=", codeHash)
    .executeTakeFirst();

export const markInviteAccepted = async (db: Db, inviteId: string, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable("staffInvites")
    .set({ acceptedAt: now })
    .where("id", "=", inviteId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const markMembershipAccepted = async (
  db: Db,
  invite: { userId: string; organisationId: string | null; programId: string | null },
) => {
  if (invite.organisationId) {
    await db
      .updateTable("organisationStaff")
      .set({ inviteAccepted: true })
      .where("userId", "=", invite.userId)
      .where("organisationId", "=", invite.organisationId)
      .execute();
  }
  if (invite.programId) {
    await db
      .updateTable("programStaff")
      .set({ inviteAccepted: true })
      .where("userId", "=", invite.userId)
      .where("programId", "=", invite.programId)
      .execute();
  }
};

/** An organisation's team or a program's team: the same shape in two tables. */
export type TeamRef = { kind: "organisation"; id: string } | { kind: "program"; id: string };

const memberColumns = [
  "users.id",
  "users.firstName",
  "users.lastName",
  "users.displayName",
  "users.email",
  "users.permissions",
  "users.passwordHash",
] as const;

const teamMembers = (db: Db, team: TeamRef) =>
  team.kind === "organisation"
    ? db
        .selectFrom("organisationStaff as staff")
        .innerJoin("users", "users.id", "staff.userId")
        .select([...memberColumns, "staff.role", "staff.inviteAccepted"])
        .where("staff.organisationId", "=", team.id)
    : db
        .selectFrom("programStaff as staff")
        .innerJoin("users", "users.id", "staff.userId")
        .select([...memberColumns, "staff.role", "staff.inviteAccepted"])
        .where("staff.programId", "=", team.id);

export const findTeamMembers = (db: Db, team: TeamRef) =>
  teamMembers(db, team)
    .orderBy(sql`lower(users.last_name)`)
    .orderBy(sql`lower(users.first_name)`)
    .orderBy("users.id")
    .execute();

export const findTeamMember = (db: Db, team: TeamRef, userId: string) =>
  teamMembers(db, team).where("users.id", "=", userId).executeTakeFirst();

export const insertTeamMember = async (db: Db, team: TeamRef, member: { userId: string; role: string; now: Date }) => {
  const row = { userId: member.userId, role: member.role, inviteAccepted: false, createdAt: member.now };
  if (team.kind === "organisation")
    await db
      .insertInto("organisationStaff")
      .values({ ...row, organisationId: team.id })
      .execute();
  else
    await db
      .insertInto("programStaff")
      .values({ ...row, programId: team.id })
      .execute();
};

export const deleteTeamMember = async (db: Db, team: TeamRef, userId: string) => {
  if (team.kind === "organisation") {
    await db
      .deleteFrom("organisationStaff")
      .where("organisationId", "=", team.id)
      .where("userId", "=", userId)
      .execute();
  } else {
    await db.deleteFrom("programStaff").where("programId", "=", team.id).where("userId", "=", userId).execute();
  }
};

/** How many teams besides this one the user belongs to (organisations and programs). */
export const countOtherMemberships = async (db: Db, team: TeamRef, userId: string) => {
  const organisations = await db
    .selectFrom("organisationStaff")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .$if(team.kind === "organisation", (q) => q.where("organisationId", "!=", team.id))
    .executeTakeFirstOrThrow();
  const programs = await db
    .selectFrom("programStaff")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .$if(team.kind === "program", (q) => q.where("programId", "!=", team.id))
    .executeTakeFirstOrThrow();
  return Number(organisations.n) + Number(programs.n);
};
