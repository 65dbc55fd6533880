import { patientServedText } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programWithPatientInLanguage } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { readZip } from "../exports/zip.js";

const FATIGUE = "10016256";
const NAUSEA = "10028813";

/**
 * Issue 31 §3: the patient's "download my data" shows the app's symptom reminders as the app does,
 * in the patient's language from the key each was stored with; a reminder stored before keys
 * (migration 0029) stays as it was stored.
 */
describe("the patient's data download in their language", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-04T12:00:00Z");
  });
  afterAll(() => t.close());

  let programs = 0;
  /** A Swiss program, its admin, and Céline, who joined, consented and reads the app in French. */
  const zurichWithCeline = async () => {
    const world = await programWithPatientInLanguage(t, { n: ++programs, territory: "CH", language: "fr" });
    return { zurich: world.programId, token: world.patientToken, celineId: world.patientId };
  };

  it("shows a symptom reminder stored with its key in the patient's language, and an older one as stored", async () => {
    const { zurich, token, celineId } = await zurichWithCeline();
    // As the reminder sweep stores them: the English words, and the key with the symptoms it names.
    await t.ctx.db
      .insertInto("patientNotifications")
      .values([
        {
          programId: zurich,
          patientId: celineId,
          kind: "symptom-reminder",
          title: patientServedText.en.symptomReminderTitle,
          body: "Please log: Fatigue, Nausea.",
          messageKey: "symptomReminder",
          messageValues: JSON.stringify({ logTypeIds: [FATIGUE, NAUSEA] }),
          sourceKey: "reminder-1:2026-03-02",
          createdAt: new Date("2026-03-02T08:00:00Z"),
          readAt: null,
        },
        {
          programId: zurich,
          patientId: celineId,
          kind: "symptom-reminder",
          title: "Time to log your symptoms",
          body: "Please log: Fatigue.",
          sourceKey: "reminder-1:2026-03-01",
          createdAt: new Date("2026-03-01T08:00:00Z"),
          readAt: null,
        },
      ])
      .execute();

    const response = await t.request({ method: "GET", url: "/api/v1/user/data-export", token });
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    const mine = JSON.parse(entries.get("my-data.json")!.toString("utf8"));
    const [older, keyed] = mine.notifications as { title: string; body: string }[];
    expect(keyed!.title).toBe(patientServedText.fr.symptomReminderTitle);
    expect(keyed!.body).toMatch(/^Veuillez noter : .+, .+\.$/);
    expect(keyed!.body).not.toContain("Fatigue, Nausea");
    // From before keys were stored: nothing to render it from, so as it was stored.
    expect(older).toMatchObject({ title: "Time to log your symptoms", body: "Please log: Fatigue." });
    // The CSV for people reads the same.
    const csv = entries.get("notifications.csv")!.toString("utf8");
    expect(csv).toContain(patientServedText.fr.symptomReminderTitle);
    expect(csv).toContain(keyed!.body);
  });
});
