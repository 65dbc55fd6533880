import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what the product sends, for the journeys to read. */
export class MailCapture {
  readonly mails: CapturedMail[] = [];
  #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
            this.mails.push({
              to: (to ?? "").toLowerCase(),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: String(parsed.html || ""),
            });
            callback();
          })
          .catch(callback);
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.#server.server.address() as AddressInfo).port;
  }

  /** Waits for the next mail to someone whose subject matches, sent after `after` mails. */
  async waitFor(to: string, subject: RegExp, after = 0, timeoutMs = 15_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.slice(after).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  codeIn(mail: CapturedMail): string {
    const match = mail.text.match(/Your code: ([A-Z0-9]+)/);
    if (!match) throw new Error(`No code in mail "${mail.subject}"`);
    return match[1]!;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
