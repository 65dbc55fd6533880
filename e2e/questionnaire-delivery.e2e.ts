import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

/**
 * A nurse schedules a questionnaire for one patient, the patient's app answers it, and the nurse
 * sees the result and its scores; the program's schedule and its wizard pass the same checks.
 */
describe("a questionnaire goes from the schedule to the patient and back", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn, patientSignIn } = journey;
  let nurse: Page;
  let programId = "";
  let patient = { id: "", email: "" };
  let base = "";

  const select = async (label: RegExp, option: string | RegExp) => {
    await nurse.getByRole("combobox", { name: label }).click();
    await nurse.getByRole("option", { name: option }).first().click();
    // The menu fades out: checks run once it has gone.
    await nurse.getByRole("listbox").waitFor({ state: "detached" });
  };

  beforeAll(async () => {
    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, staff);
    patient = (await patientsWithAccounts(call, staff, programId))[0]!;
    base = `/programs/${programId}/participants/${patient.id}`;
  });

  it("schedules FACT-G for the patient from their scheduled questionnaires page", async () => {
    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "nurse@openpro.demo");
    await nurse.goto(`${base}/scheduled-questionnaires`);
    await expectVisible(nurse.getByRole("heading", { name: "Scheduled questionnaires" }));
    await expectVisible(nurse.getByRole("heading", { name: /EQ-5D/ }));
    await expectAccessible(nurse, "patient-scheduled-questionnaires");

    await nurse.getByRole("link", { name: "Add to schedule" }).click();
    await expectVisible(nurse.getByRole("heading", { name: "Add questionnaire to schedule" }));
    await select(/^Questionnaire type/, "Licensed questionnaire");
    await select(/^Questionnaire\b(?! type)/, "FACT-G");
    await nurse.getByLabel(/^Response window/).fill("3");
    await select(/^Frequency/, "Once only");
    await expectAccessible(nurse, "patient-schedule-form");
    await nurse.getByRole("button", { name: "Schedule" }).click();
    await expectVisible(nurse.getByText('You have successfully scheduled "FACT-G"'));
    await expectVisible(nurse.getByRole("heading", { name: "FACT-G" }));
  });

  it("lets the patient's app answer it, once, however often the app retries", async () => {
    const phone = await patientSignIn(patient.email, DEMO_PASSWORD);
    // The engine's job runs within a moment of the schedule.
    let due: { id: string; code: string }[] = [];
    for (let i = 0; i < 50 && !due.some((e) => e.code === "FACTG"); i++) {
      await new Promise((r) => setTimeout(r, 200));
      due = (await call("GET", `/api/v1/user/projects/${programId}/questionnaire-events?state=due`, { token: phone }))
        .body.due;
    }
    const event = due.find((e) => e.code === "FACTG")!;
    expect(event).toBeTruthy();
    const detail = await call("GET", `/api/v1/user/projects/${programId}/questionnaire-events/${event.id}`, {
      token: phone,
    });
    const items = detail.body.questions.items as { code: string }[];
    const clientId = randomUUID();
    const body = {
      answers: items.map((item, i) => ({ questionId: item.code, value: i % 5 })),
      submit: true,
      clientId,
    };
    const url = `/api/v1/user/projects/${programId}/questionnaire-events/${event.id}/answers`;
    const first = await call("POST", url, { token: phone, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.event.status).toBe("COMPLETED");
    const retry = await call("POST", url, { token: phone, body });
    expect(retry.status).toBe(200);
    const notAnItem = await call("POST", url, {
      token: phone,
      body: { answers: [{ questionId: "NOPE", value: 1 }], submit: true, clientId: randomUUID() },
    });
    expect(notAnItem.status).toBe(409);
  });

  it("shows the nurse the result and its scores, on the delivered page and the dashboard", async () => {
    await nurse.goto(`${base}/delivered-questionnaires`);
    await expectVisible(nurse.getByRole("heading", { name: "Delivered questionnaires" }));
    const results = nurse.getByRole("table", { name: "Delivered questionnaires" });
    const row = results.getByRole("row").filter({ hasText: "FACT-G" }).first();
    await expectVisible(row.getByText("Completed"));
    await expectVisible(row.getByText(/Total|Physical/));
    await row.getByRole("button", { name: "View answers" }).click();
    await expectVisible(nurse.getByRole("table", { name: /^Scores of FACT-G/ }));
    await expectVisible(nurse.getByRole("link", { name: "View questionnaire schedule" }));
    await expectAccessible(nurse, "patient-delivered-questionnaires");

    await nurse.goto(base);
    await expectVisible(nurse.getByRole("heading", { name: "Delivered questionnaires" }));
    await expectVisible(nurse.getByRole("heading", { name: "Upcoming questionnaires" }));
    await expectAccessible(nurse, "patient-dashboard-questionnaires");
  });

  it("shows the program's schedule and its wizard, which asks before leaving", async () => {
    const admin = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(admin, mail, "clinical.admin@openpro.demo");
    await admin.goto(`/programs/${programId}/settings/questionnaires/scheduled`);
    const table = admin.getByRole("table", { name: "Scheduled questionnaire events" });
    await expectVisible(table.getByRole("row").filter({ hasText: /EQ-5D/ }).first());
    await expectAccessible(admin, "program-questionnaire-schedule");
    await admin.getByRole("link", { name: "Schedule a questionnaire" }).click();
    await admin.getByRole("combobox", { name: /^Questionnaire type/ }).click();
    await admin.getByRole("option", { name: "Questionnaire batch" }).click();
    await admin.getByRole("listbox").waitFor({ state: "detached" });
    await expectAccessible(admin, "program-schedule-wizard");
    await admin.getByRole("button", { name: "Cancel" }).click();
    await expectVisible(admin.getByRole("heading", { name: "Cancelling questionnaire scheduling" }));
    await admin.getByRole("button", { name: "Confirm cancel" }).click();
    await expectVisible(table);
  });
});
