import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { useProduct } from "./support/journey.js";
import { expectAccessible, expectHeading, expectVisible, signIn } from "./support/journeys.js";

const PATIENT_PASSWORD = "Blue-Harbour-Kite-2031!";

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await page.waitForFunction(() => !document.querySelector('[role="option"]'));
};

/** The program's id from the program list (programs are links to their pages). */
const openProgramSettings = async (page: Page, programName: string, tab: string) => {
  await page.goto("/programs");
  await page.getByRole("link", { name: new RegExp(programName) }).click();
  await page.waitForURL(/\/programs\/[0-9a-f-]{36}$/);
  const programId = page.url().match(/\/programs\/([0-9a-f-]{36})/)![1]!;
  await page.goto(`/programs/${programId}/settings/${tab}`);
  return programId;
};

/** Create account from an invite page (personal link or public code), up to the consent page. */
const createPatientAccount = async (page: Page, p: { firstName: string; lastName: string; email: string }) => {
  const form = page.getByRole("form", { name: "Create account" });
  await form.locator('input[name="firstName"]').fill(p.firstName);
  await form.locator('input[name="lastName"]').fill(p.lastName);
  await form.locator('input[name="email"]').fill(p.email);
  await form.locator('input[name="password"]').fill(PATIENT_PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(PATIENT_PASSWORD);
  await form.getByRole("checkbox", { name: /I accept the licence agreement/ }).check();
  await form.getByRole("checkbox", { name: /I accept the privacy policy/ }).check();
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/auth-consent\//);
};

describe("patients join a program", () => {
  const journey = useProduct();
  const { mail, product } = journey;
  let nurse: Page;
  let breastProgramId = "";

  const patientPage = async () => (await newContext(journey.browser, product.baseUrl)).newPage();
  const invitationLink = async (email: string) => {
    const invitation = await mail.waitFor(email, /You are invited to/);
    const link = invitation.text.match(/Open my invitation: (\S+)/)?.[1];
    expect(link).toContain("/invite/");
    return link!;
  };

  beforeAll(async () => {
    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "nurse@openpro.demo");
  });

  it("lets a nurse add a patient who then signs up, consents and reaches the app page", async () => {
    breastProgramId = await openProgramSettings(nurse, "Breast Cancer Symptom Monitoring", "patient-enrolment");
    await expectVisible(nurse.getByRole("heading", { name: "Patient enrolment" }));
    await expectAccessible(nurse, "enrolment-tab");

    await nurse.getByRole("button", { name: "Add a new patient to the program" }).click();
    const drawer = nurse.getByRole("dialog");
    await drawer.locator('input[name="firstName"]').fill("Margaret");
    await drawer.locator('input[name="lastName"]').fill("Aldous");
    await drawer.locator('input[name="email"]').fill("margaret.aldous@example.org");
    await choose(nurse, "Patient id type", "NHS Number");
    await drawer.locator('input[name="patientId"]').fill("9434765919");
    await expectVisible(drawer.locator('input[name="patientId"][value="943 476 5919"]'));
    await expectAccessible(nurse, "add-patient-drawer");
    await drawer.getByRole("button", { name: "Add patient" }).click();
    await expectVisible(nurse.getByText("Patient Added!"));
    await expectVisible(nurse.getByText("margaret.aldous@example.org"));

    const patient = await patientPage();
    await patient.goto(await invitationLink("margaret.aldous@example.org"));
    // Patients see the program's patient-facing name.
    await expectHeading(patient, "Join My Breast Care Diary");
    await expectAccessible(patient, "patient-invite");
    await createPatientAccount(patient, {
      firstName: "Margaret",
      lastName: "Aldous",
      email: "margaret.aldous@example.org",
    });

    await expectHeading(patient, "Taking part in the program");
    await expectAccessible(patient, "patient-consent");
    const participate = patient.getByRole("button", { name: "Take part", exact: true });
    expect(await participate.isDisabled()).toBe(true);
    await patient.getByRole("checkbox", { name: /I agree to take part/ }).check();
    await participate.click();

    await patient.waitForURL(/\/demographic-info/);
    await expectAccessible(patient, "patient-demographics");
    await patient.getByRole("radio", { name: "Female" }).check();
    await patient.getByLabel("Date of birth").fill("2015-01-01");
    await patient.getByRole("button", { name: "Open the app" }).click();
    await expectVisible(patient.getByText("You need to be at least 18 years old."));
    await patient.getByLabel("Date of birth").fill("1962-05-04");
    await patient.getByRole("button", { name: "Open the app" }).click();
    await patient.waitForURL(/\/get-the-app/);
    await expectVisible(patient.getByRole("heading", { level: 1, name: /^Get the .* app$/ }));
    await expectVisible(patient.getByRole("img", { name: /QR code/i }));
    await expectAccessible(patient, "get-the-app");
  });

  it("lets the nurse verify the consented patient and read the history", async () => {
    await nurse.goto(`/programs/${breastProgramId}/settings/patient-enrolment`);
    await nurse.getByRole("button", { name: "Verify Margaret Aldous" }).click();
    const dialog = nurse.getByRole("dialog");
    await expectAccessible(nurse, "verify-dialog");
    // Nothing is preselected: the verifier compares what each side entered and chooses (issue 30 §3).
    await dialog.getByRole("radio", { name: "Verify" }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expectVisible(nurse.getByText("Patient verified successfully!"));

    const row = nurse.getByRole("listitem").filter({ hasText: "margaret.aldous@example.org" });
    await row.getByRole("button", { name: "Show history" }).click();
    const history = row.getByRole("list", { name: "Status history" });
    await expectVisible(history.getByText("Verified"));
    await expectVisible(history.getByText("Consented"));
    await expectVisible(history.getByText("Invite sent"));
    await expectAccessible(nurse, "enrolment-history");
  });

  it("enrols a second patient with the program's public code", async () => {
    const patient = await patientPage();
    await patient.goto("/invite/LUNG7K4P");
    await expectHeading(patient, "Join Lung Immunotherapy Follow-up");
    await createPatientAccount(patient, { firstName: "Tomasz", lastName: "Nowak", email: "tomasz.nowak@example.org" });
    await patient.getByRole("checkbox", { name: /I agree to take part/ }).check();
    await patient.getByRole("button", { name: "Take part", exact: true }).click();
    await patient.waitForURL(/\/demographic-info/);

    // The nurse finds the new patient through the global search, in the Lung program.
    await nurse.goto("/patients/search");
    await nurse.getByRole("textbox", { name: "Search patients" }).fill("Nowak");
    await nurse.getByRole("textbox", { name: "Search patients" }).press("Enter");
    const result = nurse.getByRole("row").filter({ hasText: "Tomasz" });
    await expectVisible(result.getByText("Lung Immunotherapy Follow-up"));
    await expectVisible(result.getByText("Consented"));
    await expectAccessible(nurse, "patient-search");
  });

  it("lets a third patient decline to take part", async () => {
    await nurse.goto(`/programs/${breastProgramId}/settings/patient-enrolment`);
    await nurse.getByRole("button", { name: "Add a new patient to the program" }).click();
    const drawer = nurse.getByRole("dialog");
    await drawer.locator('input[name="firstName"]').fill("Henry");
    await drawer.locator('input[name="lastName"]').fill("Oduya");
    await drawer.locator('input[name="email"]').fill("henry.oduya@example.org");
    await choose(nurse, "Patient id type", "Hospital ID");
    await drawer.locator('input[name="patientId"]').fill("H-22817");
    await drawer.getByRole("button", { name: "Add patient" }).click();
    await expectVisible(nurse.getByText("Patient Added!"));

    const patient = await patientPage();
    await patient.goto(await invitationLink("henry.oduya@example.org"));
    await createPatientAccount(patient, { firstName: "Henry", lastName: "Oduya", email: "henry.oduya@example.org" });
    await patient.getByRole("button", { name: "I do not want to take part" }).click();
    await patient.getByRole("dialog").getByRole("button", { name: "I do not want to take part" }).click();
    await expectVisible(patient.getByText(/You have chosen not to take part in this program/));
    await expectAccessible(patient, "consent-declined");

    await nurse.reload();
    const row = nurse.getByRole("listitem").filter({ hasText: "henry.oduya@example.org" });
    await expectVisible(row.getByText("Consent declined"));
  });
});
