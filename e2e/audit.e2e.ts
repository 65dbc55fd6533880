import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectHeading, expectVisible, signIn } from "./support/journeys.js";

/**
 * "Who opened this patient's record?": the nurse opens a demo patient's record; the super admin
 * finds it in the audit log in one search (patient and today), sees the nurse's name, and exports
 * the search as CSV.
 */
describe("an admin finds who opened a patient's record", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let admin: Page;
  let patientName = "";
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    const token = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const programId = await demoProgramId(call, token);
    const consented = await call("GET", `/api/v1/admin/projects/${programId}/users?statuses=CONSENTED&_perPage=50`, {
      token,
    });
    const patientId = (consented.body.results as { id: string }[])[0]!.id;
    const record = await call("GET", `/api/v1/users/${patientId}?projectId=${programId}`, { token });
    expect(record.status).toBe(200);
    const body = record.body as { firstName: string; lastName: string };
    patientName = `${body.firstName} ${body.lastName}`;
    admin = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(admin, mail, "superadmin@openpro.demo");
  });

  it("searches by patient and day, sees the nurse who opened the record, and exports the search", async () => {
    await admin.getByRole("link", { name: "Audit log" }).click();
    await expectHeading(admin, "Audit log");
    const form = admin.getByRole("search", { name: "Search the audit log" });
    await form.getByLabel("Patient (name, e-mail or number)").fill(patientName);
    await form.getByLabel("What").click();
    await admin.getByRole("option", { name: "Opened a patient's record" }).click();
    await form.getByLabel("From", { exact: true }).fill(today);
    await form.getByLabel("To", { exact: true }).fill(today);
    await form.getByRole("button", { name: "Search" }).click();

    const table = admin.getByRole("table", { name: "Audit log entries" });
    const row = table.getByRole("row").filter({ hasText: "Nia Okafor" }).filter({ hasText: patientName });
    await expectVisible(row);
    await expect(row.first().textContent()).resolves.toContain("Opened the patient's record");
    await expectAccessible(admin, "audit-search-patient");

    const [file] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await file.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^id,at,action,outcome,actorId,actorName,actorEmail,patientId,patientName,/);
    expect(
      lines.slice(1).some((l) => l.includes("patient.read") && l.includes("Nia Okafor") && l.includes(patientName)),
    ).toBe(true);
  });
});
