import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";

/**
 * The SQL of erasure: what an enrolment's erasure clears, table by table (db/schema.ts is the
 * inventory of personal data). Every statement is limited to the one program and patient, but for
 * the account itself, which is closed only when it belongs to no other program.
 */

export const findAccount = (db: Db, userId: string) =>
  db.selectFrom("users").select(["id", "email", "scope", "dob"]).where("id", "=", userId).executeTakeFirst();

/** The enrolment's erasure, read under a row lock: two simultaneous requests erase once. */
export const lockEnrolment = (db: Db, enrolmentId: string) =>
  db
    .selectFrom("programPatients")
    .select(["erasedAt", "erasureGround", "dob"])
    .where("id", "=", enrolmentId)
    .forUpdate()
    .executeTakeFirstOrThrow();

export const findRetentionYears = async (db: Db, programId: string) =>
  (await db.selectFrom("programs").select("retentionYears").where("id", "=", programId).executeTakeFirstOrThrow())
    .retentionYears;

/** Sets the program's retention; the years it had before (read under the row lock the UPDATE takes). */
export const updateRetentionYears = async (db: Db, programId: string, years: number) => {
  const before = await db
    .selectFrom("programs")
    .select("retentionYears")
    .where("id", "=", programId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await db.updateTable("programs").set({ retentionYears: years }).where("id", "=", programId).execute();
  return before.retentionYears;
};

/** Other enrolments of the person whose data is still held (any program). */
export const countOtherLiveEnrolments = async (db: Db, userId: string, enrolmentId: string) =>
  Number(
    (
      await db
        .selectFrom("programPatients")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .where("id", "<>", enrolmentId)
        .where("erasedAt", "is", null)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const eraseEnrolment = (
  db: Db,
  enrolmentId: string,
  values: {
    name: string;
    now: Date;
    ground: "never_consented" | "retention_over" | "no_legal_ground";
    birthYear: number | null;
  },
) =>
  db
    .updateTable("programPatients")
    .set({
      firstName: values.name,
      lastName: "",
      inviteEmail: "",
      consentedEmail: null,
      patientIdType: null,
      patientId: null,
      postcode: null,
      cancerTypes: "[]",
      birthYear: values.birthYear,
      // The date of birth goes (its year is kept above); sex stays for research, as before.
      dob: null,
      erasedAt: values.now,
      erasureGround: values.ground,
    })
    .where("id", "=", enrolmentId)
    .execute();

/** Free text the patient (or staff about the patient) wrote in this program: notes and close notes. */
export const clearFreeText = async (db: Db, programId: string, patientId: string) => {
  const notes = await db
    .updateTable("patientLogs")
    .set({ note: null })
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("note", "is not", null)
    .executeTakeFirst();
  const doseNotes = await db
    .updateTable("medicationEvents")
    .set({ notes: null })
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("notes", "is not", null)
    .executeTakeFirst();
  const appointmentNotes = await db
    .updateTable("nurseVisitAppointments")
    .set({ notes: null })
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("notes", "is not", null)
    .executeTakeFirst();
  const alertNotes = await db
    .updateTable("alerts")
    .set({ closeNote: null })
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("closeNote", "is not", null)
    .executeTakeFirst();
  return (
    Number(notes.numUpdatedRows) +
    Number(doseNotes.numUpdatedRows) +
    Number(appointmentNotes.numUpdatedRows) +
    Number(alertNotes.numUpdatedRows)
  );
};

/** The custom questionnaires this patient answered in the program, with their schemes. */
export const findAnsweredCustomTypes = (db: Db, programId: string, patientId: string) =>
  db
    .selectFrom("questionnaireTypes as t")
    .select(["t.id", "t.specification"])
    .where("t.kind", "=", "custom")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("questionnaireEvents as e")
          .select(sql`1`.as("one"))
          .whereRef("e.questionnaireTypeId", "=", "t.id")
          .where("e.programId", "=", programId)
          .where("e.patientId", "=", patientId),
      ),
    )
    .execute();

/** Empties the answers to the given free-text questions of the given questionnaire type. */
export const clearAnswers = async (
  db: Db,
  programId: string,
  patientId: string,
  questionnaireTypeId: string,
  questionIds: string[],
) => {
  if (questionIds.length === 0) return 0;
  const result = await db
    .updateTable("questionnaireAnswers")
    .set({ value: null })
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .where("questionId", "in", questionIds)
    .where("value", "is not", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("questionnaireEvents as e")
          .select(sql`1`.as("one"))
          .whereRef("e.id", "=", "questionnaireAnswers.eventId")
          .where("e.questionnaireTypeId", "=", questionnaireTypeId),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** Invitations (their codes) and the patient's in-app notifications of this program. */
export const deleteInvitesAndNotifications = async (
  db: Db,
  programId: string,
  enrolmentId: string,
  patientId: string,
) => {
  await db.deleteFrom("patientInvites").where("enrolmentId", "=", enrolmentId).execute();
  await db
    .deleteFrom("patientNotifications")
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .execute();
};

/** The worklist's summary of the days the enrolment logged (it only serves to chase the patient; the days stay in patient_log_days). */
export const deleteLogDaysSummary = (db: Db, programId: string, patientId: string) =>
  db
    .deleteFrom("worklistLogDaysSummaries")
    .where("programId", "=", programId)
    .where("patientId", "=", patientId)
    .execute();

/** Mails to these addresses (invitations, codes, reminders: they carry names and links). */
export const deleteMailsTo = async (db: Db, addresses: string[]) => {
  const wanted = [...new Set(addresses.filter(Boolean).map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return;
  await db
    .deleteFrom("mails")
    .where(sql<boolean>`lower(to_address) in (${sql.join(wanted)})`)
    .execute();
};

/**
 * The sign-in account, closed: no name, address, date of birth or password; every session ended
 * (its refresh tokens gone) and every one-time code deleted. The e-mail becomes an address that
 * can receive nothing, unique per account.
 */
export const closeAccount = async (db: Db, userId: string, name: string, now: Date) => {
  await db
    .updateTable("users")
    .set({
      firstName: name,
      lastName: "",
      displayName: null,
      email: `erased-${userId}@erased.invalid`,
      passwordHash: null,
      passwordChangedAt: null,
      dob: null,
      marketingConsent: false,
      emailVerified: false,
      questionnaireReminders: false,
      updatedAt: now,
    })
    .where("id", "=", userId)
    .execute();
  await db
    .deleteFrom("refreshTokens")
    .where((eb) => eb("sessionId", "in", eb.selectFrom("sessions").select("id").where("userId", "=", userId)))
    .execute();
  await db
    .updateTable("sessions")
    .set({
      endedAt: sql`coalesce(ended_at, ${now})`,
      endedReason: sql`coalesce(ended_reason, 'erased')`,
      ip: null,
      userAgent: null,
    })
    .where("userId", "=", userId)
    .execute();
  await db.deleteFrom("oneTimeCodes").where("userId", "=", userId).execute();
};

/**
 * Export files of the program that may name the patient: identifiable research exports and FHIR
 * bulk exports (their Patient resources carry names). Anonymised research exports name no one.
 */
export const deleteIdentifyingExports = async (db: Db, programId: string) => {
  await db.deleteFrom("researchExports").where("programId", "=", programId).where("anonymised", "=", false).execute();
  await db.deleteFrom("fhirExports").where("programId", "=", programId).execute();
};
