import { randomUUID } from "node:crypto";
import type { ResearchExport } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolGraceAlanLena, northbridgeAndLakeside } from "../../../test/northbridge.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { readZip } from "./zip.js";

/**
 * A statistician's software reads the research export's units as UCUM: Grace logs her temperature
 * in °F, her weight in pounds and her blood pressure from the app, and the measurements file says
 * `Cel`, `kg` and `mm[Hg]` for the stored values, `[degF]` and `[lb_av]` for what she typed, with
 * the human labels in their own columns at the end.
 */
/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
const csvRows = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
};

describe("research export units", () => {
  let t: TestApp;
  let heart: string;
  let statsToken: string;

  /** The measurements CSV of an export run to completion, as rows of cells keyed by header. */
  const measurements = async (anonymised: boolean) => {
    const url = `/api/v1/admin/projects/${heart}/data-exports`;
    const started = await t.request({ method: "POST", url, token: statsToken, payload: { format: "csv", anonymised } });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as ResearchExport;
    await t.runJobs();
    const file = await t.request({ method: "GET", url: `${url}/${id}/file`, token: statsToken });
    expect(file.statusCode).toBe(200);
    const [header, ...lines] = csvRows(readZip(file.rawPayload).get("measurements.csv")!.toString("utf8"));
    return lines.map((cells) => Object.fromEntries(cells.map((cell, i) => [header![i], cell])));
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    const world = await northbridgeAndLakeside(t, [
      ["stats", "sam@research.test", "clinical_project_admin", "northbridge"],
      ["lake", "lou@lakeside.test", "clinical_project_admin", "lakeside"],
    ]);
    heart = world.heart;
    statsToken = world.tok.stats!;
    const { graceToken } = await enrolGraceAlanLena(t, world, {
      heartAdmin: world.tok.stats!,
      lakeAdmin: world.tok.lake!,
    });
    // A little after she joined (a log from before would be refused).
    t.clock.set("2026-03-09T12:10:00Z");
    const logs = [
      { logClass: "TEMPERATURE", value: 100.4, unit: "F", date: "2026-03-09T12:05:00+00:00" },
      { logClass: "WEIGHT", value: 143, unit: "lb", date: "2026-03-09T12:06:00+00:00" },
      { logClass: "BLOOD_PRESSURE", systolic: 128, diastolic: 82, date: "2026-03-09T12:07:00+00:00" },
    ].map((log) => ({ clientId: randomUUID(), ...log }));
    const uploaded = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${heart}/logs`,
      token: graceToken,
      payload: { logs },
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  });
  afterAll(() => t.close());

  it("writes UCUM codes for the stored and the entered units, and a label beside each", async () => {
    const rows = await measurements(false);
    const byKind = Object.fromEntries(rows.map((r) => [r.measurement, r]));
    expect(byKind.temperature).toMatchObject({
      value: "38",
      unit: "Cel",
      original_value: "100.4",
      original_unit: "[degF]",
      unit_label: "°C",
      original_unit_label: "°F",
    });
    expect(byKind.weight).toMatchObject({ value: "65", unit: "kg", original_unit: "[lb_av]", unit_label: "kg" });
    expect(byKind.blood_pressure).toMatchObject({ value: "128", unit: "mm[Hg]", unit_label: "mmHg" });
  });

  it("keeps the units and their labels in an anonymised export, as the last two columns", async () => {
    const rows = await measurements(true);
    const temperature = rows.find((r) => r.measurement === "temperature")!;
    expect(temperature).toMatchObject({ unit: "Cel", original_unit: "[degF]", original_unit_label: "°F" });
    expect(Object.keys(temperature).slice(-2)).toEqual(["unit_label", "original_unit_label"]);
    expect(temperature).not.toHaveProperty("note");
  });
});
