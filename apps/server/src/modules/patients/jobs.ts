import { addSeconds } from "../../clock.js";
import type { AppContext } from "../../platform/context.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { accountMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { DAY, INVITE_EXPIRY_JOB, INVITE_REMINDER_DAYS, INVITE_REMINDER_JOB, inviteMail, issueCode } from "./invites.js";
import { countReminder, findEnrolmentById, findInviteeAccount, findPatientInvite, findProgramName } from "./queries.js";
import { moveStatus } from "./transitions.js";

/**
 * The reminder job of one invitation: while it is open, remind after 7 and 14 days with a new
 * link (the first link keeps working until the invitation expires); after the second reminder,
 * plan the expiry. A re-sent invitation revokes this one, which ends this chain.
 */
export const registerPatientJobs = (ctx: AppContext) => {
  ctx.jobs.register(INVITE_REMINDER_JOB, async (payload) => {
    const invite = await findPatientInvite(ctx.db, String(payload.inviteId));
    if (!invite || invite.acceptedAt || invite.revokedAt) return;
    const enrolment = await findEnrolmentById(ctx.db, invite.enrolmentId);
    if (enrolment?.status !== "INVITE_SENT") return;
    const program = await findProgramName(ctx.db, invite.programId);
    const user = await findInviteeAccount(ctx.db, enrolment.userId);
    if (!program || !user) return;
    const round = Number(payload.round);
    const now = ctx.clock.now();
    const language = await accountMailLanguage(ctx.db, enrolment.userId, invite.programId);
    await ctx.db.transaction().execute(async (trx) => {
      if (user.questionnaireReminders) {
        const { code } = await issueCode(trx, {
          programId: invite.programId,
          enrolmentId: enrolment.id,
          now,
          expiresAt: invite.expiresAt,
        });
        const mail = inviteMail(ctx, {
          firstName: enrolment.firstName,
          // The same name as the first invitation: the one patients know.
          programName: program.patientProgramName ?? program.name,
          code,
          existingAccount: !!user.passwordHash,
          reminder: round,
          userId: enrolment.userId,
          email: enrolment.inviteEmail,
          language,
        });
        await queueMail(trx, ctx.clock, enrolment.inviteEmail, mail, "patient.invite.reminder");
      }
      await countReminder(trx, invite.id);
      if (round < 2) {
        await enqueueJob(
          trx,
          ctx.clock,
          INVITE_REMINDER_JOB,
          { inviteId: invite.id, round: round + 1 },
          {
            runAt: addSeconds(now, INVITE_REMINDER_DAYS * DAY),
            singletonKey: `${INVITE_REMINDER_JOB}:${invite.id}:${round + 1}`,
          },
        );
      } else {
        await enqueueJob(
          trx,
          ctx.clock,
          INVITE_EXPIRY_JOB,
          { inviteId: invite.id },
          {
            runAt: invite.expiresAt,
            singletonKey: `${INVITE_EXPIRY_JOB}:${invite.id}`,
          },
        );
      }
    });
  });

  ctx.jobs.register(INVITE_EXPIRY_JOB, async (payload) => {
    const invite = await findPatientInvite(ctx.db, String(payload.inviteId));
    if (!invite || invite.acceptedAt || invite.revokedAt) return;
    const enrolment = await findEnrolmentById(ctx.db, invite.enrolmentId);
    if (enrolment?.status !== "INVITE_SENT") return;
    const now = ctx.clock.now();
    await ctx.db.transaction().execute((trx) => moveStatus(trx, enrolment, "INVITE_EXPIRED", now, null));
  });
};
