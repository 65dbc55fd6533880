import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  newPatient,
  patientLogin,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/** A custom questionnaire of one question (our own words). */
const checkIn = {
  title: "Weekly check-in",
  questions: [
    { id: "ok", index: 1, title: "How was your week?", type: "freeText", section: "Week", required: false, data: {} },
  ],
};

/**
 * Issue 30 §4: after withdrawal or the program's end the patient app listed questionnaires as due
 * that answering then refused ("This questionnaire can no longer be answered"), and the care team
 * still saw upcoming sends. Each patient here has a weekly questionnaire delivered and due.
 */
describe("after withdrawal or the program's end, nothing is due and nothing is upcoming", () => {
  let t: TestApp;
  let nurse: string;
  let heart: string;
  const ids: Record<string, string> = {};

  const api = (method: "GET" | "POST" | "PATCH", url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const patientToken = async (email: string) => (await patientLogin(t, email)).json().accessToken as string;
  const dueFor = async (email: string, programId = heart) =>
    (await api("GET", `/api/v1/user/projects/${programId}/questionnaire-events`, await patientToken(email))).json();
  const upcomingFor = async (userId: string, programId = heart) =>
    (
      await api("GET", `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/scheduled-questionnaires`, nurse)
    ).json();

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-02T09:00:00Z");
    const organisation = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: organisation, name: "Northbridge Heart" });
    const staff = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, staff.id, organisation, "clinician_team_member");
    for (const [firstName, email] of [
      ["Grace", "grace@patients.test"],
      ["Wendy", "wendy@patients.test"],
    ] as const) {
      expect((await addPatient(t, staff.token, newPatient(heart, { firstName, email }))).statusCode).toBe(201);
      expect((await giveConsent(t, await acceptInvite(t, email), heart)).statusCode).toBe(200);
      ids[firstName] = await userIdOf(t, email);
    }
    const [type] = await t.ctx.db
      .insertInto("questionnaireTypes")
      .values({
        programId: heart,
        kind: "custom",
        code: null,
        name: "Weekly check-in",
        specification: JSON.stringify(checkIn),
      })
      .returning("id")
      .execute();
    const scheduled = await api("POST", `/api/v1/admin/projects/${heart}/questionnaires/schedules`, staff.token, {
      audience: "all",
      type: "questionnaire",
      scheduleType: "recurring",
      sendDateType: "consent_date",
      questionnaireTypeId: type!.id,
      startDay: 0,
      frequency: 7,
      numberToSend: 4,
      responseWindow: 3,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await t.runJobs();
    nurse = staff.token;
  });
  afterAll(() => t.close());

  it("lists the questionnaire as due and the next sends while the patient takes part", async () => {
    expect((await dueFor("grace@patients.test")).due).toHaveLength(1);
    expect((await upcomingFor(ids.Grace!)).upcoming.length).toBeGreaterThan(0);
  });

  it("lists none as due and no upcoming send once the patient withdraws", async () => {
    const wendy = await patientToken("wendy@patients.test");
    expect((await giveConsent(t, wendy, heart, false)).statusCode).toBe(200);
    const { due, past } = await dueFor("wendy@patients.test");
    expect(due).toEqual([]);
    // The questionnaire is still there to see, not to answer: the answer endpoint agrees.
    expect(past).toHaveLength(1);
    const answer = await api(
      "POST",
      `/api/v1/user/projects/${heart}/questionnaire-events/${past[0].id}/answers`,
      await patientToken("wendy@patients.test"),
      { answers: [{ questionId: "ok", value: "fine" }], submit: true },
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(messages.qsEventClosed);
    const schedule = await upcomingFor(ids.Wendy!);
    expect(schedule.upcoming).toEqual([]);
    expect(schedule.results.every((s: { scheduledEvents: string[] }) => s.scheduledEvents.length === 0)).toBe(true);
  });

  it("lists none as due and no upcoming send once the program has ended", async () => {
    await setProgram(t, heart, { endedAt: t.clock.now() });
    nurse = (await signIn(t, "nia@clinic.test")).accessToken;
    expect((await dueFor("grace@patients.test")).due).toEqual([]);
    expect((await upcomingFor(ids.Grace!)).upcoming).toEqual([]);
  });
});
