import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.js";
import { planRecurringJobs } from "./app.js";

describe("the recurring jobs resume at every start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-02T09:20:00Z");
  });
  afterAll(() => t.close());

  const pending = () =>
    t.ctx.db
      .selectFrom("jobs")
      .select(["name", "runAt"])
      .where("completedAt", "is", null)
      .where("name", "in", ["questionnaire-delivery.run", "symptom-reminders.sweep"])
      .orderBy("name")
      .execute();

  it("plans the next questionnaire run and reminder sweep once, however many processes start", async () => {
    await planRecurringJobs(t.ctx);
    await planRecurringJobs(t.ctx);
    const jobs = await pending();
    expect(jobs.map((j) => [j.name, new Date(j.runAt).toISOString()])).toEqual([
      ["questionnaire-delivery.run", "2026-03-02T10:00:00.000Z"],
      ["symptom-reminders.sweep", "2026-03-02T09:30:00.000Z"],
    ]);
  });
});
