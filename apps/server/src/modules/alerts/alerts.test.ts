import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, patientLogin } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { openAlertCount } from "./service.js";

const FEVER = "10016558";
const NAUSEA = "10028813";
const HEADACHE = "10019211";

interface AlertBody {
  alertId: string;
  kind: string;
  logTypeId: string | null;
  grade: number | null;
  status: string;
  logCount: number;
  logIds: string[];
  owner: { name: string } | null;
  timeToTakeSeconds: number | null;
  timeToCloseSeconds: number | null;
  patientName: string;
  patientDob: string | null;
  temperature: number | null;
}

describe("closed-loop alerts: raised by an upload, taken, closed, escalated", () => {
  let t: TestApp;
  let heart: string;
  let lakeside: string;
  let admin: { id: string; token: string };
  let nurse: { id: string; token: string };
  let analyst: { id: string; token: string };
  let outsider: { id: string; token: string };
  let grace = "";
  let graceId = "";

  const signInAll = async () => {
    admin.token = (await signIn(t, "cara@clinic.test")).accessToken;
    nurse.token = (await signIn(t, "nia@clinic.test")).accessToken;
    analyst.token = (await signIn(t, "lena@pharma.test")).accessToken;
    outsider.token = (await signIn(t, "omar@lakeside.test")).accessToken;
    grace = (await patientLogin(t, "grace@patients.test")).json().accessToken;
  };
  const at = (minutesAgo = 1) => new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();
  const symptom = (logTypeId: string, grade: number) => ({
    clientId: randomUUID(),
    logClass: "SYMPTOMS",
    date: at(),
    logTypeId,
    grade,
  });
  const upload = (logs: unknown[]) =>
    t.request({ method: "POST", url: `/api/v1/user/projects/${heart}/logs`, token: grace, payload: { logs } });
  const list = async (token: string, query = "") => {
    const response = await t.request({ method: "GET", url: `/api/v1/admin/alerts${query}`, token });
    return response;
  };
  const alerts = async (query = "") => (await list(nurse.token, query)).json().results as AlertBody[];
  const lastUploadAudit = () =>
    t.ctx.db
      .selectFrom("auditLog")
      .select("details")
      .where("action", "=", "logs.upload")
      .orderBy("chainPosition", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
  const alertUrl = (alertId: string, action: string, programId = heart) =>
    `/api/v1/admin/projects/${programId}/alerts/${alertId}/${action}`;

  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakesideOrg = await insertOrganisation(t, "Lakeside");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: "Lakeside Oncology" });
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: 36, temperatureMax: 38, temperatureMessage: "Your temperature is high: call us." })
      .where("id", "=", heart)
      .execute();
    admin = await staffSession(t, { email: "cara@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member", firstName: "Nia" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    analyst = await staffSession(t, { email: "lena@pharma.test", role: "life_sciences_team_member" });
    await addToOrganisation(t, analyst.id, northbridge, "life_sciences_team_member");
    outsider = await staffSession(t, { email: "omar@lakeside.test", role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, lakesideOrg, "clinical_project_admin");
    const added = await addPatient(
      t,
      admin.token,
      newPatient(heart, { firstName: "Grace", email: "grace@patients.test" }),
    );
    expect(added.statusCode).toBe(201);
    grace = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, grace, heart)).statusCode).toBe(200);
    graceId = (
      await t.ctx.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "grace@patients.test")
        .executeTakeFirstOrThrow()
    ).id;
    // The date of birth Grace gave this program; her account carries another (staff read the enrolment's).
    await t.ctx.db
      .updateTable("programPatients")
      .set({ dob: "1961-04-12" })
      .where("programId", "=", heart)
      .where("userId", "=", graceId)
      .execute();
    await t.ctx.db.updateTable("users").set({ dob: "1950-01-01" }).where("id", "=", graceId).execute();
    t.clock.set("2026-03-04T12:00:00Z");
    await signInAll();
  });
  afterAll(() => t.close());

  it("lets a team member opt in to the new-alert e-mail", async () => {
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/alert-preferences", token: nurse.token })).json(),
    ).toEqual({ emailOnNewAlert: false });
    const saved = await t.request({
      method: "PUT",
      url: "/api/v1/admin/alert-preferences",
      token: nurse.token,
      payload: { emailOnNewAlert: true },
    });
    expect(saved.json()).toEqual({ emailOnNewAlert: true });
    const bad = await t.request({
      method: "PUT",
      url: "/api/v1/admin/alert-preferences",
      token: nurse.token,
      payload: { emailOnNewAlert: "yes" },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("answers the program's messages in the upload and raises one alert per trigger", async () => {
    const message = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/severe-symptom-messages`,
      token: admin.token,
      payload: { message: "A fever: please call the ward." },
    });
    await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/severe-symptom-messages/${message.json().id}/grades`,
      token: admin.token,
      payload: { identifier: FEVER, grade: 2 },
    });
    const batch = [
      symptom(FEVER, 2),
      { clientId: randomUUID(), logClass: "TEMPERATURE", date: at(), value: 101.5, unit: "F" },
      symptom(NAUSEA, 1),
    ];
    const first = await upload(batch);
    expect(first.statusCode).toBe(200);
    // Each message ends with whom to call: the program's care-team phone and the territory's emergency numbers.
    const callLine = "\n\nCall Ward 7 nurses on 020 7946 0000. In an emergency call 999 or 112.";
    const whomToCall = {
      callNumbers: [{ careTeamName: "Ward 7 nurses", phone: "+442079460000" }],
      emergencyNumbers: [
        { number: "999", service: "" },
        { number: "112", service: "" },
      ],
    };
    expect(first.json().alertMessages).toEqual([
      {
        clientId: batch[0]!.clientId,
        kind: "symptom",
        logTypeId: FEVER,
        grade: 2,
        message: `A fever: please call the ward.${callLine}`,
        ...whomToCall,
      },
      {
        clientId: batch[1]!.clientId,
        kind: "temperature",
        logTypeId: null,
        grade: null,
        message: `Your temperature is high: call us.${callLine}`,
        ...whomToCall,
      },
    ]);
    // The app retries: the same answer, nothing raised twice.
    const retry = await upload(batch);
    expect(retry.json().alertMessages).toEqual(first.json().alertMessages);
    const raised = await alerts();
    expect(raised.map((a) => [a.kind, a.logTypeId, a.grade, a.logCount])).toEqual([
      ["temperature", null, null, 1],
      ["symptom", FEVER, 2, 1],
    ]);
    expect(raised[0]!.temperature).toBe(38.61);
    expect(raised[0]!.patientName).toBe("Grace Hopper");
    expect(raised[0]!.patientDob).toBe("1961-04-12");
    // Each new alert is announced by a job its upload enqueued in the same statement: audited as
    // raised by the patient, its escalation planned, the team e-mailed.
    expect(await auditRows(t, "alert.raise")).toEqual([]);
    await t.runJobs();
    const raiseEntries = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "entityId", "details"])
      .where("action", "=", "alert.raise")
      .orderBy("chainPosition")
      .execute();
    expect(raiseEntries).toHaveLength(2);
    expect(raiseEntries.map((e) => e.entityId).sort()).toEqual(raised.map((a) => a.alertId).sort());
    expect(raiseEntries.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { kind: "temperature", grade: null, temperature: 38.61, logs: 1 },
        { kind: "symptom", grade: 2, temperature: null, logs: 1 },
      ]),
    );
  });

  it("e-mails the team members who opted in a link, never who the patient is", async () => {
    const mails = (await t.mailsTo("nia@clinic.test")).filter((m) => m.subject === "OpenPRO: a new patient alert");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).toContain("http://openpro.test/alerts?projectId=");
      expect(mail.textBody).not.toMatch(/Grace|Hopper|grace@|Fever|Northbridge|38\.6/);
    }
    expect((await t.mailsTo("cara@clinic.test")).filter((m) => m.subject.includes("alert"))).toHaveLength(0);
  });

  it("attaches repeated logs of the same symptom to the open alert, keeping the worst grade", async () => {
    t.clock.advanceSeconds(60);
    const again = await upload([symptom(FEVER, 4), symptom(FEVER, 1), symptom(NAUSEA, 3)]);
    expect(again.statusCode).toBe(200);
    const raised = await alerts();
    const fever = raised.find((a) => a.logTypeId === FEVER)!;
    expect(fever).toMatchObject({ grade: 4, logCount: 2, status: "open" });
    expect(fever.logIds).toHaveLength(2);
    // The upload's own audit entry names the alert its logs were attached to.
    expect((await lastUploadAudit()).details).toMatchObject({ alertsAttached: { alertIds: [fever.alertId], logs: 1 } });
    // Most severe first: Fever 4, then the grade-3 Nausea and temperature alerts, newest first.
    expect(raised.map((a) => a.logTypeId ?? a.kind)).toEqual([FEVER, NAUSEA, "temperature"]);
    expect(await openAlertCount(t.ctx.db, heart)).toBe(3);
    const enrolment = await t.ctx.db
      .selectFrom("programPatients")
      .select("openAlertCount")
      .where("userId", "=", graceId)
      .executeTakeFirstOrThrow();
    expect(enrolment.openAlertCount).toBe(3);
    expect((await t.request({ method: "GET", url: "/api/v1/admin/alerts/count", token: nurse.token })).json()).toEqual({
      open: 3,
    });
  });

  it("attaches only the logs an upload creates, keeping the temperature farthest from 37 °C", async () => {
    const temperature = (value: number) => ({
      clientId: randomUUID(),
      logClass: "TEMPERATURE",
      date: at(),
      value,
      unit: "C",
    });
    const temperatureAlert = async () => (await alerts()).find((a) => a.kind === "temperature")!;
    const before = await temperatureAlert();
    const [high, low] = [temperature(39), temperature(34.5)];
    expect((await upload([high, low])).statusCode).toBe(200);
    expect(await temperatureAlert()).toMatchObject({ logCount: before.logCount + 2, temperature: 34.5 });
    // The app sends the two again with a third: only the third is new, only it attaches.
    const third = temperature(38.5);
    expect((await upload([high, low, third])).statusCode).toBe(200);
    const after = await temperatureAlert();
    expect(after).toMatchObject({ alertId: before.alertId, logCount: before.logCount + 3, temperature: 34.5 });
    expect(after.logIds).toHaveLength(before.logIds.length + 3);
    expect((await lastUploadAudit()).details).toMatchObject({
      created: 1,
      duplicates: 2,
      alertsAttached: { alertIds: [before.alertId], logs: 1 },
    });
  });

  it("shows alerts only to those who may see the program's patients", async () => {
    expect((await list(analyst.token)).statusCode).toBe(403);
    expect((await list(outsider.token)).json()).toEqual({ results: [], totalCount: 0 });
    expect((await list(outsider.token, `?projectId=${heart}`)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/v1/admin/alerts" })).statusCode).toBe(401);
    const fever = (await alerts()).find((a) => a.logTypeId === FEVER)!;
    const foreign = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "take", lakeside),
      token: outsider.token,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongProgram = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "take", lakeside),
      token: admin.token,
    });
    expect(wrongProgram.statusCode).toBe(404);
  });

  it("is taken once, its logs acknowledged, and closed with an action; the times are recorded", async () => {
    const fever = (await alerts()).find((a) => a.logTypeId === FEVER)!;
    t.clock.advanceSeconds(4 * 60);
    const taken = await t.request({ method: "POST", url: alertUrl(fever.alertId, "take"), token: nurse.token });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: "taken", owner: { name: "Nia clinician_team_member" } });
    expect(taken.json().timeToTakeSeconds).toBe(5 * 60);
    const second = await t.request({ method: "POST", url: alertUrl(fever.alertId, "take"), token: admin.token });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(messages.alertAlreadyTaken);

    const acknowledged = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "acknowledge-logs"),
      token: nurse.token,
    });
    expect(acknowledged.json()).toEqual({ acknowledged: 2 });
    const statuses = await t.ctx.db
      .selectFrom("patientLogs")
      .select("validationStatus")
      .where("id", "in", fever.logIds)
      .execute();
    expect(statuses.map((s) => s.validationStatus)).toEqual(["Acknowledged", "Acknowledged"]);
    expect(
      (
        await t.request({ method: "POST", url: alertUrl(fever.alertId, "acknowledge-logs"), token: nurse.token })
      ).json(),
    ).toEqual({ acknowledged: 0 });
    expect(
      (await t.request({ method: "POST", url: alertUrl(fever.alertId, "acknowledge-logs"), token: analyst.token }))
        .statusCode,
    ).toBe(403);

    const noAction = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "close"),
      token: nurse.token,
      payload: {},
    });
    expect(noAction.statusCode).toBe(422);
    expect(fieldErrors(noAction)).toEqual([{ field: "action", message: messages.alertCloseActionRequired }]);
    const otherWithoutNote = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "close"),
      token: nurse.token,
      payload: { action: "other" },
    });
    expect(fieldErrors(otherWithoutNote)).toEqual([{ field: "note", message: messages.alertCloseNoteRequired }]);

    t.clock.advanceSeconds(20 * 60);
    // Access tokens last 15 minutes.
    await signInAll();
    const closed = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "close"),
      token: nurse.token,
      payload: { action: "called_patient", note: "Paracetamol; call back if above 38." },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: "closed",
      closeAction: "called_patient",
      timeToCloseSeconds: 25 * 60,
    });
    expect(closed.json().timeToTakeSeconds).toBe(5 * 60);
    const twice = await t.request({
      method: "POST",
      url: alertUrl(fever.alertId, "close"),
      token: nurse.token,
      payload: { action: "no_action_needed" },
    });
    expect(twice.statusCode).toBe(409);
    expect((await auditRows(t, "alert.close")).length).toBe(1);
    expect(await openAlertCount(t.ctx.db, heart)).toBe(2);
  });

  it("raises a new alert after the last one closed; parallel uploads still make only one", async () => {
    const [a, b] = await Promise.all([upload([symptom(FEVER, 3)]), upload([symptom(FEVER, 3)])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const fevers = (await alerts()).filter((x) => x.logTypeId === FEVER);
    expect(fevers.map((f) => [f.status, f.logCount])).toEqual([
      ["open", 2],
      ["closed", 2],
    ]);
  });

  it("filters the queue by program, status and owner", async () => {
    expect((await alerts("?status=closed")).map((a) => a.logTypeId)).toEqual([FEVER]);
    expect((await alerts(`?projectId=${heart}&status=open`)).length).toBe(3);
    expect((await alerts("?owner=me")).map((a) => a.status)).toEqual(["closed"]);
    expect((await alerts("?owner=unassigned")).length).toBe(3);
    expect((await list(nurse.token, "?status=lost")).statusCode).toBe(422);
  });

  it("escalates an alert still Open after the program's delay to its admins, once", async () => {
    await signInAll();
    const escalations = async () =>
      (await t.mailsTo("cara@clinic.test")).filter((m) => m.subject === "OpenPRO: an alert is still open");
    const settings = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${heart}/alert-settings`,
      token: admin.token,
    });
    expect(settings.json()).toEqual({ escalationMinutes: 60 });
    // The temperature alert was raised 25 minutes ago, the Nausea one 24; the new Fever one just now.
    t.clock.advanceSeconds(34 * 60);
    await t.runJobs();
    expect(await escalations()).toHaveLength(0);
    t.clock.advanceSeconds(2 * 60);
    await t.runJobs();
    expect(await escalations()).toHaveLength(2);
    await t.runJobs();
    expect(await escalations()).toHaveLength(2);
    for (const mail of await escalations()) expect(mail.textBody).not.toMatch(/Grace|Nausea/);
    // A taken alert is not escalated.
    await signInAll();
    const fever = (await alerts("?status=open")).find((x) => x.logTypeId === FEVER)!;
    await t.request({ method: "POST", url: alertUrl(fever.alertId, "take"), token: nurse.token });
    t.clock.advanceSeconds(60 * 60);
    await t.runJobs();
    expect(await escalations()).toHaveLength(2);
    expect((await auditRows(t, "alert.escalate")).length).toBe(2);
  });

  it("lets the program's escalation delay be changed with the edit permission only", async () => {
    await signInAll();
    const bad = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/alert-settings`,
      token: admin.token,
      payload: { escalationMinutes: 2 },
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual([{ field: "escalationMinutes", message: messages.escalationMinutesInvalid }]);
    const refused = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/alert-settings`,
      token: nurse.token,
      payload: { escalationMinutes: 30 },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await t.request({
      method: "PUT",
      url: `/api/v1/admin/projects/${heart}/alert-settings`,
      token: admin.token,
      payload: { escalationMinutes: 30 },
    });
    expect(saved.json()).toEqual({ escalationMinutes: 30 });
    const foreign = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${lakeside}/alert-settings`,
      token: admin.token,
    });
    expect(foreign.statusCode).toBe(404);
    // A new alert escalates after 30 minutes.
    await upload([symptom(HEADACHE, 4)]);
    const before = (await t.mailsTo("cara@clinic.test")).length;
    t.clock.advanceSeconds(31 * 60);
    await t.runJobs();
    expect((await t.mailsTo("cara@clinic.test")).length).toBe(before + 1);
  });
});
