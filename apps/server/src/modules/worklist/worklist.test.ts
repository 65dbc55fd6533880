import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { insertLog } from "../../../test/patient-data.js";
import {
  acceptInvite,
  addPatient,
  auditRows,
  giveConsent,
  newPatient,
  patientLogin,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

interface Row {
  patientId: string;
  patientName: string;
  reasons: { reason: string; since: string }[];
  quietSince: string;
  lastLogAt: string | null;
  lastContact: { outcome: string; note: string | null; contactedBy: { name: string } | null } | null;
  careTeamPhone: string | null;
}

/**
 * Each story's world (quietHeart): Northbridge Heart (UK) enrols four patients on 1 February 2026,
 * who all consent that day. By 12 March: Alan never opened the app; Grace logged every day to
 * 26 February, then twice; Ada logs every day but missed the questionnaire that closed on 5 March;
 * Ben logs every day. Lena is Lakeside's patient. Each story has its own organisations, staff and
 * patients (numbered names, e-mail domains of its own), so it runs alone and in any order.
 */
describe("the worklist of patients gone quiet", () => {
  let t: TestApp;
  let story = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const day = (d: string, time = "09:00:00Z") => `${d}T${time}`;
  const eachDay = (from: string, to: string) => {
    const days: string[] = [];
    for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
      days.push(d.toISOString().slice(0, 10));
    return days;
  };

  /** The story's world at noon on 12 March 2026 (see above), with its staff signed in. */
  const quietHeart = async () => {
    const n = ++story;
    const clinic = uniqueMailDomain("clinic");
    const lakesideMail = uniqueMailDomain("lakeside");
    const patientsMail = uniqueMailDomain("patients");
    const tokens: Record<string, string> = {};
    const ids: Record<string, string> = {};
    t.clock.set("2026-02-01T10:00:00Z");
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const lakesideOrg = await insertOrganisation(t, `Lakeside ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: `Lakeside Oncology ${n}` });
    await t.ctx.db
      .insertInto("careTeamContacts")
      .values({
        programId: heart,
        careTeamName: "Heart nurses",
        generalGuidance: "Call us",
        hoursOfOperation: "9-5",
        contactPhones: ["+44 20 7946 0018"],
        contactEmails: [],
        position: 0,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .execute();
    const staff = {
      admin: `cara@${clinic}`,
      nurse: `nia@${clinic}`,
      clerk: `carl@${clinic}`,
      outsider: `omar@${lakesideMail}`,
    } as const;
    const admin = await staffSession(t, { email: staff.admin, role: "clinical_project_admin" });
    await addToOrganisation(t, admin.id, northbridge, "clinical_project_admin");
    const nurse = await staffSession(t, {
      email: staff.nurse,
      role: "clinician_team_member",
      firstName: "Nia",
      lastName: "Okafor",
    });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    const clerk = await staffSession(t, { email: staff.clerk, role: "clinician_team_member" });
    await addToOrganisation(t, clerk.id, northbridge, "clinician_team_member");
    await changePermissions(t, clerk.id, { revoke: ["view_project_users"] });
    const outsider = await staffSession(t, { email: staff.outsider, role: "clinical_project_admin" });
    await addToOrganisation(t, outsider.id, lakesideOrg, "clinical_project_admin");
    /** The staff sign in (again: days apart, their sessions have ended). */
    const signInStaff = async () => {
      for (const [key, email] of Object.entries(staff)) tokens[key] = (await signIn(t, email)).accessToken;
    };
    await signInStaff();

    for (const [key, first, last, programId, token] of [
      ["alan", "Alan", "Turing", heart, tokens.admin!],
      ["grace", "Grace", "Hopper", heart, tokens.admin!],
      ["ada", "Ada", "Lovelace", heart, tokens.admin!],
      ["ben", "Ben", "Okri", heart, tokens.admin!],
      ["lena", "Lena", "Lake", lakeside, tokens.outsider!],
    ] as const) {
      const email = `${key}@${patientsMail}`;
      const added = await addPatient(t, token, newPatient(programId, { firstName: first, lastName: last, email }));
      expect(added.statusCode).toBe(201);
      const patientToken = await acceptInvite(t, email, { firstName: first, lastName: last });
      expect((await giveConsent(t, patientToken, programId)).statusCode).toBe(200);
      ids[key] = await userIdOf(t, email);
    }
    // Everyone but Alan signs in to the app after consenting.
    t.clock.set("2026-02-01T18:00:00Z");
    for (const key of ["grace", "ada", "ben", "lena"])
      expect((await patientLogin(t, `${key}@${patientsMail}`)).statusCode).toBe(200);
    const logOn = async (patient: string, days: string[]) => {
      for (const d of days)
        await insertLog(
          t,
          { programId: heart, patientId: ids[patient]! },
          { logClass: "SYMPTOMS", at: day(d), logTypeId: "10028813", grade: 1 },
        );
    };
    await logOn("grace", [...eachDay("2026-02-02", "2026-02-26"), "2026-02-28", "2026-03-10"]);
    await logOn("ada", eachDay("2026-02-02", "2026-03-12"));
    await logOn("ben", eachDay("2026-02-02", "2026-03-12"));
    const schedule = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    const event = { programId: heart, patientId: ids.ada!, scheduleId: schedule, questionnaireTypeId: EQ5D_TYPE_ID };
    await insertQuestionnaireEvent(t, { ...event, occurrence: 1, dueDate: "2026-02-22", state: "MISSED" });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 2, dueDate: "2026-02-26", state: "COMPLETED" });
    await insertQuestionnaireEvent(t, { ...event, occurrence: 3, dueDate: "2026-03-05", state: "MISSED" });

    const worklist = (token = tokens.nurse!, programId = heart) =>
      t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/worklist`, token });
    const rows = async () => {
      const response = await worklist();
      expect(response.statusCode).toBe(200);
      return response.json().results as Row[];
    };
    const world = {
      heart,
      tokens,
      ids,
      worklist,
      rows,
      row: async (name: string) => (await rows()).find((r) => r.patientName.startsWith(name)),
      contact: (patient: string, payload: unknown, token = tokens.nurse!, programId = heart) =>
        t.request({
          method: "POST",
          url: `/api/v1/admin/projects/${programId}/worklist/${ids[patient]}/contacts`,
          token,
          payload: payload as Record<string, unknown>,
        }),
      contacts: (patient: string, token = tokens.nurse!, programId = heart) =>
        t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}/users/${ids[patient]}/contacts`, token }),
      /** The contacts recorded in this story's programs. */
      recordedContacts: () =>
        t.ctx.db.selectFrom("worklistContacts").selectAll().where("programId", "in", [heart, lakeside]).execute(),
      /** This story's audit rows of one action. */
      audited: async (action: string) =>
        (await auditRows(t, action)).filter((r) => r.programId === heart || r.programId === lakeside),
      /** The clock moves on; the staff sign in again. */
      moveTo: async (instant: string) => {
        t.clock.set(instant);
        await signInStaff();
      },
      setQuietDays: (quietDays: number, token = tokens.admin!) =>
        t.request({
          method: "PUT",
          url: `/api/v1/admin/projects/${heart}/worklist-settings`,
          token,
          payload: { quietDays },
        }),
    };
    await world.moveTo("2026-03-12T12:00:00Z");
    return world;
  };
  const countFor = (token: string) => t.request({ method: "GET", url: "/api/v1/admin/worklist/count", token });

  it("lists who has gone quiet, longest first: the reason, since when, the last log, the last contact, the care-team phone", async () => {
    const w = await quietHeart();
    const list = await w.rows();
    expect(list.map((r) => [r.patientName, r.reasons])).toEqual([
      ["Alan Turing", [{ reason: "never_opened", since: "2026-02-01" }]],
      ["Grace Hopper", [{ reason: "reporting_dropped", since: "2026-02-27" }]],
      // The questionnaire missed before her last completed one does not count.
      ["Ada Lovelace", [{ reason: "missed_questionnaire", since: "2026-03-05" }]],
    ]);
    const grace = list[1]!;
    expect(grace.quietSince).toBe("2026-02-27");
    expect(grace.lastLogAt).toBe("2026-03-10T09:00:00.000Z");
    expect(grace.lastContact).toBeNull();
    expect(grace.careTeamPhone).toBe("+44 20 7946 0018");
    expect(list[0]!.lastLogAt).toBeNull();
    expect((await w.worklist()).json().totalCount).toBe(3);
    const audit = await w.audited("worklist.list");
    expect(audit.at(-1)).toMatchObject({ programId: w.heart, outcome: "success" });
  });

  it("counts the patients on the worklists of the caller's programs for the side menu", async () => {
    const w = await quietHeart();
    expect((await countFor(w.tokens.nurse!)).json()).toEqual({ quiet: 3 });
    // Lakeside's admin: Lena signed in and consented today weeks ago but never logged: no log for 7 days.
    expect((await countFor(w.tokens.outsider!)).json()).toEqual({ quiet: 1 });
  });

  it("refuses a team member without the participant-list permission, and answers 404 for another program's worklist or patient", async () => {
    const w = await quietHeart();
    const { clerk, outsider } = w.tokens;
    expect((await w.worklist(clerk)).statusCode).toBe(403);
    expect((await w.contact("grace", { outcome: "called" }, clerk)).statusCode).toBe(403);
    expect((await countFor(clerk!)).statusCode).toBe(403);
    expect((await w.worklist(outsider)).statusCode).toBe(404);
    expect((await w.contact("grace", { outcome: "called" }, outsider)).statusCode).toBe(404);
    expect((await w.contacts("grace", outsider)).statusCode).toBe(404);
    // Lena is Lakeside's: not found through Heart, even for Heart's nurse.
    expect((await w.contact("lena", { outcome: "called" })).statusCode).toBe(404);
    expect((await w.contacts("lena")).statusCode).toBe(404);
    expect(await w.recordedContacts()).toEqual([]);
  });

  it("refuses a contact without an outcome or with a note too long, with the message on the field, recording nothing", async () => {
    const w = await quietHeart();
    const missing = await w.contact("grace", { note: "Rang twice" });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing)).toEqual([{ field: "outcome", message: messages.worklistContactOutcomeRequired }]);
    const unknown = await w.contact("grace", { outcome: "emailed" });
    expect(fieldErrors(unknown)).toEqual([{ field: "outcome", message: messages.worklistContactOutcomeRequired }]);
    const long = await w.contact("grace", { outcome: "called", note: "x".repeat(1001) });
    expect(fieldErrors(long)).toEqual([{ field: "note", message: messages.maxLength(1000) }]);
    expect(await w.recordedContacts()).toEqual([]);
  });

  it("takes the patient off the list after a recorded call, audited and on the dashboard, until quiet again", async () => {
    const w = await quietHeart();
    const recorded = await w.contact("alan", { outcome: "called", note: "Phone was new; installing the app tonight" });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      outcome: "called",
      note: "Phone was new; installing the app tonight",
      contactedAt: "2026-03-12T12:00:00.000Z",
      contactedBy: { name: "Nia Okafor" },
    });
    expect((await w.rows()).map((r) => r.patientName)).toEqual(["Grace Hopper", "Ada Lovelace"]);
    expect(await w.audited("worklist.contact")).toEqual([
      expect.objectContaining({ programId: w.heart, patientId: w.ids.alan, outcome: "success" }),
    ]);
    const card = await w.contacts("alan");
    expect(card.statusCode).toBe(200);
    expect(card.json().results).toEqual([
      expect.objectContaining({ outcome: "called", contactedBy: expect.objectContaining({ name: "Nia Okafor" }) }),
    ]);

    // Two days on, Alan still has not opened the app: a new quiet period, since the call.
    await w.moveTo("2026-03-13T12:00:00Z");
    expect(await w.row("Alan")).toBeUndefined();
    await w.moveTo("2026-03-14T12:00:00Z");
    expect((await w.row("Alan"))?.reasons).toEqual([{ reason: "never_opened", since: "2026-03-12" }]);
    expect((await w.row("Alan"))?.lastContact).toMatchObject({ outcome: "called" });
  });

  it("uses the program's N for no log, set by those who set the alert thresholds", async () => {
    const w = await quietHeart();
    // Grace last logged on 10 March: at N = 7, 17 March is her seventh day without a log.
    await w.moveTo("2026-03-16T12:00:00Z");
    expect((await w.row("Grace"))?.reasons.map((r) => r.reason)).toEqual(["reporting_dropped"]);
    await w.moveTo("2026-03-17T12:00:00Z");
    expect((await w.row("Grace"))?.reasons).toContainEqual({ reason: "no_log", since: "2026-03-11" });
    expect(fieldErrors(await w.setQuietDays(1))).toEqual([
      { field: "quietDays", message: messages.worklistQuietDaysInvalid },
    ]);
    expect((await w.setQuietDays(10, w.tokens.nurse)).statusCode).toBe(403);
    expect((await w.setQuietDays(10)).json()).toEqual({ quietDays: 10 });
    expect((await w.row("Grace"))?.reasons.map((r) => r.reason)).toEqual(["reporting_dropped"]);
  });

  it("lists nobody after withdrawal, nor after the program's end", async () => {
    const w = await quietHeart();
    const withdrawn = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${w.heart}/users/${w.ids.grace}/consent`,
      token: w.tokens.admin!,
      payload: { consentGiven: false },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await w.rows()).map((r) => r.patientName)).not.toContain("Grace Hopper");
    expect((await w.rows()).length).toBeGreaterThan(0);
    await setProgram(t, w.heart, { endedAt: new Date("2026-03-11T17:00:00Z") });
    expect(await w.rows()).toEqual([]);
  });
});
