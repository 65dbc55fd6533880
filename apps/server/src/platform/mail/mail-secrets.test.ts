import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { login } from "../../../test/factories.js";
import { userIdOf } from "../../../test/patients.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";
import { retryDelaySeconds } from "../jobs/job-runner.js";
import type { MailTransport } from "./mailer.js";

const NURSE = "nurse@clinic.test";
const ADMIN = "ada@openpro.test";

/** A mail server that keeps what it is given (or refuses everything while `down`). */
const memoryTransport = () => {
  const sent: { to: string; text: string; html: string }[] = [];
  const state = { down: false };
  const transport: MailTransport = {
    send: async (message) => {
      if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(message);
    },
  };
  return { sent, state, transport };
};

const mailRows = (t: TestApp, to: string) =>
  t.ctx.db
    .selectFrom("mails")
    .select(["toAddress", "subject", "category", "status", "createdAt", "sentAt", "textBody", "htmlBody"])
    .where("toAddress", "=", to)
    .orderBy("seq")
    .execute();

/**
 * A platform of its own (its outbox and mail jobs are the story's alone, closed when it ends) with
 * SMTP configured: the nurse Nia, and the admin Ada signed in, her code mail already delivered.
 */
const platformWithSmtp = async () => {
  const smtp = memoryTransport();
  const t = await createTestApp({ mailTransport: smtp.transport });
  onTestFinished(() => t.close());
  await t.createStaff({ email: NURSE, role: "clinician_team_member", firstName: "Nia" });
  await t.createStaff({ email: ADMIN, role: "superadmin", firstName: "Ada" });
  const admin = (await signIn(t, ADMIN)).accessToken;
  await t.runJobs();
  return { t, smtp, admin };
};

describe("secrets in e-mail: with SMTP configured, a delivered mail keeps no usable secret", () => {
  it("removes the body of a delivered sign-in code mail, keeping recipient, subject, category, time and status", async () => {
    const { t, smtp, admin } = await platformWithSmtp();
    expect((await login(t, NURSE, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    const code = smtp.sent.at(-1)!.text.match(/Your code: ([0-9]{6})/)?.[1];
    expect(code).toMatch(/^[0-9]{6}$/);

    const [row] = await mailRows(t, NURSE);
    expect(row).toMatchObject({
      toAddress: NURSE,
      subject: "Your OpenPRO sign-in code",
      category: expect.any(String),
      status: "sent",
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.textBody).not.toContain(code);
    expect(row!.htmlBody).not.toContain(code);

    // Nor does the admin Outbox show it.
    const outbox = await t.request({ method: "GET", url: `/api/v1/admin/outbox?to=${NURSE}`, token: admin });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).not.toContain(code);
    expect(outbox.json().results[0]).toMatchObject({ to: NURSE, status: "sent" });
  });

  it("does not keep the body of a mail given up after its last try either", async () => {
    const { t, smtp } = await platformWithSmtp();
    smtp.state.down = true;
    expect((await login(t, NURSE, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 8; attempt++) {
      expect(await t.runJobs()).toBe(1);
      const last = (await mailRows(t, NURSE)).at(-1)!;
      expect(last.status).toBe("failed");
      // Kept while it may still go out; gone once the job gives up.
      expect(/Your code: [0-9]{6}/.test(last.textBody)).toBe(attempt < 8);
      t.clock.advanceSeconds(retryDelaySeconds(attempt));
    }
    expect(await t.runJobs()).toBe(0);
    smtp.state.down = false;
  });

  it("audits every read of the outbox: who, which page and which mails were shown", async () => {
    const { t, admin } = await platformWithSmtp();
    const before = await t.ctx.db.selectFrom("auditLog").selectAll().where("action", "=", "outbox.read").execute();
    const response = await t.request({ method: "GET", url: "/api/v1/admin/outbox?_perPage=2", token: admin });
    expect(response.statusCode).toBe(200);
    const after = await t.ctx.db.selectFrom("auditLog").selectAll().where("action", "=", "outbox.read").execute();
    expect(after).toHaveLength(before.length + 1);
    const entry = after.at(-1)!;
    const adminId = await userIdOf(t, ADMIN);
    expect(entry).toMatchObject({ actorUserId: adminId, outcome: "success" });
    const details = typeof entry.details === "string" ? JSON.parse(entry.details) : entry.details;
    expect(details).toMatchObject({ page: 1, perPage: 2 });
    expect(details.mailIds).toEqual(response.json().results.map((m: { id: string }) => m.id));
  });
});

describe("secrets in e-mail: the embedded demo without SMTP keeps showing bodies in the Outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: NURSE, role: "clinician_team_member" });
    await t.createStaff({ email: ADMIN, role: "superadmin" });
  });
  afterAll(() => t.close());

  it("stores the mail with its code, and the admin reads the code in the Outbox", async () => {
    const admin = (await signIn(t, ADMIN)).accessToken;
    expect((await login(t, NURSE, TEST_PASSWORD)).statusCode).toBe(200);
    await t.runJobs();
    const code = await t.lastCodeSentTo(NURSE);
    expect((await mailRows(t, NURSE)).at(-1)!.status).toBe("stored");
    const outbox = await t.request({ method: "GET", url: `/api/v1/admin/outbox?to=${NURSE}`, token: admin });
    expect(outbox.json().results[0].text).toContain(`Your code: ${code}`);
  });
});
