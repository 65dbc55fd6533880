import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { NewUser, UserUpdate } from "../../db/schema.js";

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

/** Staff accounts, newest first, optionally searched by e-mail. */
export const findUserPage = async (db: Db, filter: { email?: string | undefined; page: number; perPage: number }) => {
  let base = db.selectFrom("users").where("scope", "=", "clinical");
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
