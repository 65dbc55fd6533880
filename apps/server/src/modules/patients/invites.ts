import type { PatientLanguage } from "@openpro/core";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { generateOpaqueToken, hashToken, keyedHash } from "../../platform/auth/secrets.js";
import type { AppContext } from "../../platform/context.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { accountMailLanguage, patientMail } from "../../platform/mail/patient-mail-text.js";
import { renderLayout } from "../../platform/mail/templates.js";
import { insertPatientInvite, revokeOpenPatientInvites } from "./queries.js";

export const DAY = 86_400;
/** Reminders after 7 and 14 days; the invitation expires 7 days after the second reminder. */
export const INVITE_REMINDER_DAYS = 7;
export const INVITE_LIFETIME_DAYS = 21;
export const INVITE_REMINDER_JOB = "patient-invite.reminder";
export const INVITE_EXPIRY_JOB = "patient-invite.expire";

/** The unsubscribe link's token: only the holder of the e-mail can stop that address's reminders. */
export const unsubscribeToken = (secret: string, userId: string, email: string) =>
  keyedHash(secret, "unsubscribe-link", `unsubscribe:${userId}:${email.toLowerCase()}`);

export const unsubscribeUrl = (ctx: AppContext, userId: string, email: string) =>
  `${ctx.settings.publicUrl}/unsubscribe?${new URLSearchParams({
    email: Buffer.from(email, "utf8").toString("base64"),
    userId,
    token: unsubscribeToken(ctx.settings.jwtSecret, userId, email),
  }).toString()}`;

export const inviteMail = (
  ctx: AppContext,
  p: {
    firstName: string;
    programName: string;
    code: string;
    existingAccount: boolean;
    reminder: number;
    userId: string;
    email: string;
    /** The patient's language (accountMailLanguage): the account's, else the program territory's. */
    language: PatientLanguage;
  },
) => {
  const text = patientMail(p.language);
  const program = p.programName;
  return renderLayout({
    language: p.language,
    subject: text(p.reminder ? "inviteReminderSubject" : "inviteSubject", { program }),
    greeting: text("greeting", { name: p.firstName }),
    paragraphs: [
      text("invited", { program }),
      text(p.existingAccount ? "inviteSignIn" : "inviteCreate"),
      text("invitePersonal", { days: INVITE_LIFETIME_DAYS }),
    ],
    action: { label: text("openInvitation"), url: `${ctx.settings.publicUrl}/invite/${p.code}` },
    footer: p.reminder ? text("inviteReminderFooter", { url: unsubscribeUrl(ctx, p.userId, p.email) }) : text("sentBy"),
  });
};

/** Issues a fresh personal invitation (older open ones are revoked), e-mails it and plans the reminders. */
export const sendPatientInvite = async (
  ctx: AppContext,
  db: Db,
  p: {
    programId: string;
    programName: string;
    enrolmentId: string;
    userId: string;
    firstName: string;
    email: string;
    existingAccount: boolean;
  },
) => {
  const now = ctx.clock.now();
  await revokeOpenPatientInvites(db, p.enrolmentId, now);
  const expiresAt = addSeconds(now, INVITE_LIFETIME_DAYS * DAY);
  const { inviteId, code } = await issueCode(db, {
    programId: p.programId,
    enrolmentId: p.enrolmentId,
    now,
    expiresAt,
  });
  const language = await accountMailLanguage(db, p.userId, p.programId);
  await queueMail(db, ctx.clock, p.email, inviteMail(ctx, { ...p, code, reminder: 0, language }), "patient.invite");
  await enqueueJob(
    db,
    ctx.clock,
    INVITE_REMINDER_JOB,
    { inviteId, round: 1 },
    {
      runAt: addSeconds(now, INVITE_REMINDER_DAYS * DAY),
      singletonKey: `${INVITE_REMINDER_JOB}:${inviteId}:1`,
    },
  );
  return { inviteId, code };
};

/** Only the hash of a code is stored; the code itself exists in the e-mail alone. */
export const issueCode = async (db: Db, p: { programId: string; enrolmentId: string; now: Date; expiresAt: Date }) => {
  const code = generateOpaqueToken();
  const inviteId = await insertPatientInvite(db, {
    programId: p.programId,
    enrolmentId: p.enrolmentId,
    codeHash: hashToken(code),
    createdAt: p.now,
    expiresAt: p.expiresAt,
    acceptedAt: null,
    revokedAt: null,
  });
  return { inviteId, code };
};
