import { messages } from "@openpro/core";
import { describe, expect, it, onTestFinished } from "vitest";
import { consentedPatient, giveConsent, setProgram, signInPatient } from "../../../test/patients.js";
import { insertWeeklyCheckIn } from "../../../test/questionnaires.js";
import { heartWithNurse } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Issue 30 §4: after withdrawal or the program's end the patient app listed questionnaires as due
 * that answering then refused ("This questionnaire can no longer be answered"), and the care team
 * still saw upcoming sends. Each patient here has a weekly questionnaire delivered and due.
 */
describe("after withdrawal or the program's end, nothing is due and nothing is upcoming", () => {
  /**
   * Each story's world, a platform of its own (delivery runs over the whole platform), closed when
   * the story ends; at 09:00 on 2 March 2026: "Northbridge Heart" with nurse Nia, and Grace and Wendy,
   * both consented today, whose weekly check-in (4 sends, a 3-day window) the jobs delivered: one due each.
   */
  const heartWithGraceAndWendy = async () => {
    const t: TestApp = await createTestApp();
    onTestFinished(() => t.close());
    t.clock.set("2026-03-02T09:00:00Z");
    const { heart, nurse: staff } = await heartWithNurse(t);
    const ids: Record<string, string> = {};
    for (const [firstName, email] of [
      ["Grace", "grace@patients.test"],
      ["Wendy", "wendy@patients.test"],
    ] as const) {
      ids[firstName] = (await consentedPatient(t, staff.token, heart, { firstName, email })).userId;
    }
    const checkInId = await insertWeeklyCheckIn(t, heart);
    const api = (method: "GET" | "POST" | "PATCH", url: string, token: string, payload?: object) =>
      t.request({ method, url, token, ...(payload ? { payload } : {}) });
    const scheduled = await api("POST", `/api/v1/admin/projects/${heart}/questionnaires/schedules`, staff.token, {
      audience: "all",
      type: "questionnaire",
      scheduleType: "recurring",
      sendDateType: "consent_date",
      questionnaireTypeId: checkInId,
      startDay: 0,
      frequency: 7,
      numberToSend: 4,
      responseWindow: 3,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await t.runJobs();
    const nurse = { token: staff.token, email: staff.email };
    const patientToken = (email: string) => signInPatient(t, email);
    return {
      t,
      heart,
      ids,
      nurse,
      api,
      patientToken,
      dueFor: async (email: string, programId = heart) =>
        (await api("GET", `/api/v1/user/projects/${programId}/questionnaire-events`, await patientToken(email))).json(),
      upcomingFor: async (userId: string, programId = heart) =>
        (
          await api(
            "GET",
            `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/scheduled-questionnaires`,
            nurse.token,
          )
        ).json(),
    };
  };

  it("lists the questionnaire as due and the next sends while the patient takes part", async () => {
    const { ids, dueFor, upcomingFor } = await heartWithGraceAndWendy();
    expect((await dueFor("grace@patients.test")).due).toHaveLength(1);
    expect((await upcomingFor(ids.Grace!)).upcoming.length).toBeGreaterThan(0);
  });

  it("lists none as due and no upcoming send once the patient withdraws", async () => {
    const { t, heart, ids, api, patientToken, dueFor, upcomingFor } = await heartWithGraceAndWendy();
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
    const { t, heart, ids, nurse, dueFor, upcomingFor } = await heartWithGraceAndWendy();
    await setProgram(t, heart, { endedAt: t.clock.now() });
    nurse.token = (await signIn(t, nurse.email)).accessToken;
    expect((await dueFor("grace@patients.test")).due).toEqual([]);
    expect((await upcomingFor(ids.Grace!)).upcoming).toEqual([]);
  });
});
