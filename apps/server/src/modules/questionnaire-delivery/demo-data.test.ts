import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { seedDemoData } from "../../db/demo/seed.js";
import { runDelivery } from "./service.js";

describe("the demo patients' questionnaires", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-10T09:15:00Z");
    await seedDemoData(t.ctx.db, t.clock, "not-a-real-hash");
  });
  afterAll(() => t.close());

  it("gives consented patients months of completed, partial and missed questionnaires with scores", async () => {
    const rows = await t.ctx.db
      .selectFrom("questionnaireEvents as e")
      .innerJoin("programPatients as pp", (j) =>
        j.onRef("pp.programId", "=", "e.programId").onRef("pp.userId", "=", "e.patientId"),
      )
      .innerJoin("questionnaireTypes as ty", "ty.id", "e.questionnaireTypeId")
      .select([
        "e.state",
        "e.dueDate",
        "e.scores",
        "e.answeredCount",
        "e.questionCount",
        "pp.dateConsentGiven",
        "ty.kind",
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    const states = new Set(rows.map((r) => r.state));
    for (const state of ["COMPLETED", "IN_PROGRESS", "MISSED"]) expect(states).toContain(state);
    for (const r of rows) {
      expect(r.dueDate >= r.dateConsentGiven!.toISOString().slice(0, 10)).toBe(true);
      expect(r.dueDate <= "2026-03-10").toBe(true);
      if (r.state === "COMPLETED") {
        expect(r.answeredCount).toBe(r.questionCount);
        // Licensed instruments carry their scores; custom questionnaires have none.
        if (r.kind === "hardcoded")
          expect((r.scores as { score: number | null }[]).some((s) => s.score !== null)).toBe(true);
        else expect(r.scores).toBeNull();
      }
      if (r.state === "IN_PROGRESS") expect(r.answeredCount).toBeLessThan(r.questionCount);
    }
  });

  it("answers the custom check-in along its branching: no pain score after 'no pain'", async () => {
    const rows = await t.ctx.db
      .selectFrom("questionnaireEvents as e")
      .innerJoin("questionnaireTypes as ty", "ty.id", "e.questionnaireTypeId")
      .leftJoin("questionnaireAnswers as a", "a.eventId", "e.id")
      .select(["e.id", "e.state", "a.questionId", "a.value"])
      .where("ty.kind", "=", "custom")
      .where("e.state", "=", "COMPLETED")
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const byEvent = new Map<string, Record<string, unknown>>();
    for (const r of rows)
      byEvent.set(r.id, { ...(byEvent.get(r.id) ?? {}), ...(r.questionId ? { [r.questionId]: r.value } : {}) });
    for (const answers of byEvent.values()) {
      expect(answers.overall).not.toBeUndefined();
      if (answers.pain === 0) expect(answers["pain-score"]).toBeUndefined();
      if (answers.pain === 1) expect(answers["pain-score"]).not.toBeUndefined();
    }
  });

  it("hands over to the engine, which sends nothing twice", async () => {
    const report = await runDelivery(t.ctx);
    expect(report.created).toBe(0);
    const queued = await t.ctx.db
      .selectFrom("jobs")
      .select("name")
      .where("name", "=", "questionnaire-delivery.run")
      .execute();
    expect(queued.length).toBeGreaterThan(0);
  });
});
