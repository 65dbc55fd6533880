import { filledTranslations } from "@openpro/core";
import type { Db } from "../../db/kysely.js";

export interface ContactFields {
  careTeamName: string;
  generalGuidance: string;
  /** Per language (issue 31 §3); undefined: an update keeps the stored ones. */
  generalGuidanceTranslations?: Partial<Record<string, string>> | undefined;
  hoursOfOperation: string;
  contactPhones: string[];
  contactEmails: string[];
}

export const findContacts = (db: Db, programId: string) =>
  db
    .selectFrom("careTeamContacts")
    .selectAll()
    .where("programId", "=", programId)
    .orderBy("position")
    .orderBy("createdAt")
    .execute();

export type ContactRow = Awaited<ReturnType<typeof findContacts>>[number];

/**
 * Serialises changes to one program's contacts (the five-contact limit holds under concurrent
 * adds); false when the program does not exist.
 */
export const lockProgram = async (db: Db, programId: string): Promise<boolean> =>
  !!(await db.selectFrom("programs").select("id").where("id", "=", programId).forUpdate().executeTakeFirst());

export const countAndLastPosition = async (db: Db, programId: string) => {
  const row = await db
    .selectFrom("careTeamContacts")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
    .where("programId", "=", programId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), last: row.last === null ? 0 : Number(row.last) };
};

export const insertContact = (db: Db, contact: ContactFields & { programId: string; position: number; now: Date }) =>
  db
    .insertInto("careTeamContacts")
    .values({
      programId: contact.programId,
      careTeamName: contact.careTeamName,
      generalGuidance: contact.generalGuidance,
      generalGuidanceTranslations: JSON.stringify(filledTranslations(contact.generalGuidanceTranslations ?? {})),
      hoursOfOperation: contact.hoursOfOperation,
      contactPhones: contact.contactPhones,
      contactEmails: contact.contactEmails,
      position: contact.position,
      createdAt: contact.now,
      updatedAt: contact.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Only a contact of this program: another program's id matches nothing. */
export const updateContact = (db: Db, programId: string, contactId: string, fields: ContactFields, now: Date) =>
  db
    .updateTable("careTeamContacts")
    .set({
      careTeamName: fields.careTeamName,
      generalGuidance: fields.generalGuidance,
      ...(fields.generalGuidanceTranslations !== undefined
        ? { generalGuidanceTranslations: JSON.stringify(filledTranslations(fields.generalGuidanceTranslations)) }
        : {}),
      hoursOfOperation: fields.hoursOfOperation,
      contactPhones: fields.contactPhones,
      contactEmails: fields.contactEmails,
      updatedAt: now,
    })
    .where("programId", "=", programId)
    .where("id", "=", contactId)
    .returningAll()
    .executeTakeFirst();

export const deleteContact = async (db: Db, programId: string, contactId: string): Promise<boolean> =>
  Number(
    (
      await db
        .deleteFrom("careTeamContacts")
        .where("programId", "=", programId)
        .where("id", "=", contactId)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;
