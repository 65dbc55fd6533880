import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { patientWords as t } from "./patient-words";
import { newPhoneContext } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import {
  DEMO_PASSWORD,
  expectAccessible,
  expectHeading,
  expectVisible,
  signInToPatientApp,
} from "./support/journeys.js";

const DYSPNEA = "10013963";
const BREATHLESS_ALERT = /You reported severe breathlessness/;
const CHECK_IN = "Weekly oncology check-in";
/** A medicine added for this journey, taken while the phone is offline. */
const OFFLINE_MEDICINE = "Tamoxifen (offline test)";

/** Every button and link the patient can tap is at least 44 px high (WCAG 2.5.5), inline text links aside. */
const smallTargets = (page: Page) =>
  page.$$eval("header a, header button, nav a, main a, main button, main label", (elements) =>
    elements
      .filter((e) => {
        const box = e.getBoundingClientRect();
        const inline = e.tagName === "A" && getComputedStyle(e).display === "inline";
        return box.height > 0 && box.height < 44 && !inline;
      })
      .map((e) => e.textContent?.trim() || e.getAttribute("aria-label") || e.tagName),
  );

/**
 * The patient web app on a phone: a demo patient signs in at /me, logs a severe symptom through the
 * same upload API as the phone app, sees the program's alert message at once, and the care team
 * finds the log in the patient's report.
 */
describe("a patient logs a symptom from the browser on their phone", () => {
  const journey = useProduct();
  const { product, call, staffSignIn, patientSignIn } = journey;
  let phone: Page;
  let programId = "";
  let patient = { id: "", email: "" };
  let staff = "";
  /** The program's name as patients see it. */
  let programName = "";

  beforeAll(async () => {
    staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, staff);
    patient = (await patientsWithAccounts(call, staff, programId))[1]!;
    // The patient's own API names the program as the home screen must show it.
    const mine = await call("GET", "/api/v1/user/projects", {
      token: await patientSignIn(patient.email, DEMO_PASSWORD),
    });
    expect(mine.status).toBe(200);
    programName = mine.body.results.find((p: { programId: string }) => p.programId === programId).name;
    // The nurse sends the program's branching check-in to this patient today.
    const catalogue = await call("GET", `/api/v1/admin/projects/${programId}/questionnaires?types=questionnaire`, {
      token: staff,
    });
    const checkIn = (catalogue.body as { id: string; name: string }[]).find((q) => q.name === CHECK_IN)!;
    const scheduled = await call("POST", `/api/v1/admin/projects/${programId}/questionnaires/schedules`, {
      token: staff,
      body: {
        audience: "user",
        type: "questionnaire",
        questionnaireTypeId: checkIn.id,
        userId: patient.id,
        startDate: new Date().toISOString().slice(0, 10),
        frequency: 0,
        responseWindow: 3,
      },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBeLessThan(300);
    phone = await (await newPhoneContext(journey.browser, product.baseUrl)).newPage();
  });

  it("signs in at /me/login and stays signed in after a reload", async () => {
    await phone.goto("/me");
    await phone.waitForURL(/\/me\/login$/);
    await expectHeading(phone, t.signInTitle);
    await expectAccessible(phone, "me-login");
    await signInToPatientApp(phone, patient.email, DEMO_PASSWORD);
    await expectHeading(phone, t.homeTitle);
    await expectVisible(phone.getByRole("heading", { name: programName }));
    await expectVisible(phone.getByRole("heading", { name: t.careTeamTitle }));
    await expectAccessible(phone, "me-home");
    await phone.reload();
    await expectVisible(phone.getByRole("link", { name: new RegExp(t.howAreYou) }));
    expect(new URL(phone.url()).pathname).toBe("/me");
    expect(await smallTargets(phone)).toEqual([]);
    // 200 % zoom on this phone is a 195 px wide page: one column, nothing cut off sideways.
    await phone.setViewportSize({ width: 195, height: 422 });
    await expectVisible(phone.getByRole("link", { name: new RegExp(t.howAreYou) }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await expectAccessible(phone, "me-home-zoom-200");
    await phone.setViewportSize({ width: 390, height: 844 });
  });

  it("logs a grade-3 symptom and is shown the program's alert message at once", async () => {
    await phone.getByRole("link", { name: new RegExp(t.howAreYou) }).click();
    await phone.waitForURL(/\/me\/log\/symptom/);
    await expectHeading(phone, t.logSymptomTitle);
    await expectAccessible(phone, "me-log-symptom");
    // The patient's words: "breath" finds Dyspnea by its plain name; grade 3 reads as what it stops.
    await phone.getByRole("searchbox", { name: t.symptomSearch }).fill("breath");
    await phone.getByRole("radio", { name: "Shortness of breath" }).check();
    await phone.getByRole("radio", { name: "When I wash or dress myself", exact: true }).check();
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

  it("logs a temperature in °F, which the care team's dashboard shows in °C", async () => {
    await phone.getByRole("link", { name: t.backHome }).click();
    await phone.getByRole("link", { name: t.logTemperature }).click();
    await expectHeading(phone, t.logTemperatureTitle);
    await phone.getByRole("textbox", { name: t.temperature }).fill("100.4");
    await phone.getByRole("button", { name: t.fahrenheit }).click();
    await phone.getByRole("button", { name: t.save }).click();
    await expectVisible(phone.getByRole("status").filter({ hasText: t.sent }));
    await expectAccessible(phone, "me-log-temperature-sent");
    const day = new Date().toISOString().slice(0, 10);
    const report = await call(
      "GET",
      `/api/v1/pro-dashboard/projects/${programId}/users/${patient.id}/reports?startDate=${day}&endDate=${day}`,
      { token: staff },
    );
    expect(report.status).toBe(200);
    expect((report.body.temperatures as { data: object }[]).map((item) => item.data)).toContainEqual(
      expect.objectContaining({ value: 38, unit: "C", originalValue: 100.4, originalUnit: "F" }),
    );
  });

  it("answers the check-in one question per screen, resumes it later, and follows its branch", async () => {
    await phone.goto("/me");
    // The demo may have sent this patient a check-in already: this one is the newest, listed last.
    const href = await phone
      .getByRole("link", { name: new RegExp(t.questionnaireDue(CHECK_IN)) })
      .last()
      .getAttribute("href");
    const eventId = href!.split("/").at(-1)!;
    const open = phone.locator(`a[href="${href}"]`);
    await open.click();
    await expectHeading(phone, CHECK_IN);
    await expectVisible(phone.getByText(t.questionProgress(1, 10)));
    await expectAccessible(phone, "me-questionnaire-intro");
    await phone.getByRole("button", { name: t.next }).click();
    // A required question: Next without an answer says so.
    await phone.getByRole("button", { name: t.next }).click();
    await expectVisible(phone.getByText(t.answerNeeded));
    await phone.getByRole("radio", { name: "Not so well" }).check();
    await phone.getByRole("button", { name: t.next }).click();
    await expectVisible(phone.getByRole("radiogroup", { name: "Have you had any pain this week?" }));
    // Stop here; the answer given is kept on the server.
    await phone.getByRole("link", { name: t.saveAndExit }).click();
    await phone.waitForURL(/\/me$/);
    await expectVisible(phone.getByText(/% done/));
    await open.click();
    await expectVisible(phone.getByRole("radiogroup", { name: "Have you had any pain this week?" }));
    await expectAccessible(phone, "me-questionnaire-question");
    // "No" branches past the two pain questions: 3 of 10, then 4 of 8.
    await phone.getByRole("radio", { name: "No", exact: true }).check();
    await phone.getByRole("button", { name: t.next }).click();
    await expectVisible(phone.getByRole("radiogroup", { name: "How has your appetite been?" }));
    await expectVisible(phone.getByText(t.questionProgress(4, 8)));
    await phone.getByRole("radio", { name: "Normal" }).check();
    await phone.getByRole("button", { name: t.next }).click();
    await phone.getByRole("radio", { name: "A bit less" }).check();
    await phone.getByRole("button", { name: t.next }).click();
    await phone.getByRole("radio", { name: "No", exact: true }).check();
    await phone.getByRole("button", { name: t.next }).click();
    // The last, optional question: skipped, which sends the answers.
    await expectVisible(phone.getByText(t.questionProgress(7, 7)));
    await phone.getByRole("button", { name: t.skipQuestion }).click();
    await expectVisible(phone.getByText(t.thankYou));
    await expectAccessible(phone, "me-questionnaire-thank-you");
    const token = await patientSignIn(patient.email, DEMO_PASSWORD);
    const detail = await call("GET", `/api/v1/user/projects/${programId}/questionnaire-events/${eventId}`, { token });
    expect(detail.body.event.status).toBe("COMPLETED");
    expect(detail.body.answers).toMatchObject({ overall: 2, pain: 0, appetite: 0, energy: 1, hospital: "no" });
    expect(detail.body.answers).not.toHaveProperty("pain-score");
  });

  it("opens from its service worker with no network, keeps a temperature on the phone and sends it once", async () => {
    await phone.goto("/me/log/temperature");
    await expectHeading(phone, t.logTemperatureTitle);
    // The service worker has stored the app and controls the page.
    await phone.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    await phone.context().setOffline(true);
    try {
      await phone.reload();
      await expectHeading(phone, t.logTemperatureTitle);
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

  it("takes a dose with no network, keeps it on the phone and sends it once", async () => {
    // A medicine the patient's phone app has already sent (the web app lists, never creates, them).
    const token = await patientSignIn(patient.email, DEMO_PASSWORD);
    const added = await call("POST", `/api/v1/user/projects/${programId}/medications`, {
      token,
      body: {
        medications: [
          {
            clientId: crypto.randomUUID(),
            name: OFFLINE_MEDICINE,
            dosage: "20",
            dosageUnit: "mg",
            frequency: "ONCE_DAILY",
            startDate: new Date().toISOString().slice(0, 10),
          },
        ],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    // Opened once online, so that the phone keeps the list for when the network is gone.
    await phone.goto("/me/medications");
    await expectHeading(phone, t.medicationsTitle);
    const card = phone.getByRole("region", { name: OFFLINE_MEDICINE });
    await expectVisible(card);
    await phone.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
    await phone.context().setOffline(true);
    try {
      await phone.reload();
      await expectHeading(phone, t.medicationsTitle);
      await expectVisible(phone.getByText(t.offline));
      await card.getByRole("button", { name: t.tookDose }).click();
      await expectVisible(card.getByText(t.savedOffline));
      await expectVisible(phone.getByText(t.waitingToSend(1)));
    } finally {
      await phone.context().setOffline(false);
    }
    await phone.getByText(t.waitingToSend(1)).waitFor({ state: "detached", timeout: 10_000 });
    await expectVisible(card.getByRole("status").filter({ hasText: t.sentLater }));
    // The list, read again, shows the dose the server now has.
    await expectVisible(card.getByText(/^Last taken:/));
    await expectAccessible(phone, "me-medications-dose-sent-later");
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
    // So did the dose taken offline: one event, however often the phone tried.
    const adherence = (
      report.body.medicationAdherence as {
        medication: { name: string };
        events: { medicationEventId: string | null; status: string }[];
      }[]
    ).find((item) => item.medication.name === OFFLINE_MEDICINE);
    // Recorded events have an id (a dose expected but not logged has none).
    const recorded = adherence?.events.filter((event) => event.medicationEventId !== null);
    expect(recorded?.map((event) => event.status)).toEqual(["LOGGED"]);
  });

  it("shows the history, the medicines and the settings, each accessible", async () => {
    await phone.goto("/me");
    await phone.getByRole("navigation", { name: t.menuLabel }).getByRole("link", { name: t.navHistory }).click();
    await expectHeading(phone, t.historyTitle);
    // The reading as the patient's locale writes it (Intl, as the app formats it: "100.4°F" in English).
    await expectVisible(phone.getByText(t.historyTemperature("100.4°F")));
    // The grade in the words the patient chose it by (the breathing group's grade 3), not the app's five.
    await expectVisible(phone.getByText(t.historyGrade("When I wash or dress myself")));
    await expectAccessible(phone, "me-history");
    await phone.getByRole("navigation", { name: t.menuLabel }).getByRole("link", { name: t.navMedications }).click();
    await expectHeading(phone, t.medicationsTitle);
    await expectVisible(phone.getByText(t.medicationsIntro));
    await expectAccessible(phone, "me-medications");
    await phone.getByRole("navigation", { name: t.menuLabel }).getByRole("link", { name: t.navSettings }).click();
    await expectHeading(phone, t.settingsTitle);
    await expectVisible(phone.getByRole("button", { name: t.downloadData }));
    await expectAccessible(phone, "me-settings");
    await phone.getByRole("button", { name: t.withdrawButton }).first().click();
    await expectVisible(phone.getByRole("dialog", { name: t.withdrawConfirmTitle }));
    await expectAccessible(phone, "me-settings-withdraw-dialog");
    await phone.getByRole("button", { name: t.cancel }).click();
    await phone
      .getByRole("link", { name: t.logActivity })
      .waitFor({ state: "detached" })
      .catch(() => undefined);
    await phone.goto("/me/log/activity");
    await expectHeading(phone, t.logActivityTitle);
    await expectAccessible(phone, "me-log-activity");
    await phone.goto("/me/log/feeling");
    await expectHeading(phone, t.logFeelingTitle);
    await phone.getByRole("radio", { name: "Good", exact: true }).check();
    await phone.getByRole("button", { name: t.save }).click();
    await expectVisible(phone.getByRole("status").filter({ hasText: t.sent }));
    await expectAccessible(phone, "me-log-feeling-sent");
  });

  it("signs out", async () => {
    await phone.goto("/me");
    await phone.getByRole("button", { name: t.signOut }).click();
    await phone.waitForURL(/\/me\/login$/);
    await phone.goto("/me/log/symptom");
    await phone.waitForURL(/\/me\/login$/);
  });
});
