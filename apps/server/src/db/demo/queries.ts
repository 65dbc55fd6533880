import type { Insertable } from "kysely";
import type { Db } from "../kysely.js";
import type {
  CareTeamContactsTable,
  OrganisationsTable,
  PatientStatusHistoryTable,
  PatientVerificationHistoryTable,
  ProgramPatientsTable,
  ProgramsTable,
  PublicInviteCodesTable,
  UsersTable,
} from "../schema.js";

export const countUsers = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const countOrganisations = async (db: Db): Promise<number> => {
  const row = await db
    .selectFrom("organisations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const insertOrganisation = async (db: Db, organisation: Insertable<OrganisationsTable>) =>
  (await db.insertInto("organisations").values(organisation).returning("id").executeTakeFirstOrThrow()).id;

export const insertProgram = async (db: Db, program: Insertable<ProgramsTable>) =>
  (await db.insertInto("programs").values(program).returning("id").executeTakeFirstOrThrow()).id;

export const insertUser = async (db: Db, user: Insertable<UsersTable>) =>
  (await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow()).id;

export const findUserIdByEmail = async (db: Db, email: string) =>
  (
    await db
      .selectFrom("users")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .executeTakeFirst()
  )?.id;

export const insertOrganisationStaff = async (db: Db, organisationId: string, userId: string, role: string) => {
  await db.insertInto("organisationStaff").values({ organisationId, userId, role, inviteAccepted: true }).execute();
};

export const insertProgramStaff = async (db: Db, programId: string, userId: string, role: string) => {
  await db.insertInto("programStaff").values({ programId, userId, role, inviteAccepted: true }).execute();
};

export const insertOrganisationsBulk = async (db: Db, rows: Insertable<OrganisationsTable>[]) =>
  (await db.insertInto("organisations").values(rows).returning("id").execute()).map((r) => r.id);

export const insertProgramsBulk = async (db: Db, rows: Insertable<ProgramsTable>[]) => {
  await db.insertInto("programs").values(rows).execute();
};

export const insertUsersBulk = async (db: Db, rows: Insertable<UsersTable>[]) =>
  (await db.insertInto("users").values(rows).returning(["id", "email"]).execute()).map((r) => r.id);

export const insertEnrolmentsBulk = async (db: Db, rows: Insertable<ProgramPatientsTable>[]) =>
  db
    .insertInto("programPatients")
    .values(rows)
    .returning(["id", "programId", "status", "verificationStatus", "createdAt", "dateConsentGiven"])
    .execute();

export const insertStatusHistoryBulk = async (db: Db, rows: Insertable<PatientStatusHistoryTable>[]) => {
  if (rows.length) await db.insertInto("patientStatusHistory").values(rows).execute();
};

export const insertVerificationHistoryBulk = async (db: Db, rows: Insertable<PatientVerificationHistoryTable>[]) => {
  if (rows.length) await db.insertInto("patientVerificationHistory").values(rows).execute();
};

export const insertPublicInviteCode = async (db: Db, row: Insertable<PublicInviteCodesTable>) => {
  await db.insertInto("publicInviteCodes").values(row).execute();
};

export const insertCareTeamContacts = async (db: Db, rows: Insertable<CareTeamContactsTable>[]) => {
  if (rows.length) await db.insertInto("careTeamContacts").values(rows).execute();
};

/** A program's temperature thresholds and messages (the demo's: its territory's defaults). */
export const setProgramAlertSettings = async (
  db: Db,
  programId: string,
  settings: { temperatureMin: number; temperatureMax: number; temperatureMessage: string; defaultAlertMessage: string },
) => {
  await db
    .updateTable("programs")
    .set({
      temperatureMin: settings.temperatureMin,
      temperatureMax: settings.temperatureMax,
      temperatureMessage: settings.temperatureMessage,
      defaultAlertMessage: settings.defaultAlertMessage,
    })
    .where("id", "=", programId)
    .execute();
};

/**
 * A job the demo starts, due at once and enqueued once (its singleton key), as the job runner's
 * insertJob writes it: not locked, not run (those columns are null by default).
 */
export const startDemoJob = async (db: Db, name: string, singletonKey: string, now: Date) => {
  await db
    .insertInto("jobs")
    .values({ name, payload: "{}", runAt: now, maxAttempts: 5, singletonKey })
    .onConflict((oc) => oc.doNothing())
    .execute();
};
