import { defaultPermissionsByRole, messages, permissionGroups, permissions, roleLabels, roles } from "@openpro/core";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { findMailPage } from "../../platform/mail/queries.js";
import { mailTemplates } from "../../platform/mail/templates.js";
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

/** Feedback is stored, then e-mailed to support in the same transaction (answered by e-mail). */
export const submitFeedback = async (ctx: AppContext, meta: RequestMeta, actor: Actor, text: string) => {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const feedbackId = await insertFeedback(trx, { userId: actor.userId, text, now: ctx.clock.now() });
    const fromName = `${actor.firstName} ${actor.lastName}`.trim();
    await queueMail(
      trx,
      ctx.clock,
      ctx.settings.supportEmail,
      mailTemplates.feedback({ fromName, fromEmail: actor.email, text }),
      "feedback",
    );
    return feedbackId;
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "feedback.submit",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "feedback",
    entityId: id,
  });
  return { message: messages.feedbackSubmitted };
};

export const listOutbox = async (
  ctx: AppContext,
  query: { _page: number; _perPage: number; to?: string | undefined },
) => {
  const { rows, totalCount } = await findMailPage(ctx.db, query._page, query._perPage, query.to);
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

export const updateAppVersion = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  body: typeof DEFAULT_APP_VERSION,
) => {
  const before = await getAppVersion(ctx);
  await upsertSetting(ctx.db, APP_VERSION_KEY, body, ctx.clock.now());
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "app-version.update",
    outcome: "success",
    actorUserId: actor.userId,
    details: { before, after: body },
  });
  return body;
};
