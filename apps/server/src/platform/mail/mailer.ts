import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { enqueueJob, type JobRunner } from "../jobs/job-runner.js";
import { insertJobs } from "../jobs/queries.js";
import { inSpan } from "../tracing/spans.js";
import { findMail, insertMail, insertMails, markMail } from "./queries.js";
import type { RenderedMail } from "./templates.js";

/** Delivers one message; the SMTP transport, or none (outbox mode). */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<void>;
}

export const smtpTransport = (smtpUrl: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  // The span names the mail server, never the recipient or the subject.
  const { hostname, port, protocol } = new URL(smtpUrl);
  const server = { "server.address": hostname, "server.port": Number(port) || (protocol === "smtps:" ? 465 : 587) };
  return {
    send: async (message) => {
      await inSpan("smtp send", server, () => transporter.sendMail(message));
    },
  };
};

export const MAIL_SEND_JOB = "mail.send";
const MAIL_MAX_ATTEMPTS = 8;

/**
 * Mail is stored first and sent by a durable job, so a message survives a restart and an SMTP
 * outage (the job retries with back-off).
 */
export const queueMail = async (db: Db, clock: Clock, to: string, mail: RenderedMail, category: string) => {
  const id = await insertMail(
    db,
    { toAddress: to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, category },
    clock.now(),
  );
  await enqueueJob(db, clock, MAIL_SEND_JOB, { mailId: id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
  return id;
};

/**
 * Many mails at once (the questionnaire engine's due and reminder mails): the same as queueMail for
 * each, in two multi-row INSERTs instead of two statements per mail.
 */
export const queueMails = async (
  db: Db,
  clock: Clock,
  mails: readonly { to: string; mail: RenderedMail; category: string }[],
) => {
  if (mails.length === 0) return [];
  const now = clock.now();
  const ids = await insertMails(
    db,
    mails.map(({ to, mail, category }) => ({
      toAddress: to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      category,
    })),
    now,
  );
  await insertJobs(
    db,
    ids.map((mailId) => ({ name: MAIL_SEND_JOB, payload: { mailId }, runAt: now, maxAttempts: MAIL_MAX_ATTEMPTS })),
  );
  return ids;
};

export const registerMailJobs = (
  jobs: JobRunner,
  deps: {
    db: Db;
    clock: Clock;
    transport: MailTransport | null;
    from: string;
    log: FastifyBaseLogger;
    echoOutbox: boolean;
  },
) => {
  jobs.register(MAIL_SEND_JOB, async (payload, { attempt }) => {
    const mail = await findMail(deps.db, String(payload.mailId));
    if (!mail || mail.status === "sent" || mail.status === "stored") return;
    if (!deps.transport) {
      await markMail(deps.db, mail.id, "stored", deps.clock.now());
      deps.log.info({ mailId: mail.id, category: mail.category }, "mail stored in the outbox (SMTP_URL not set)");
      // Demo and development only: with no mail server the console is the mailbox.
      if (deps.echoOutbox)
        process.stdout.write(
          `\n[outbox] To: ${mail.toAddress}\n[outbox] Subject: ${mail.subject}\n${mail.textBody}\n\n`,
        );
      return;
    }
    try {
      await deps.transport.send({
        from: deps.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      // Delivered: the body (a sign-in or reset code, an invitation link) is no longer kept.
      await markMail(deps.db, mail.id, "sent", deps.clock.now(), null, { redactBody: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The last try gives up on the mail: its secret is not kept either.
      await markMail(deps.db, mail.id, "failed", deps.clock.now(), message, {
        redactBody: attempt >= MAIL_MAX_ATTEMPTS,
      });
      throw new Error(`SMTP delivery failed (attempt ${attempt}): ${message}`);
    }
  });
};
