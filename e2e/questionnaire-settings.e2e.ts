import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api.js";
import { launchBrowser, newContext } from "./support/browser.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";
import { MailCapture } from "./support/mail-capture.js";
import { Product } from "./support/product.js";

/**
 * A program admin sets up the program's questionnaires: uploads a custom questionnaire from its JSON
 * file, reviews and creates it, then puts it in a batch and in a plan; deleting the questionnaire is
 * refused while the plan uses it, and the unused batch is deleted.
 */
describe("a program admin sets up questionnaires", () => {
  const mail = new MailCapture();
  const product = new Product();
  const { call, staffSignIn } = apiClient(product, mail);
  let browser: Browser;
  let admin: Page;
  let base = "";

  const checkIn = JSON.parse(
    readFileSync(
      new URL("../apps/server/src/db/demo/questionnaires/weekly-oncology-check-in.json", import.meta.url),
      "utf8",
    ),
  );
  const select = async (scope: Page | ReturnType<Page["getByRole"]>, label: RegExp, option: string) => {
    await scope.getByRole("combobox", { name: label }).click();
    await admin.getByRole("option", { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    await mail.start();
    await product.start({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
    browser = await launchBrowser();
    const token = await staffSignIn("clinical.admin@openpro.demo", DEMO_PASSWORD);
    const programs = (await call("GET", "/api/v1/admin/projects?_perPage=50", { token })).body.results as {
      projectId: string;
      name: string;
    }[];
    base = `/programs/${programs.find((p) => p.name === "Breast Cancer Symptom Monitoring")!.projectId}/settings/questionnaires`;
  });
  afterAll(async () => {
    await browser?.close();
    await product.stop();
    await mail.stop();
  });

  it("creates a custom questionnaire by uploading its JSON file", async () => {
    admin = await (await newContext(browser, product.baseUrl)).newPage();
    await signIn(admin, mail, "clinical.admin@openpro.demo");
    await admin.goto(`${base}/custom`);
    await expectVisible(admin.getByRole("button", { name: "Weekly oncology check-in" }));
    await expectAccessible(admin, "questionnaire-catalogue");

    await admin.getByRole("link", { name: "Create questionnaire" }).click();
    await admin.getByLabel("Questionnaire name").fill("Evening check-in");
    await admin.getByLabel("Questionnaire JSON file").setInputFiles({
      name: "evening-check-in.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...checkIn, title: "Evening check-in" })),
    });
    await expectAccessible(admin, "questionnaire-create");
    await admin.getByRole("button", { name: "Review" }).click();
    const review = admin.getByRole("dialog", { name: "Review questionnaire" });
    await expectVisible(review.getByRole("row", { name: /Questions that branch 2/ }));
    await expectAccessible(admin, "questionnaire-review");
    await review.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(admin.getByText('You have successfully created "Evening check-in"'));
    await admin.waitForURL(/\/questionnaires\/custom#/);
    // The new questionnaire is selected in the list and shown with its branching.
    await expectVisible(admin.getByText(/goes to "Is there anything else/));
    await expectAccessible(admin, "questionnaire-created");

    await admin.getByRole("link", { name: "Edit questionnaire" }).click();
    await expectVisible(admin.getByRole("region", { name: /Help text, Section: About your week, Question: 1/ }));
    await expectAccessible(admin, "questionnaire-edit");
  });

  it("creates a batch of two questionnaires", async () => {
    await admin.goto(`${base}/batch-create`);
    await admin.getByLabel("Batch name").fill("Evening pair");
    await select(admin, /Questionnaire 1/, "Evening check-in");
    await select(admin, /Questionnaire 2/, "FACT-G");
    await expectAccessible(admin, "batch-create");
    await admin.getByRole("button", { name: "Create" }).click();
    await expectVisible(admin.getByText('You have successfully created "Evening pair"'));
    await admin.waitForURL(/\/questionnaires\/custom#/);
    await expectVisible(admin.getByRole("list", { name: "Questionnaires in this batch" }));
  });

  it("creates a plan whose second step waits three days", async () => {
    await admin.goto(`${base}/plan-create`);
    await admin.getByLabel("Plan name").fill("Evening then FACT-G");
    const first = admin.getByRole("group", { name: "Questionnaire 1" });
    const second = admin.getByRole("group", { name: "Questionnaire 2" });
    await select(first, /^Questionnaire/, "Evening check-in");
    await select(first, /Frequency/, "Once");
    await select(second, /^Questionnaire/, "FACT-G");
    await select(second, /Scheduling type/, "Delay");
    await second.getByRole("textbox", { name: /^Delay( \*)?$/ }).fill("3");
    await select(second, /Frequency/, "Once");
    await expectAccessible(admin, "plan-create");
    await admin.getByRole("button", { name: "Confirm" }).click();
    await expectVisible(admin.getByText('You have successfully created "Evening then FACT-G"'));
    await expectVisible(
      admin.getByRole("table", { name: "Plan steps" }).getByText("3 days after the previous questionnaire"),
    );

    const token = await staffSignIn("clinical.admin@openpro.demo", DEMO_PASSWORD);
    const projectId = base.split("/")[2];
    const plans = await call("GET", `/api/v1/admin/projects/${projectId}/questionnaires?types=plan`, { token });
    expect(plans.body.map((p: { name: string }) => p.name)).toContain("Evening then FACT-G");
  });

  it("is refused deleting a questionnaire a plan uses, and deletes an unused batch", async () => {
    await admin.goto(`${base}/custom`);
    const list = admin.getByRole("navigation", { name: "Questionnaire list" });
    await list.getByRole("button", { name: "Evening check-in", exact: true }).click();
    await admin.getByRole("button", { name: "Delete questionnaire" }).click();
    const confirm = admin.getByRole("dialog", { name: "Delete questionnaire Evening check-in?" });
    await expectVisible(confirm);
    await expectAccessible(admin, "questionnaire-delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    // In the batch and the plan: refused, each place named, nothing else offered.
    await expectVisible(
      admin.getByRole("alert").filter({
        hasText:
          'The questionnaire "Evening check-in" cannot be deleted: it is part of the batch "Evening pair" and part of the plan "Evening then FACT-G". Remove it from there first.',
      }),
    );
    await expectAccessible(admin, "questionnaire-delete-refused");
    await expectVisible(list.getByRole("button", { name: "Evening check-in", exact: true }));

    await list.getByRole("button", { name: "Evening pair", exact: true }).click();
    await admin.getByRole("button", { name: "Delete batch" }).click();
    await admin
      .getByRole("dialog", { name: "Delete batch Evening pair?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectVisible(admin.getByText('"Evening pair" has been deleted'));
    await expectVisible(admin.getByText("Choose a questionnaire, plan or batch to see its details"));
    expect(await list.getByRole("button", { name: "Evening pair", exact: true }).count()).toBe(0);
  });
});
