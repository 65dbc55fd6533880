import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, on `port` (any free one unless told):
 * the mail stories' inbox, read whole (`received`) or by the address a mail went to (`to`).
 */
export const startSmtp = async (port = 0) => {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    to: (address: string) =>
      received.filter((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text === address),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The inbox startSmtp opened. */
export type SmtpInbox = Awaited<ReturnType<typeof startSmtp>>;
