import { randomInt } from "node:crypto";
import { messages, PUBLIC_CODE_ALPHABET, PUBLIC_CODE_LENGTH } from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, invalidField } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { assertProgramReady } from "../program-readiness/service.js";
import * as q from "./queries.js";

/** A program's public code by its value, for the patient side to resolve. */
export { findCodeByValue } from "./queries.js";

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

const loadPublicProgram = async (scope: RequestScope, programId: string) => {
  const { program } = await inProgram(scope, programId);
  if (program.inviteMode !== "public") throw conflict(messages.publicCodesOnlyForPublicPrograms);
  return program;
};

export const listCodes = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const [active, inactive] = await Promise.all([
    q.findActiveCode(ctx.db, programId),
    q.findInactiveCodes(ctx.db, programId),
  ]);
  return { active: active ? toCode(active) : null, inactive: inactive.map(toCode) };
};

/** Only one code is active: creating one deactivates the current one, in the same transaction (with its audit entry). */
export const createCode = async (scope: RequestScope, programId: string, body: { dateExpires: string }) => {
  const { ctx, actor } = scope;
  await loadPublicProgram(scope, programId);
  // A code on a leaflet brings patients in: not before the program is ready for them.
  await assertProgramReady(ctx.db, programId);
  const dateExpires = parseExpiry(ctx, body.dateExpires);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await q.deactivateActiveCode(trx, programId, now);
    const created = await q.insertCode(trx, { programId, code: newCode(), now, dateExpires, createdBy: actor.userId });
    await scope.audit(
      { action: "invite-code.create", programId, entityType: "invite-code", entityId: created.id },
      trx,
    );
    return created;
  });
  return toCode(row);
};

export const updateCodeExpiry = async (scope: RequestScope, programId: string, body: { dateExpires: string }) => {
  const { ctx } = scope;
  await loadPublicProgram(scope, programId);
  const dateExpires = parseExpiry(ctx, body.dateExpires);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await q.updateActiveExpiry(trx, programId, dateExpires);
    if (!updated) throw conflict(messages.inviteCodeNoActive);
    await scope.audit(
      { action: "invite-code.update", programId, entityType: "invite-code", entityId: updated.id },
      trx,
    );
    return updated;
  });
  return toCode(row);
};

export const deactivateCode = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  await ctx.db.transaction().execute(async (trx) => {
    if ((await q.deactivateActiveCode(trx, programId, ctx.clock.now())) === 0)
      throw conflict(messages.inviteCodeNoActive);
    await scope.audit({ action: "invite-code.deactivate", programId }, trx);
  });
  return { message: messages.inviteCodeDeactivated };
};
