import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patientWords as t } from "./patient-words";
import { apiClient } from "./support/api.js";
import { launchBrowser } from "./support/browser.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible } from "./support/journeys.js";
import { MailCapture } from "./support/mail-capture.js";
import { Product } from "./support/product.js";

const LUNG = "Lung Immunotherapy Follow-up";
const LUNG_LINE = "+441132068500";
/** The same number as a patient in the UK reads it in the message. */
const LUNG_LINE_READ = "0113 206 8500";
const PATIENT_PASSWORD = "Harbour-Lights-2026!";

/**
 * Issue 30's Lung scenario on a phone (390×844): a new patient joins the program the README sends
 * new patients to with its public code LUNG7K4P, logs severe shortness of breath and is given the
 * care team's number to tap and the emergency number, then logs 38.6 °C and is told to call while the
 * nurse's alert list shows the fever.
 */
describe("a new patient of the Lung program is never left without a number to call", () => {
  const mail = new MailCapture();
  const product = new Product();
  const { call, staffSignIn, patientSignIn } = apiClient(product, mail);
  let browser: Browser;
  let phone: Page;
  let programId = "";
  let nurse = "";
  const email = `lung.reader.${Date.now()}@patients.test`;

  beforeAll(async () => {
    await mail.start();
    await product.start({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
    browser = await launchBrowser();
    nurse = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const programs = (await call("GET", "/api/v1/admin/projects?_perPage=50", { token: nurse })).body.results as {
      projectId: string;
      name: string;
    }[];
    programId = programs.find((p) => p.name === LUNG)!.projectId;
    // The demo's Lung program is ready: nothing keeps the code from bringing a patient in.
    expect((await call("GET", `/api/v1/admin/projects/${programId}/readiness`, { token: nurse })).body).toMatchObject({
      ready: true,
    });
    const joined = await call("POST", "/api/v2/auth/register", {
      body: {
        inviteCode: "LUNG7K4P",
        email,
        password: PATIENT_PASSWORD,
        confirmPassword: PATIENT_PASSWORD,
        privacyPolicy: true,
        eula: true,
        firstName: "Rhona",
        lastName: "Breath",
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const consent = await call("PATCH", `/api/v1/user/project/${programId}/consent`, {
      token: await patientSignIn(email, PATIENT_PASSWORD),
      body: { consentGiven: true },
    });
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    const context = await browser.newContext({
      baseURL: product.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "en-GB",
    });
    phone = await context.newPage();
    await phone.goto("/me/login");
    await phone.getByLabel(t.email).fill(email);
    await phone.getByLabel(t.password).fill(PATIENT_PASSWORD);
    await phone.getByRole("button", { name: t.signInButton }).click();
    await phone.waitForURL(/\/me$/);
  });
  afterAll(async () => {
    await browser?.close();
    await product.stop();
    await mail.stop();
  });

  it("logs severe shortness of breath and is given the care team's number to tap and the emergency number", async () => {
    await phone.getByRole("link", { name: new RegExp(t.howAreYou) }).click();
    await phone.waitForURL(/\/me\/log\/symptom/);
    await phone.getByRole("searchbox", { name: t.symptomSearch }).fill("breath");
    await phone.getByRole("radio", { name: "Shortness of breath" }).check();
    await phone.getByRole("radio", { name: "When I wash or dress myself", exact: true }).check();
    await phone.getByRole("button", { name: t.save }).click();
    const alert = phone.getByRole("alert");
    await expectVisible(alert);
    const text = await alert.innerText();
    expect(text).toContain(`Call Lung Immunotherapy Nurses on ${LUNG_LINE_READ}.`);
    expect(text).toContain("In an emergency call 999 or 112.");
    expect(await alert.getByRole("link", { name: /Lung Immunotherapy Nurses/ }).getAttribute("href")).toBe(
      `tel:${LUNG_LINE}`,
    );
    await expectAccessible(phone, "lung-breathless-alert");
  });

  it("logs 38.6 °C, is told to call, and the nurse's alert list shows the fever", async () => {
    await phone.getByRole("link", { name: t.backHome }).click();
    await phone.getByRole("link", { name: t.logTemperature }).click();
    await phone.getByRole("textbox", { name: t.temperature }).fill("38.6");
    await phone.getByRole("button", { name: t.celsius }).click();
    await phone.getByRole("button", { name: t.save }).click();
    const alert = phone.getByRole("alert");
    await expectVisible(alert);
    const text = await alert.innerText();
    expect(text).toContain("Your temperature is outside the safe range.");
    expect(text).toContain(`Call Lung Immunotherapy Nurses on ${LUNG_LINE_READ}. In an emergency call 999 or 112.`);
    await expectAccessible(phone, "lung-fever-alert");

    const queue = await call("GET", `/api/v1/admin/alerts?projectId=${programId}&status=open&_perPage=50`, {
      token: nurse,
    });
    expect(queue.status).toBe(200);
    expect(
      (queue.body.results as { kind: string; temperature: number | null; patientName: string }[]).filter((a) =>
        a.patientName.includes("Breath"),
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "temperature", temperature: 38.6 }),
        expect.objectContaining({ kind: "symptom" }),
      ]),
    );
  });
});
