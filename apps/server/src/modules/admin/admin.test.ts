import { defaultPermissionsByRole, limits, messages, permissions, roleLabels, roles } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/** The nurse Nia Okafor and the admin Ada, both signed in (each sign-in e-mails a code). */
const nurseAndAdmin = async (t: TestApp) => {
  await t.createStaff({
    email: "nurse@clinic.test",
    role: "clinician_team_member",
    firstName: "Nia",
    lastName: "Okafor",
  });
  await t.createStaff({ email: "ada@openpro.test", role: "superadmin", firstName: "Ada" });
  return {
    nurse: (await signIn(t, "nurse@clinic.test")).accessToken,
    admin: (await signIn(t, "ada@openpro.test")).accessToken,
  };
};

/**
 * A platform of its own with Nia and Ada, for a story that reads the whole feedback table or the
 * whole outbox: closed when the story ends.
 */
const ownPlatform = async () => {
  const t = await createTestApp();
  onTestFinished(() => t.close());
  return { t, ...(await nurseAndAdmin(t)) };
};

const sendFeedback = (t: TestApp, token: string, text: string) =>
  t.request({ method: "POST", url: "/api/v1/admin/vpro-feedback", token, payload: { text } });

describe("admin endpoints: permission catalogue, feedback to support, the outbox", () => {
  let t: TestApp;
  let nurse: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ nurse } = await nurseAndAdmin(t));
  });
  afterAll(() => t.close());

  it("lists the catalogue and every role with its label and default grants", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/admin/permissions", token: nurse });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.permissions).toEqual([...permissions]);
    expect(body.roles.map((r: { value: string }) => r.value)).toEqual([...roles]);
    for (const role of body.roles) {
      expect(role.label).toBe(roleLabels[role.value as keyof typeof roleLabels]);
      expect(role.defaultPermissions).toEqual([...defaultPermissionsByRole[role.value as keyof typeof roleLabels]]);
    }
    expect(body.roles.find((r: { value: string }) => r.value === "clinician_team_member").label).toBe(
      "Clinical team member",
    );
    expect(body.groups.flatMap((g: { permissions: string[] }) => g.permissions)).toEqual([...permissions]);
  });

  it("stores feedback and queues an e-mail to support that names the sender", async () => {
    const { t, nurse } = await ownPlatform();
    const before = await t.mailsTo("support@openpro.test");
    const text = "The calendar <b>skips</b> a day & more";
    const response = await sendFeedback(t, nurse, `  ${text}  `);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: messages.feedbackSubmitted });

    const stored = await t.ctx.db.selectFrom("feedback").select(["text"]).execute();
    expect(stored.map((f) => f.text)).toEqual([text]);

    const mails = await t.mailsTo("support@openpro.test");
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe("OpenPRO feedback from Nia Okafor");
    expect(mail.textBody).toContain(text);
    expect(mail.textBody).toContain("nurse@clinic.test");
    expect(mail.status).toBe("queued");

    // The HTML part escapes what the user typed.
    const html = await t.ctx.db
      .selectFrom("mails")
      .select("htmlBody")
      .where("toAddress", "=", "support@openpro.test")
      .executeTakeFirstOrThrow();
    expect(html.htmlBody).toContain("The calendar &lt;b&gt;skips&lt;/b&gt; a day &amp; more");
    expect(html.htmlBody).not.toContain("<b>skips</b>");

    await t.runJobs();
    expect((await t.mailsTo("support@openpro.test")).at(-1)!.status).toBe("stored");
  });

  it("refuses empty or overlong feedback on the text field", async () => {
    const { t, nurse } = await ownPlatform();
    expect((await sendFeedback(t, nurse, "The calendar skips a day")).statusCode).toBe(201);
    for (const [payload, message] of [
      [{ text: "" }, messages.required],
      [{ text: "   \n " }, messages.required],
      [{}, messages.required],
      [{ text: "x".repeat(limits.text.feedback + 1) }, messages.maxLength(limits.text.feedback)],
    ] as const) {
      const response = await t.request({ method: "POST", url: "/api/v1/admin/vpro-feedback", token: nurse, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "text", message }]);
    }
    const extra = await t.request({
      method: "POST",
      url: "/api/v1/admin/vpro-feedback",
      token: nurse,
      payload: { text: "hi", rating: 5 },
    });
    expect(fieldErrors(extra)).toEqual([{ field: "rating", message: messages.unknownField("rating") }]);
    expect(await t.ctx.db.selectFrom("feedback").select("id").execute()).toHaveLength(1);
  });

  it("shows the outbox to an admin, with X-Total-Count, a page size and an address filter", async () => {
    // Two sign-in codes and one feedback mail to support.
    const { t, nurse, admin } = await ownPlatform();
    expect((await sendFeedback(t, nurse, "The calendar skips a day")).statusCode).toBe(201);
    const response = await t.request({ method: "GET", url: "/api/v1/admin/outbox", token: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const total = await t.ctx.db
      .selectFrom("mails")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(body.totalCount).toBe(Number(total.count));
    expect(response.headers["x-total-count"]).toBe(String(body.totalCount));
    expect(body.totalCount).toBeGreaterThanOrEqual(3);
    expect(body.results[0]).toMatchObject({
      to: expect.any(String),
      subject: expect.any(String),
      status: expect.any(String),
    });

    const page = await t.request({ method: "GET", url: "/api/v1/admin/outbox?_page=1&_perPage=1", token: admin });
    expect(page.json().results).toHaveLength(1);
    expect(page.headers["x-total-count"]).toBe(String(body.totalCount));

    const filtered = await t.request({ method: "GET", url: "/api/v1/admin/outbox?to=support@", token: admin });
    expect(filtered.json().results.map((m: { to: string }) => m.to)).toEqual(["support@openpro.test"]);
    expect(filtered.headers["x-total-count"]).toBe("1");
    // A LIKE wildcard in the filter is taken literally.
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/outbox?to=%25", token: admin })).json().totalCount,
    ).toBe(0);

    const badPage = await t.request({ method: "GET", url: "/api/v1/admin/outbox?_page=0", token: admin });
    expect(badPage.statusCode).toBe(422);
    expect(fieldErrors(badPage)[0]?.field).toBe("_page");
  });

  it("refuses the outbox to a clinician team member", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/admin/outbox", token: nurse });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, message: messages.forbidden });
    expect(response.headers["x-total-count"]).toBeUndefined();
  });
});
