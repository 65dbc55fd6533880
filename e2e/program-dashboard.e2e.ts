import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

/**
 * The demo nurse (whose care-team role holds the program-level data) reads the Breast program's
 * trends over the demo's months of logs, narrows the range, lines patients up by involvement day,
 * and follows a severe-symptom figure to a patient's dashboard.
 */
describe("a nurse reads the program dashboard", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let nurse: Page;
  let programId = "";

  it("finds the Breast program among the nurse's programs", async () => {
    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, staff);
  });

  it("shows the program and its trends over the full program", async () => {
    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "nurse@openpro.demo");
    await nurse.goto(`/programs/${programId}/reports`);
    const about = nurse.getByRole("region", { name: "About the program" });
    await expectVisible(about.getByText("Consented patients"));
    for (const name of [
      "Symptom Trends",
      "Most logged symptoms",
      "Temperature trends",
      "Medication adherence",
      "Questionnaire completion",
    ])
      await expectVisible(nurse.getByRole("region", { name }));
    // The demo's months of logs give every widget something to show.
    const trend = nurse.getByRole("table", { name: /average grade per day$/ });
    await trend.waitFor({ state: "attached" });
    expect(await trend.getByRole("row").count()).toBeGreaterThan(30);
    await expectVisible(nurse.getByRole("group", { name: "Adherence by medication" }).getByText(/%/));
    // The demo's questionnaires, week by week, with the share completed.
    const completion = nurse.getByRole("table", { name: "Questionnaire completion by week" });
    await expectVisible(completion.getByRole("cell", { name: /^w\/c \d\d\/\d\d\/\d{4}$/ }).first());
    await expectVisible(completion.getByRole("cell", { name: /^\d+%$/ }).first());
    await expectAccessible(nurse, "program-dashboard");
  });

  it("narrows to the last 4 weeks and lines patients up by involvement day", async () => {
    await nurse.getByRole("combobox", { name: "Date range" }).click();
    await nurse.getByRole("option", { name: "Last 4 weeks" }).click();
    const trend = nurse.getByRole("table", { name: /average grade per day$/ });
    await expect.poll(async () => trend.getByRole("row").count(), { timeout: 10_000 }).toBeLessThanOrEqual(29);

    await nurse.getByRole("switch", { name: "By patient involvement day" }).check();
    const byDay = nurse.getByRole("table", { name: /average grade per day of involvement$/ });
    await byDay.waitFor({ state: "attached" });
    await expect.poll(async () => (await byDay.getByRole("row").nth(1).innerText()).startsWith("Day ")).toBe(true);
    await expectVisible(
      nurse.getByRole("table", { name: "Questionnaire completion by week" }).getByRole("cell", { name: "Week 1" }),
    );
    await expectAccessible(nurse, "program-dashboard-involvement-days");
  });

  it("follows severe logs to the patients who sent them, and on to one patient's dashboard", async () => {
    await nurse.getByRole("combobox", { name: "Date range" }).click();
    await nurse.getByRole("option", { name: "Full program" }).click();
    await nurse
      .getByRole("button", { name: /severe .* logs: show the patients/ })
      .first()
      .click();
    const dialog = nurse.getByRole("dialog");
    const first = dialog.getByRole("link").first();
    await expectVisible(first);
    await expectAccessible(nurse, "program-dashboard-patients");
    await first.click();
    await nurse.waitForURL(/\/participants\/[0-9a-f-]+\/dashboard$/);
    await expectVisible(nurse.getByRole("region", { name: "Most logged symptoms" }));
  });
});
