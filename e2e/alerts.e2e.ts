import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

const FEVER = "10016558";
const ALERT_TEXT = "You reported a severe fever. Please call the 24-hour line now on 0113 206 8999.";

/**
 * The closed loop: a nurse (a Clinical Program Admin, who may edit symptom settings) gives Fever
 * grade 3 an alert message; the patient's app uploads a grade-3 fever and shows that message; the
 * nurse sees the alert badge, takes the alert and closes it with the action taken.
 */
describe("a severe symptom reaches the care team and is closed", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn, patientSignIn } = journey;
  let nurse: Page;
  let programId = "";
  let patient = { id: "", email: "", firstName: "", lastName: "" };

  it("configures an alert message for Fever grade 3 in the Symptom settings tab", async () => {
    const staff = await staffSignIn("clinical.admin@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, staff);
    // A patient with no unresolved alert, so that the upload raises a new one.
    patient = (await patientsWithAccounts(call, staff, programId)).find((p) => !p.openAlertCount)!;
    expect(patient).toBeDefined();

    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "clinical.admin@openpro.demo");
    await nurse.goto(`/programs/${programId}/settings/general/symptomsAlerts`);
    await expectVisible(nurse.getByRole("heading", { name: "Symptom severity alerts" }));
    await expectAccessible(nurse, "symptom-settings");

    await nurse.getByRole("button", { name: "Add alert" }).click();
    const draft = nurse.getByRole("region", { name: /^New alert/ });
    await draft.getByRole("textbox", { name: "Alert message" }).fill(ALERT_TEXT);
    await draft.getByRole("button", { name: "Save alert" }).click();
    await expectVisible(nurse.getByText("Alert saved"));
    // The new alert is the last card, under its own heading.
    const card = nurse.getByRole("region", { name: /^Alert \d+$/ }).last();
    await expectVisible(card.getByRole("textbox", { name: "Alert message" }));
    expect(await card.getByRole("textbox", { name: "Alert message" }).inputValue()).toBe(ALERT_TEXT);
    await card.getByRole("combobox", { name: "Symptom" }).fill("Fever");
    await nurse.getByRole("option", { name: "Fever", exact: true }).click();
    await card.getByRole("combobox", { name: "Grade" }).click();
    await nurse.getByRole("option", { name: "3", exact: true }).click();
    await card.getByRole("button", { name: "Add symptom" }).click();
    await expectVisible(card.getByText("Fever – grade 3"));
    await expectAccessible(nurse, "symptom-settings-with-alert");
  });

  it("answers the message to the app in the upload's own response", async () => {
    const phone = await patientSignIn(patient.email, DEMO_PASSWORD);
    const log = {
      clientId: randomUUID(),
      logClass: "SYMPTOMS",
      date: new Date(Date.now() - 5 * 60_000).toISOString(),
      logTypeId: FEVER,
      grade: 3,
    };
    const upload = await call("POST", `/api/v1/user/projects/${programId}/logs`, {
      token: phone,
      body: { logs: [log] },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    // The program's message, then the care team's numbers and the emergency number (issue 30 §1).
    expect(upload.body.alertMessages).toHaveLength(1);
    const [answer] = upload.body.alertMessages;
    expect(answer).toMatchObject({ clientId: log.clientId, kind: "symptom", logTypeId: FEVER, grade: 3 });
    expect(answer.message.startsWith(ALERT_TEXT)).toBe(true);
    expect(answer.callNumbers.length).toBeGreaterThan(0);
    expect(answer.emergencyNumbers.length).toBeGreaterThan(0);
  });

  it("shows the alert badge; the nurse takes the alert and closes it, and the time to close shows", async () => {
    await nurse.goto(`/programs/${programId}`);
    const badge = nurse.getByRole("link", { name: /^Alerts, \d+ open$/ });
    await expectVisible(badge);
    await badge.click();
    await expectVisible(nurse.getByRole("heading", { level: 1, name: "Alerts" }));
    const what = `${patient.firstName} ${patient.lastName} – Fever grade 3`;
    const alert = nurse.getByRole("article", { name: what });
    await expectVisible(alert);
    await expectAccessible(nurse, "alerts-queue");

    await alert
      .getByRole("button", { name: `I'm on it: ${patient.firstName} ${patient.lastName}, Fever grade 3` })
      .click();
    await expectVisible(alert.getByText("Taken", { exact: true }));
    await expectVisible(alert.getByText("Time to take"));

    await alert
      .getByRole("button", { name: `Close alert: ${patient.firstName} ${patient.lastName}, Fever grade 3` })
      .click();
    const dialog = nurse.getByRole("dialog", { name: "Close alert" });
    await dialog.getByRole("radio", { name: "Called patient" }).check();
    await dialog.getByRole("textbox", { name: "Note" }).fill("Advised paracetamol; will call back in 2 hours.");
    await expectAccessible(nurse, "alerts-close-dialog");
    await dialog.getByRole("button", { name: "Close alert" }).click();
    await expectVisible(alert.getByText("Closed", { exact: true }));
    await expectVisible(alert.getByText("Time to close"));
    await expectVisible(alert.getByText(/Called patient: Advised paracetamol/));
    await expectAccessible(nurse, "alerts-queue-after-close");
  });
});
