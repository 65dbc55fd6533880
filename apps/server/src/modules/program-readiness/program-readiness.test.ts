import { randomUUID } from "node:crypto";
import { programNotReadyErrorCode, territoryAlertDefaults } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  inviteInfo,
  newPatient,
  registerPatient,
  setProgram,
  signUpForm,
} from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const DYSPNOEA = "10013963";

/**
 * Issue 30 §1, told as the Lung scenario: a program with no care-team contact and no thresholds
 * reaches no patient until it is ready; a patient already in such a program still gets the
 * territory's defaults, and every alert message ends with whom to call.
 */
describe("program readiness: invitations wait for a ready program; patients are never left with nothing", () => {
  let t: TestApp;
  let organisation: string;
  let admin: { id: string; token: string };
  let nurse: { id: string; token: string };

  const readiness = (programId: string, token = admin.token) =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/readiness`, token });
  const missingKeys = async (programId: string) =>
    ((await readiness(programId)).json().missing as { key: string }[]).map((m) => m.key);
  const addContact = (programId: string, phones: string[]) =>
    t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${programId}/care-team-contacts`,
      token: admin.token,
      payload: { careTeamName: "Lung nurses", contactPhones: phones, contactEmails: ["lung@northbridge.test"] },
    });
  const patchProgram = (programId: string, payload: object) =>
    t.request({ method: "PATCH", url: `/api/v1/admin/projects/${programId}`, token: admin.token, payload });

  beforeAll(async () => {
    t = await createTestApp();
    organisation = await insertOrganisation(t, "Northbridge Health");
    admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, organisation, "clinical_project_admin");
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, organisation, "clinician_team_member");
  });
  afterAll(() => t.close());

  it("refuses to invite a patient into a program that is not ready, naming what is missing; accepts once fixed", async () => {
    const lung = await insertProgram(t, { organisationId: organisation, name: "Lung Follow-up", ready: false });
    const refused = await addPatient(t, nurse.token, newPatient(lung));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: programNotReadyErrorCode,
      message: expect.stringContaining("phone number"),
    });
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual([
      "readiness.care-team-phone",
      "readiness.temperature-thresholds",
      "readiness.alert-messages",
    ]);
    expect(await t.mailsTo("grace@patients.test")).toHaveLength(0);

    // The checklist: each missing item with the settings tab that fixes it.
    const checklist = (await readiness(lung, nurse.token)).json();
    expect(checklist).toMatchObject({ ready: false, emergencyNumbers: [{ number: "999" }, { number: "112" }] });
    expect(checklist.missing[0]).toMatchObject({
      key: "care-team-phone",
      settingsPath: "general/careTeamInformation",
    });

    // A contact with an e-mail only is not a number to call.
    expect((await addContact(lung, [])).statusCode).toBe(201);
    expect(await missingKeys(lung)).toContain("care-team-phone");
    expect((await addContact(lung, ["+442079460123"])).statusCode).toBe(201);
    expect(
      (
        await patchProgram(lung, {
          temperatureMin: 35,
          temperatureMax: 37.9,
          temperatureMessage: "Your temperature is outside the safe range.",
          defaultAlertMessage: "This is severe: call us now.",
        })
      ).statusCode,
    ).toBe(200);
    expect((await readiness(lung)).json()).toMatchObject({ ready: true, missing: [] });
    expect((await addPatient(t, nurse.token, newPatient(lung))).statusCode).toBe(201);
  });

  it("counts a program with no one to escalate to as not ready", async () => {
    const lonely = await insertOrganisation(t, "Lonely Clinic");
    const program = await insertProgram(t, { organisationId: lonely, name: "Nobody Watches" });
    // Seen by a super admin, who belongs to no team: no one would be told of an open alert.
    const superAdmin = await staffSession(t, { email: "root@openpro.test", role: "superadmin" });
    const checklist = (await readiness(program, superAdmin.token)).json();
    expect(checklist.missing.map((m: { key: string }) => m.key)).toEqual(["escalation"]);
    const refused = await addPatient(t, superAdmin.token, newPatient(program, { email: "ada@patients.test" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ field: "readiness.escalation", message: expect.any(String) }]);
  });

  it("refuses a public invite code, and a patient joining through one, while the program is not ready", async () => {
    const open = await insertProgram(t, { organisationId: organisation, name: "Open Lung Study", ready: false });
    await setProgram(t, open, { inviteMode: "public" });
    const created = await t.request({
      method: "POST",
      url: "/api/v1/invite-codes",
      token: admin.token,
      payload: { projectId: open, dateExpires: "2099-01-01" },
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().errorCode).toBe(programNotReadyErrorCode);

    // A code made before readiness existed (as the demo's LUNG7K4P was) brings no one in.
    await t.ctx.db
      .insertInto("publicInviteCodes")
      .values({
        programId: open,
        code: "LUNG7K4P",
        createdAt: t.clock.now(),
        dateExpires: new Date("2099-01-01T00:00:00Z"),
        deactivatedAt: null,
        createdBy: admin.id,
      })
      .execute();
    const info = await inviteInfo(t, "LUNG7K4P");
    expect(info.statusCode).toBe(409);
    expect(info.json().message).toContain("not ready for patients");
    const joined = await registerPatient(t, signUpForm("LUNG7K4P", "lena@patients.test"));
    expect(joined.statusCode).toBe(409);
    expect(
      await t.ctx.db.selectFrom("programPatients").select("id").where("programId", "=", open).execute(),
    ).toHaveLength(0);
  });

  it("starts a program created through the API with the territory's defaults, shown for the admin to confirm", async () => {
    const superAdmin = await staffSession(t, { email: "root2@openpro.test", role: "superadmin" });
    const created = await t.request({
      method: "POST",
      url: "/api/v1/admin/projects",
      token: superAdmin.token,
      payload: { name: "Zurich Lung", territory: "CH", startDate: "2026-01-01", organisationId: organisation },
    });
    expect(created.statusCode).toBe(201);
    const programId = created.json().projectId;
    const defaults = territoryAlertDefaults("CH");
    const program = (
      await t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}`, token: admin.token })
    ).json();
    expect(program).toMatchObject({
      temperatureMin: 35,
      temperatureMax: 37.9,
      temperatureMessage: defaults.temperatureMessage,
      defaultAlertMessage: defaults.defaultAlertMessage,
    });
    // Only a phone number cannot be invented: the checklist asks for it.
    const checklist = (await readiness(programId)).json();
    expect(checklist.missing.map((m: { key: string }) => m.key)).toEqual(["care-team-phone"]);
    expect(checklist.emergencyNumbers.map((e: { number: string }) => e.number)).toEqual(["144", "112"]);
  });

  it("answers another program's readiness with 404", async () => {
    const lakeside = await insertProgram(t, {
      organisationId: await insertOrganisation(t, "Lakeside"),
      name: "Lakeside",
    });
    expect((await readiness(lakeside)).statusCode).toBe(404);
  });

  it("raises an alert for 38.6 °C in a program without thresholds and tells the patient whom to call", async () => {
    const lung = await insertProgram(t, { organisationId: organisation, name: "Lung Legacy" });
    expect((await addPatient(t, nurse.token, newPatient(lung, { email: "alan@patients.test" }))).statusCode).toBe(201);
    const alan = await acceptInvite(t, "alan@patients.test");
    expect((await giveConsent(t, alan, lung)).statusCode).toBe(200);
    // The program loses its settings after Alan joined (as programs made before readiness had none).
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: null, temperatureMax: null, temperatureMessage: null, defaultAlertMessage: null })
      .where("id", "=", lung)
      .execute();
    const date = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const fever = { clientId: randomUUID(), logClass: "TEMPERATURE", date, value: 38.6, unit: "C" };
    const breathless = { clientId: randomUUID(), logClass: "SYMPTOMS", date, logTypeId: DYSPNOEA, grade: 3 };
    const uploaded = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${lung}/logs`,
      token: alan,
      payload: { logs: [breathless, fever] },
    });
    expect(uploaded.statusCode).toBe(200);
    const defaults = territoryAlertDefaults("UK_IRE");
    const callLine = "Call Ward 7 nurses on 020 7946 0000. In an emergency call 999 or 112.";
    expect(uploaded.json().alertMessages).toEqual([
      {
        clientId: breathless.clientId,
        kind: "symptom",
        logTypeId: DYSPNOEA,
        grade: 3,
        message: `${defaults.defaultAlertMessage}\n\n${callLine}`,
        messageLanguage: "en",
        callNumbers: [{ careTeamName: "Ward 7 nurses", phone: "+442079460000" }],
        emergencyNumbers: [
          { number: "999", service: "" },
          { number: "112", service: "" },
        ],
      },
      expect.objectContaining({
        clientId: fever.clientId,
        kind: "temperature",
        message: `${defaults.temperatureMessage}\n\n${callLine}`,
      }),
    ]);
    const queue = await t.request({ method: "GET", url: `/api/v1/admin/alerts?projectId=${lung}`, token: nurse.token });
    expect(
      (queue.json().results as { kind: string; temperature: number | null }[]).map((a) => [a.kind, a.temperature]),
    ).toEqual(
      expect.arrayContaining([
        ["temperature", 38.6],
        ["symptom", null],
      ]),
    );
  });
});
