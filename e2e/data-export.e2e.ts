import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readZip } from "../apps/server/src/index.js";
import { newContext } from "./support/browser.js";
import { demoProgramId, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

/**
 * A statistician (the demo's life-sciences team member: anonymised export only) exports the
 * Colorectal program as an anonymised workbook from the program's reports, watches it finish, and
 * downloads it; the file has the documented columns and names no patient. A clinical admin sets how
 * long an ended program's data is kept (the retention that governs erasure) and sees until when.
 */
describe("a statistician downloads an anonymised XLSX of a program", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let page: Page;
  let programId = "";
  let patients: { firstName: string; lastName: string; email: string }[] = [];

  it("knows the Colorectal program's patients (as an admin sees them)", async () => {
    const admin = await staffSignIn("superadmin@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, admin, "Colorectal Chemotherapy PRO");
    const list = await call("GET", `/api/v1/admin/projects/${programId}/users?_perPage=100`, { token: admin });
    patients = list.body.results as typeof patients;
    expect(patients.length).toBeGreaterThan(0);
  });

  it("starts an anonymised Excel export from the reports, sees it finish, and downloads it", async () => {
    const context = await newContext(journey.browser, product.baseUrl);
    page = await context.newPage();
    await signIn(page, mail, "ls.member@openpro.demo");
    await page.goto(`/programs/${programId}/reports`);
    await page.getByRole("link", { name: "Data export" }).click();
    await expectVisible(page.getByRole("heading", { name: "Data export" }));
    // Only what the permissions allow: anonymised, never identifiable.
    await expect(page.getByRole("radio", { name: /^Identifiable/ }).count()).resolves.toBe(0);
    await page.getByRole("radio", { name: /^Excel/ }).check();
    await page.getByRole("radio", { name: /^Anonymised/ }).check();
    await expectAccessible(page, "data-export");
    await page.getByRole("button", { name: "Start export" }).click();
    const download = page.getByRole("button", { name: "Download" });
    await expectVisible(download, 30_000);
    await expectVisible(page.getByRole("status").filter({ hasText: "Ready" }));
    await expectVisible(page.getByText(/^Colorectal-Chemotherapy-PRO-anonymised-.*\.xlsx \(\d+ KB\)$/));
    await expectAccessible(page, "data-export-ready");

    const [file] = await Promise.all([page.waitForEvent("download"), download.first().click()]);
    expect(file.suggestedFilename()).toMatch(/^Colorectal-Chemotherapy-PRO-anonymised-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // The workbook's parts as text, read by the server's own ZIP reader (each entry's CRC checked).
    const sheets = new Map(
      [...readZip(readFileSync((await file.path())!))].map(([name, data]) => [name, data.toString("utf8")]),
    );
    expect(sheets.get("xl/workbook.xml")).toContain('name="symptoms"');
    const symptoms = sheets.get("xl/worksheets/sheet2.xml")!;
    const header = [...symptoms.split("</row>")[0]!.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
    expect(header).toEqual([
      "patient_key",
      "logged_at",
      "local_date",
      "utc_offset_minutes",
      "symptom_code",
      "grade",
      "severe",
      "validation_status",
    ]);
    expect(sheets.get("xl/worksheets/sheet1.xml")).toMatch(/P-[0-9a-f]{16}/);
    const everything = [...sheets.values()].join("\n");
    for (const patient of patients) {
      expect(everything).not.toContain(patient.email);
      expect(everything).not.toContain(`>${patient.lastName}<`);
      expect(everything).not.toContain(`${patient.firstName} ${patient.lastName}`);
    }
  });

  it("a clinical admin sets how long an ended program's data is kept, and sees until when", async () => {
    // Head and Neck Radiotherapy 2025 (Northbridge, the clinical admin's organisation) ended on 31 October 2025.
    const token = await staffSignIn("clinical.admin@openpro.demo", DEMO_PASSWORD);
    const ended = await demoProgramId(call, token, "Head and Neck Radiotherapy 2025");
    const context = await newContext(journey.browser, product.baseUrl);
    const admin = await context.newPage();
    await signIn(admin, mail, "clinical.admin@openpro.demo");
    await admin.goto(`/programs/${ended}/settings/general`);
    const retention = admin.getByRole("region", { name: "Data retention" });
    const years = retention.getByRole("textbox", { name: "Kept after the program ends (years)" });
    await expectVisible(years);
    await expectVisible(
      retention.getByText("The program ended on 31/10/2025: its patient data is kept until 31/10/2050."),
    );
    await years.fill("15");
    await retention.getByRole("button", { name: "Save" }).click();
    await expectVisible(admin.getByText("Data retention saved"));
    await expectVisible(
      retention.getByText("The program ended on 31/10/2025: its patient data is kept until 31/10/2040."),
    );
    await expectAccessible(admin, "program-data-retention");
    await admin.reload();
    await expect(admin.getByRole("region", { name: "Data retention" }).getByRole("textbox").inputValue()).resolves.toBe(
      "15",
    );
    await context.close();
  });
});
