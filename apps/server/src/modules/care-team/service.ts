import {
  type CareTeamContact,
  careTeamPhoneErrors,
  errorCodes,
  limits,
  messages,
  storedCareTeamContact,
  type Territory,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

const toContact = (row: q.ContactRow): CareTeamContact => ({
  id: row.id,
  careTeamName: row.careTeamName,
  generalGuidance: row.generalGuidance,
  generalGuidanceTranslations: row.generalGuidanceTranslations ?? {},
  hoursOfOperation: row.hoursOfOperation,
  contactPhones: row.contactPhones,
  contactEmails: row.contactEmails,
});

/** The change's audit entry, written in the change's transaction. */
const audit = (
  scope: RequestScope,
  db: Db,
  action: "create" | "update" | "delete",
  programId: string,
  contactId: string,
) =>
  scope.audit({ action: `care-team.${action}`, programId, entityType: "care-team-contact", entityId: contactId }, db);

/**
 * The contact as stored: its phones checked against the program's territory (a national number
 * there, or an international one) and kept in E.164; blank rows dropped. 422 names the row.
 */
const storedFields = (fields: q.ContactFields, territory: Territory): q.ContactFields => {
  const errors = careTeamPhoneErrors(fields.contactPhones, territory);
  if (errors.length > 0) throw new AppError(422, errors[0]!.message, errorCodes.validation, errors);
  return storedCareTeamContact(fields, territory);
};

export const listContacts = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return (await q.findContacts(ctx.db, programId)).map(toContact);
};

/** A new contact goes last; a sixth is refused. */
export const createContact = async (scope: RequestScope, programId: string, typed: q.ContactFields) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const fields = storedFields(typed, program.territory as Territory);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const { count, last } = await q.countAndLastPosition(trx, programId);
    if (count >= limits.careTeam.maxContacts)
      throw conflict(messages.careTeamContactLimit(limits.careTeam.maxContacts));
    const created = await q.insertContact(trx, { ...fields, programId, position: last + 1, now: ctx.clock.now() });
    await audit(scope, trx, "create", programId, created.id);
    return created;
  });
  return toContact(row);
};

export const updateContact = async (
  scope: RequestScope,
  programId: string,
  contactId: string,
  typed: q.ContactFields,
) => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const fields = storedFields(typed, program.territory as Territory);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await q.updateContact(trx, programId, contactId, fields, ctx.clock.now());
    if (!updated) throw notFound(messages.careTeamContactMissing);
    await audit(scope, trx, "update", programId, updated.id);
    return updated;
  });
  return toContact(row);
};

export const deleteContact = async (scope: RequestScope, programId: string, contactId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.deleteContact(trx, programId, contactId))) throw notFound(messages.careTeamContactMissing);
    await audit(scope, trx, "delete", programId, contactId);
  });
};
