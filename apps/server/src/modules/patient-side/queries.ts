import type { Db } from "../../db/kysely.js";

/** The programs a patient consented to (and has not withdrawn from), oldest enrolment first. */
export const findConsentedPrograms = (db: Db, userId: string) =>
  db
    .selectFrom("programPatients as e")
    .innerJoin("programs as p", "p.id", "e.programId")
    .select([
      "p.id as programId",
      "p.name",
      "p.patientProgramName",
      "p.disclaimer",
      "p.disabledNoteTypes",
      "p.articles",
      "p.territory",
      "p.endDate",
      "p.endedAt",
    ])
    .where("e.userId", "=", userId)
    .where("e.consentGiven", "=", true)
    .where("e.status", "=", "CONSENTED")
    .where("e.inviteAcceptedAt", "is not", null)
    .orderBy("e.createdAt")
    .orderBy("p.id")
    .execute();

/** The care team contacts of several programs in one query, in each program's order. */
export const findContactsOfPrograms = (db: Db, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("careTeamContacts")
        .select([
          "id",
          "programId",
          "careTeamName",
          "generalGuidance",
          "generalGuidanceTranslations",
          "hoursOfOperation",
          "contactPhones",
          "contactEmails",
        ])
        .where("programId", "in", programIds)
        .orderBy("position")
        .orderBy("createdAt")
        .execute();

/** The prioritised symptoms of several programs in one query, in each program's order. */
export const findPrioritisedOfPrograms = (db: Db, programIds: string[]) =>
  programIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("prioritisedSymptoms")
        .select(["programId", "logTypeId"])
        .where("programId", "in", programIds)
        .orderBy("programId")
        .orderBy("position")
        .execute();

/**
 * The demographics a patient gives reach the programs they take part in now (consent given), and
 * no other: a program they were only invited to, or left, does not get them (security issue 29 §1).
 */
export const setConsentedEnrolmentsDemographics = (
  db: Db,
  userId: string,
  demographics: { dob: string; sex: string },
) =>
  db
    .updateTable("programPatients")
    .set({ dob: demographics.dob, sex: demographics.sex })
    .where("userId", "=", userId)
    .where("consentGiven", "=", true)
    .where("erasedAt", "is", null)
    .execute();
