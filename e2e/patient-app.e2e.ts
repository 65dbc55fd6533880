import { patientMessages as t } from "@openpro/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api.js";
import { launchBrowser } from "./support/browser.js";
import { DEMO_PASSWORD, expectAccessible, expectHeading, expectVisible } from "./support/journeys.js";
import { MailCapture } from "./support/mail-capture.js";
import { Product } from "./support/product.js";

const DYSPNEA = "10013963";
const BREATHLESS_ALERT = /You reported severe breathlessness/;

/**
 * The patient web app on a phone: a demo patient signs in at /me, logs a severe symptom through the
 * same upload API as the phone app, sees the program's alert message at once, and the care team
 * finds the log in the patient's report.
 */
describe("a patient logs a symptom from the browser on their phone", () => {
  const mail = new MailCapture();
  const product = new Product();
  const { call, staffSignIn, patientSignIn } = apiClient(product, mail);
  let browser: Browser;
  let phone: Page;
  let programId = "";
  let patient = { id: "", email: "" };
  let staff = "";
  /** The program's name as patients see it. */
  let programName = "";

  beforeAll(async () => {
    await mail.start();
    await product.start({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
    browser = await launchBrowser();
    staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const programs = (await call("GET", "/api/v1/admin/projects?_perPage=50", { token: staff })).body.results as {
      projectId: string;
      name: string;
    }[];
    programId = programs.find((p) => p.name === "Breast Cancer Symptom Monitoring")!.projectId;
    const consented = await call("GET", `/api/v1/admin/projects/${programId}/users?statuses=CONSENTED&_perPage=50`, {
      token: staff,
    });
    patient = (consented.body.results as (typeof patient & { inviteAccepted: boolean })[]).filter(
      (p) => p.inviteAccepted,
    )[1]!;
    // The patient's own API names the program as the home screen must show it.
    const mine = await call("GET", "/api/v1/user/projects", {
      token: await patientSignIn(patient.email, DEMO_PASSWORD),
    });
    expect(mine.status).toBe(200);
    programName = mine.body.results.find((p: { programId: string }) => p.programId === programId).name;
    const context = await browser.newContext({
      baseURL: product.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "en-GB",
    });
    phone = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product.stop();
    await mail.stop();
  });

  it("signs in at /me/login and stays signed in after a reload", async () => {
    await phone.goto("/me");
    await phone.waitForURL(/\/me\/login$/);
    await expectHeading(phone, t.signInTitle);
    await expectAccessible(phone, "me-login");
    await phone.getByLabel(t.email).fill(patient.email);
    await phone.getByLabel(t.password).fill(DEMO_PASSWORD);
    await phone.getByRole("button", { name: t.signInButton }).click();
    await phone.waitForURL(/\/me$/);
    await expectHeading(phone, t.homeTitle);
    await expectVisible(phone.getByRole("heading", { name: programName }));
    await expectVisible(phone.getByRole("heading", { name: t.careTeamTitle }));
    await expectAccessible(phone, "me-home");
    await phone.reload();
    await expectVisible(phone.getByRole("link", { name: new RegExp(t.howAreYou) }));
    expect(new URL(phone.url()).pathname).toBe("/me");
  });

  it("logs a grade-3 symptom and is shown the program's alert message at once", async () => {
    await phone.getByRole("link", { name: new RegExp(t.howAreYou) }).click();
    await phone.waitForURL(/\/me\/log\/symptom/);
    await expectHeading(phone, t.logSymptomTitle);
    await expectAccessible(phone, "me-log-symptom");
    await phone.getByRole("searchbox", { name: t.symptomSearch }).fill("dysp");
    await phone.getByRole("radio", { name: "Dyspnea" }).check();
    await phone.getByRole("radio", { name: "Severe", exact: true }).check();
    await phone.getByRole("textbox", { name: t.note }).fill("Out of breath on the stairs");
    await phone.getByRole("button", { name: t.save }).click();

    const alert = phone.getByRole("alert");
    await expectVisible(alert);
    expect(await alert.innerText()).toMatch(BREATHLESS_ALERT);
    // The care team's numbers are one tap away, inside the alert.
    expect(await alert.getByRole("link", { name: /24-hour Acute Oncology Line/ }).getAttribute("href")).toBe(
      "tel:+441132068999",
    );
    await expectVisible(phone.getByRole("status").filter({ hasText: t.sent }));
    await expectAccessible(phone, "me-log-symptom-sent");
  });

  it("keeps a temperature logged without network on the phone and sends it once back online", async () => {
    await phone.getByRole("link", { name: t.backHome }).click();
    await phone.getByRole("link", { name: t.logTemperature }).click();
    await expectHeading(phone, t.logTemperatureTitle);
    await phone.context().setOffline(true);
    try {
      await expectVisible(phone.getByText(t.offline));
      await phone.getByRole("textbox", { name: t.temperature }).fill("37.2");
      await phone.getByRole("button", { name: t.save }).click();
      await expectVisible(phone.getByText(t.savedOffline));
      await expectVisible(phone.getByText(t.waitingToSend(1)));
    } finally {
      await phone.context().setOffline(false);
    }
    await phone.getByText(t.waitingToSend(1)).waitFor({ state: "detached", timeout: 10_000 });
    await expectVisible(phone.getByRole("status").filter({ hasText: t.sentLater }));
    await expectAccessible(phone, "me-log-temperature-sent-later");
  });

  it("puts the log in front of the care team, through the clinician API", async () => {
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await call(
      "GET",
      `/api/v1/pro-dashboard/projects/${programId}/users/${patient.id}/reports?startDate=${day(-1)}&endDate=${day(1)}`,
      { token: staff },
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const dyspnea = (
      report.body.symptoms as {
        log: { logTypeId: string };
        items: { data: { grade: number; note: string | null } }[];
      }[]
    ).find((group) => group.log.logTypeId === DYSPNEA);
    expect(dyspnea?.items.map((item) => item.data)).toContainEqual(
      expect.objectContaining({ grade: 3, note: "Out of breath on the stairs" }),
    );
    // The temperature kept on the phone while offline arrived once, when the network came back.
    const temperatures = (report.body.temperatures as { data: { value: number } }[]).filter(
      (item) => item.data.value === 37.2,
    );
    expect(temperatures).toHaveLength(1);
  });

  it("signs out", async () => {
    await phone.goto("/me");
    await phone.getByRole("button", { name: t.signOut }).click();
    await phone.waitForURL(/\/me\/login$/);
    await phone.goto("/me/log/symptom");
    await phone.waitForURL(/\/me\/login$/);
  });
});
