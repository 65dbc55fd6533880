import { randomUUID } from "node:crypto";
import { hardcodedTypeIds } from "@openpro/core";
import ExcelJS from "exceljs";
import { describe, expect, it, onTestFinished } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  addPatient,
  auditRows,
  consentedPatient,
  newPatient,
  signInPatient,
  userIdOf,
} from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { runDelivery } from "./service.js";

const EQ5D = hardcodedTypeIds.EQ5D;

/** A custom questionnaire with one branch: "no" to pain skips the pain score. */
const painScheme = {
  title: "Pain check",
  questions: [
    {
      id: "pain",
      index: 1,
      title: "Any pain today?",
      type: "choice",
      section: "Pain",
      required: true,
      data: {
        answers: [
          { label: "Yes", value: "yes" },
          { label: "No", value: "no", nextQuestion: "sleep" },
        ],
      },
    },
    {
      id: "score",
      index: 2,
      title: "How bad (0-10)?",
      type: "range",
      section: "Pain",
      required: true,
      data: { min: 0, max: 10 },
    },
    { id: "sleep", index: 3, title: "Anything else?", type: "freeText", section: "Other", required: false, data: {} },
  ],
};

const eq5dAnswers = (level = 1) => [
  { questionId: "MO", value: level },
  { questionId: "SC", value: level },
  { questionId: "UA", value: level },
  { questionId: "PD", value: level },
  { questionId: "AD", value: level },
  { questionId: "VAS", value: 80 },
];

describe("questionnaires: schedules, the delivery engine, the patients' answers and the results", () => {
  /**
   * Each story's world, a platform of its own (the delivery engine's runs and their reports span the
   * platform), closed when the story ends; at 09:00 on 2 March 2026: Northbridge Health runs
   * "Northbridge Heart", with nurse Nia, admin Ada and a life-sciences analyst Lee; Lakeside runs
   * "Lakeside Oncology", with its nurse Omar. Grace (consented today) and Alan (invited only) are in
   * Heart, Lena (consented) in Lakeside; each program has its own custom "Pain check" (Lakeside's is
   * "Lake form"), with one branch. Everyone is signed in (`tok`).
   */
  const heartAndLakeside = async () => {
    const t: TestApp = await createTestApp();
    onTestFinished(() => t.close());
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakesideOrg = await insertOrganisation(t, "Lakeside");
    const heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: "Lakeside Oncology" });
    const nurse = await organisationStaff(t, northbridge, { email: "nia@clinic.test", role: "clinician_team_member" });
    const admin = await organisationStaff(t, northbridge, { email: "ada@clinic.test", role: "clinical_project_admin" });
    const analyst = await organisationStaff(t, northbridge, {
      email: "lee@pharma.test",
      role: "life_sciences_team_member",
    });
    const outsider = await organisationStaff(t, lakesideOrg, {
      email: "omar@lakeside.test",
      role: "clinician_team_member",
    });
    const grace = await consentedPatient(t, nurse.token, heart, { firstName: "Grace", email: "grace@patients.test" });
    const alan = newPatient(heart, { firstName: "Alan", email: "alan@patients.test" });
    expect((await addPatient(t, nurse.token, alan)).statusCode).toBe(201);
    const lena = await consentedPatient(t, outsider.token, lakeside, {
      firstName: "Lena",
      email: "lena@patients.test",
    });
    const tok: Record<string, string> = {
      nurse: nurse.token,
      admin: admin.token,
      analyst: analyst.token,
      outsider: outsider.token,
      grace: grace.token,
      lena: lena.token,
    };
    const custom = await t.ctx.db
      .insertInto("questionnaireTypes")
      .values([
        { programId: heart, kind: "custom", code: null, name: "Pain check", specification: JSON.stringify(painScheme) },
        {
          programId: lakeside,
          kind: "custom",
          code: null,
          name: "Lake form",
          specification: JSON.stringify(painScheme),
        },
      ])
      .returning("id")
      .execute();
    const graceId = grace.userId;
    const signInAll = async () => {
      tok.nurse = (await signIn(t, "nia@clinic.test")).accessToken;
      tok.admin = (await signIn(t, "ada@clinic.test")).accessToken;
      tok.analyst = (await signIn(t, "lee@pharma.test")).accessToken;
      tok.outsider = (await signIn(t, "omar@lakeside.test")).accessToken;
      tok.grace = await signInPatient(t, "grace@patients.test");
      tok.lena = await signInPatient(t, "lena@patients.test");
    };
    return {
      t,
      tok,
      heart,
      lakeside,
      graceId,
      alanId: await userIdOf(t, "alan@patients.test"),
      painTypeId: custom[0]!.id,
      lakesideTypeId: custom[1]!.id,
      api: (method: "GET" | "POST" | "DELETE", url: string, who: string | undefined, payload?: object) =>
        t.request({ method, url, ...(who ? { token: who } : {}), ...(payload ? { payload } : {}) }),
      schedulesUrl: (programId = heart) => `/api/v1/admin/projects/${programId}/questionnaires/schedules`,
      patientUrl: (programId = heart, userId = graceId) =>
        `/api/v1/pro-dashboard/projects/${programId}/users/${userId}`,
      myUrl: (programId = heart) => `/api/v1/user/projects/${programId}/questionnaire-events`,
      mailsOf: async (email: string, kind: "due" | "reminder") =>
        (await t.mailsTo(email)).filter((m) =>
          kind === "due" ? /^You have .* to complete/.test(m.subject) : m.subject.startsWith("Reminder: "),
        ),
      eventsOf: (patientId: string) =>
        t.ctx.db
          .selectFrom("questionnaireEvents")
          .selectAll()
          .where("patientId", "=", patientId)
          .orderBy("dueDate")
          .execute(),
      /** Moves the clock; everyone signs in again. */
      moveTo: async (iso: string) => {
        t.clock.set(iso);
        await signInAll();
      },
    };
  };
  type World = Awaited<ReturnType<typeof heartAndLakeside>>;

  const weeklyEq5d = {
    audience: "all",
    type: "hardcoded",
    scheduleType: "recurring",
    sendDateType: "consent_date",
    questionnaireTypeId: EQ5D,
    // The entered day 1, sent minus 1.
    startDay: 0,
    frequency: 7,
    numberToSend: 3,
    responseWindow: 3,
  };

  /** The nurse schedules the weekly EQ-5D for every patient of Heart (from the consent day, 3 sends); its id. */
  const withWeeklyEq5d = async (w: World) => {
    const created = await w.api("POST", w.schedulesUrl(), w.tok.nurse, weeklyEq5d);
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  };

  /** …and the jobs ran: Grace's first EQ-5D is due today (2 March); the event. */
  const withFirstEq5dDue = async (w: World) => {
    const weeklyId = await withWeeklyEq5d(w);
    await w.t.runJobs();
    const [due] = (await w.eventsOf(w.graceId)).filter((e) => e.scheduleId === weeklyId);
    return { weeklyId, due: due! };
  };

  /** …and Grace answered it at level 2 throughout (VAS 80) and submitted it. */
  const withFirstEq5dAnswered = async (w: World) => {
    const first = await withFirstEq5dDue(w);
    const done = await w.api("POST", `${w.myUrl()}/${first.due.id}/answers`, w.tok.grace, {
      answers: eq5dAnswers(2),
      submit: true,
      clientId: randomUUID(),
    });
    expect(done.statusCode).toBe(200);
    return first;
  };

  /**
   * …and a week on, the second EQ-5D (9 March) went unanswered: reminded on the 11th, missed on the
   * 12th; the clock now reads 00:30 on 16 March.
   */
  const withSecondMissed = async (w: World) => {
    const first = await withFirstEq5dAnswered(w);
    for (const at of ["2026-03-09T01:00:00Z", "2026-03-11T00:30:00Z", "2026-03-12T00:30:00Z"]) {
      w.t.clock.set(at);
      await runDelivery(w.t.ctx);
    }
    await w.moveTo("2026-03-16T00:30:00Z");
    return first;
  };

  /** Grace's own daily "Pain check" from 17 March: 30 sends, a 2-day window. */
  const dailyPainCheck = (w: World) => ({
    audience: "user",
    userId: w.graceId,
    type: "questionnaire",
    questionnaireTypeId: w.painTypeId,
    sendDateType: "specific_date",
    startDate: "2026-03-17",
    frequency: 1,
    numberToSend: 30,
    responseWindow: 2,
  });

  /**
   * From 00:30 on 16 March, the nurse gave Grace her own daily "Pain check" from the 17th (30 sends, a
   * 2-day window); the server was then down until 08:00 on the 28th, when delivery ran: today's is due.
   */
  const withDailyPainCheck = async (w: World) => {
    await w.moveTo("2026-03-16T00:30:00Z");
    const daily = await w.api("POST", w.schedulesUrl(), w.tok.nurse, dailyPainCheck(w));
    expect(daily.statusCode).toBe(201);
    await w.moveTo("2026-03-28T08:00:00Z");
    await runDelivery(w.t.ctx);
    const [today] = (await w.eventsOf(w.graceId)).filter(
      (e) => e.questionnaireTypeId === w.painTypeId && e.dueDate === "2026-03-28",
    );
    return today!;
  };

  /** …and Grace answered today's "no" pain, and submitted it. */
  const withPainAnsweredNo = async (w: World) => {
    const today = await withDailyPainCheck(w);
    const done = await w.api("POST", `${w.myUrl()}/${today.id}/answers`, w.tok.grace, {
      answers: [{ questionId: "pain", value: "no" }],
      submit: true,
      clientId: randomUUID(),
    });
    expect(done.statusCode).toBe(200);
  };

  it("schedules a licensed questionnaire for every patient of the program, within the form's bounds", async () => {
    const w = await heartAndLakeside();
    const { t, tok, lakesideTypeId, api, schedulesUrl } = w;
    const before = (await api("GET", schedulesUrl(), tok.nurse)).json().totalCount;
    for (const [change, field, message] of [
      [{ startDay: -1 }, "startDay", "Please enter a value greater than 0"],
      [{ responseWindow: 15 }, "responseWindow", "Please enter a value between 1 and 14"],
      [{ responseWindow: 2.5 }, "responseWindow", "Please enter a whole number"],
      [{ frequency: 1, numberToSend: 1 }, "numberToSend", "Please enter a value between 2 and 100"],
      [{ numberToSend: 101 }, "numberToSend", "Please enter a value between 1 and 100"],
      [{ instructionsForPatient: "x".repeat(151) }, "instructionsForPatient", "Maximum 150 characters allowed"],
      [
        { questionnaireTypeId: lakesideTypeId, type: "questionnaire" },
        "questionnaireTypeId",
        "This questionnaire is not available in this program",
      ],
      [{ questionnaireTypeId: undefined }, "questionnaireTypeId", "Please choose a questionnaire to schedule"],
    ] as const) {
      const response = await api("POST", schedulesUrl(), tok.nurse, { ...weeklyEq5d, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(fieldErrors(response)).toContainEqual({ field, message });
    }
    expect((await api("GET", schedulesUrl(), tok.nurse)).json().totalCount).toBe(before);

    expect((await api("POST", schedulesUrl(), undefined, weeklyEq5d)).statusCode).toBe(401);
    expect((await api("POST", schedulesUrl(), tok.analyst, weeklyEq5d)).statusCode).toBe(403);
    expect((await api("POST", schedulesUrl(), tok.outsider, weeklyEq5d)).statusCode).toBe(404);
    expect((await api("GET", schedulesUrl(), tok.outsider)).statusCode).toBe(404);

    const created = await api("POST", schedulesUrl(), tok.nurse, weeklyEq5d);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: expect.stringMatching(/^EQ-5D/),
      type: "hardcoded",
      audience: "all",
      startDay: 0,
      frequency: 7,
    });
    const list = (await api("GET", schedulesUrl(), tok.analyst)).json();
    expect(list.results.map((s: { type: string }) => s.type)).toEqual(["hardcoded"]);
    expect(await auditRows(t, "questionnaire.schedule.create")).toHaveLength(1);
  });

  it("sends it on the consent day, e-mails the patient once, and a second run creates nothing", async () => {
    const w = await heartAndLakeside();
    await withWeeklyEq5d(w);
    const { t, tok, lakeside, graceId, alanId, api, myUrl, mailsOf, eventsOf } = w;
    expect(await t.runJobs()).toBeGreaterThan(0);
    const events = await eventsOf(graceId);
    expect(events.map((e) => [e.dueDate, e.state])).toEqual([["2026-03-02", "DUE"]]);
    expect(await eventsOf(alanId)).toEqual([]);
    expect(await mailsOf("grace@patients.test", "due")).toHaveLength(1);
    expect(await runDelivery(t.ctx)).toMatchObject({ created: 0, mails: 0 });
    await Promise.all([runDelivery(t.ctx), runDelivery(t.ctx)]);
    expect(await eventsOf(graceId)).toHaveLength(1);
    expect(await mailsOf("grace@patients.test", "due")).toHaveLength(1);
    // Lena's program has no schedule.
    expect((await api("GET", myUrl(lakeside), tok.lena)).json()).toEqual({ due: [], past: [] });
  });

  it("lets the patient answer through the app: partial saves, checked answers, an idempotent final submit", async () => {
    const w = await heartAndLakeside();
    await withFirstEq5dDue(w);
    const { t, tok, lakeside, api, myUrl } = w;
    const list = await api("GET", myUrl(), tok.grace);
    expect(list.statusCode).toBe(200);
    const [due] = list.json().due;
    expect(due).toMatchObject({
      name: expect.stringMatching(/^EQ-5D/),
      code: "EQ5D",
      status: "NOT_COMPLETED",
      statusLabel: "Not started yet",
    });
    const one = await api("GET", `${myUrl()}/${due.id}`, tok.grace);
    expect(one.json().questions.items.map((i: { code: string }) => i.code)).toEqual([
      "MO",
      "SC",
      "UA",
      "PD",
      "AD",
      "VAS",
    ]);

    expect((await api("GET", `${myUrl()}/${due.id}`, tok.nurse)).statusCode).toBe(403);
    expect((await api("GET", `${myUrl(lakeside)}/${due.id}`, tok.lena)).statusCode).toBe(404);
    expect((await api("GET", `${myUrl()}/${due.id}`, tok.lena)).statusCode).toBe(404);
    expect((await api("GET", `${myUrl()}/${due.id}`, undefined)).statusCode).toBe(401);

    const bad = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, {
      answers: [
        { questionId: "MO", value: 9 },
        { questionId: "XX", value: 1 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual([
      { field: "answers.0.value", message: "This answer is not one of the question's answers" },
      { field: "answers.1.questionId", message: "This question is not part of the questionnaire" },
    ]);
    const partial = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, {
      answers: eq5dAnswers().slice(0, 3),
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().event).toMatchObject({ percentComplete: 50, statusLabel: "50% Completed", isStarted: true });

    const incomplete = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, { answers: [], submit: true });
    expect(incomplete.statusCode).toBe(422);
    expect(fieldErrors(incomplete)).toContainEqual({
      field: "answers.PD",
      message: "Please answer this question before submitting",
    });

    const clientId = randomUUID();
    const submit = { answers: eq5dAnswers(2), submit: true, clientId };
    const done = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, submit);
    expect(done.statusCode).toBe(200);
    expect(done.json().event).toMatchObject({ status: "COMPLETED", statusLabel: "Completed", percentComplete: 100 });
    expect(done.json().event.scores.length).toBeGreaterThan(0);
    const again = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, submit);
    expect(again.statusCode).toBe(200);
    expect(again.json().event.completedAt).toBe(done.json().event.completedAt);
    const other = await api("POST", `${myUrl()}/${due.id}/answers`, tok.grace, { ...submit, clientId: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(await auditRows(t, "questionnaire.answers.submit")).toHaveLength(1);
  });

  it("shows the clinician the result, the answers by item code and the scores", async () => {
    const w = await heartAndLakeside();
    await withFirstEq5dAnswered(w);
    const { t, tok, heart, lakeside, graceId, alanId, api, patientUrl } = w;
    const delivered = await api("GET", `${patientUrl()}/delivered-questionnaires`, tok.nurse);
    expect(delivered.statusCode).toBe(200);
    const [event] = delivered.json().results;
    expect(event).toMatchObject({
      name: expect.stringMatching(/^EQ-5D/),
      date: "2026-03-02",
      day: 1,
      status: "COMPLETED",
      statusLabel: "Completed",
    });
    expect(event.scores.some((s: { score: number | null }) => s.score !== null)).toBe(true);
    const detail = await api("GET", `${patientUrl()}/questionnaire/${event.id}`, tok.nurse);
    expect(detail.json().logs).toContainEqual({ logType: "MO", data: { value: 2 } });
    expect((await api("GET", `${patientUrl()}/custom-questionnaire/${event.id}`, tok.nurse)).statusCode).toBe(404);

    expect((await api("GET", `${patientUrl()}/delivered-questionnaires`, tok.outsider)).statusCode).toBe(404);
    expect((await api("GET", `${patientUrl(heart, alanId)}/delivered-questionnaires`, tok.nurse)).statusCode).toBe(404);
    expect(
      (await api("GET", `${patientUrl(lakeside, graceId)}/delivered-questionnaires`, tok.outsider)).statusCode,
    ).toBe(404);
    expect((await api("GET", `${patientUrl()}/delivered-questionnaires`, undefined)).statusCode).toBe(401);
    // Life-sciences staff see no identifiable patient results.
    expect((await api("GET", `${patientUrl()}/delivered-questionnaires`, tok.analyst)).statusCode).toBe(403);
    expect((await auditRows(t, "questionnaire.results.read")).length).toBeGreaterThanOrEqual(2);

    const scheduled = (await api("GET", `${patientUrl()}/scheduled-questionnaires`, tok.nurse)).json();
    expect(scheduled.upcoming.map((u: { date: string }) => u.date)).toEqual(["2026-03-09", "2026-03-16"]);
    expect(scheduled.results[0]).toMatchObject({ removable: false, sentCount: 1, nextSendDate: "2026-03-09" });
  });

  it("reminds once before the window closes, then marks the questionnaire missed", async () => {
    const w = await heartAndLakeside();
    await withFirstEq5dAnswered(w);
    const { t, tok, graceId, api, patientUrl, myUrl, mailsOf, eventsOf, moveTo } = w;
    await moveTo("2026-03-09T01:00:00Z");
    await runDelivery(t.ctx);
    expect((await eventsOf(graceId)).map((e) => [e.dueDate, e.state])).toEqual([
      ["2026-03-02", "COMPLETED"],
      ["2026-03-09", "DUE"],
    ]);
    expect(await mailsOf("grace@patients.test", "due")).toHaveLength(2);
    await moveTo("2026-03-11T00:30:00Z");
    await Promise.all([runDelivery(t.ctx), runDelivery(t.ctx)]);
    await runDelivery(t.ctx);
    expect(await mailsOf("grace@patients.test", "reminder")).toHaveLength(1);
    await moveTo("2026-03-12T00:30:00Z");
    await runDelivery(t.ctx);
    expect((await eventsOf(graceId)).map((e) => e.state)).toEqual(["COMPLETED", "MISSED"]);
    const [latest] = (await api("GET", `${patientUrl()}/delivered-questionnaires`, tok.nurse)).json().results;
    expect(latest).toMatchObject({ status: "MISSED", statusLabel: "Not started yet" });
    const past = (await api("GET", myUrl(), tok.grace)).json();
    expect(past.due).toEqual([]);
    const closed = await api("POST", `${myUrl()}/${latest.id}/answers`, tok.grace, { answers: eq5dAnswers() });
    expect(closed.statusCode).toBe(409);
    await moveTo("2026-03-16T00:30:00Z");
    const failed = (await api("GET", `${patientUrl()}/delivered-questionnaires`, tok.nurse)).json().results;
    expect(failed.find((e: { date: string }) => e.date === "2026-03-09").statusLabel).toBe("Failed to respond");
  });

  it("refuses to remove a program-level item for one patient, and removes it from the program schedule", async () => {
    const w = await heartAndLakeside();
    const { weeklyId } = await withSecondMissed(w);
    const { t, tok, lakeside, graceId, api, schedulesUrl, patientUrl, eventsOf } = w;
    const refused = await api("DELETE", `${schedulesUrl()}/${weeklyId}?userId=${graceId}`, tok.nurse);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("cannot be removed for one patient");
    expect((await api("DELETE", `${schedulesUrl()}/${weeklyId}`, tok.analyst)).statusCode).toBe(403);
    expect((await api("DELETE", `${schedulesUrl(lakeside)}/${weeklyId}`, tok.outsider)).statusCode).toBe(404);
    expect((await api("DELETE", `${schedulesUrl()}/${weeklyId}`, tok.nurse)).statusCode).toBe(204);
    expect((await api("DELETE", `${schedulesUrl()}/${weeklyId}`, tok.nurse)).statusCode).toBe(404);
    await runDelivery(t.ctx);
    expect(await eventsOf(graceId)).toHaveLength(2);
    expect((await api("GET", `${patientUrl()}/scheduled-questionnaires`, tok.nurse)).json().results).toEqual([]);
  });

  it("catches up after downtime with one questionnaire, not a flood, and honours an unsubscribe", async () => {
    const w = await heartAndLakeside();
    // 00:30 on 16 March; Grace has no questionnaire of her own yet.
    await w.moveTo("2026-03-16T00:30:00Z");
    const { t, tok, graceId, alanId, painTypeId, api, schedulesUrl, mailsOf, eventsOf, moveTo } = w;
    const daily = await api("POST", schedulesUrl(), tok.nurse, dailyPainCheck(w));
    expect(daily.statusCode).toBe(201);
    expect(daily.json()).toMatchObject({ audience: "user", removable: true, nextSendDate: "2026-03-17" });
    for (const [change, field] of [
      [{ startDate: "2026-02-01" }, "startDate"],
      [{ startDate: "2026-12-31" }, "startDate"],
      [{ userId: alanId }, "userId"],
    ] as const) {
      const response = await api("POST", schedulesUrl(), tok.nurse, {
        audience: "user",
        userId: graceId,
        type: "questionnaire",
        questionnaireTypeId: painTypeId,
        startDate: "2026-03-17",
        frequency: 0,
        responseWindow: 2,
        ...(change as Record<string, string>),
      });
      expect(response.statusCode).toBe(field === "userId" ? 404 : 422);
      if (field !== "userId") expect(fieldErrors(response)[0]!.field).toBe(field);
    }
    const dueMails = (await mailsOf("grace@patients.test", "due")).length;
    // The server was down for ten days.
    await moveTo("2026-03-27T08:00:00Z");
    const report = await runDelivery(t.ctx);
    expect(report).toMatchObject({ sent: 1, missed: 10 });
    const pain = (await eventsOf(graceId)).filter((e) => e.questionnaireTypeId === painTypeId);
    expect(pain.filter((e) => e.state === "DUE").map((e) => e.dueDate)).toEqual(["2026-03-27"]);
    expect(await mailsOf("grace@patients.test", "due")).toHaveLength(dueMails + 1);

    await t.ctx.db.updateTable("users").set({ questionnaireReminders: false }).where("id", "=", graceId).execute();
    await moveTo("2026-03-28T08:00:00Z");
    expect(await runDelivery(t.ctx)).toMatchObject({ sent: 1, mails: 0 });
    expect(await mailsOf("grace@patients.test", "due")).toHaveLength(dueMails + 1);
  });

  it("follows the branching of a custom questionnaire on the server, and shows skipped answers", async () => {
    const w = await heartAndLakeside();
    await withDailyPainCheck(w);
    const { tok, api, patientUrl, myUrl } = w;
    const [today] = (await api("GET", myUrl(), tok.grace))
      .json()
      .due.filter((e: { date: string }) => e.date === "2026-03-28");
    const detail = (await api("GET", `${myUrl()}/${today.id}`, tok.grace)).json();
    expect(detail.questions.kind).toBe("custom");
    expect(detail.askedQuestionIds).toEqual(["pain", "score", "sleep"]);
    const notAsked = await api("POST", `${myUrl()}/${today.id}/answers`, tok.grace, {
      answers: [
        { questionId: "pain", value: "no" },
        { questionId: "score", value: 4 },
      ],
    });
    expect(notAsked.statusCode).toBe(422);
    expect(fieldErrors(notAsked)).toEqual([
      { field: "answers.1.questionId", message: "This question is not asked after the earlier answers" },
    ]);
    const wrong = await api("POST", `${myUrl()}/${today.id}/answers`, tok.grace, {
      answers: [{ questionId: "pain", value: "maybe" }],
    });
    expect(fieldErrors(wrong)).toEqual([
      { field: "answers.0.value", message: "This answer is not one of the question's answers" },
    ]);
    const done = await api("POST", `${myUrl()}/${today.id}/answers`, tok.grace, {
      answers: [{ questionId: "pain", value: "no" }],
      submit: true,
      clientId: randomUUID(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().event.statusLabel).toBe("Completed");
    const staff = (await api("GET", `${patientUrl()}/custom-questionnaire/${today.id}`, tok.nurse)).json();
    expect(staff.answers).toEqual([
      {
        questionId: "pain",
        section: "Pain",
        question: "Any pain today?",
        questionType: "choice",
        displayAnswer: "No",
        status: "ANSWERED",
      },
      {
        questionId: "score",
        section: "Pain",
        question: "How bad (0-10)?",
        questionType: "range",
        displayAnswer: "Question not asked",
        status: "SKIPPED_DUE_TO_BRANCHING",
      },
      {
        questionId: "sleep",
        section: "Other",
        question: "Anything else?",
        questionType: "freeText",
        displayAnswer: "Question skipped",
        status: "SKIPPED",
      },
    ]);
  });

  it("advances a plan on completion and lets the care team defer its next member", async () => {
    const w = await heartAndLakeside();
    await w.moveTo("2026-03-28T08:00:00Z");
    const { t, tok, heart, lakeside, graceId, painTypeId, api, schedulesUrl, myUrl, eventsOf, moveTo } = w;
    const plan = await t.ctx.db
      .insertInto("questionnairePlans")
      .values({ programId: heart, name: "Recovery plan" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("questionnairePlanMembers")
      .values([
        {
          planId: plan.id,
          memberOrder: 1,
          memberType: "questionnaire",
          questionnaireTypeId: EQ5D,
          questionnaireBatchId: null,
          schedulingType: null,
          delayType: null,
          frequency: "once",
          frequencyCustom: null,
          condition: null,
          responseWindow: 3,
        },
        {
          planId: plan.id,
          memberOrder: 2,
          memberType: "questionnaire",
          questionnaireTypeId: painTypeId,
          questionnaireBatchId: null,
          schedulingType: "delay_with_condition",
          conditionType: "completion",
          delayType: "from_completion",
          delay: 2,
          frequency: "once",
          frequencyCustom: null,
          condition: null,
          responseWindow: 3,
        },
      ])
      .execute();
    const scheduled = await api("POST", schedulesUrl(), tok.nurse, {
      audience: "user",
      userId: graceId,
      type: "plan",
      questionnairePlanId: plan.id,
      startDate: "2026-03-28",
      frequency: 0,
      responseWindow: 3,
    });
    expect(scheduled.statusCode).toBe(201);
    const planId = scheduled.json().id;
    // Today is its first day: moving it to today is no move.
    expect(
      (await api("POST", `${schedulesUrl()}/${planId}/defer`, tok.nurse, { targetDate: "2026-03-28" })).statusCode,
    ).toBe(422);
    await runDelivery(t.ctx);
    const first = (await eventsOf(graceId)).find((e) => e.scheduleId === planId)!;
    expect(first).toMatchObject({ dueDate: "2026-03-28", planMemberOrder: 1, state: "DUE" });
    const done = await api("POST", `${myUrl()}/${first.id}/answers`, tok.grace, {
      answers: eq5dAnswers(),
      submit: true,
    });
    expect(done.statusCode).toBe(200);
    await t.runJobs();
    const item = (await api("GET", `${schedulesUrl()}?userId=${graceId}`, tok.nurse))
      .json()
      .results.find((s: { id: string }) => s.id === planId);
    expect(
      item.questionnairePlan.members.map((m: { state: string; startDate: string | null }) => [m.state, m.startDate]),
    ).toEqual([
      ["done", "2026-03-28"],
      ["waiting", "2026-03-30"],
    ]);
    expect(item.nextSendDate).toBe("2026-03-30");

    for (const targetDate of ["2026-03-28", "2026-03-30", "2026-05-01"]) {
      const refused = await api("POST", `${schedulesUrl()}/${planId}/defer`, tok.nurse, { targetDate });
      expect(refused.statusCode, targetDate).toBe(422);
      expect(fieldErrors(refused)[0]!.field).toBe("targetDate");
    }
    expect(
      (await api("POST", `${schedulesUrl()}/${planId}/defer`, tok.analyst, { targetDate: "2026-04-05" })).statusCode,
    ).toBe(403);
    expect(
      (await api("POST", `${schedulesUrl(lakeside)}/${planId}/defer`, tok.outsider, { targetDate: "2026-04-05" }))
        .statusCode,
    ).toBe(404);
    const deferred = await api("POST", `${schedulesUrl()}/${planId}/defer`, tok.nurse, { targetDate: "2026-04-05" });
    expect(deferred.statusCode).toBe(200);
    expect(deferred.json().nextSendDate).toBe("2026-04-05");
    await moveTo("2026-03-31T08:00:00Z");
    await runDelivery(t.ctx);
    expect((await eventsOf(graceId)).filter((e) => e.scheduleId === planId)).toHaveLength(1);
    await moveTo("2026-04-05T08:00:00Z");
    await runDelivery(t.ctx);
    const second = (await eventsOf(graceId)).filter((e) => e.scheduleId === planId);
    expect(second.map((e) => [e.planMemberOrder, e.dueDate])).toEqual([
      [1, "2026-03-28"],
      [2, "2026-04-05"],
    ]);
    expect((await api("DELETE", `${schedulesUrl()}/${planId}?userId=${graceId}&type=plan`, tok.nurse)).statusCode).toBe(
      204,
    );
  });

  it("answers odd input with 4xx and the spec's words, never a 500", async () => {
    const w = await heartAndLakeside();
    await withFirstEq5dAnswered(w);
    const { tok, api, schedulesUrl, patientUrl, myUrl } = w;
    const [event] = (await api("GET", myUrl(), tok.grace)).json().past;
    const odd: [string, "GET" | "POST" | "DELETE", string, object | undefined][] = [
      ["nurse", "POST", schedulesUrl(), {}],
      ["nurse", "POST", schedulesUrl(), { audience: "everyone" }],
      ["nurse", "POST", schedulesUrl(), { ...weeklyEq5d, frequency: "weekly" }],
      ["nurse", "POST", schedulesUrl(), { ...weeklyEq5d, colour: "red" }],
      ["nurse", "POST", schedulesUrl(), { ...weeklyEq5d, audience: "user", userId: "nobody", startDate: "2026-02-30" }],
      ["nurse", "GET", `${schedulesUrl()}?userId=not-a-uuid`, undefined],
      ["nurse", "POST", `${schedulesUrl()}/${randomUUID()}/defer`, { targetDate: "tomorrow" }],
      ["nurse", "GET", `${patientUrl()}/delivered-questionnaires?_perPage=100000`, undefined],
      ["nurse", "GET", `${patientUrl()}/questionnaire-events?startDate=2026-03-10&endDate=2026-03-01`, undefined],
      ["grace", "POST", `${myUrl()}/${event.id}/answers`, { answers: "all of them" }],
      ["grace", "POST", `${myUrl()}/${event.id}/answers`, { answers: [{ questionId: "MO", value: { a: 1 } }] }],
      ["grace", "POST", `${myUrl()}/${event.id}/answers`, { answers: [], clientId: "x" }],
      ["grace", "GET", `${myUrl()}?state=soon`, undefined],
      ["grace", "GET", `${myUrl()}/not-an-id`, undefined],
    ];
    for (const [who, method, url, payload] of odd) {
      const response = await api(method, url, tok[who], payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(response.json().message).not.toMatch(/^(Invalid|Expected|Unrecognized|Required)/);
    }
  });

  it("exports the program's answered questionnaires as CSV, to those allowed", async () => {
    const w = await heartAndLakeside();
    await withFirstEq5dAnswered(w);
    await withPainAnsweredNo(w);
    const { t, tok, heart, lakeside, graceId, api } = w;
    const url = `/api/v1/pro-dashboard/projects/${heart}/questionnaires/report/export`;
    expect((await api("POST", url, tok.nurse, {})).statusCode).toBe(403);
    expect((await api("POST", url, undefined, {})).statusCode).toBe(401);
    expect(
      (await api("POST", `/api/v1/pro-dashboard/projects/${lakeside}/questionnaires/report/export`, tok.admin, {}))
        .statusCode,
    ).toBe(404);
    const badRange = await api("POST", url, tok.admin, { startDate: "2026-04-01", endDate: "2026-03-01" });
    expect(badRange.statusCode).toBe(422);
    const csv = await api("POST", url, tok.analyst, {});
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="questionnaire-report-Northbridge-Heart-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("participantId,questionnaire,code,date,status,percentComplete,completedAt,answers,scores");
    const eq5d = lines.find((l) => l.includes(",2026-03-02,"))!;
    // The analyst may not export identifiably: Grace is a pseudonym of this export, never her account id (issue 29 §4).
    expect(eq5d).toMatch(/^P-[0-9a-f]{16},/);
    expect(csv.body).not.toContain(graceId);
    expect(eq5d).toContain("MO=2");
    expect(eq5d).not.toContain("Grace");
    expect(lines.some((l) => l.includes("Pain check") && l.includes("pain=no"))).toBe(true);

    const xlsx = await t.request({ method: "POST", url, token: tok.admin, payload: { format: "xlsx" } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml.sheet");
    expect(xlsx.headers["content-disposition"]).toMatch(/\.xlsx"$/);
    // The workbook opens as a spreadsheet would open it: one sheet, the CSV's header, the same answers.
    const workbook = await new ExcelJS.Workbook().xlsx.load(xlsx.rawPayload as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Questionnaires"]);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(lines[0]!.split(","));
    // The admin may export the program identifiably: Grace's row names her account.
    const participant = graceId;
    expect(rows.some((row) => row[1] === participant && row.some((cell) => String(cell).includes("MO=2")))).toBe(true);
    expect(rows).toHaveLength(lines.length);
    expect(await auditRows(t, "questionnaire.report.export")).toHaveLength(2);
  });
});
