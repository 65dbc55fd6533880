import { addDays, hardcodedTypeIds } from "@openpro/core";
import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { DELIVERY_JOB, runDelivery } from "./service.js";

const START = "2026-03-02T09:00:00Z";
const HOUR_MS = 3_600_000;

/**
 * The engine over time: the clock moves over months, runs overlap (as with two server processes
 * on one database), and the server is down for days at a time.
 */
describe("the questionnaire delivery engine over months", () => {
  /**
   * Each story's world, a platform of its own (the engine and its durable job span the platform),
   * closed when the story ends; at 09:00 on 2 March 2026: "Northbridge Heart" with nurse Nia, and
   * Grace, consented today, on the program's weekly QLQ-C30 (from consent day + 2, 12 sends, a 3-day
   * window). `reset` takes Grace's questionnaires and e-mails away and the clock back to the start.
   */
  const heartWithGraceOnQlq = async () => {
    const t: TestApp = await createTestApp();
    onTestFinished(() => t.close());
    t.clock.set(START);
    const org = await insertOrganisation(t, "Northbridge Health");
    const heart = await insertProgram(t, { organisationId: org, name: "Northbridge Heart" });
    const nurse = await organisationStaff(t, org, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addPatient(t, nurse.token, newPatient(heart, { firstName: "Grace", email: "grace@patients.test" }));
    const session = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, session, heart)).statusCode).toBe(200);
    const graceId = await userIdOf(t, "grace@patients.test");
    const created = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/questionnaires/schedules`,
      token: nurse.token,
      payload: {
        audience: "all",
        type: "hardcoded",
        questionnaireTypeId: hardcodedTypeIds.QLQC30,
        startDay: 2,
        frequency: 7,
        numberToSend: 12,
        responseWindow: 3,
      },
    });
    expect(created.statusCode).toBe(201);
    return {
      t,
      heart,
      graceId,
      events: () =>
        t.ctx.db
          .selectFrom("questionnaireEvents")
          .select(["dueDate", "state", "occurrence", "notifiedAt", "remindedAt", "scheduleId"])
          .where("patientId", "=", graceId)
          .orderBy("dueDate")
          .execute(),
      mails: async (kind: "due" | "reminder") =>
        (await t.mailsTo("grace@patients.test")).filter((m) =>
          kind === "due" ? /^You have .* to complete/.test(m.subject) : m.subject.startsWith("Reminder: "),
        ),
      reset: async () => {
        await t.ctx.db.deleteFrom("questionnaireEvents").where("patientId", "=", graceId).execute();
        await t.ctx.db.deleteFrom("mails").where("toAddress", "=", "grace@patients.test").execute();
        t.clock.set(START);
      },
    };
  };

  it("runs hourly as a durable job, sends every week from consent day + 2, reminds once and marks missed", async () => {
    const { t, events, mails } = await heartWithGraceOnQlq();
    // The schedule asked for a run soon; each run plans the next hour's, once.
    // Every eight hours over a hundred days (a run then is whatever hourly job is due).
    for (let hour = 0; hour < 24 * 100; hour += 8) {
      await t.runJobs();
      t.clock.set(new Date(Date.parse(START) + (hour + 8) * HOUR_MS));
    }
    const sent = await events();
    expect(sent.map((e) => e.dueDate)).toEqual(Array.from({ length: 12 }, (_, i) => addDays("2026-03-04", 7 * i)));
    expect(sent.every((e) => e.state === "MISSED")).toBe(true);
    expect(await mails("due")).toHaveLength(12);
    expect(await mails("reminder")).toHaveLength(12);
    const open = await t.ctx.db
      .selectFrom("jobs")
      .select("runAt")
      .where("name", "=", DELIVERY_JOB)
      .where("completedAt", "is", null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it("never sends one questionnaire twice, however runs interleave and however long the server is down (property)", async () => {
    const { t, events, mails, reset } = await heartWithGraceOnQlq();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ hours: fc.integer({ min: 1, max: 24 * 20 }), parallel: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          await reset();
          for (const step of steps) {
            t.clock.set(new Date(t.clock.now().getTime() + step.hours * HOUR_MS));
            await Promise.all(Array.from({ length: step.parallel }, () => runDelivery(t.ctx)));
          }
          const sent = await events();
          const today = t.clock.now().toISOString().slice(0, 10);
          // Every send day up to today exactly once, in order.
          const expected = Array.from({ length: 12 }, (_, i) => addDays("2026-03-04", 7 * i)).filter((d) => d <= today);
          expect(sent.map((e) => e.dueDate)).toEqual(expected);
          expect(sent.map((e) => e.occurrence)).toEqual(expected.map((_, i) => i));
          // One e-mail per questionnaire sent, one per reminder: none twice.
          expect(await mails("due")).toHaveLength(sent.filter((e) => e.notifiedAt).length);
          expect(await mails("reminder")).toHaveLength(sent.filter((e) => e.remindedAt).length);
          // At most one open at a time for a weekly questionnaire with a 3-day window.
          expect(sent.filter((e) => e.state === "DUE").length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("stops sending to a patient who withdrew consent, and to a closed program", async () => {
    const { t, heart, graceId, events, mails } = await heartWithGraceOnQlq();
    await runDelivery(t.ctx);
    await t.ctx.db
      .updateTable("programs")
      .set({ endedAt: new Date("2026-03-05T00:00:00Z") })
      .where("id", "=", heart)
      .execute();
    t.clock.set("2026-04-30T09:00:00Z");
    await runDelivery(t.ctx);
    expect((await events()).map((e) => e.dueDate)).toEqual([]);
    await t.ctx.db.updateTable("programs").set({ endedAt: null }).where("id", "=", heart).execute();
    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENT_WITHDRAWN" })
      .where("userId", "=", graceId)
      .execute();
    await runDelivery(t.ctx);
    expect(await events()).toEqual([]);
    await t.ctx.db.updateTable("programPatients").set({ status: "CONSENTED" }).where("userId", "=", graceId).execute();
    await runDelivery(t.ctx);
    // Back after eight weeks: the one open send goes out, the rest are recorded as missed.
    const sent = await events();
    expect(sent.filter((e) => e.state === "DUE").map((e) => e.dueDate)).toEqual(["2026-04-29"]);
    expect(sent.filter((e) => e.state === "MISSED")).toHaveLength(8);
    expect(await mails("due")).toHaveLength(1);
  });
});
