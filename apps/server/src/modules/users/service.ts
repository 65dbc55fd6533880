import { type AdminUser, can, isAdmin, isPermission, messages } from "@openpro/core";
import type { UserRow } from "../../db/schema.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext, RequestMeta } from "../../platform/context.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import { deleteUser, findUserByEmail, findUserById, findUserPage, updateUser } from "./queries.js";

/** Flags that make an account admin-type: only an admin grants or removes them. */
const ADMIN_FLAGS = ["admin", "internal_tester", "internal_program_admin"];

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  userRole: row.role as AdminUser["userRole"],
  scope: row.scope,
  permissions: row.permissions,
  dob: row.dob,
  dateCreated: row.dateCreated.toISOString(),
  privacyPolicy: row.privacyPolicy,
  eula: row.eula,
  marketingConsent: row.marketingConsent,
  emailVerified: row.emailVerified,
});

export const listUsers = async (
  ctx: AppContext,
  query: { _page: number; _perPage: number; email?: string | undefined },
) => {
  const { rows, totalCount } = await findUserPage(ctx.db, {
    email: query.email,
    page: query._page,
    perPage: query._perPage,
  });
  return { results: rows.map(toAdminUser), totalCount };
};

/** The user admin manages staff accounts; patients are managed within their programs. */
const findStaffUser = async (ctx: AppContext, userId: string) => {
  const user = await findUserById(ctx.db, userId);
  if (user?.scope !== "clinical") throw notFound();
  return user;
};

export const getUser = async (ctx: AppContext, meta: RequestMeta, actor: Actor, userId: string) => {
  const user = await findStaffUser(ctx, userId);
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "user.read",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
  });
  return toAdminUser(user);
};

export const updateUserAccount = async (
  ctx: AppContext,
  meta: RequestMeta,
  actor: Actor,
  userId: string,
  body: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    permissions?: string[] | undefined;
  },
) => {
  const user = await findStaffUser(ctx, userId);
  let permissions: string[] | undefined;
  if (body.permissions) {
    const unknown = body.permissions.find((p) => !isPermission(p));
    if (unknown)
      throw new AppError(422, messages.unknownPermission(unknown), "VALIDATION_ERROR", [
        { field: "permissions", message: messages.unknownPermission(unknown) },
      ]);
    permissions = [...new Set(body.permissions)].sort();
    const changed = new Set([
      ...permissions.filter((p) => !user.permissions.includes(p)),
      ...user.permissions.filter((p) => !permissions!.includes(p)),
    ]);
    if (changed.size > 0 && !can(actor, "edit_user_roles")) throw forbidden();
    if ([...changed].some((p) => ADMIN_FLAGS.includes(p)) && !isAdmin(actor)) {
      throw new AppError(422, messages.permissionNotGrantable, "VALIDATION_ERROR", [
        { field: "permissions", message: messages.permissionNotGrantable },
      ]);
    }
  }
  if (body.email) {
    // A new address lets a password reset take the account over: only an admin re-addresses
    // an account holding admin flags (its owner aside).
    const emailChanges = body.email.toLowerCase() !== user.email.toLowerCase();
    const adminWeight = user.permissions.some((p) => ADMIN_FLAGS.includes(p));
    if (emailChanges && adminWeight && user.id !== actor.userId && !isAdmin(actor)) throw forbidden();
    const other = await findUserByEmail(ctx.db, body.email);
    if (other && other.id !== userId) throw conflict(messages.teamMemberExists, "email");
  }
  await updateUser(ctx.db, userId, {
    ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
    ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(permissions ? { permissions } : {}),
    updatedAt: ctx.clock.now(),
  });
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: permissions ? "user.permissions.update" : "user.update",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
    details: { fields: Object.keys(body), ...(permissions ? { before: user.permissions, after: permissions } : {}) },
  });
  return toAdminUser((await findUserById(ctx.db, userId))!);
};

export const deleteUserAccount = async (ctx: AppContext, meta: RequestMeta, actor: Actor, userId: string) => {
  const user = await findStaffUser(ctx, userId);
  if (user.id === actor.userId) throw conflict(messages.cannotDeleteYourself);
  if (user.permissions.includes("admin")) throw conflict(messages.adminCannotBeDeleted);
  await deleteUser(ctx.db, userId);
  await writeAudit(ctx.db, ctx.clock, meta, {
    action: "user.delete",
    outcome: "success",
    actorUserId: actor.userId,
    entityType: "user",
    entityId: userId,
    details: { email: user.email, role: user.role },
  });
};
