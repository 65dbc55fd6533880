import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CustomQuestionnaireRecord,
  hardcodedTypeIds,
  messages,
  type QuestionnaireBatch,
  type QuestionnaireItem,
  type QuestionnairePlan,
  type QuestionnaireScheme,
} from "@openpro/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  changePermissions,
  insertOrganisation,
  insertProgram,
  lakesideProgram,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import sideEffectsDiary from "../../db/demo/questionnaires/treatment-side-effects-diary.json" with { type: "json" };
import weeklyCheckIn from "../../db/demo/questionnaires/weekly-oncology-check-in.json" with { type: "json" };
import { seedDemoData } from "../../db/demo/seed.js";
import { readLicensedWordingFile } from "./service.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("questionnaire settings: the catalogue, custom questionnaires, batches and plans", () => {
  let t: TestApp;
  /** Callum, clinical program admin, and Nia, a nurse, on the Northbridge organisation's team. */
  let manager: { id: string; token: string };
  let nurse: { id: string; token: string };
  let admin: { id: string; token: string };
  let northbridge: string;

  const base = (programId: string) => `/api/v1/admin/projects/${programId}/questionnaires`;
  const get = (token: string | undefined, url: string) =>
    t.request({ method: "GET", url, ...(token ? { token } : {}) });
  const send = (method: "POST" | "PUT" | "PATCH", token: string | undefined, url: string, payload: unknown) =>
    t.request({ method, url, payload: payload as object, ...(token ? { token } : {}) });
  const createCustom = (token: string, payload: unknown, programId: string) =>
    send("POST", token, `${base(programId)}/custom`, payload);
  const createBatch = (token: string, payload: unknown, programId: string) =>
    send("POST", token, `${base(programId)}/batches`, payload);
  const createPlan = (token: string, payload: unknown, programId: string) =>
    send("POST", token, `${base(programId)}/plans`, payload);

  /** A plan member: the check-in, sent once, answered within 3 days, unless overridden. */
  const planMember = (checkInId: string, overrides: Record<string, unknown> = {}) => ({
    order: 1,
    memberType: "questionnaire",
    questionnaireId: checkInId,
    frequency: "0",
    responseWindow: 3,
    ...overrides,
  });

  let programs = 0;
  /** A new Northbridge program of the story's own, "Breast Care 3": nothing of another story in it. */
  const breastCare = () => insertProgram(t, { organisationId: northbridge, name: `Breast Care ${++programs}` });

  /** Callum has created the demo questionnaire "Weekly check-in" in the program. */
  const withCheckIn = async (programId: string) => {
    const checkIn = await createCustom(
      manager.token,
      { name: "Weekly check-in", specification: weeklyCheckIn },
      programId,
    );
    if (checkIn.statusCode !== 201) throw new Error(`creating the check-in: ${checkIn.body}`);
    return checkIn.json().id as string;
  };

  /** …and the demo questionnaire "Side-effects diary". */
  const withCheckInAndDiary = async (programId: string) => {
    const checkInId = await withCheckIn(programId);
    const diary = await createCustom(
      manager.token,
      { name: "Side-effects diary", specification: sideEffectsDiary },
      programId,
    );
    if (diary.statusCode !== 201) throw new Error(`creating the diary: ${diary.body}`);
    return { checkInId, diaryId: diary.json().id as string };
  };

  /** The batch "Check-in and EQ-5D": the program's check-in first, then the EQ-5D. */
  const checkInAndEq5d = (checkInId: string) => ({
    name: "Check-in and EQ-5D",
    members: [
      { questionnaireId: hardcodedTypeIds.EQ5D, order: 2 },
      { questionnaireId: checkInId, order: 1 },
    ],
  });

  /** …and Callum has made the batch "Check-in and EQ-5D". */
  const withBatch = async (programId: string, checkInId: string) => {
    const batch = await createBatch(manager.token, checkInAndEq5d(checkInId), programId);
    if (batch.statusCode !== 201) throw new Error(`creating the batch: ${batch.body}`);
    return batch.json().id as string;
  };

  beforeAll(async () => {
    // No licensed wording installed: licensed instruments are shown by item code.
    t = await createTestApp({ licensedWording: null });
    northbridge = await insertOrganisation(t, "Northbridge Health");
    // The manager and the nurse are of the organisation's team in the role of their account: in a program, the team's
    // role decides (issue 29). The platform's admin belongs to no team.
    manager = await organisationStaff(t, northbridge, { email: "callum@clinic.test", role: "clinical_project_admin" });
    nurse = await organisationStaff(t, northbridge, { email: "nia@clinic.test", role: "clinician_team_member" });
    admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
  });
  afterAll(() => t.close());

  it("lists the four licensed instruments in a new program, sorted by name", async () => {
    const breast = await breastCare();
    const items = await get(manager.token, `${base(breast)}/items`);
    expect(items.statusCode).toBe(200);
    expect(items.json()).toEqual([
      { id: hardcodedTypeIds.BN20, name: "EORTC QLQ-BN20", type: "hardcoded", code: "BN20" },
      { id: hardcodedTypeIds.QLQC30, name: "EORTC QLQ-C30", type: "hardcoded", code: "QLQC30" },
      { id: hardcodedTypeIds.EQ5D, name: "EQ-5D-3L", type: "hardcoded", code: "EQ5D" },
      { id: hardcodedTypeIds.FACTG, name: "FACT-G", type: "hardcoded", code: "FACTG" },
    ]);
    const byType = await get(manager.token, `${base(breast)}?types=hardcoded,batch`);
    expect((byType.json() as QuestionnaireItem[]).map((i) => i.code)).toEqual(["BN20", "QLQC30", "EQ5D", "FACTG"]);
    const unknown = await get(manager.token, `${base(breast)}?types=hardcoded,survey`);
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toEqual([
      { field: "types.1", message: messages.schemeOneOf(["questionnaire", "batch", "plan", "hardcoded"]) },
    ]);
  });

  it("validates a JSON file and summarises it; every problem is listed by field", async () => {
    const breast = await breastCare();
    const ok = await send("POST", manager.token, `${base(breast)}/validate`, { specification: weeklyCheckIn });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      title: "Weekly oncology check-in",
      questionCount: 9,
      helpTextCount: 1,
      branchingQuestionCount: 2,
      sections: ["About your week", "Pain", "Eating and energy", "Care"],
    });

    const broken = structuredClone(weeklyCheckIn) as { questions: Record<string, unknown>[] };
    broken.questions[2] = { ...broken.questions[2], id: "overall" };
    (broken.questions[7]!.data as { answers: { nextQuestion?: string }[] }).answers[1]!.nextQuestion = "nowhere";
    (broken.questions[5]!.data as { answers: unknown[] }).answers = [];
    const rejected = await send("POST", manager.token, `${base(breast)}/validate`, { specification: broken });
    expect(rejected.statusCode).toBe(422);
    expect(fieldErrors(rejected)).toEqual([
      { field: "specification.questions.2.id", message: messages.schemeDuplicateId("overall") },
      { field: "specification.questions.5.data.answers", message: messages.schemeEmptyChoices },
      {
        field: "specification.questions.7.data.answers.1.nextQuestion",
        message: messages.schemeUnknownNextQuestion("nowhere"),
      },
    ]);

    const cyclic = structuredClone(weeklyCheckIn) as {
      questions: { data?: { answers?: { nextQuestion?: string }[] } }[];
    };
    cyclic.questions[7]!.data!.answers![0]!.nextQuestion = "overall";
    const cycle = await send("POST", manager.token, `${base(breast)}/validate`, { specification: cyclic });
    expect(fieldErrors(cycle)).toEqual([
      {
        field: "specification.questions.7.data.answers.0.nextQuestion",
        message: expect.stringContaining("overall"),
      },
    ]);
    // A questionnaire file may be up to 5 MB: a 2 MB one goes through (the API's usual limit is 1 MB).
    const large = { ...sideEffectsDiary, introductionText: ["x".repeat(2 * 1024 * 1024)] };
    expect((await send("POST", manager.token, `${base(breast)}/validate`, { specification: large })).statusCode).toBe(
      200,
    );
    const notObject = await send("POST", manager.token, `${base(breast)}/validate`, { specification: "text" });
    expect(fieldErrors(notObject)).toEqual([{ field: "specification", message: messages.schemeNotObject }]);
  });

  it("creates custom questionnaires that join the catalogue, and refuses a bad name or file with nothing stored", async () => {
    const breast = await breastCare();
    const created = await createCustom(
      manager.token,
      { name: " Weekly check-in ", specification: weeklyCheckIn },
      breast,
    );
    expect(created.statusCode).toBe(201);
    const record = created.json() as CustomQuestionnaireRecord;
    expect(record).toMatchObject({ name: "Weekly check-in", type: "questionnaire" });
    const checkInId = record.id;
    await createCustom(manager.token, { name: "Side-effects diary", specification: sideEffectsDiary }, breast);

    const expectErrors = async (payload: unknown, status: number, errors: { field: string; message: string }[]) => {
      const response = await createCustom(manager.token, payload, breast);
      expect(response.statusCode).toBe(status);
      expect(fieldErrors(response)).toEqual(errors);
    };
    await expectErrors({ name: "  ", specification: sideEffectsDiary }, 422, [
      { field: "name", message: messages.customQuestionnaireName },
    ]);
    await expectErrors({ name: "n".repeat(51), specification: sideEffectsDiary }, 422, [
      { field: "name", message: messages.maxLength(50) },
    ]);
    await expectErrors({ name: "Empty", specification: { questions: [] } }, 422, [
      { field: "specification.questions", message: messages.schemeNoQuestions },
    ]);
    await expectErrors({ name: "weekly CHECK-IN", specification: sideEffectsDiary }, 409, [
      { field: "name", message: messages.questionnaireNameTaken },
    ]);

    const items = (await get(nurse.token, `${base(breast)}?types=questionnaire`)).json() as QuestionnaireItem[];
    expect(items.map((i) => i.name)).toEqual(["Side-effects diary", "Weekly check-in"]);
    const audited = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "entityId", "actorUserId"])
      .where("action", "=", "questionnaires.create-custom")
      .execute();
    expect(audited).toContainEqual({
      action: "questionnaires.create-custom",
      entityId: checkInId,
      actorUserId: manager.id,
    });
  });

  it("shows a questionnaire's scheme; a licensed one by item codes and scale labels when no wording is installed", async () => {
    const breast = await breastCare();
    const checkInId = await withCheckIn(breast);
    const custom = (
      await get(manager.token, `${base(breast)}/types/${checkInId}/scheme`)
    ).json() as QuestionnaireScheme;
    expect(custom).toMatchObject({ id: checkInId, type: "questionnaire", instrument: null });
    expect((custom.specification as { questions: unknown[] }).questions).toHaveLength(10);

    const eq5d = (
      await get(manager.token, `${base(breast)}/types/${hardcodedTypeIds.EQ5D}/scheme`)
    ).json() as QuestionnaireScheme;
    expect(eq5d.type).toBe("hardcoded");
    expect(eq5d.instrument?.licensedWordingInstalled).toBe(false);
    expect(eq5d.instrument?.items.map((i) => i.code)).toEqual(["MO", "SC", "UA", "PD", "AD", "VAS"]);
    expect(eq5d.instrument?.items[0]).toEqual({
      code: "MO",
      text: null,
      answers: [
        { value: 1, label: "1" },
        { value: 2, label: "2" },
        { value: 3, label: "3" },
      ],
    });
    const qlq = (await get(manager.token, `${base(breast)}/types/${hardcodedTypeIds.QLQC30}/scheme`)).json();
    expect(qlq.instrument.items).toHaveLength(30);
    expect((await get(manager.token, `${base(breast)}/types/${MISSING}/scheme`)).statusCode).toBe(404);
  });

  it("edits the introduction and help texts of a custom questionnaire, sending only what changed", async () => {
    const breast = await breastCare();
    const checkInId = await withCheckIn(breast);
    const url = `${base(breast)}/types/${checkInId}`;
    const changed = await send("PATCH", manager.token, url, {
      introductionText: ["A new first paragraph.", "  ", "A second one."],
      helpTexts: [{ questionId: "intro-help", text: ["Think about the last week."] }],
    });
    expect(changed.statusCode).toBe(200);
    const spec = (changed.json() as CustomQuestionnaireRecord).specification as {
      introductionText: string[];
      questions: { id: string; data: { text?: string[] } }[];
      title: string;
    };
    expect(spec.introductionText).toEqual(["A new first paragraph.", "A second one."]);
    expect(spec.questions.find((q) => q.id === "intro-help")?.data.text).toEqual(["Think about the last week."]);
    expect(spec.title).toBe("Weekly oncology check-in");

    const wrong = await send("PATCH", manager.token, url, {
      helpTexts: [
        { questionId: "overall", text: ["Not a help text"] },
        { questionId: "intro-help", text: [" "] },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong)).toEqual([
      { field: "helpTexts.0.questionId", message: messages.helpTextUnknown("overall") },
      { field: "helpTexts.1.text", message: messages.schemeHelpTextEmpty },
    ]);
    const licensed = await send("PATCH", manager.token, `${base(breast)}/types/${hardcodedTypeIds.EQ5D}`, {
      name: "X",
    });
    expect(licensed.statusCode).toBe(409);
    expect(licensed.json().message).toBe(messages.questionnaireHardcodedReadOnly);
  });

  it("replaces a questionnaire's configuration but never its questions", async () => {
    const breast = await breastCare();
    const checkInId = await withCheckIn(breast);
    const url = `${base(breast)}/custom/${checkInId}`;
    const config = structuredClone(weeklyCheckIn) as { imageUrl: string | null; questions: { title: string }[] };
    config.imageUrl = "https://example.test/check-in.png";
    const updated = await send("PUT", manager.token, url, { specification: config });
    expect(updated.statusCode).toBe(200);
    expect((updated.json().specification as { imageUrl: string }).imageUrl).toBe("https://example.test/check-in.png");

    config.questions[1]!.title = "How are you?";
    const transcript = await send("PUT", manager.token, url, { specification: config });
    expect(transcript.statusCode).toBe(422);
    expect(fieldErrors(transcript)).toEqual([
      { field: "specification.questions", message: messages.schemeTranscriptChanged },
    ]);
    expect(
      (await send("PUT", manager.token, `${base(breast)}/custom/${MISSING}`, { specification: weeklyCheckIn }))
        .statusCode,
    ).toBe(404);
  });

  it("creates a batch of 2 to 10 different questionnaires of the program", async () => {
    const breast = await breastCare();
    const { checkInId, diaryId } = await withCheckInAndDiary(breast);
    const created = await createBatch(manager.token, checkInAndEq5d(checkInId), breast);
    expect(created.statusCode).toBe(201);
    const batch = created.json() as QuestionnaireBatch;
    const batchId = batch.id;
    expect(batch.members).toEqual([
      { id: checkInId, name: "Weekly check-in", order: 1, type: "questionnaire" },
      { id: hardcodedTypeIds.EQ5D, name: "EQ-5D-3L", order: 2, type: "hardcoded" },
    ]);
    expect((await get(manager.token, `${base(breast)}/batches/${batchId}`)).json()).toEqual(batch);

    const expectErrors = async (payload: unknown, errors: { field: string; message: string }[]) => {
      const response = await createBatch(manager.token, payload, breast);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
    };
    await expectErrors({ name: "", members: [{ questionnaireId: checkInId, order: 1 }] }, [
      { field: "name", message: messages.required },
      { field: "members", message: messages.batchMinMembers(2) },
    ]);
    await expectErrors(
      {
        name: "b".repeat(81),
        members: [
          { questionnaireId: checkInId, order: 1 },
          { questionnaireId: checkInId, order: 2 },
        ],
      },
      [
        { field: "name", message: messages.maxLength(80) },
        { field: "members.1.questionnaireId", message: messages.batchDuplicateMember },
      ],
    );
    await expectErrors(
      {
        name: "Too many",
        members: Array.from({ length: 11 }, (_, i) => ({ questionnaireId: checkInId, order: i + 1 })),
      },
      [{ field: "members", message: messages.batchMaxMembers(10) }],
    );
    await expectErrors(
      {
        name: "Placeholder",
        members: [
          { questionnaireId: null, order: 1 },
          { questionnaireId: diaryId, order: 2 },
        ],
      },
      [{ field: "members.0.questionnaireId", message: messages.questionnaireChoose }],
    );
    await expectErrors(
      {
        name: "Unknown",
        members: [
          { questionnaireId: MISSING, order: 1 },
          { questionnaireId: diaryId, order: 2 },
        ],
      },
      [{ field: "members.0.questionnaireId", message: messages.questionnaireNotInProgram }],
    );
    expect((await get(manager.token, `${base(breast)}?types=batch`)).json()).toHaveLength(1);
    expect((await get(manager.token, `${base(breast)}/batches/${MISSING}`)).json().message).toBe(messages.batchMissing);
  });

  it("creates a plan whose later members wait for a delay or a condition on the previous questionnaire", async () => {
    const breast = await breastCare();
    const { checkInId, diaryId } = await withCheckInAndDiary(breast);
    const batchId = await withBatch(breast, checkInId);
    const member = (overrides: Record<string, unknown> = {}) => planMember(checkInId, overrides);
    const created = await createPlan(
      manager.token,
      {
        name: "Check-in then diary",
        members: [
          member(),
          member({
            order: 2,
            questionnaireId: diaryId,
            schedulingType: "delay_with_condition",
            delayType: "from_completion",
            conditionType: "question",
            condition: { questionId: "pain", answer: "1" },
            delay: 2,
            frequency: "1",
            numberToSend: 3,
            responseWindow: 1,
          }),
          member({
            order: 3,
            memberType: "batch",
            questionnaireId: null,
            questionnaireBatchId: batchId,
            schedulingType: "delay",
            delay: 7,
            frequency: "custom",
            frequencyCustom: 21,
            numberToSend: 2,
          }),
        ],
      },
      breast,
    );
    expect(created.statusCode).toBe(201);
    const plan = created.json() as QuestionnairePlan;
    expect(plan.members.map((m) => [m.order, m.name, m.schedulingType, m.conditionType, m.delay])).toEqual([
      [1, "Weekly check-in", null, "always", 0],
      [2, "Side-effects diary", "delay_with_condition", "question", 2],
      [3, "Check-in and EQ-5D", "delay", "always", 7],
    ]);
    expect(plan.members[1]).toMatchObject({
      condition: { questionId: "pain", answer: "1" },
      delayType: "from_completion",
      numberToSend: 3,
    });
    expect(plan.members[0]!.numberToSend).toBe(1);
    expect(plan.members[2]).toMatchObject({
      frequency: "custom",
      frequencyCustom: 21,
      numberToSend: 2,
      questionnaireBatchId: batchId,
    });
    expect((await get(manager.token, `${base(breast)}/plans/${plan.id}`)).json()).toEqual(plan);
    expect((await get(nurse.token, `${base(breast)}/items`)).json()).toContainEqual({
      id: plan.id,
      name: "Check-in then diary",
      type: "plan",
      code: null,
    });
  });

  it("puts every plan rule on its field", async () => {
    const breast = await breastCare();
    const { checkInId, diaryId } = await withCheckInAndDiary(breast);
    const member = (overrides: Record<string, unknown> = {}) => planMember(checkInId, overrides);
    const expectErrors = async (payload: unknown, errors: { field: string; message: string }[]) => {
      const response = await createPlan(manager.token, payload, breast);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
    };
    await expectErrors({ name: " ", members: [] }, [
      { field: "name", message: messages.required },
      { field: "members", message: messages.planMinMembers },
    ]);
    await expectErrors({ name: "p".repeat(81), members: [member({ schedulingType: "delay", delay: 3 })] }, [
      { field: "name", message: messages.maxLength(80) },
      { field: "members.0.schedulingType", message: messages.planFirstMemberNoDelay },
      { field: "members.0.delay", message: messages.planFirstMemberNoDelay },
    ]);
    await expectErrors(
      {
        name: "Plan",
        members: [
          member({ questionnaireId: null, frequency: "weekly", responseWindow: 15 }),
          member({ order: 2, delay: 91, frequency: "custom", numberToSend: 0 }),
          member({ order: 3, schedulingType: "delay_with_condition", conditionType: "always" }),
          member({
            order: 4,
            schedulingType: "delay_with_condition",
            delayType: "from_delivery",
            conditionType: "question",
          }),
        ],
      },
      [
        { field: "members.0.frequency", message: messages.planChooseOption },
        { field: "members.0.responseWindow", message: messages.rangeBetween(1, 14) },
        { field: "members.1.delay", message: messages.rangeBetween(0, 90) },
        { field: "members.1.numberToSend", message: messages.rangeBetween(1, 100) },
      ],
    );
    await expectErrors(
      {
        name: "Plan",
        members: [
          member({ questionnaireId: null }),
          member({ order: 2, frequency: "custom" }),
          member({ order: 3, schedulingType: "delay_with_condition", conditionType: "always" }),
          member({
            order: 4,
            schedulingType: "delay_with_condition",
            delayType: "from_delivery",
            conditionType: "question",
          }),
        ],
      },
      [
        { field: "members.0.questionnaireId", message: messages.questionnaireChoose },
        { field: "members.1.schedulingType", message: messages.planChooseOption },
        { field: "members.1.frequencyCustom", message: messages.rangeBetween(1, 180) },
        { field: "members.2.delayType", message: messages.planChooseOption },
        { field: "members.2.conditionType", message: messages.planChooseOption },
        { field: "members.3.condition.questionId", message: messages.planChooseOption },
        { field: "members.3.condition.answer", message: messages.planChooseOption },
      ],
    );
    const conditional = (condition: object, previous: Record<string, unknown> = {}) => ({
      name: "Conditional",
      members: [
        member(previous),
        member({
          order: 2,
          questionnaireId: diaryId,
          schedulingType: "delay_with_condition",
          delayType: "from_delivery",
          conditionType: "question",
          condition,
        }),
      ],
    });
    await expectErrors(conditional({ questionId: "nausea", answer: "1" }), [
      { field: "members.1.condition.questionId", message: messages.planQuestionNotInPrevious },
    ]);
    await expectErrors(conditional({ questionId: "pain-score", answer: "3" }), [
      { field: "members.1.condition.questionId", message: messages.planQuestionNotChoice },
    ]);
    await expectErrors(conditional({ questionId: "pain", answer: "2" }), [
      { field: "members.1.condition.answer", message: messages.planAnswerNotOption },
    ]);
    await expectErrors(conditional({ questionId: "MO", answer: "1" }, { questionnaireId: hardcodedTypeIds.EQ5D }), [
      { field: "members.1.condition.questionId", message: messages.planPreviousNotCustom },
    ]);
    await expectErrors(
      {
        name: "Unknown",
        members: [
          member({ questionnaireId: MISSING }),
          member({ order: 2, memberType: "batch", questionnaireBatchId: MISSING, schedulingType: "delay" }),
        ],
      },
      [
        { field: "members.0.questionnaireId", message: messages.questionnaireNotInProgram },
        { field: "members.1.questionnaireBatchId", message: messages.batchMissing },
      ],
    );
    // None of the refused plans was stored.
    expect((await get(manager.token, `${base(breast)}?types=plan`)).json()).toHaveLength(0);
  });

  it("keeps an active licensed type among the outcome measures", async () => {
    const breast = await breastCare();
    const checkInId = await withCheckIn(breast);
    const batchId = await withBatch(breast, checkInId);
    const url = `${base(breast)}/outcome-measures`;
    // Outcome measures are edited by admins (the default roles of program staff only view them, if at all).
    const set = (types: string[]) => send("PUT", admin.token, url, { availableQuestionnaireTypes: types });
    expect((await set(["EQ5D", "BN20", "EQ5D"])).json()).toEqual({
      availableQuestionnaireTypes: ["EQ5D", "BN20"],
      activeTypes: [],
      applies: false,
    });
    expect((await get(admin.token, `/api/v1/admin/projects/${breast}`)).json().availableQuestionnaireTypes).toEqual([
      "EQ5D",
      "BN20",
    ]);
    // A program-level schedule sends the batch (which holds EQ-5D): EQ-5D is now active.
    await sql`INSERT INTO questionnaire_schedules (program_id, item_type, questionnaire_batch_id, name, start_day, created_at)
      VALUES (${breast}, 'batch', ${batchId}, 'Weekly', 1, now())`.execute(t.ctx.db);
    const refused = await set(["BN20"]);
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([
      { field: "availableQuestionnaireTypes", message: messages.cannotUnselectActiveType("EQ5D") },
    ]);
    expect((await get(admin.token, url)).json()).toMatchObject({
      availableQuestionnaireTypes: ["EQ5D", "BN20"],
      activeTypes: ["EQ5D"],
    });
    expect((await set(["EQ5D"])).json().availableQuestionnaireTypes).toEqual(["EQ5D"]);
    const unknown = await set(["PHQ9"]);
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)[0]!.field).toBe("availableQuestionnaireTypes.0");
    expect((await send("PUT", manager.token, url, { availableQuestionnaireTypes: [] })).statusCode).toBe(403);
    expect((await get(manager.token, url)).statusCode).toBe(403);
  });

  it("refuses callers without the permission (403), anonymous callers (401)", async () => {
    const breast = await breastCare();
    const checkInId = await withCheckIn(breast);
    const batchId = await withBatch(breast, checkInId);
    // A nurse of the story's own, whose permission it revokes.
    const nurseEmail = `nia@${uniqueMailDomain()}`;
    const nurse = await organisationStaff(t, northbridge, { email: nurseEmail, role: "clinician_team_member" });
    const writes = [
      () => createCustom(nurse.token, { name: "Mine", specification: sideEffectsDiary }, breast),
      () => createBatch(nurse.token, { name: "B", members: [] }, breast),
      () => createPlan(nurse.token, { name: "P", members: [] }, breast),
      () => send("POST", nurse.token, `${base(breast)}/validate`, { specification: {} }),
      () => send("PUT", nurse.token, `${base(breast)}/custom/${checkInId}`, { specification: {} }),
      () => send("PATCH", nurse.token, `${base(breast)}/types/${checkInId}`, { name: "X" }),
    ];
    for (const write of writes) expect((await write()).statusCode).toBe(403);
    // The nurse sees the catalogue (the Questionnaires tab) but not the questions of custom items.
    expect((await get(nurse.token, `${base(breast)}/items`)).statusCode).toBe(200);
    expect((await get(nurse.token, `${base(breast)}/types/${checkInId}/scheme`)).statusCode).toBe(403);
    expect((await get(nurse.token, `${base(breast)}/batches/${batchId}`)).statusCode).toBe(403);
    await changePermissions(t, nurse.id, { revoke: ["view_questionnaire_schedules"] });
    nurse.token = (await signIn(t, nurseEmail)).accessToken;
    expect((await get(nurse.token, `${base(breast)}/items`)).statusCode).toBe(403);
    for (const url of [`${base(breast)}/items`, base(breast), `${base(breast)}/types/${checkInId}/scheme`])
      expect((await get(undefined, url)).statusCode).toBe(401);
    expect(
      (await createCustom(undefined as unknown as string, { name: "x", specification: {} }, breast)).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another organisation's program and never mixes its items into this one", async () => {
    const breast = await breastCare();
    // Another organisation's program, "Lakeside 3".
    const lakeside = await lakesideProgram(t, ++programs);
    const checkInId = await withCheckIn(breast);
    const batchId = await withBatch(breast, checkInId);
    const member = (overrides: Record<string, unknown> = {}) => planMember(checkInId, overrides);
    const theirs = (
      await createCustom(admin.token, { name: "Lakeside diary", specification: sideEffectsDiary }, lakeside)
    ).json().id as string;
    for (const url of [
      `${base(lakeside)}/items`,
      base(lakeside),
      `${base(lakeside)}/types/${theirs}/scheme`,
      `${base(lakeside)}/batches/${batchId}`,
    ])
      expect((await get(manager.token, url)).statusCode).toBe(404);
    expect(
      (await createCustom(manager.token, { name: "X", specification: sideEffectsDiary }, lakeside)).statusCode,
    ).toBe(404);
    const twoLicensed = [
      { questionnaireId: hardcodedTypeIds.EQ5D, order: 1 },
      { questionnaireId: hardcodedTypeIds.BN20, order: 2 },
    ];
    expect((await createBatch(manager.token, { name: "X", members: twoLicensed }, lakeside)).statusCode).toBe(404);
    expect(
      (
        await createPlan(
          manager.token,
          { name: "X", members: [member({ questionnaireId: hardcodedTypeIds.EQ5D })] },
          lakeside,
        )
      ).statusCode,
    ).toBe(404);
    // Lakeside's questionnaire named under Breast is not Breast's.
    expect((await get(manager.token, `${base(breast)}/types/${theirs}/scheme`)).statusCode).toBe(404);
    const borrowed = await createBatch(
      manager.token,
      {
        name: "Borrowed",
        members: [
          { questionnaireId: theirs, order: 1 },
          { questionnaireId: checkInId, order: 2 },
        ],
      },
      breast,
    );
    expect(fieldErrors(borrowed)).toEqual([
      { field: "members.0.questionnaireId", message: messages.questionnaireNotInProgram },
    ]);
    expect(
      ((await get(manager.token, `${base(breast)}/items`)).json() as QuestionnaireItem[]).map((i) => i.name),
    ).not.toContain("Lakeside diary");
    expect((await get(manager.token, `${base(MISSING)}/items`)).statusCode).toBe(404);
  });
});

describe("questionnaire settings in the demo data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives each program the two demo questionnaires, a batch and a plan", async () => {
    const { programs } = await seedDemoData(t.ctx.db, t.clock, "not-a-real-hash");
    const admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    const items = (
      await t.request({
        method: "GET",
        url: `/api/v1/admin/projects/${programs.breast}/questionnaires/items`,
        token: admin.token,
      })
    ).json() as QuestionnaireItem[];
    expect(items.filter((i) => i.type !== "hardcoded").map((i) => [i.type, i.name])).toEqual([
      ["plan", "Check-in, then side effects if in pain"],
      ["questionnaire", "Treatment side-effects diary"],
      ["batch", "Weekly check-in with EQ-5D"],
      ["questionnaire", "Weekly oncology check-in"],
    ]);
    const plan = items.find((i) => i.type === "plan")!;
    const read = (
      await t.request({
        method: "GET",
        url: `/api/v1/admin/projects/${programs.breast}/questionnaires/plans/${plan.id}`,
        token: admin.token,
      })
    ).json() as QuestionnairePlan;
    expect(read.members[1]).toMatchObject({
      conditionType: "question",
      condition: { questionId: "pain", answer: "1" },
    });
  });
});

describe("licensed wording", () => {
  let t: TestApp | undefined;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "wording-"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a bad file with every problem listed, and shows the wording of a good one", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify([{ instrument: "EQ5D", version: "3L", language: "en", items: { XX: { text: "?" } } }]),
    );
    const refused = readLicensedWordingFile(bad);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems).toEqual([
      "0.items.XX: unknown item code for EQ5D",
      "0.items: missing items MO, SC, UA, PD, AD, VAS",
    ]);
    expect(readLicensedWordingFile(join(dir, "none.json")).ok).toBe(false);

    const good = join(dir, "good.json");
    const items = Object.fromEntries(
      ["MO", "SC", "UA", "PD", "AD", "VAS"].map((code) => [code, { text: `Licensed text of ${code}` }]),
    );
    items.MO = { text: "Licensed text of MO", answers: [{ value: 1, label: "Licensed level one" }] } as never;
    writeFileSync(good, JSON.stringify([{ instrument: "EQ5D", version: "3L", language: "en", items }]));
    const read = readLicensedWordingFile(good);
    expect(read.ok).toBe(true);
    // Installed as main.ts installs the file LICENSED_WORDING_FILE names.
    t = await createTestApp({ licensedWording: read.ok ? read.wording : null });

    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const program = await insertProgram(t, { organisationId: northbridge, name: "Breast Care" });
    const admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    const scheme = (
      await t.request({
        method: "GET",
        url: `/api/v1/admin/projects/${program}/questionnaires/types/${hardcodedTypeIds.EQ5D}/scheme`,
        token: admin.token,
      })
    ).json() as QuestionnaireScheme;
    expect(scheme.instrument?.licensedWordingInstalled).toBe(true);
    expect(scheme.instrument?.items[0]).toMatchObject({
      code: "MO",
      text: "Licensed text of MO",
      answers: [
        { value: 1, label: "Licensed level one" },
        { value: 2, label: "2" },
        { value: 3, label: "3" },
      ],
    });
  });
});
