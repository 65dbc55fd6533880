import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tamoxifenFromApp } from "../../../test/app-uploads.js";
import { fieldErrors } from "../../../test/factories.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, signInPatient } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";

/**
 * The patient web app reads back what its patient sent: their medication list (to take or skip a
 * dose) and their history of the last weeks. Only their own, in a program they consented to.
 */
describe("the patient web app reads back its patient's medicines and history, and stops their e-mails", () => {
  let t: TestApp;
  let heart: string;
  let lung: string;
  let nurse: { id: string; token: string };
  const token: Record<string, string> = {};
  const tamoxifen = randomUUID();

  const get = (who: string, url: string) => t.request({ method: "GET", url, token: who });
  const post = (who: string, url: string, payload: object) => t.request({ method: "POST", url, token: who, payload });

  beforeAll(async () => {
    t = await createTestApp();
    const org = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: org, name: "Northbridge Heart" });
    lung = await insertProgram(t, { organisationId: org, name: "Northbridge Lung" });
    nurse = await organisationStaff(t, org, { email: "nia@clinic.test", role: "clinician_team_member" });
    for (const [name, programId] of [
      ["grace", heart],
      ["clara", heart],
      ["wendy", heart],
    ] as const) {
      const email = `${name}@patients.test`;
      expect((await addPatient(t, nurse.token, newPatient(programId, { firstName: name, email }))).statusCode).toBe(
        201,
      );
      token[name] = await acceptInvite(t, email);
      expect((await giveConsent(t, token[name]!, programId)).statusCode).toBe(200);
    }
    expect((await giveConsent(t, token.wendy!, heart, false)).statusCode).toBe(200);
    // A week later they open the app again (sessions end after idle minutes).
    t.clock.set("2026-03-10T12:00:00Z");
    for (const name of ["grace", "clara", "wendy"]) {
      token[name] = await signInPatient(t, `${name}@patients.test`);
    }
    nurse.token = (await signIn(t, "nia@clinic.test")).accessToken;
    // Grace sends logs on two days and a dose; Clara sends one log of her own.
    const logs = (who: string, items: object[]) => post(who, `/api/v1/user/projects/${heart}/logs`, { logs: items });
    expect(
      (
        await logs(token.grace!, [
          {
            clientId: randomUUID(),
            logClass: "SYMPTOMS",
            date: "2026-03-03T08:00:00+01:00",
            logTypeId: NAUSEA,
            grade: 2,
          },
          {
            clientId: randomUUID(),
            logClass: "TEMPERATURE",
            date: "2026-03-10T09:00:00+01:00",
            value: 100.4,
            unit: "F",
          },
          { clientId: randomUUID(), logClass: "FEELING", date: "2026-03-10T10:00:00+01:00", value: 4 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await logs(token.clara!, [
          { clientId: randomUUID(), logClass: "WEIGHT", date: "2026-03-10T09:00:00+01:00", value: 70, unit: "kg" },
        ])
      ).statusCode,
    ).toBe(200);
    const medications = await post(token.grace!, `/api/v1/user/projects/${heart}/medications`, {
      medications: [
        tamoxifenFromApp(tamoxifen),
        { clientId: randomUUID(), name: "Anastrozole", frequency: "ONCE_DAILY", startDate: "2026-03-02" },
      ],
    });
    expect(medications.statusCode).toBe(200);
    const doses = await post(token.grace!, `/api/v1/user/projects/${heart}/medication-events`, {
      events: [
        { clientId: randomUUID(), medicationClientId: tamoxifen, status: "LOGGED", date: "2026-03-09T08:00:00+01:00" },
        {
          clientId: randomUUID(),
          medicationClientId: tamoxifen,
          status: "SKIPPED",
          skipReason: "SIDE_EFFECTS",
          date: "2026-03-10T08:00:00+01:00",
        },
      ],
    });
    expect(doses.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("lists the patient's medications with the app's client ids and the last dose, and audits the read", async () => {
    const answer = await get(token.grace!, `/api/v1/user/projects/${heart}/medications`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toEqual([
      expect.objectContaining({ name: "Anastrozole", lastDose: null }),
      expect.objectContaining({
        name: "Tamoxifen",
        clientId: tamoxifen,
        dosage: "20",
        dosageUnit: "mg",
        lastDose: { status: "SKIPPED", date: "2026-03-10T07:00:00.000Z" },
      }),
    ]);
    // Clara has none: another patient's list is never shown.
    expect((await get(token.clara!, `/api/v1/user/projects/${heart}/medications`)).json().results).toEqual([]);
    expect((await auditRows(t, "medications.read-own")).length).toBeGreaterThanOrEqual(2);
  });

  it("lists the last weeks of logs and doses, newest first, in the units stored and as typed", async () => {
    const answer = await get(token.grace!, `/api/v1/user/projects/${heart}/logs`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.results.map((l: { logClass: string }) => l.logClass)).toEqual(["FEELING", "TEMPERATURE", "SYMPTOMS"]);
    expect(body.results[1].data).toMatchObject({ value: 38, unit: "C", originalValue: 100.4, originalUnit: "F" });
    expect(body.doses).toEqual([
      expect.objectContaining({
        medicationName: "Tamoxifen",
        status: "SKIPPED",
        skipReason: "SIDE_EFFECTS",
        localDate: "2026-03-10",
      }),
      expect.objectContaining({
        medicationName: "Tamoxifen",
        status: "LOGGED",
        skipReason: null,
        localDate: "2026-03-09",
      }),
    ]);
    // Two days back leaves out the symptom of 3 March and the dose of the 9th stays.
    const recent = (await get(token.grace!, `/api/v1/user/projects/${heart}/logs?days=2`)).json();
    expect(recent.results.map((l: { logClass: string }) => l.logClass)).toEqual(["FEELING", "TEMPERATURE"]);
    expect(recent.doses).toHaveLength(2);
    expect(await auditRows(t, "logs.read-own")).toContainEqual(expect.objectContaining({ programId: heart }));
  });

  it("refuses a bad number of days with a message on the field", async () => {
    const answer = await get(token.grace!, `/api/v1/user/projects/${heart}/logs?days=365`);
    expect(answer.statusCode).toBe(422);
    expect(fieldErrors(answer)).toContainEqual({ field: "days", message: messages.logHistoryDaysInvalid });
  });

  it("stops questionnaire e-mails from the app's settings with the patient's own session, never for another", async () => {
    const unsubscribe = (who: string | undefined, payload: object) =>
      t.request({ method: "POST", url: "/api/v1/questionnaire-reminders/unsubscribe", token: who, payload });
    const reminders = (email: string) =>
      t.ctx.db
        .selectFrom("users")
        .select("questionnaireReminders")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
    const ids = await t.ctx.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "like", "%@patients.test")
      .execute();
    const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
    // Without the link's token: no session, or another patient's session, proves nothing.
    const clara = { email: "clara@patients.test", userId: idOf("clara@patients.test"), isEnabled: false };
    expect((await unsubscribe(undefined, clara)).statusCode).toBe(400);
    expect((await unsubscribe(token.grace!, clara)).statusCode).toBe(400);
    expect((await unsubscribe(nurse.token, clara)).statusCode).toBe(400);
    expect((await reminders("clara@patients.test")).questionnaireReminders).toBe(true);
    const grace = { email: "grace@patients.test", userId: idOf("grace@patients.test"), isEnabled: false };
    const answer = await unsubscribe(token.grace!, grace);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(messages.unsubscribed);
    expect((await reminders("grace@patients.test")).questionnaireReminders).toBe(false);
    expect(await auditRows(t, "patient.unsubscribe")).toContainEqual(
      expect.objectContaining({ patientId: grace.userId }),
    );
  });

  it("answers staff 403, a withdrawn patient 403, and a program the patient never joined 404", async () => {
    expect((await get(nurse.token, `/api/v1/user/projects/${heart}/logs`)).statusCode).toBe(403);
    expect((await get(nurse.token, `/api/v1/user/projects/${heart}/medications`)).statusCode).toBe(403);
    expect((await get(token.wendy!, `/api/v1/user/projects/${heart}/logs`)).statusCode).toBe(403);
    expect((await get(token.wendy!, `/api/v1/user/projects/${heart}/medications`)).statusCode).toBe(403);
    expect((await get(token.grace!, `/api/v1/user/projects/${lung}/logs`)).statusCode).toBe(404);
    expect((await get(token.grace!, `/api/v1/user/projects/${lung}/medications`)).statusCode).toBe(404);
    expect((await get(token.grace!, `/api/v1/user/projects/${randomUUID()}/logs`)).statusCode).toBe(404);
  });
});
