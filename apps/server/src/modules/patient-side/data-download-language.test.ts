import { patientServedText } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatient, giveConsent, newPatient, registerPatient, signUpForm } from "../../../test/patients.js";
import {
  addToOrganisation,
  insertOrganisation,
  insertProgram,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
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

  /** A Swiss program, its admin, and Céline, who joined, consented and reads the app in French. */
  const zurichWithCeline = async () => {
    const domain = uniqueMailDomain();
    const alpine = await insertOrganisation(t, "Alpine Health");
    const zurich = await insertProgram(t, { organisationId: alpine, name: "Zurich Skin", territory: "CH" });
    const admin = await staffSession(t, { email: `callum@${domain}`, role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, alpine, "clinical_project_admin");
    const email = `celine@${domain}`;
    const added = await addPatient(
      t,
      admin.token,
      newPatient(zurich, { firstName: "Céline", email, patientIdType: "hospital_id", patientId: "H-ROCHAT-1" }),
    );
    expect(added.statusCode).toBe(201);
    const code = (await t.mailsTo(email)).at(-1)?.textBody.match(/\/invite\/([\w-]+)/)?.[1] ?? "";
    const registered = await registerPatient(t, signUpForm(code, email));
    expect(registered.statusCode).toBe(201);
    const token = registered.json().accessToken as string;
    expect((await giveConsent(t, token, zurich)).statusCode).toBe(200);
    const french = await t.request({ method: "PATCH", url: "/api/v1/current", token, payload: { language: "fr" } });
    expect(french.statusCode).toBe(200);
    const celineId = (
      await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()
    ).id;
    return { zurich, token, celineId };
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
