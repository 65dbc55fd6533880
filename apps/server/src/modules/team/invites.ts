import { errorCodes, messages } from "@openpro/core";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { generateOpaqueToken, hashToken } from "../../platform/auth/secrets.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { renderLayout } from "../../platform/mail/templates.js";
import { findStaffInviteByHash, insertStaffInvite, revokeOpenInvites } from "./queries.js";

/** A staff invitation link works for 7 days and once. */
export const STAFF_INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

const base64 = (value: string) => Buffer.from(value, "utf8").toString("base64");

/**
 * Creates a single-use invitation to an organisation or program team and e-mails its link
 * (`/join/{code}?email=…&organisationName=…` or `…&projectName=…&projectId=<base64>`).
 */
export const inviteStaffMember = async (
  ctx: AppContext,
  db: Db,
  invite: {
    userId: string;
    email: string;
    firstName: string;
    invitedBy: string;
    team:
      | { kind: "organisation"; organisationId: string; name: string }
      | { kind: "program"; programId: string; name: string };
    existingAccount: boolean;
  },
) => {
  const now = ctx.clock.now();
  const code = generateOpaqueToken();
  const teamIds =
    invite.team.kind === "organisation"
      ? { organisationId: invite.team.organisationId, programId: null }
      : { organisationId: null, programId: invite.team.programId };
  await revokeOpenInvites(
    db,
    {
      userId: invite.userId,
      ...(teamIds.organisationId ? { organisationId: teamIds.organisationId } : { programId: teamIds.programId! }),
    },
    now,
  );
  await insertStaffInvite(db, {
    userId: invite.userId,
    ...teamIds,
    codeHash: hashToken(code),
    invitedBy: invite.invitedBy,
    now,
    expiresAt: addSeconds(now, STAFF_INVITE_TTL_SECONDS),
  });
  const query = new URLSearchParams({ email: invite.email });
  if (invite.team.kind === "organisation") query.set("organisationName", invite.team.name);
  else {
    query.set("projectName", invite.team.name);
    query.set("projectId", base64(invite.team.programId));
  }
  const url = `${ctx.settings.publicUrl}/join/${code}?${query.toString()}`;
  const mail = renderLayout({
    subject: `You are invited to join ${invite.team.name} on OpenPRO`,
    greeting: `Hello ${invite.firstName},`,
    paragraphs: [
      `You have been added to the team of ${invite.team.name} on OpenPRO.`,
      invite.existingAccount
        ? "Open the link and sign in with your OpenPRO password to accept."
        : "Open the link to set your password and finish creating your account.",
      "The link works once and expires in 7 days.",
    ],
    action: { label: "Accept the invitation", url },
  });
  await queueMail(db, ctx.clock, invite.email, mail, "staff.invite");
};

/** Finds a usable invitation or answers 400 INVITATION_INVALID / INVITATION_CODE_EXPIRED. */
export const findUsableStaffInvite = async (ctx: AppContext, code: string, email?: string) => {
  const invite = await findStaffInviteByHash(ctx.db, hashToken(code));
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.scope !== "clinical") {
    throw new AppError(400, messages.invitationInvalid, errorCodes.invitationInvalid);
  }
  if (email && invite.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError(400, messages.invitationInvalid, errorCodes.invitationInvalid);
  }
  if (invite.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError(400, messages.invitationExpired, errorCodes.invitationExpired);
  }
  return invite;
};
