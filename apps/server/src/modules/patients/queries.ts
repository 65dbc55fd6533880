import { type Insertable, sql, type Updateable } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import type { PatientInvitesTable, ProgramPatientsTable } from "../../db/schema.js";

const escapeLike = (value: string) => value.replace(/[\\%_]/g, "\\$&");

export type EnrolmentRow = NonNullable<Awaited<ReturnType<typeof findEnrolment>>>;

export const findEnrolment = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("programPatients")
    .selectAll()
    .where("programId", "=", programId)
    .where("userId", "=", userId)
    .executeTakeFirst();

export const findEnrolmentById = (db: Db, enrolmentId: string) =>
  db.selectFrom("programPatients").selectAll().where("id", "=", enrolmentId).executeTakeFirst();

export const countEnrolmentsOfUser = async (db: Db, userId: string) =>
  Number(
    (
      await db
        .selectFrom("programPatients")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).count,
  );

/**
 * One page of a program's patients, ordered by last then first name, or by the open severe
 * symptoms counter (kept by a trigger; the program_patients_severe index) with ties by name.
 * `statuses` filters the enrolment status, `verification` the verification status (both in the
 * database). Each row carries the patient's date of birth.
 */
export const findEnrolmentPage = async (
  db: Db,
  filter: {
    programId: string;
    term?: string | undefined;
    statuses: string[];
    verification: string[];
    page: number;
    perPage: number;
    orderBy?: "name" | "severeSymptoms" | undefined;
    orderDir?: "asc" | "desc" | undefined;
  },
) => {
  let base = db.selectFrom("programPatients").where("programId", "=", filter.programId);
  if (filter.term) {
    const like = `%${escapeLike(filter.term.toLowerCase())}%`;
    const idLike = `%${escapeLike(filter.term.toLowerCase().replace(/\s+/g, ""))}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(first_name || ' ' || last_name)`, "like", like),
        eb(sql<string>`lower(invite_email)`, "like", like),
        eb(sql<string>`lower(coalesce(consented_email, ''))`, "like", like),
        // Identifiers are stored without spaces ("943 476 5919" is found as typed).
        eb(sql<string>`lower(coalesce(patient_id, ''))`, "like", idLike),
      ]),
    );
  }
  if (filter.statuses.length) base = base.where("status", "in", filter.statuses);
  if (filter.verification.length) base = base.where("verificationStatus", "in", filter.verification);
  const dir = filter.orderDir === "desc" ? "desc" : "asc";
  // By severity, names stay A to Z within a count; by name, the whole key follows the direction.
  const nameDir = filter.orderBy === "severeSymptoms" ? "asc" : dir;
  // selectAll carries the enrolment's own dob: what the patient gave this program, nothing else.
  let page = base.selectAll();
  if (filter.orderBy === "severeSymptoms") page = page.orderBy("severeSymptomsCount", dir);
  const [rows, count] = await Promise.all([
    page
      .orderBy(sql`lower(last_name)`, nameDir)
      .orderBy(sql`lower(first_name)`, nameDir)
      .orderBy("id", nameDir)
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};

type HistoryKind = "status" | "verification";

/** The status and verification histories of a page of enrolments: one statement (a list reads it per page). */
export const findHistories = async (db: Db, programId: string, enrolmentIds: string[]) => {
  if (enrolmentIds.length === 0) return { statuses: [], verifications: [] };
  const rows = await db
    .selectFrom("patientStatusHistory")
    .select([sql<HistoryKind>`'status'`.as("kind"), "enrolmentId", "status as value", "at", "id"])
    .where("programId", "=", programId)
    .where("enrolmentId", "in", enrolmentIds)
    .unionAll(
      db
        .selectFrom("patientVerificationHistory")
        .select([sql<HistoryKind>`'verification'`.as("kind"), "enrolmentId", "verificationStatus as value", "at", "id"])
        .where("programId", "=", programId)
        .where("enrolmentId", "in", enrolmentIds),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  return {
    statuses: rows
      .filter((r) => r.kind === "status")
      .map((r) => ({ enrolmentId: r.enrolmentId, status: r.value, at: r.at })),
    verifications: rows
      .filter((r) => r.kind === "verification")
      .map((r) => ({ enrolmentId: r.enrolmentId, verificationStatus: r.value, at: r.at })),
  };
};

export const insertEnrolment = async (db: Db, enrolment: Insertable<ProgramPatientsTable>) =>
  (await db.insertInto("programPatients").values(enrolment).returning("id").executeTakeFirstOrThrow()).id;

export const updateEnrolment = async (db: Db, enrolmentId: string, changes: Updateable<ProgramPatientsTable>) => {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("programPatients").set(changes).where("id", "=", enrolmentId).execute();
};

/** Gives an enrolment (still only invited) to another account; its history follows the enrolment. */
export const moveEnrolmentToUser = async (db: Db, enrolmentId: string, userId: string) => {
  await db.updateTable("programPatients").set({ userId }).where("id", "=", enrolmentId).execute();
};

export const deleteEnrolment = async (db: Db, enrolmentId: string) => {
  await db.deleteFrom("programPatients").where("id", "=", enrolmentId).execute();
};

export const insertStatus = async (
  db: Db,
  entry: { programId: string; enrolmentId: string; status: string; at: Date; actorUserId: string | null },
) => {
  await db.insertInto("patientStatusHistory").values(entry).execute();
};

export const insertVerification = async (
  db: Db,
  entry: { programId: string; enrolmentId: string; verificationStatus: string; at: Date; actorUserId: string | null },
) => {
  await db.insertInto("patientVerificationHistory").values(entry).execute();
};

export const insertPatientInvite = async (db: Db, invite: Insertable<PatientInvitesTable>) =>
  (await db.insertInto("patientInvites").values(invite).returning("id").executeTakeFirstOrThrow()).id;

export const revokeOpenPatientInvites = async (db: Db, enrolmentId: string, now: Date) => {
  await db
    .updateTable("patientInvites")
    .set({ revokedAt: now })
    .where("enrolmentId", "=", enrolmentId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
};

export const findPatientInviteByHash = (db: Db, codeHash: string) =>
  db.selectFrom("patientInvites").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();

export const findPatientInvite = (db: Db, id: string) =>
  db.selectFrom("patientInvites").selectAll().where("id", "=", id).executeTakeFirst();

export const countReminder = async (db: Db, inviteId: string) => {
  await db
    .updateTable("patientInvites")
    .set((eb) => ({ remindersSent: eb("remindersSent", "+", 1) }))
    .where("id", "=", inviteId)
    .execute();
};

/** Consented patients of a program become "completed" when it ends. */
export const findConsentedEnrolments = (db: Db, programId: string) =>
  db
    .selectFrom("programPatients")
    .select(["id"])
    .where("programId", "=", programId)
    .where("status", "=", "CONSENTED")
    .execute();

/** Patients of every program in reach (null: all), matched on name, e-mail or identifier. */
export const searchEnrolments = async (
  db: Db,
  filter: { term: string; reach: SqlFragment | null; page: number; perPage: number },
) => {
  const like = `%${escapeLike(filter.term.toLowerCase())}%`;
  let base = db
    .selectFrom("programPatients")
    .innerJoin("programs", "programs.id", "programPatients.programId")
    .innerJoin("users", "users.id", "programPatients.userId")
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(program_patients.first_name || ' ' || program_patients.last_name)`, "like", like),
        eb(sql<string>`lower(program_patients.invite_email)`, "like", like),
        eb(sql<string>`lower(coalesce(program_patients.consented_email, ''))`, "like", like),
        eb(sql<string>`lower(coalesce(program_patients.patient_id, ''))`, "like", like),
      ]),
    );
  // Only the programs where the caller's role lets them see patients (platform/access programsPermitting).
  if (filter.reach) base = base.where(sql<boolean>`programs.id IN ${filter.reach}`);
  const [rows, count] = await Promise.all([
    base
      .select([
        "programPatients.id as enrolmentId",
        "programPatients.userId",
        "programPatients.programId",
        "programPatients.firstName",
        "programPatients.lastName",
        "programPatients.inviteEmail",
        "programPatients.consentedEmail",
        "programPatients.patientId",
        "programPatients.patientIdType",
        "programPatients.status",
        "programs.name as programName",
        "programPatients.dob",
      ])
      .orderBy(sql`lower(program_patients.last_name)`)
      .orderBy(sql`lower(program_patients.first_name)`)
      .orderBy("programPatients.id")
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
};

export const findProgramName = (db: Db, programId: string) =>
  db.selectFrom("programs").select(["name", "patientProgramName"]).where("id", "=", programId).executeTakeFirst();

export const findInviteeAccount = (db: Db, userId: string) =>
  db.selectFrom("users").select(["passwordHash", "questionnaireReminders"]).where("id", "=", userId).executeTakeFirst();

/** Accepting any link of an enrolment closes all its open links. */
export const acceptOpenPatientInvites = async (db: Db, enrolmentId: string, now: Date) => {
  await db
    .updateTable("patientInvites")
    .set({ acceptedAt: now })
    .where("enrolmentId", "=", enrolmentId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
};

/** The names patients signed up with (their accounts'), for the enrolments that consented. */
export const findAccountNames = async (db: Db, userIds: string[]) =>
  userIds.length === 0
    ? []
    : db.selectFrom("users").select(["id", "firstName", "lastName"]).where("id", "in", userIds).execute();
