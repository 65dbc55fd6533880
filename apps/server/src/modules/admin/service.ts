import { defaultPermissionsByRole, messages, permissionGroups, permissions, roleLabels, roles } from "@openpro/core";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { conflict } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { findMailPage } from "../../platform/mail/queries.js";
import { mailTemplates } from "../../platform/mail/templates.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { completeProgramPatients } from "../patients/service.js";
import { markProgramEnded } from "../programs/service.js";
import { findSetting, insertFeedback, upsertSetting } from "./queries.js";

export const permissionCatalogue = () => ({
  permissions: [...permissions],
  groups: Object.entries(permissionGroups).map(([name, list]) => ({ name, permissions: [...list] })),
  roles: roles.map((value) => ({
    value,
    label: roleLabels[value],
    defaultPermissions: [...defaultPermissionsByRole[value]],
  })),
});

/** Feedback is stored, e-mailed to support (answered by e-mail) and audited, in one transaction. */
export const submitFeedback = async (scope: RequestScope, text: string) => {
  const { ctx, actor } = scope;
  await ctx.db.transaction().execute(async (trx) => {
    const feedbackId = await insertFeedback(trx, { userId: actor.userId, text, now: ctx.clock.now() });
    const fromName = `${actor.firstName} ${actor.lastName}`.trim();
    await queueMail(
      trx,
      ctx.clock,
      ctx.settings.supportEmail,
      mailTemplates.feedback({ fromName, fromEmail: actor.email, text }),
      "feedback",
    );
    await scope.audit({ action: "feedback.submit", entityType: "feedback", entityId: feedbackId }, trx);
  });
  return { message: messages.feedbackSubmitted };
};

/** Every read of the outbox is audited: in the demo it shows live codes and links. */
export const listOutbox = async (
  scope: RequestScope,
  query: { _page: number; _perPage: number; to?: string | undefined },
) => {
  const { ctx } = scope;
  const { rows, totalCount } = await findMailPage(ctx.db, query._page, query._perPage, query.to);
  await scope.audit({
    action: "outbox.read",
    entityType: "mail",
    details: { page: query._page, perPage: query._perPage, to: query.to ?? null, mailIds: rows.map((r) => r.id) },
  });
  return {
    totalCount,
    results: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
};

const APP_VERSION_KEY = "mobile-app-version";
const DEFAULT_APP_VERSION = { latest: "1.0.0", minimum: "1.0.0", releaseNotes: "" };

export const getAppVersion = async (ctx: AppContext) => {
  const row = await findSetting(ctx.db, APP_VERSION_KEY);
  return (row?.value as typeof DEFAULT_APP_VERSION | undefined) ?? DEFAULT_APP_VERSION;
};

export const updateAppVersion = async (scope: RequestScope, body: typeof DEFAULT_APP_VERSION) => {
  const { ctx } = scope;
  const before = await getAppVersion(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertSetting(trx, APP_VERSION_KEY, body, ctx.clock.now());
    await scope.audit({ action: "app-version.update", details: { before, after: body } }, trx);
  });
  return body;
};

/** Ends a program now: it becomes closed and its consented patients have completed it. */
export const endProgram = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  const { program } = await inProgram(scope, programId);
  if (program.endedAt) throw conflict(messages.projectAlreadyEnded);
  await ctx.db.transaction().execute(async (trx) => {
    await markProgramEnded(trx, programId, ctx.clock.now());
    await completeProgramPatients(ctx, trx, programId, actor.userId);
    await scope.audit({ action: "program.end", entityType: "program", entityId: programId, programId }, trx);
  });
  return { message: messages.projectEnded };
};
