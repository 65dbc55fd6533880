import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { Database, NewUser, UserUpdate } from "../../db/schema.js";
import { onOrganisationTeam, reachesProgram } from "../../db/team-membership.js";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, "\\$&");

export const findUserById = (db: Db, id: string) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom("users").selectAll().where(sql<string>`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();

export const insertUser = async (db: Db, user: NewUser) =>
  (await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow()).id;

export const updateUser = async (db: Db, id: string, changes: UserUpdate) => {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
};

export const deleteUser = async (db: Db, id: string) => {
  await db.deleteFrom("users").where("id", "=", id).execute();
};

/**
 * The viewer's colleagues (and the viewer): staff of an organisation the viewer belongs to, and
 * staff on the team of a program the viewer reaches — memberships counted once accepted.
 */
const colleagueOf = (viewerId: string) => (eb: ExpressionBuilder<Database, "users">) =>
  eb.or([
    eb("users.id", "=", viewerId),
    eb.exists(
      eb
        .selectFrom("organisationStaff as theirs")
        .select("theirs.userId")
        .whereRef("theirs.userId", "=", "users.id")
        .where((inner) => onOrganisationTeam(inner.ref("theirs.organisationId"), viewerId)),
    ),
    eb.exists(
      eb
        .selectFrom("programStaff as theirs")
        .innerJoin("programs", "programs.id", "theirs.programId")
        .select("theirs.userId")
        .whereRef("theirs.userId", "=", "users.id")
        .where((inner) =>
          reachesProgram(
            { id: inner.ref("theirs.programId"), organisationId: inner.ref("programs.organisationId") },
            viewerId,
          ),
        ),
    ),
  ]);

/** Whether a staff account is the viewer's colleague (see colleagueOf). */
export const isColleague = async (db: Db, viewerId: string, userId: string) =>
  !!(await db
    .selectFrom("users")
    .select("users.id")
    .where("users.id", "=", userId)
    .where(colleagueOf(viewerId))
    .executeTakeFirst());

/** Staff accounts by e-mail, optionally searched, limited to a viewer's colleagues (null: all). */
export const findUserPage = async (
  db: Db,
  filter: { email?: string | undefined; page: number; perPage: number; viewerId: string | null },
) => {
  let base = db.selectFrom("users").where("scope", "=", "clinical");
  if (filter.viewerId) base = base.where(colleagueOf(filter.viewerId));
  if (filter.email) base = base.where(sql<string>`lower(email)`, "like", `%${escapeLike(filter.email.toLowerCase())}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`lower(email)`)
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};
