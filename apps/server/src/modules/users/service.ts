import { type AdminUser, can, isAdmin, isPermission, messages } from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { UserRow } from "../../db/schema.js";
import { listingScope } from "../../platform/access/scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { accountMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { mailTemplates, patientMailTemplates } from "../../platform/mail/templates.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { deleteUser, findUserByEmail, findUserById, findUserPage, isColleague, updateUser } from "./queries.js";

/** The account store, for the modules that create, find or change accounts in their own transactions. */
export { deleteUser, findUserByEmail, findUserById, insertUser, updateUser } from "./queries.js";

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

/**
 * A sign-in e-mail is its owner's once the account has a password: a program's or organisation's
 * staff never change it (a password reset to the new address would hand them the account). Only
 * a super admin may, and the old address is told. An account still waiting for its first
 * password is an invitation's placeholder and follows its invitation.
 */
export const assertSignInEmailChangeable = (actor: Actor, account: { passwordHash: string | null }) => {
  if (account.passwordHash && !isAdmin(actor))
    throw new AppError(422, messages.signInEmailOwned, "VALIDATION_ERROR", [
      { field: "email", message: messages.signInEmailOwned },
    ]);
};

/** Tells the old address that an administrator moved the account to a new one. */
export const noticeSignInEmailChanged = async (
  ctx: AppContext,
  db: Db,
  account: { id: string; email: string; firstName: string; passwordHash: string | null; scope?: string },
  newEmail: string,
) => {
  if (!account.passwordHash) return;
  await queueMail(
    db,
    ctx.clock,
    account.email,
    account.scope === "patient"
      ? patientMailTemplates.signInEmailChanged(await accountMailLanguage(db, account.id), {
          firstName: account.firstName,
          newEmail,
        })
      : mailTemplates.signInEmailChanged({ firstName: account.firstName, newEmail }),
    "account.email-changed",
  );
};

/** Admin-type users manage every staff account; anyone else granted the user admin, their colleagues'. */
export const listUsers = async (
  { ctx, actor }: RequestScope,
  query: { _page: number; _perPage: number; email?: string | undefined },
) => {
  const { rows, totalCount } = await findUserPage(ctx.db, {
    viewerId: listingScope(actor),
    email: query.email,
    page: query._page,
    perPage: query._perPage,
  });
  return { results: rows.map(toAdminUser), totalCount };
};

/**
 * The user admin manages staff accounts (patients are managed within their programs), and only
 * those in the actor's reach: anyone else's account answers 404, as if it did not exist.
 */
const findStaffUser = async ({ ctx, actor }: RequestScope, userId: string) => {
  const user = await findUserById(ctx.db, userId);
  if (user?.scope !== "clinical") throw notFound();
  const viewerId = listingScope(actor);
  if (viewerId && !(await isColleague(ctx.db, viewerId, userId))) throw notFound();
  return user;
};

export const getUser = async (scope: RequestScope, userId: string) => {
  const user = await findStaffUser(scope, userId);
  await scope.audit({
    action: "user.read",
    entityType: "user",
    entityId: userId,
  });
  return toAdminUser(user);
};

export const updateUserAccount = async (
  scope: RequestScope,
  userId: string,
  body: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    permissions?: string[] | undefined;
  },
) => {
  const { ctx, actor } = scope;
  const user = await findStaffUser(scope, userId);
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
  const emailChanges = body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanges) {
    // A new address lets a password reset take the account over: only an admin re-addresses
    // an account holding admin flags, and only a super admin one that has a password.
    const adminWeight = user.permissions.some((p) => ADMIN_FLAGS.includes(p));
    if (adminWeight && !isAdmin(actor)) throw forbidden();
    assertSignInEmailChangeable(actor, user);
    const other = await findUserByEmail(ctx.db, body.email!);
    if (other && other.id !== userId) throw conflict(messages.teamMemberExists, "email");
  }
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, {
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(emailChanges ? { email: body.email! } : {}),
      ...(permissions ? { permissions } : {}),
      updatedAt: ctx.clock.now(),
    });
    if (emailChanges) await noticeSignInEmailChanged(ctx, trx, user, body.email!);
    await scope.audit(
      {
        action: permissions ? "user.permissions.update" : "user.update",
        entityType: "user",
        entityId: userId,
        details: {
          fields: Object.keys(body),
          ...(permissions ? { before: user.permissions, after: permissions } : {}),
          ...(emailChanges ? { emailBefore: user.email, emailAfter: body.email } : {}),
        },
      },
      trx,
    );
  });
  return toAdminUser((await findUserById(ctx.db, userId))!);
};

export const deleteUserAccount = async (scope: RequestScope, userId: string) => {
  const { ctx, actor } = scope;
  const user = await findStaffUser(scope, userId);
  if (user.id === actor.userId) throw conflict(messages.cannotDeleteYourself);
  if (user.permissions.includes("admin")) throw conflict(messages.adminCannotBeDeleted);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteUser(trx, userId);
    await scope.audit(
      { action: "user.delete", entityType: "user", entityId: userId, details: { email: user.email, role: user.role } },
      trx,
    );
  });
};
