import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../../../test/factories.js";
import { type SmtpInbox, startSmtp } from "../../../test/smtp.js";
import { uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";
import { retryDelaySeconds } from "../jobs/job-runner.js";
import { smtpTransport } from "./mailer.js";

describe("e-mail over SMTP", () => {
  let smtp: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ mailTransport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** Nia, a nurse of the story's own (an address of its own domain): her address. */
  const nurseNia = async () => {
    const email = `nurse@${uniqueMailDomain()}`;
    await t.createStaff({ email, role: "clinician_team_member", firstName: "Nia" });
    return email;
  };
  const mailRows = (email: string) =>
    t.ctx.db
      .selectFrom("mails")
      .select(["status", "sentAt", "lastError"])
      .where("toAddress", "=", email)
      .orderBy("seq")
      .execute();

  it("delivers the sign-in code with a text and an HTML part, and marks the mail sent", async () => {
    const email = await nurseNia();
    const response = await login(t, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    // Stored first, sent by the job.
    expect((await mailRows(email)).map((m) => m.status)).toEqual(["queued"]);
    expect(smtp.to(email)).toHaveLength(0);

    expect(await t.runJobs()).toBe(1);
    expect(smtp.to(email)).toHaveLength(1);
    const mail = smtp.to(email)[0]!;
    expect(mail.subject).toBe("Your OpenPRO sign-in code");
    expect(mail.from?.text).toBe('"OpenPRO" <no-reply@openpro.test>');
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe(email);
    const code = mail.text?.match(/Your code: ([0-9]{6})/)?.[1];
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(mail.html).toContain(`>${code}</td>`);
    expect(mail.html).toContain("Hello Nia,");

    const [row] = await mailRows(email);
    expect(row!.status).toBe("sent");
    expect(row!.sentAt).toBeInstanceOf(Date);

    // The code from the delivered e-mail finishes the sign-in.
    const verify = await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: response.json().accessToken,
      payload: { otpCode: code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it("keeps a mail as failed while the server is down and delivers it on a later retry", async () => {
    // Nia signed in once while the server was up: that code was delivered.
    const email = await nurseNia();
    expect((await login(t, email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect((await mailRows(email)).map((m) => m.status)).toEqual(["sent"]);

    const port = smtp.port;
    await smtp.stop();

    expect((await login(t, email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    let rows = await mailRows(email);
    expect(rows.at(-1)!.status).toBe("failed");
    expect(rows.at(-1)!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(rows.at(-1)!.sentAt).toBeNull();
    const job = await t.ctx.db
      .selectFrom("jobs")
      .select(["attempts", "lastError", "failedAt"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1, failedAt: null });
    expect(job.lastError).toMatch(/SMTP delivery failed \(attempt 1\)/);

    smtp = await startSmtp(port);
    // Not retried before its back-off delay, even with the server back.
    expect(await t.runJobs()).toBe(0);
    expect(smtp.to(email)).toHaveLength(0);
    expect((await mailRows(email)).at(-1)!.status).toBe("failed");

    t.clock.advanceSeconds(retryDelaySeconds(1));
    expect(await t.runJobs()).toBe(1);
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(email)[0]!.subject).toBe("Your OpenPRO sign-in code");
    rows = await mailRows(email);
    expect(rows.map((m) => m.status)).toEqual(["sent", "sent"]);
    expect(rows.at(-1)!.lastError).toBeNull();

    // Delivered once: nothing is sent again later.
    t.clock.advanceSeconds(3600);
    expect(await t.runJobs()).toBe(0);
    expect(smtp.to(email)).toHaveLength(1);
  });
});
