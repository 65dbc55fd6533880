import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoApp, DEMO_SEED_TIMEOUT_MS } from "../../../test/demo-app.js";
import type { TestApp } from "../../../test/test-app.js";
import { findMissingReadiness } from "./service.js";

describe("the demo data's programs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createDemoApp();
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t.close());

  it("that enrol are every one ready for patients, the Lung program of LUNG7K4P among them", async () => {
    // The closed Head and Neck study enrols no one.
    const programs = await t.ctx.db
      .selectFrom("programs")
      .select(["id", "name"])
      .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">=", "2026-03-10")]))
      .orderBy("name")
      .execute();
    expect(programs).toHaveLength(4);
    expect(programs.map((p) => p.name)).toContain("Lung Immunotherapy Follow-up");
    for (const program of programs) expect(await findMissingReadiness(t.ctx.db, program.id), program.name).toEqual([]);
    const lung = programs.find((p) => p.name === "Lung Immunotherapy Follow-up")!;
    const contacts = await t.ctx.db
      .selectFrom("careTeamContacts")
      .select("contactPhones")
      .where("programId", "=", lung.id)
      .execute();
    expect(contacts.flatMap((c) => c.contactPhones)).toEqual(["+441132068500"]);
  });
});
