import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import { onOrganisationTeam } from "../../db/team-membership.js";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, "\\$&");

const organisationColumns = (db: Db) =>
  db.selectFrom("organisations").select((eb) => [
    "organisations.id as organisationId",
    "organisations.name",
    "organisations.description",
    "organisations.createdAt",
    eb
      .selectFrom("programs")
      .select((p) => p.fn.countAll<number>().as("n"))
      .whereRef("programs.organisationId", "=", "organisations.id")
      .as("programCount"),
  ]);

/** One page of organisations, optionally limited to those a user belongs to. */
export const findOrganisationPage = async (
  db: Db,
  filter: { term?: string | undefined; memberUserId: string | null; page: number; perPage: number },
) => {
  let base = db.selectFrom("organisations");
  if (filter.term) base = base.where(sql<string>`lower(organisations.name)`, "like", `%${escapeLike(filter.term)}%`);
  if (filter.memberUserId) {
    const userId = filter.memberUserId;
    base = base.where((eb) => onOrganisationTeam(eb.ref("organisations.id"), userId));
  }
  const ids = base.select("organisations.id");
  const [rows, count] = await Promise.all([
    organisationColumns(db)
      .where("organisations.id", "in", ids)
      .orderBy(sql`lower(organisations.name)`)
      .orderBy("organisations.id")
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};

export const findOrganisation = (db: Db, organisationId: string) =>
  organisationColumns(db).where("organisations.id", "=", organisationId).executeTakeFirst();

export const findOrganisationByName = (db: Db, name: string, exceptId?: string) => {
  let query = db.selectFrom("organisations").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
};

export const findOrganisationChoices = (db: Db, memberUserId: string | null) => {
  let query = db.selectFrom("organisations").select(["id as organisationId", "name"]).orderBy(sql`lower(name)`);
  if (memberUserId) {
    query = query.where((eb) => onOrganisationTeam(eb.ref("organisations.id"), memberUserId));
  }
  return query.execute();
};

export const insertOrganisation = async (
  db: Db,
  organisation: { name: string; description: string | null; now: Date },
) =>
  (
    await db
      .insertInto("organisations")
      .values({ name: organisation.name, description: organisation.description, createdAt: organisation.now })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

export const updateOrganisation = async (
  db: Db,
  organisationId: string,
  changes: { name?: string; description?: string | null },
) => {
  // An empty PATCH changes nothing (an UPDATE without a SET clause would fail the statement: a 500).
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("organisations").set(changes).where("id", "=", organisationId).execute();
};

export const deleteOrganisation = async (db: Db, organisationId: string) => {
  await db.deleteFrom("organisationStaff").where("organisationId", "=", organisationId).execute();
  await db.deleteFrom("organisations").where("id", "=", organisationId).execute();
};
