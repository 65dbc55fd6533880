import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

interface Row {
  patientId: string;
  patientName: string;
  reasons: { reason: string; since: string }[];
}

/**
 * A nurse works the worklist of patients gone quiet (the demo's Breast patient who missed the
 * questionnaires of the last two weeks): records a call, the row leaves the list, and
 * the contact shows on the patient's dashboard; then opens the patient's pre-visit summary and
 * downloads it as a PDF, which names the patient exactly (read by poppler's pdftotext).
 */
describe("a nurse works the worklist of patients gone quiet", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let nurse: Page;
  let programId = "";
  let token = "";
  let quiet!: Row;

  const worklist = async () => {
    const answer = await call("GET", `/api/v1/admin/projects/${programId}/worklist?_perPage=100`, { token });
    expect(answer.status).toBe(200);
    return answer.body.results as Row[];
  };

  it("opens the worklist from the side menu's count and sees why and since when each patient went quiet", async () => {
    token = await staffSignIn("clinical.admin@openpro.demo", DEMO_PASSWORD);
    // Breast first: its demo has a patient who missed the questionnaires of the last two weeks
    // (db/demo/worklist.ts); otherwise the first program with someone gone quiet.
    const programs = (await call("GET", "/api/v1/admin/projects?_perPage=100", { token })).body.results as {
      projectId: string;
      name: string;
    }[];
    const breast = await demoProgramId(call, token);
    for (const candidate of [breast, ...programs.map((p) => p.projectId).filter((id) => id !== breast)]) {
      programId = candidate;
      const rows = await worklist();
      if (rows.length > 0) {
        quiet = rows[0]!;
        break;
      }
    }
    expect(quiet, "a demo patient gone quiet in one of the programs").toBeDefined();

    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "clinical.admin@openpro.demo");
    await nurse.goto(`/programs/${programId}`);
    const badge = nurse.getByRole("link", { name: /^Worklist, \d+ gone quiet$/ });
    await expectVisible(badge);
    await nurse.goto(`/worklist?projectId=${programId}`);
    await expectVisible(nurse.getByRole("heading", { level: 1, name: "Worklist" }));
    const table = nurse.getByRole("table", { name: "Patients gone quiet" });
    await expectVisible(table.getByRole("row", { name: new RegExp(quiet.patientName) }).first());
    await expectAccessible(nurse, "worklist");
  });

  it("records a call: the row leaves the list", async () => {
    const row = nurse.getByRole("row", { name: new RegExp(quiet.patientName) }).first();
    await row.getByRole("button", { name: `Record contact: ${quiet.patientName}` }).click();
    const dialog = nurse.getByRole("dialog", { name: `Record a contact with ${quiet.patientName}` });
    await dialog.getByRole("radio", { name: "Called: spoke with the patient" }).check();
    await dialog.getByRole("textbox", { name: "Note" }).fill("Forgot the questionnaire; will answer the next one.");
    await expectAccessible(nurse, "worklist-contact-dialog");
    await dialog.getByRole("button", { name: "Record contact" }).click();
    await expectVisible(nurse.getByText("Contact recorded"));
    await expect.poll(async () => (await worklist()).some((r) => r.patientId === quiet.patientId)).toBe(false);
    await expect.poll(async () => nurse.getByRole("link", { name: quiet.patientName, exact: true }).count()).toBe(0);
  });

  it("shows the contact on the patient's dashboard", async () => {
    await nurse.goto(`/programs/${programId}/participants/${quiet.patientId}`);
    const card = nurse.getByRole("region", { name: "Contacts with the care team" });
    await expectVisible(card);
    await expectVisible(card.getByText("Called: spoke with the patient"));
    await expectVisible(card.getByText("Forgot the questionnaire; will answer the next one."));
    await expectAccessible(nurse, "patient-dashboard-contacts");
  });

  it("opens the patient's pre-visit summary from the dashboard: one page, each part linking to its detail", async () => {
    await nurse.getByRole("link", { name: "Pre-visit summary" }).click();
    await expectVisible(nurse.getByRole("heading", { name: "Pre-visit summary" }));
    for (const part of [
      "Symptoms at a danger grade",
      "Alerts",
      "Temperature out of range",
      "Medication adherence",
      "Questionnaire scores",
      "Missed questionnaires",
      "The patient's notes",
    ])
      await expectVisible(nurse.getByRole("region", { name: part }));
    // Months of demo data: the period has logs, and each figure is a link to its detail.
    expect(await nurse.getByRole("main").getByRole("link").count()).toBeGreaterThan(1);
    await expectAccessible(nurse, "pre-visit-summary");
  });

  it("downloads the summary as a PDF that names the patient as the screen does", async () => {
    const downloading = nurse.waitForEvent("download");
    await nurse.getByRole("button", { name: "Download PDF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^pre-visit-summary-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"]).toString("utf8");
    expect(text).toContain("Pre-visit summary");
    expect(text).toContain(quiet.patientName);
    for (const part of ["Symptoms at a danger grade", "Alerts", "Medication adherence", "The patient's notes"])
      expect(text).toContain(part);
  });
});
