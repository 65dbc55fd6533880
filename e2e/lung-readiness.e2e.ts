import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { patientWords as t } from "./patient-words";
import { newPhoneContext } from "./support/browser.js";
import { demoProgramId, signUpWithCode, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signInToPatientApp } from "./support/journeys.js";

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
  const journey = useProduct();
  const { product, call, staffSignIn, patientSignIn } = journey;
  let phone: Page;
  let programId = "";
  let nurse = "";
  const email = `lung.reader.${Date.now()}@patients.test`;

  beforeAll(async () => {
    nurse = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, nurse, LUNG);
    // The demo's Lung program is ready: nothing keeps the code from bringing a patient in.
    expect((await call("GET", `/api/v1/admin/projects/${programId}/readiness`, { token: nurse })).body).toMatchObject({
      ready: true,
    });
    await signUpWithCode(call, {
      inviteCode: "LUNG7K4P",
      email,
      password: PATIENT_PASSWORD,
      firstName: "Rhona",
      lastName: "Breath",
    });
    const consent = await call("PATCH", `/api/v1/user/project/${programId}/consent`, {
      token: await patientSignIn(email, PATIENT_PASSWORD),
      body: { consentGiven: true },
    });
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    phone = await (await newPhoneContext(journey.browser, product.baseUrl)).newPage();
    await phone.goto("/me/login");
    await signInToPatientApp(phone, email, PATIENT_PASSWORD);
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
