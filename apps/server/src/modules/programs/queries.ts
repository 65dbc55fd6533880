import { type ExpressionBuilder, type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { Database, ProgramsTable } from "../../db/schema.js";
import { reachesProgram } from "../../db/team-membership.js";

const programColumns = (db: Db) =>
  db
    .selectFrom("programs")
    .innerJoin("organisations", "organisations.id", "programs.organisationId")
    .selectAll("programs")
    .select("organisations.name as organisationName")
    .select((eb) =>
      eb
        .selectFrom("programPatients")
        .select((p) => p.fn.countAll<number>().as("n"))
        .whereRef("programPatients.programId", "=", "programs.id")
        .where("programPatients.consentGiven", "=", true)
        .as("consentedPatientsCount"),
    );

export type ProgramRow = NonNullable<Awaited<ReturnType<ReturnType<typeof programColumns>["executeTakeFirst"]>>>;

const inReachOf = (userId: string) => (eb: ExpressionBuilder<Database, "programs">) =>
  reachesProgram({ id: eb.ref("programs.id"), organisationId: eb.ref("programs.organisationId") }, userId);

/** A page of programs ordered by organisation then name (the list groups them so). */
export const findProgramPage = async (
  db: Db,
  filter: { organisationId?: string | undefined; memberUserId: string | null; page: number; perPage: number },
) => {
  let base = db.selectFrom("programs");
  if (filter.organisationId) base = base.where("programs.organisationId", "=", filter.organisationId);
  if (filter.memberUserId) base = base.where(inReachOf(filter.memberUserId));
  const [rows, count] = await Promise.all([
    programColumns(db)
      .where("programs.id", "in", base.select("programs.id"))
      .orderBy(sql`lower(organisations.name)`)
      .orderBy(sql`lower(programs.name)`)
      .orderBy("programs.id")
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};

/** The program; with `memberUserId`, only if that user's teams reach it. */
export const findProgram = (db: Db, programId: string, memberUserId: string | null = null) => {
  const query = programColumns(db).where("programs.id", "=", programId);
  return (memberUserId ? query.where(inReachOf(memberUserId)) : query).executeTakeFirst();
};

export const findProgramByName = (db: Db, name: string, exceptId?: string) => {
  let query = db.selectFrom("programs").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
};

export const insertProgram = async (db: Db, program: Insertable<ProgramsTable>) =>
  (await db.insertInto("programs").values(program).returning("id").executeTakeFirstOrThrow()).id;

export const updateProgram = async (db: Db, programId: string, changes: Updateable<ProgramsTable>) => {
  await db.updateTable("programs").set(changes).where("id", "=", programId).execute();
};

export const countProgramTeam = async (db: Db, programId: string) =>
  Number(
    (
      await db
        .selectFrom("programStaff")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("programId", "=", programId)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const deleteProgram = async (db: Db, programId: string) => {
  await db.deleteFrom("staffInvites").where("programId", "=", programId).execute();
  await db.deleteFrom("programs").where("id", "=", programId).execute();
};

export const insertImage = async (
  db: Db,
  image: { fileName: string; contentType: string; image: Buffer; thumbnail: Buffer; uploadedBy: string; now: Date },
) =>
  (
    await db
      .insertInto("uploadedImages")
      .values({
        fileName: image.fileName,
        contentType: image.contentType,
        image: image.image,
        thumbnail: image.thumbnail,
        uploadedBy: image.uploadedBy,
        createdAt: image.now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

export const findImage = (db: Db, id: string) =>
  db.selectFrom("uploadedImages").select(["contentType", "image", "thumbnail"]).where("id", "=", id).executeTakeFirst();

export const organisationExists = async (db: Db, organisationId: string) =>
  !!(await db.selectFrom("organisations").select("id").where("id", "=", organisationId).executeTakeFirst());

/** Enrolments of the program, whatever their status (a program with patients is not deleted). */
export const countProgramPatients = async (db: Db, programId: string) =>
  Number(
    (
      await db
        .selectFrom("programPatients")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("programId", "=", programId)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const imageExists = async (db: Db, id: string): Promise<boolean> =>
  !!(await db.selectFrom("uploadedImages").select("id").where("id", "=", id).executeTakeFirst());

/** When the program's first patient consented (null before anyone did): its start date cannot be later. */
export const findFirstConsent = async (db: Db, programId: string): Promise<Date | null> => {
  const row = await db
    .selectFrom("programPatients")
    .select((eb) => eb.fn.min("dateConsentGiven").as("first"))
    .where("programId", "=", programId)
    .executeTakeFirst();
  return row?.first ? new Date(row.first as Date | string) : null;
};
