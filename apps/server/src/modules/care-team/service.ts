import { type CareTeamContact, limits, messages } from "@openpro/core";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { conflict, notFound } from "../../platform/errors.js";
import { loadProgram } from "../patients/service.js";
import * as q from "./queries.js";

const toContact = (row: q.ContactRow): CareTeamContact => ({
  id: row.id,
  careTeamName: row.careTeamName,
  generalGuidance: row.generalGuidance,
  hoursOfOperation: row.hoursOfOperation,
  contactPhones: row.contactPhones,
  contactEmails: row.contactEmails,
});

const audit = (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  action: "create" | "update" | "delete",
  programId: string,
  contactId: string,
) =>
  writeAudit(ctx.db, ctx.clock, meta, {
    action: `care-team.${action}`,
    outcome: "success",
    actorUserId: actor.userId,
    programId,
    entityType: "care-team-contact",
    entityId: contactId,
  });

export const listContacts = async (ctx: AppContext, actor: Actor, programId: string) => {
  await loadProgram(ctx, actor, programId);
  return (await q.findContacts(ctx.db, programId)).map(toContact);
};

/** A new contact goes last; a sixth is refused (doc 3 §9). */
export const createContact = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  fields: q.ContactFields,
) => {
  await loadProgram(ctx, actor, programId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await q.lockProgram(trx, programId))) throw notFound();
    const { count, last } = await q.countAndLastPosition(trx, programId);
    if (count >= limits.careTeam.maxContacts)
      throw conflict(messages.careTeamContactLimit(limits.careTeam.maxContacts));
    return q.insertContact(trx, { ...fields, programId, position: last + 1, now: ctx.clock.now() });
  });
  await audit(ctx, meta, actor, "create", programId, row.id);
  return toContact(row);
};

export const updateContact = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  contactId: string,
  fields: q.ContactFields,
) => {
  await loadProgram(ctx, actor, programId);
  const row = await q.updateContact(ctx.db, programId, contactId, fields, ctx.clock.now());
  if (!row) throw notFound(messages.careTeamContactMissing);
  await audit(ctx, meta, actor, "update", programId, row.id);
  return toContact(row);
};

export const deleteContact = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  programId: string,
  contactId: string,
) => {
  await loadProgram(ctx, actor, programId);
  if (!(await q.deleteContact(ctx.db, programId, contactId))) throw notFound(messages.careTeamContactMissing);
  await audit(ctx, meta, actor, "delete", programId, contactId);
};
