import { randomInt } from "node:crypto";
import { messages, PUBLIC_CODE_ALPHABET, PUBLIC_CODE_LENGTH } from "@openpro/core";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { conflict, invalidField } from "../../platform/errors.js";
import { loadProgram } from "../patients/service.js";
import * as q from "./queries.js";

type CodeRow = NonNullable<Awaited<ReturnType<typeof q.findActiveCode>>>;

const toCode = (row: CodeRow) => ({
  id: row.id,
  code: row.code,
  dateCreated: row.createdAt.toISOString(),
  dateExpires: row.dateExpires.toISOString(),
  dateDeactivated: row.deactivatedAt?.toISOString() ?? null,
});

/** 8 characters from 32: about 10^12 codes, short enough to type from a leaflet. */
const newCode = () =>
  Array.from(
    { length: PUBLIC_CODE_LENGTH },
    () => PUBLIC_CODE_ALPHABET[randomInt(0, PUBLIC_CODE_ALPHABET.length)],
  ).join("");

/** An expiry date "YYYY-MM-DD" means the end of that day (UTC), as the client sends it. */
const parseExpiry = (ctx: AppContext, value: string) => {
  const date = new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value);
  // JavaScript rolls 31 April over to 1 May: a day that does not exist is not a date.
  if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) !== value.slice(0, 10))
    throw invalidField("dateExpires", messages.required);
  if (Number.isNaN(date.getTime()) || date.getTime() <= ctx.clock.now().getTime())
    throw invalidField("dateExpires", messages.inviteCodeFutureOnly);
  return date;
};

const loadPublicProgram = async (ctx: AppContext, actor: Actor, programId: string) => {
  const program = await loadProgram(ctx, actor, programId);
  if (program.inviteMode !== "public") throw conflict(messages.publicCodesOnlyForPublicPrograms);
  return program;
};

export const listCodes = async (ctx: AppContext, actor: Actor, programId: string) => {
  await loadProgram(ctx, actor, programId);
  const [active, inactive] = await Promise.all([
    q.findActiveCode(ctx.db, programId),
    q.findInactiveCodes(ctx.db, programId),
  ]);
  return { active: active ? toCode(active) : null, inactive: inactive.map(toCode) };
};

/** Only one code is active: creating one deactivates the current one, in the same transaction. */
export const createCode = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: { projectId: string; dateExpires: string },
) => {
  await loadPublicProgram(ctx, actor, body.projectId);
  const dateExpires = parseExpiry(ctx, body.dateExpires);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await q.deactivateActiveCode(trx, body.projectId, now);
    return q.insertCode(trx, { programId: body.projectId, code: newCode(), now, dateExpires, createdBy: actor.userId });
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "invite-code.create",
    outcome: "success",
    actorUserId: actor.userId,
    programId: body.projectId,
    entityType: "invite-code",
    entityId: row.id,
  });
  return toCode(row);
};

export const updateCodeExpiry = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: { projectId: string; dateExpires: string },
) => {
  await loadPublicProgram(ctx, actor, body.projectId);
  const row = await q.updateActiveExpiry(ctx.db, body.projectId, parseExpiry(ctx, body.dateExpires));
  if (!row) throw conflict(messages.inviteCodeNoActive);
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "invite-code.update",
    outcome: "success",
    actorUserId: actor.userId,
    programId: body.projectId,
    entityType: "invite-code",
    entityId: row.id,
  });
  return toCode(row);
};

export const deactivateCode = async (ctx: AppContext, meta: RequestMeta, actor: Actor, body: { projectId: string }) => {
  await loadProgram(ctx, actor, body.projectId);
  if ((await q.deactivateActiveCode(ctx.db, body.projectId, ctx.clock.now())) === 0)
    throw conflict(messages.inviteCodeNoActive);
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "invite-code.deactivate",
    outcome: "success",
    actorUserId: actor.userId,
    programId: body.projectId,
  });
  return { message: messages.inviteCodeDeactivated };
};
