import { isAppointmentLocked, territoryTimeZones } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoApp, DEMO_SEED_TIMEOUT_MS } from "../../../test/demo-app.js";
import type { TestApp } from "../../../test/test-app.js";

describe("the demo patients' nurse-visit appointments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createDemoApp();
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  it("gives consented patients of programs that record appointments past and future visits, after consent only", async () => {
    const rows = await t.ctx.db
      .selectFrom("nurseVisitAppointments as a")
      .innerJoin("programs as p", "p.id", "a.programId")
      .innerJoin("programPatients as pp", (j) =>
        j.onRef("pp.programId", "=", "a.programId").onRef("pp.userId", "=", "a.patientId"),
      )
      .select(["a.patientId", "a.date", "a.startTime", "a.endTime", "a.isDraft", "a.endsAt", "a.startsAt"])
      .select(["p.populateNvAppointments", "p.territory", "pp.status", "pp.dateConsentGiven"])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const now = t.clock.now();
    const patients = new Set(rows.map((r) => r.patientId));
    for (const r of rows) {
      expect(r.populateNvAppointments).toBe(true);
      expect(r.status).toBe("CONSENTED");
      expect(r.endsAt.getTime()).toBeGreaterThan(r.startsAt.getTime() - 1);
      expect(r.startsAt.getTime()).toBeGreaterThanOrEqual(r.dateConsentGiven!.getTime() - 86_400_000);
    }
    for (const patient of patients) {
      const zone = territoryTimeZones[rows.find((r) => r.patientId === patient)!.territory];
      const mine = rows.filter((r) => r.patientId === patient);
      expect(mine.some((r) => !isAppointmentLocked(r, zone, now))).toBe(true);
    }
    expect(rows.some((r) => isAppointmentLocked(r, territoryTimeZones[r.territory], now))).toBe(true);
  });
});
