import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, screenshotDir } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

/**
 * What the product is for: a patient's phone sends logs, a nurse finds the patient with the most
 * severe symptoms, reviews them, acknowledges and invalidates, and downloads the report.
 */
describe("a nurse reviews what a patient logged in the app", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn, patientSignIn } = journey;
  let nurse: Page;
  let programId = "";
  let patient = { id: "", email: "", firstName: "", lastName: "" };

  it("takes a batch from the app once, however often the app retries it", async () => {
    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, staff);
    patient = (await patientsWithAccounts(call, staff, programId))[0]!;
    const phone = await patientSignIn(patient.email, DEMO_PASSWORD);

    const now = new Date(Date.now() - 60 * 60_000).toISOString();
    const batch = {
      logs: [
        { clientId: randomUUID(), logClass: "SYMPTOMS", date: now, logTypeId: "10028813", grade: 4 },
        { clientId: randomUUID(), logClass: "SYMPTOMS", date: now, logTypeId: "10016256", grade: 3 },
        { clientId: randomUUID(), logClass: "TEMPERATURE", date: now, value: 101.1, unit: "F" },
      ],
    };
    const first = await call("POST", `/api/v1/user/projects/${programId}/logs`, { token: phone, body: batch });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(["created", "created", "created"]);
    const retry = await call("POST", `/api/v1/user/projects/${programId}/logs`, { token: phone, body: batch });
    expect(retry.body.results.map((r: { status: string }) => r.status)).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    expect(retry.body.results.map((r: { logId: string }) => r.logId)).toEqual(
      first.body.results.map((r: { logId: string }) => r.logId),
    );

    // A grade the scale does not have is refused item by item, naming the item.
    const bad = await call("POST", `/api/v1/user/projects/${programId}/logs`, {
      token: phone,
      body: { logs: [{ ...batch.logs[0], clientId: randomUUID(), grade: 7 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("logs.0.grade");
  });

  it("lists patients by severe symptoms and opens the patient's dashboard", async () => {
    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "nurse@openpro.demo");
    await nurse.goto(`/programs/${programId}`);
    await expectVisible(nurse.getByRole("list", { name: "Participants list" }));
    await nurse.getByRole("button", { name: /^Sort by Severe symptoms/ }).click();
    await expectVisible(nurse.getByRole("button", { name: "Sort by Severe symptoms, descending" }));
    await expectAccessible(nurse, "participants-by-severe-symptoms");

    // The list is ordered by its red labels, most first.
    const counts = (await nurse.getByRole("list", { name: "Participants list" }).innerText())
      .split("\n")
      .flatMap((line) => {
        const match = line.match(/(\d+) severe symptom/);
        return match ? [Number(match[1])] : [];
      });
    expect(counts.length).toBeGreaterThan(0);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    await nurse.goto(`/programs/${programId}/participants/${patient.id}`);
    await expectVisible(nurse.getByText(`${patient.firstName} ${patient.lastName}`));
    await expectVisible(nurse.getByRole("list", { name: "New symptom logs" }));
    await expectAccessible(nurse, "patient-dashboard");
  });

  it("acknowledges all new logs, then invalidates one with a reason", async () => {
    await nurse.getByRole("button", { name: "Acknowledge All" }).click();
    await expectVisible(nurse.getByText(/acknowledged and moved to Acknowledged symptom logs/));
    const acknowledged = nurse.getByRole("list", { name: "Acknowledged symptom logs" });
    await acknowledged
      .getByRole("button", { name: /^Invalidate / })
      .first()
      .click();
    await nurse.getByRole("radio", { name: "Accidental log" }).check();
    await nurse.getByRole("button", { name: "Save" }).click();
    await expectVisible(acknowledged.getByText(/Log invalidated/));
    await expectAccessible(nurse, "patient-dashboard-after-review");

    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const list = await call(
      "GET",
      `/api/v1/admin/projects/${programId}/users?term=${encodeURIComponent(patient.email)}&showSevereSymptomsCount=true`,
      { token: staff },
    );
    expect(list.body.results[0].severeSymptomsCount).toBe(0);
  });

  it("downloads a patient report that opens and names the patient", async () => {
    const downloading = nurse.waitForEvent("download");
    await nurse.getByRole("button", { name: "Download patient report" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^patient-report-.*\.pdf$/);
    const folder = mkdtempSync(join(tmpdir(), "openpro-report-"));
    const pdf = join(folder, "report.pdf");
    await download.saveAs(pdf);
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toContain(patient.lastName);
    expect(text).toContain("Breast Cancer Symptom Monitoring");
    // The first page as a picture, to look at beside the screenshots.
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, join(screenshotDir, "patient-report")]);
  });
});
