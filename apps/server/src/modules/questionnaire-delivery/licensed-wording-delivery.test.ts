import { hardcodedTypeIds, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { consentedPatient, signInPatient } from "../../../test/patients.js";
import { insertProgramSchedule, insertQuestionnaireEvent, insertWeeklyCheckIn } from "../../../test/questionnaires.js";
import { heartWithNurse } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { runDelivery } from "./service.js";

const EQ5D_NAME = "EQ-5D-3L";

/** A program of its own with a nurse, a consented patient (Grace) and a custom check-in in its catalogue. */
const world = async (app: TestApp, name: string) => {
  app.clock.set("2026-03-02T09:00:00Z");
  const patientEmail = `grace.${name}@patients.test`;
  const { heart: programId, nurse } = await heartWithNurse(app, name);
  const nurseEmail = nurse.email;
  const grace = (await consentedPatient(app, nurse.token, programId, { email: patientEmail })).userId;
  const checkInId = await insertWeeklyCheckIn(app, programId);
  const api = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
    app.request({ method, url, token, ...(payload ? { payload } : {}) });
  const schedule = (payload: Record<string, unknown>) =>
    api("POST", `/api/v1/admin/projects/${programId}/questionnaires/schedules`, nurse.token, {
      audience: "all",
      scheduleType: "recurring",
      sendDateType: "consent_date",
      startDay: 0,
      frequency: 7,
      numberToSend: 4,
      responseWindow: 3,
      ...payload,
    });
  const patientToken = () => signInPatient(app, patientEmail);
  const myEvents = async () =>
    (await api("GET", `/api/v1/user/projects/${programId}/questionnaire-events`, await patientToken())).json() as {
      due: { id: string; name: string }[];
      past: { id: string; name: string }[];
    };
  return { programId, nurseEmail, nurse, grace, checkInId, api, schedule, patientToken, myEvents };
};

/**
 * Issue 30 §2 (HAZ-008): a licensed instrument whose wording is not installed was delivered to
 * patients as codes ("Question MO", answers "1 / 2 / 3"). Now it is never delivered: scheduling it
 * is refused, an existing schedule holds it back (staff read why), and custom questionnaires and the
 * instruments with wording installed are unaffected. The wording installed here is our own
 * placeholder (test/fixtures/placeholder-licensed-wording.json), never the licensed text.
 */
describe("without the licensed wording installed, a licensed instrument is not delivered", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ licensedWording: null });
  });
  afterAll(() => t.close());

  it("refuses to schedule a licensed instrument without its wording, alone or in a batch, pointing to the docs; a custom one is scheduled", async () => {
    const w = await world(t, "refused");

    const alone = await w.schedule({ type: "hardcoded", questionnaireTypeId: hardcodedTypeIds.EQ5D });
    expect(alone.statusCode).toBe(422);
    expect(fieldErrors(alone)).toEqual([
      { field: "questionnaireTypeId", message: messages.qsLicensedWordingMissing(EQ5D_NAME) },
    ]);
    expect(alone.json().message).toContain("docs/licensed-wording.md");

    const { id: batchId } = await t.ctx.db
      .insertInto("questionnaireBatches")
      .values({ programId: w.programId, name: "Check-in and EQ-5D" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("questionnaireBatchMembers")
      .values([
        { batchId, questionnaireTypeId: w.checkInId, memberOrder: 1 },
        { batchId, questionnaireTypeId: hardcodedTypeIds.EQ5D, memberOrder: 2 },
      ])
      .execute();
    const batch = await w.schedule({ type: "batch", questionnaireBatchId: batchId });
    expect(batch.statusCode).toBe(422);
    expect(fieldErrors(batch)).toEqual([
      { field: "questionnaireBatchId", message: messages.qsLicensedWordingMissing(EQ5D_NAME) },
    ]);

    const schedules = await t.ctx.db
      .selectFrom("questionnaireSchedules")
      .select("name")
      .where("programId", "=", w.programId)
      .execute();
    expect(schedules).toEqual([]);
    expect((await w.schedule({ type: "questionnaire", questionnaireTypeId: w.checkInId })).statusCode).toBe(201);
  });

  it("holds back an existing schedule of a licensed instrument without its wording, and tells staff why", async () => {
    const w = await world(t, "held");
    // Made while the wording was installed (or before this control): the schedule exists.
    const eq5dSchedule = await insertProgramSchedule(t, {
      programId: w.programId,
      questionnaireTypeId: hardcodedTypeIds.EQ5D,
      name: EQ5D_NAME,
    });
    await insertProgramSchedule(t, {
      programId: w.programId,
      questionnaireTypeId: w.checkInId,
      name: "Weekly check-in",
      kind: "questionnaire",
    });
    // And one EQ-5D was sent before the wording was removed.
    const sentBefore = await insertQuestionnaireEvent(t, {
      programId: w.programId,
      patientId: w.grace,
      scheduleId: eq5dSchedule,
      questionnaireTypeId: hardcodedTypeIds.EQ5D,
      occurrence: 0,
      dueDate: "2026-03-02",
      windowClosesAt: "2026-03-12T00:00:00Z",
      state: "DUE",
    });

    // A week on, the next EQ-5D falls due: it is held, not sent; the check-in goes out.
    t.clock.set("2026-03-09T09:00:00Z");
    const report = await runDelivery(t.ctx);
    expect(report.held).toBe(1);
    const { due, past } = await w.myEvents();
    expect(due.map((e) => e.name)).toEqual(["Weekly check-in"]);
    expect(past.map((e) => e.name)).not.toContain(EQ5D_NAME);
    const token = await w.patientToken();
    const opened = await w.api("GET", `/api/v1/user/projects/${w.programId}/questionnaire-events/${sentBefore}`, token);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().message).toBe(messages.qsEventClosed);
    const answered = await w.api(
      "POST",
      `/api/v1/user/projects/${w.programId}/questionnaire-events/${sentBefore}/answers`,
      token,
      { answers: [{ questionId: "MO", value: 1 }], submit: true },
    );
    expect(answered.statusCode).toBe(409);

    const nurse = (await signIn(t, w.nurseEmail)).accessToken as string;
    const program = (
      await w.api("GET", `/api/v1/admin/projects/${w.programId}/questionnaires/schedules`, nurse)
    ).json() as { results: { name: string; heldBack: string | null }[] };
    expect(program.results.map((s) => [s.name, s.heldBack])).toEqual(
      expect.arrayContaining([
        [EQ5D_NAME, messages.qsHeldNoWording(EQ5D_NAME)],
        ["Weekly check-in", null],
      ]),
    );
    const patient = (
      await w.api(
        "GET",
        `/api/v1/pro-dashboard/projects/${w.programId}/users/${w.grace}/scheduled-questionnaires`,
        nurse,
      )
    ).json() as { upcoming: { name: string }[]; results: { name: string; heldBack: string | null }[] };
    expect(patient.results.find((s) => s.name === EQ5D_NAME)?.heldBack).toBe(messages.qsHeldNoWording(EQ5D_NAME));
    expect(patient.upcoming.map((u) => u.name)).not.toContain(EQ5D_NAME);
    expect(patient.upcoming.map((u) => u.name)).toContain("Weekly check-in");
  });
});

describe("with the licensed wording installed, a licensed instrument is delivered in its words", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("delivers a licensed instrument with its wording installed, the patient reading the installed text", async () => {
    const w = await world(t, "installed");
    const scheduled = await w.schedule({ type: "hardcoded", questionnaireTypeId: hardcodedTypeIds.EQ5D });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().heldBack).toBeNull();
    await runDelivery(t.ctx);
    const { due } = await w.myEvents();
    expect(due.map((e) => e.name)).toEqual([EQ5D_NAME]);
    const detail = (
      await w.api(
        "GET",
        `/api/v1/user/projects/${w.programId}/questionnaire-events/${due[0]!.id}`,
        await w.patientToken(),
      )
    ).json() as { questions: { items: { code: string; text: string | null }[] } };
    expect(detail.questions.items[0]).toMatchObject({
      code: "MO",
      text: "Placeholder item text for MO — not the licensed wording",
    });
  });
});
