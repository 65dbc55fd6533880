import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { lakesideWithOmar } from "../../../test/outsiders.js";
import { acceptInvite, addPatient, giveConsent, newPatient, signInPatient, userIdOf } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff, uniqueMailDomain } from "../../../test/teams.js";
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
  /** Lakeside, another hospital, with its admin Omar: no story raises an alert there. */
  let lakeside: string;
  let outsiderEmail: string;
  let programs = 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-04T12:00:00Z");
    ({ programId: lakeside, omarEmail: outsiderEmail } = await lakesideWithOmar(t, "clinical_project_admin"));
  });
  afterAll(() => t.close());

  /**
   * Each story's world, at noon on 4 March 2026: a hospital of its own ("Northbridge Health 3") with
   * one program ("Northbridge Heart 3", temperatures outside 36–38 °C alert), its admin Cara, its nurse
   * Nia (opted in to the new-alert e-mail unless told otherwise), and Grace Hopper, who consented there
   * and gave the program her date of birth (her account carries another: staff read the enrolment's).
   */
  const heartWithGrace = async ({ nurseOptedIn = true } = {}) => {
    t.clock.set("2026-03-04T12:00:00Z");
    const n = ++programs;
    const domain = uniqueMailDomain();
    const email = {
      admin: `cara@${domain}`,
      nurse: `nia@${domain}`,
      analyst: `lena@${domain}`,
      grace: `grace@${domain}`,
    };
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: 36, temperatureMax: 38, temperatureMessage: "Your temperature is high: call us." })
      .where("id", "=", heart)
      .execute();
    const admin = await organisationStaff(t, northbridge, { email: email.admin, role: "clinical_project_admin" });
    const nurse = await organisationStaff(t, northbridge, {
      email: email.nurse,
      role: "clinician_team_member",
      firstName: "Nia",
    });
    if (nurseOptedIn) {
      const optedIn = await t.request({
        method: "PUT",
        url: "/api/v1/admin/alert-preferences",
        token: nurse.token,
        payload: { emailOnNewAlert: true },
      });
      expect(optedIn.statusCode).toBe(200);
    }
    const added = await addPatient(t, admin.token, newPatient(heart, { firstName: "Grace", email: email.grace }));
    expect(added.statusCode).toBe(201);
    const patient = { token: await acceptInvite(t, email.grace) };
    expect((await giveConsent(t, patient.token, heart)).statusCode).toBe(200);
    const graceId = await userIdOf(t, email.grace);
    await t.ctx.db
      .updateTable("programPatients")
      .set({ dob: "1961-04-12" })
      .where("programId", "=", heart)
      .where("userId", "=", graceId)
      .execute();
    await t.ctx.db.updateTable("users").set({ dob: "1950-01-01" }).where("id", "=", graceId).execute();
    const analyst = { token: "" };
    const at = (minutesAgo = 1) => new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();
    const list = (token: string, query = "") =>
      t.request({ method: "GET", url: `/api/v1/admin/alerts${query}`, token });
    return {
      heart,
      email,
      admin,
      nurse,
      analyst,
      graceId,
      /** An analyst of the hospital (life sciences: no alerts), signed in. */
      addAnalyst: async () => {
        const session = await organisationStaff(t, northbridge, {
          email: email.analyst,
          role: "life_sciences_team_member",
        });
        analyst.token = session.token;
      },
      /** Everyone signs in again (access tokens last 15 minutes). */
      signInAll: async () => {
        admin.token = (await signIn(t, email.admin)).accessToken;
        nurse.token = (await signIn(t, email.nurse)).accessToken;
        if (analyst.token) analyst.token = (await signIn(t, email.analyst)).accessToken;
        patient.token = await signInPatient(t, email.grace);
      },
      at,
      symptom: (logTypeId: string, grade: number) => ({
        clientId: randomUUID(),
        logClass: "SYMPTOMS",
        date: at(),
        logTypeId,
        grade,
      }),
      upload: (logs: unknown[]) =>
        t.request({
          method: "POST",
          url: `/api/v1/user/projects/${heart}/logs`,
          token: patient.token,
          payload: { logs },
        }),
      list,
      /** The nurse's queue. */
      alerts: async (query = "") => (await list(nurse.token, query)).json().results as AlertBody[],
      alertUrl: (alertId: string, action: string, programId = heart) =>
        `/api/v1/admin/projects/${programId}/alerts/${alertId}/${action}`,
      /** This program's audit entries of an action, oldest first. */
      audit: (action: string) =>
        t.ctx.db
          .selectFrom("auditLog")
          .select(["actorUserId", "entityId", "details"])
          .where("action", "=", action)
          .where("programId", "=", heart)
          .orderBy("chainPosition")
          .execute(),
      /** The audit entry of this program's last upload. */
      lastUploadAudit: () =>
        t.ctx.db
          .selectFrom("auditLog")
          .select("details")
          .where("action", "=", "logs.upload")
          .where("programId", "=", heart)
          .orderBy("chainPosition", "desc")
          .limit(1)
          .executeTakeFirstOrThrow(),
    };
  };
  type World = Awaited<ReturnType<typeof heartWithGrace>>;

  /**
   * Grace's first upload, at noon: a grade-2 fever (the program has a message for it), 101.5 °F and a
   * grade-1 nausea (no alert). Two alerts open: the temperature and the fever.
   */
  const withFirstUpload = async (w: World) => {
    const message = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${w.heart}/severe-symptom-messages`,
      token: w.admin.token,
      payload: { message: "A fever: please call the ward." },
    });
    await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${w.heart}/severe-symptom-messages/${message.json().id}/grades`,
      token: w.admin.token,
      payload: { identifier: FEVER, grade: 2 },
    });
    const batch = [
      w.symptom(FEVER, 2),
      { clientId: randomUUID(), logClass: "TEMPERATURE", date: w.at(), value: 101.5, unit: "F" },
      w.symptom(NAUSEA, 1),
    ];
    const first = await w.upload(batch);
    expect(first.statusCode).toBe(200);
    return { batch, first };
  };

  /**
   * Her second, a minute later: a grade-4 and a grade-1 fever and a grade-3 nausea. Three alerts open:
   * the fever (grade 4, two logs), the nausea and the temperature.
   */
  const withThreeOpenAlerts = async (w: World) => {
    await withFirstUpload(w);
    t.clock.advanceSeconds(60);
    const again = await w.upload([w.symptom(FEVER, 4), w.symptom(FEVER, 1), w.symptom(NAUSEA, 3)]);
    expect(again.statusCode).toBe(200);
    return (await w.alerts()).find((a) => a.logTypeId === FEVER)!;
  };

  /**
   * Nia takes the fever alert at 12:05 and closes it at 12:25 (she called Grace); Grace then logs a
   * grade-3 fever twice at once, which raises one new fever alert. Open: temperature (raised at noon),
   * nausea (12:01), fever (12:25).
   */
  const withFeverClosedAndRaisedAgain = async (w: World) => {
    const fever = await withThreeOpenAlerts(w);
    t.clock.advanceSeconds(4 * 60);
    expect(
      (await t.request({ method: "POST", url: w.alertUrl(fever.alertId, "take"), token: w.nurse.token })).statusCode,
    ).toBe(200);
    t.clock.advanceSeconds(20 * 60);
    await w.signInAll();
    const closed = await t.request({
      method: "POST",
      url: w.alertUrl(fever.alertId, "close"),
      token: w.nurse.token,
      payload: { action: "called_patient", note: "Paracetamol; call back if above 38." },
    });
    expect(closed.statusCode).toBe(200);
    const [a, b] = await Promise.all([w.upload([w.symptom(FEVER, 3)]), w.upload([w.symptom(FEVER, 3)])]);
    return [a, b];
  };

  it("lets a team member opt in to the new-alert e-mail", async () => {
    const { nurse } = await heartWithGrace({ nurseOptedIn: false });
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
    const w = await heartWithGrace();
    const { batch, first } = await withFirstUpload(w);
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
        messageLanguage: "en",
        ...whomToCall,
      },
      {
        clientId: batch[1]!.clientId,
        kind: "temperature",
        logTypeId: null,
        grade: null,
        message: `Your temperature is high: call us.${callLine}`,
        messageLanguage: "en",
        ...whomToCall,
      },
    ]);
    // The app retries: the same answer, nothing raised twice.
    const retry = await w.upload(batch);
    expect(retry.json().alertMessages).toEqual(first.json().alertMessages);
    const raised = await w.alerts();
    expect(raised.map((a) => [a.kind, a.logTypeId, a.grade, a.logCount])).toEqual([
      ["temperature", null, null, 1],
      ["symptom", FEVER, 2, 1],
    ]);
    expect(raised[0]!.temperature).toBe(38.61);
    expect(raised[0]!.patientName).toBe("Grace Hopper");
    expect(raised[0]!.patientDob).toBe("1961-04-12");
    // Each new alert is announced by a job its upload enqueued in the same statement: audited as
    // raised by the patient, its escalation planned, the team e-mailed.
    expect(await w.audit("alert.raise")).toEqual([]);
    await t.runJobs();
    const raiseEntries = await w.audit("alert.raise");
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
    const w = await heartWithGrace();
    await withFirstUpload(w);
    await t.runJobs();
    const mails = (await t.mailsTo(w.email.nurse)).filter((m) => m.subject === "OpenPRO: a new patient alert");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).toContain("http://openpro.test/alerts?projectId=");
      expect(mail.textBody).not.toMatch(/Grace|Hopper|grace@|Fever|Northbridge|38\.6/);
    }
    expect((await t.mailsTo(w.email.admin)).filter((m) => m.subject.includes("alert"))).toHaveLength(0);
  });

  it("attaches repeated logs of the same symptom to the open alert, keeping the worst grade", async () => {
    const w = await heartWithGrace();
    await withFirstUpload(w);
    t.clock.advanceSeconds(60);
    const again = await w.upload([w.symptom(FEVER, 4), w.symptom(FEVER, 1), w.symptom(NAUSEA, 3)]);
    expect(again.statusCode).toBe(200);
    const raised = await w.alerts();
    const fever = raised.find((a) => a.logTypeId === FEVER)!;
    expect(fever).toMatchObject({ grade: 4, logCount: 2, status: "open" });
    expect(fever.logIds).toHaveLength(2);
    // The upload's own audit entry names the alert its logs were attached to.
    expect((await w.lastUploadAudit()).details).toMatchObject({
      alertsAttached: { alertIds: [fever.alertId], logs: 1 },
    });
    // Most severe first: Fever 4, then the grade-3 Nausea and temperature alerts, newest first.
    expect(raised.map((a) => a.logTypeId ?? a.kind)).toEqual([FEVER, NAUSEA, "temperature"]);
    expect(await openAlertCount(t.ctx.db, w.heart)).toBe(3);
    const enrolment = await t.ctx.db
      .selectFrom("programPatients")
      .select("openAlertCount")
      .where("userId", "=", w.graceId)
      .executeTakeFirstOrThrow();
    expect(enrolment.openAlertCount).toBe(3);
    expect(
      (await t.request({ method: "GET", url: "/api/v1/admin/alerts/count", token: w.nurse.token })).json(),
    ).toEqual({
      open: 3,
    });
  });

  it("attaches only the logs an upload creates, keeping the temperature farthest from 37 °C", async () => {
    const w = await heartWithGrace();
    await withFirstUpload(w);
    const temperature = (value: number) => ({
      clientId: randomUUID(),
      logClass: "TEMPERATURE",
      date: w.at(),
      value,
      unit: "C",
    });
    const temperatureAlert = async () => (await w.alerts()).find((a) => a.kind === "temperature")!;
    const before = await temperatureAlert();
    const [high, low] = [temperature(39), temperature(34.5)];
    expect((await w.upload([high, low])).statusCode).toBe(200);
    expect(await temperatureAlert()).toMatchObject({ logCount: before.logCount + 2, temperature: 34.5 });
    // The app sends the two again with a third: only the third is new, only it attaches.
    const third = temperature(38.5);
    expect((await w.upload([high, low, third])).statusCode).toBe(200);
    const after = await temperatureAlert();
    expect(after).toMatchObject({ alertId: before.alertId, logCount: before.logCount + 3, temperature: 34.5 });
    expect(after.logIds).toHaveLength(before.logIds.length + 3);
    expect((await w.lastUploadAudit()).details).toMatchObject({
      created: 1,
      duplicates: 2,
      alertsAttached: { alertIds: [before.alertId], logs: 1 },
    });
  });

  it("shows alerts only to those who may see the program's patients", async () => {
    const w = await heartWithGrace();
    await w.addAnalyst();
    await withFirstUpload(w);
    const outsider = (await signIn(t, outsiderEmail)).accessToken;
    expect((await w.list(w.analyst.token)).statusCode).toBe(403);
    expect((await w.list(outsider)).json()).toEqual({ results: [], totalCount: 0 });
    expect((await w.list(outsider, `?projectId=${w.heart}`)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/v1/admin/alerts" })).statusCode).toBe(401);
    const fever = (await w.alerts()).find((a) => a.logTypeId === FEVER)!;
    const foreign = await t.request({
      method: "POST",
      url: w.alertUrl(fever.alertId, "take", lakeside),
      token: outsider,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongProgram = await t.request({
      method: "POST",
      url: w.alertUrl(fever.alertId, "take", lakeside),
      token: w.admin.token,
    });
    expect(wrongProgram.statusCode).toBe(404);
  });

  it("is taken once, its logs acknowledged, and closed with an action; the times are recorded", async () => {
    const w = await heartWithGrace();
    await w.addAnalyst();
    const fever = await withThreeOpenAlerts(w);
    const { alertUrl, nurse, admin, analyst } = w;
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
    await w.signInAll();
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
    expect((await w.audit("alert.close")).length).toBe(1);
    expect(await openAlertCount(t.ctx.db, w.heart)).toBe(2);
  });

  it("raises a new alert after the last one closed; parallel uploads still make only one", async () => {
    const w = await heartWithGrace();
    const [a, b] = await withFeverClosedAndRaisedAgain(w);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const fevers = (await w.alerts()).filter((x) => x.logTypeId === FEVER);
    expect(fevers.map((f) => [f.status, f.logCount])).toEqual([
      ["open", 2],
      ["closed", 2],
    ]);
  });

  it("filters the queue by program, status and owner", async () => {
    const w = await heartWithGrace();
    await withFeverClosedAndRaisedAgain(w);
    const { alerts } = w;
    expect((await alerts("?status=closed")).map((a) => a.logTypeId)).toEqual([FEVER]);
    expect((await alerts(`?projectId=${w.heart}&status=open`)).length).toBe(3);
    expect((await alerts("?owner=me")).map((a) => a.status)).toEqual(["closed"]);
    expect((await alerts("?owner=unassigned")).length).toBe(3);
    expect((await w.list(w.nurse.token, "?status=lost")).statusCode).toBe(422);
  });

  it("escalates an alert still Open after the program's delay to its admins, once", async () => {
    const w = await heartWithGrace();
    await withFeverClosedAndRaisedAgain(w);
    await w.signInAll();
    const escalations = async () =>
      (await t.mailsTo(w.email.admin)).filter((m) => m.subject === "OpenPRO: an alert is still open");
    const settings = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${w.heart}/alert-settings`,
      token: w.admin.token,
    });
    expect(settings.json()).toMatchObject({ escalationMinutes: 60 });
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
    await w.signInAll();
    const fever = (await w.alerts("?status=open")).find((x) => x.logTypeId === FEVER)!;
    await t.request({ method: "POST", url: w.alertUrl(fever.alertId, "take"), token: w.nurse.token });
    t.clock.advanceSeconds(60 * 60);
    await t.runJobs();
    expect(await escalations()).toHaveLength(2);
    expect((await w.audit("alert.escalate")).length).toBe(2);
  });

  it("lets the program's escalation delay be changed with the edit permission only", async () => {
    const w = await heartWithGrace();
    const { heart, admin, nurse } = w;
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
    expect(saved.json()).toMatchObject({ escalationMinutes: 30 });
    const foreign = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${lakeside}/alert-settings`,
      token: admin.token,
    });
    expect(foreign.statusCode).toBe(404);
    // A new alert escalates after 30 minutes.
    await w.upload([w.symptom(HEADACHE, 4)]);
    const before = (await t.mailsTo(w.email.admin)).length;
    t.clock.advanceSeconds(31 * 60);
    await t.runJobs();
    expect((await t.mailsTo(w.email.admin)).length).toBe(before + 1);
  });
});
