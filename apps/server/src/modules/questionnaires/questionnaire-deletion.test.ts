import { hardcodedTypeIds, messages, type QuestionnaireItem } from "@openpro/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient } from "../../../test/factories.js";
import { auditRows, PATIENT_PASSWORD } from "../../../test/patients.js";
import {
  insertOrganisation,
  insertProgram,
  lakesideProgram,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import weeklyCheckIn from "../../db/demo/questionnaires/weekly-oncology-check-in.json" with { type: "json" };

/**
 * Deleting a custom questionnaire, a batch or a plan from a program's questionnaire settings
 * (3-settings.md §2: "to change the transcript, delete and recreate"): allowed while nothing uses
 * it, refused with every place it is used named, and refused for good once it has been sent.
 */
describe("deleting custom questionnaires, batches and plans", () => {
  let t: TestApp;
  let n = 0;

  const call = (method: "GET" | "POST" | "DELETE", url: string, token?: string, payload?: object) =>
    t.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const refusal = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    message: (response.json() as { message: string }).message,
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world, numbered `n`: Northbridge Health's Breast Care with its manager Callum and
   * nurse Nia (each in the organisation's team in the role of their account: in a program, the
   * team's role decides, issue 29), a super admin Ada, Lakeside out of their reach, and the patients
   * Grace and Alan; with the story's verbs on Breast Care's questionnaire settings.
   */
  const breastCare = async () => {
    n++;
    const domain = uniqueMailDomain();
    const patients = uniqueMailDomain("patients");
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const breast = await insertProgram(t, { organisationId: northbridge, name: `Breast Care ${n}` });
    const lakeside = await lakesideProgram(t, n);
    const manager = await organisationStaff(t, northbridge, {
      email: `callum@${domain}`,
      role: "clinical_project_admin",
    });
    const nurse = await organisationStaff(t, northbridge, { email: `nia@${domain}`, role: "clinician_team_member" });
    const admin = await staffSession(t, { email: `ada@${uniqueMailDomain("openpro")}`, role: "superadmin" });
    const patientId = await createPatient(t, { email: `grace@${patients}`, password: PATIENT_PASSWORD });
    const otherPatientId = await createPatient(t, { email: `alan@${patients}`, password: PATIENT_PASSWORD });

    const base = (programId = breast) => `/api/v1/admin/projects/${programId}/questionnaires`;
    const names = async (programId = breast, token = manager.token) =>
      ((await call("GET", `${base(programId)}/items`, token)).json() as QuestionnaireItem[]).map((i) => i.name);
    const createCustom = async (name: string, programId = breast, token = manager.token) => {
      const response = await call("POST", `${base(programId)}/custom`, token, { name, specification: weeklyCheckIn });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const createBatch = async (name: string, questionnaireIds: string[]) => {
      const response = await call("POST", `${base()}/batches`, manager.token, {
        name,
        members: questionnaireIds.map((questionnaireId, i) => ({ questionnaireId, order: i + 1 })),
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const createPlan = async (name: string, member: { questionnaireId?: string; questionnaireBatchId?: string }) => {
      const response = await call("POST", `${base()}/plans`, manager.token, {
        name,
        members: [
          {
            order: 1,
            memberType: member.questionnaireId ? "questionnaire" : "batch",
            ...member,
            frequency: "0",
            responseWindow: 3,
          },
        ],
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    /** A live schedule row of the program (the delivery module's table), for everyone or one patient. */
    const schedule = async (item: Item, forPatient: string | null = null) => {
      const [column, id] = Object.entries(item)[0]!;
      const itemType =
        column === "questionnaire_batch_id" ? "batch" : column === "questionnaire_plan_id" ? "plan" : "questionnaire";
      const result = await sql<{ id: string }>`
        INSERT INTO questionnaire_schedules (program_id, patient_id, item_type, ${sql.ref(column)}, name,
          start_day, start_date, created_at)
        VALUES (${breast}, ${forPatient}, ${itemType}, ${id}, 'Weekly', ${forPatient ? null : 0},
          ${forPatient ? "2026-01-05" : null}, now())
        RETURNING id`.execute(t.ctx.db);
      return result.rows[0]!.id;
    };
    /** A questionnaire the engine sent (and the patient answered) from a schedule. */
    const sent = (scheduleId: string, questionnaireTypeId: string, planMemberOrder = 0) =>
      sql`INSERT INTO questionnaire_events (program_id, patient_id, schedule_id, questionnaire_type_id,
          plan_member_order, occurrence, due_date, window_closes_at, state, answered_count, question_count, created_at)
        VALUES (${breast}, ${patientId}, ${scheduleId}, ${questionnaireTypeId}, ${planMemberOrder}, 1, '2026-01-05',
          '2026-01-08T00:00:00Z', 'COMPLETED', 9, 9, now())`.execute(t.ctx.db);
    /** Rows of the audit log for one action on Breast Care, oldest first. */
    const audited = async (action: string) => (await auditRows(t, action)).filter((row) => row.programId === breast);
    return {
      breast,
      lakeside,
      manager,
      nurse,
      admin,
      patientId,
      otherPatientId,
      base,
      names,
      createCustom,
      createBatch,
      createPlan,
      schedule,
      sent,
      audited,
    };
  };
  type Item = { questionnaire_type_id?: string; questionnaire_batch_id?: string; questionnaire_plan_id?: string };
  const removeSchedule = (id: string) =>
    sql`UPDATE questionnaire_schedules SET deleted_at = now() WHERE id = ${id}`.execute(t.ctx.db);

  /** Callum deleted an unused "Spare check-in" from Breast Care before the story: the one audited deletion. */
  const withSpareCheckInDeleted = async (w: Awaited<ReturnType<typeof breastCare>>) => {
    const spare = await w.createCustom("Spare check-in");
    const deleted = await call("DELETE", `${w.base()}/custom/${spare}`, w.manager.token);
    if (deleted.statusCode !== 204) throw new Error(`deleting the spare check-in answered ${deleted.statusCode}`);
  };

  it("deletes an unused questionnaire, batch and plan: gone from the catalogue, audited, the name free again", async () => {
    const { breast, manager, base, names, createCustom, createBatch, createPlan, audited } = await breastCare();
    const questionnaireId = await createCustom("Spare check-in");
    const batchId = await createBatch("Spare pair", [hardcodedTypeIds.EQ5D, hardcodedTypeIds.FACTG]);
    const planId = await createPlan("Spare plan", { questionnaireId: hardcodedTypeIds.BN20 });
    expect(await names()).toEqual(expect.arrayContaining(["Spare check-in", "Spare pair", "Spare plan"]));

    expect((await call("DELETE", `${base()}/custom/${questionnaireId}`, manager.token)).statusCode).toBe(204);
    expect((await call("DELETE", `${base()}/batches/${batchId}`, manager.token)).statusCode).toBe(204);
    expect((await call("DELETE", `${base()}/plans/${planId}`, manager.token)).statusCode).toBe(204);

    const left = await names();
    for (const name of ["Spare check-in", "Spare pair", "Spare plan"]) expect(left).not.toContain(name);
    expect(left).toContain("EQ-5D-3L");
    const schemeGone = await call("GET", `${base()}/types/${questionnaireId}/scheme`, manager.token);
    expect(refusal(schemeGone)).toEqual({ status: 404, message: messages.customQuestionnaireMissing });
    expect(refusal(await call("GET", `${base()}/batches/${batchId}`, manager.token))).toEqual({
      status: 404,
      message: messages.batchMissing,
    });
    expect(refusal(await call("GET", `${base()}/plans/${planId}`, manager.token))).toEqual({
      status: 404,
      message: messages.planMissing,
    });
    // Deleting twice finds nothing; the deleted batch cannot be scheduled or put in a plan.
    expect((await call("DELETE", `${base()}/batches/${batchId}`, manager.token)).statusCode).toBe(404);
    const scheduled = await call("POST", `${base()}/schedules`, manager.token, {
      audience: "all",
      type: "batch",
      scheduleType: "recurring",
      sendDateType: "consent_date",
      questionnaireBatchId: batchId,
      startDay: 0,
      frequency: 7,
      numberToSend: 3,
      responseWindow: 3,
    });
    expect(refusal(scheduled)).toEqual({ status: 422, message: messages.qsItemUnknown });
    const inPlan = await call("POST", `${base()}/plans`, manager.token, {
      name: "Uses deleted",
      members: [{ order: 1, memberType: "batch", questionnaireBatchId: batchId, frequency: "0", responseWindow: 3 }],
    });
    expect(inPlan.statusCode).toBe(422);

    for (const action of ["delete-custom", "delete-batch", "delete-plan"]) {
      expect(await audited(`questionnaires.${action}`)).toEqual([
        expect.objectContaining({ programId: breast, actorUserId: manager.id, outcome: "success" }),
      ]);
    }
    // The names can be used again.
    await createCustom("Spare check-in");
    await createBatch("Spare pair", [hardcodedTypeIds.EQ5D, hardcodedTypeIds.FACTG]);
  });

  it("refuses to delete a questionnaire while a batch, a plan or a schedule uses it, naming each place", async () => {
    const w = await breastCare();
    const { manager, patientId, otherPatientId, base, names, createCustom, createBatch, createPlan, schedule } = w;
    await withSpareCheckInDeleted(w);
    const checkIn = await createCustom("Evening check-in");
    const deleteIt = () => call("DELETE", `${base()}/custom/${checkIn}`, manager.token);
    const inUse = (...uses: string[]) => ({
      status: 409,
      message: messages.catalogueInUse("questionnaire", "Evening check-in", uses, false),
    });

    const pair = await createBatch("Evening pair", [checkIn, hardcodedTypeIds.EQ5D]);
    const steps = await createPlan("Evening steps", { questionnaireId: checkIn });
    expect(refusal(await deleteIt())).toEqual(
      inUse(messages.catalogueInBatches(["Evening pair"]), messages.catalogueInPlans(["Evening steps"])),
    );
    expect(refusal(await deleteIt()).message).toBe(
      'The questionnaire "Evening check-in" cannot be deleted: it is part of the batch "Evening pair" and part of the plan "Evening steps". Remove it from there first.',
    );
    expect((await call("DELETE", `${base()}/batches/${pair}`, manager.token)).statusCode).toBe(204);
    expect(refusal(await deleteIt())).toEqual(inUse(messages.catalogueInPlans(["Evening steps"])));
    expect((await call("DELETE", `${base()}/plans/${steps}`, manager.token)).statusCode).toBe(204);

    const forAll = await schedule({ questionnaire_type_id: checkIn });
    expect(refusal(await deleteIt())).toEqual(inUse(messages.catalogueOnProgramSchedule));
    await removeSchedule(forAll);
    const forGrace = await schedule({ questionnaire_type_id: checkIn }, patientId);
    const forAlan = await schedule({ questionnaire_type_id: checkIn }, otherPatientId);
    expect(refusal(await deleteIt())).toEqual(inUse(messages.catalogueOnPatientSchedules(2)));
    await removeSchedule(forGrace);
    await removeSchedule(forAlan);
    // Still there after every refusal; once unused, it goes.
    expect(await names()).toContain("Evening check-in");
    expect((await deleteIt()).statusCode).toBe(204);
    expect(await w.audited("questionnaires.delete-custom")).toHaveLength(2);
  });

  it("never deletes a questionnaire, batch or plan that has been sent: the answers are kept", async () => {
    const { breast, manager, patientId, base, names, createCustom, createBatch, createPlan, schedule, sent } =
      await breastCare();
    const diary = await createCustom("Side effects diary");
    const sentSchedule = await schedule({ questionnaire_type_id: diary }, patientId);
    await sent(sentSchedule, diary);
    // The schedule was removed since: what was sent and answered still holds the questionnaire.
    await removeSchedule(sentSchedule);
    const kept = refusal(await call("DELETE", `${base()}/custom/${diary}`, manager.token));
    expect(kept).toEqual({
      status: 409,
      message: messages.catalogueInUse("questionnaire", "Side effects diary", [messages.catalogueDelivered(1)], true),
    });
    expect(kept.message).toContain("is kept with its answers");

    const batch = await createBatch("Sent pair", [hardcodedTypeIds.EQ5D, hardcodedTypeIds.QLQC30]);
    const batchSchedule = await schedule({ questionnaire_batch_id: batch });
    expect(refusal(await call("DELETE", `${base()}/batches/${batch}`, manager.token))).toEqual({
      status: 409,
      message: messages.catalogueInUse("batch", "Sent pair", [messages.catalogueOnProgramSchedule], false),
    });
    await sent(batchSchedule, hardcodedTypeIds.EQ5D);
    await removeSchedule(batchSchedule);
    expect(refusal(await call("DELETE", `${base()}/batches/${batch}`, manager.token))).toEqual({
      status: 409,
      message: messages.catalogueInUse("batch", "Sent pair", [messages.catalogueDelivered(1)], true),
    });

    const plan = await createPlan("Sent plan", { questionnaireBatchId: batch });
    expect(refusal(await call("DELETE", `${base()}/batches/${batch}`, manager.token)).message).toBe(
      messages.catalogueInUse(
        "batch",
        "Sent pair",
        [messages.catalogueInPlans(["Sent plan"]), messages.catalogueDelivered(1)],
        true,
      ),
    );
    const planSchedule = await schedule({ questionnaire_plan_id: plan }, patientId);
    expect(refusal(await call("DELETE", `${base()}/plans/${plan}`, manager.token))).toEqual({
      status: 409,
      message: messages.catalogueInUse("plan", "Sent plan", [messages.catalogueOnPatientSchedules(1)], false),
    });
    await sent(planSchedule, hardcodedTypeIds.QLQC30, 1);
    await removeSchedule(planSchedule);
    expect(refusal(await call("DELETE", `${base()}/plans/${plan}`, manager.token))).toEqual({
      status: 409,
      message: messages.catalogueInUse("plan", "Sent plan", [messages.catalogueDelivered(1)], true),
    });
    const left = await names();
    for (const name of ["Side effects diary", "Sent pair", "Sent plan"]) expect(left).toContain(name);
    expect(
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM questionnaire_events WHERE program_id = ${breast}`.execute(t.ctx.db)
      ).rows[0]!.n,
    ).toBe(3);
  });

  it("refuses a licensed questionnaire, callers without the permission (403) and anonymous ones (401)", async () => {
    const { nurse, admin, base, names, createCustom, createBatch, createPlan } = await breastCare();
    const licensed = await call("DELETE", `${base()}/custom/${hardcodedTypeIds.EQ5D}`, admin.token);
    expect(refusal(licensed)).toEqual({ status: 409, message: messages.questionnaireHardcodedReadOnly });

    const questionnaireId = await createCustom("Nurse cannot delete");
    const batchId = await createBatch("Nurse pair", [hardcodedTypeIds.EQ5D, hardcodedTypeIds.BN20]);
    const planId = await createPlan("Nurse plan", { questionnaireId: hardcodedTypeIds.EQ5D });
    const urls = [`${base()}/custom/${questionnaireId}`, `${base()}/batches/${batchId}`, `${base()}/plans/${planId}`];
    for (const url of urls) {
      expect((await call("DELETE", url, nurse.token)).statusCode).toBe(403);
      expect((await call("DELETE", url)).statusCode).toBe(401);
    }
    expect(await names()).toEqual(expect.arrayContaining(["Nurse cannot delete", "Nurse pair", "Nurse plan"]));
    // A super admin may.
    for (const url of urls) expect((await call("DELETE", url, admin.token)).statusCode).toBe(204);
  });

  it("answers 404 for another program's items, under either program's path", async () => {
    const { lakeside, manager, admin, base, names, createCustom, createBatch, createPlan } = await breastCare();
    const theirs = await createCustom("Lakeside diary", lakeside, admin.token);
    const ours = await createCustom("Breast diary");
    expect((await call("DELETE", `${base(lakeside)}/custom/${theirs}`, manager.token)).statusCode).toBe(404);
    // Lakeside's questionnaire named under Breast's path is not Breast's, even for a super admin.
    const crossed = await call("DELETE", `${base()}/custom/${theirs}`, admin.token);
    expect(refusal(crossed)).toEqual({ status: 404, message: messages.customQuestionnaireMissing });
    const batchId = await createBatch("Breast pair", [ours, hardcodedTypeIds.EQ5D]);
    const planId = await createPlan("Breast plan", { questionnaireId: ours });
    expect((await call("DELETE", `${base(lakeside)}/batches/${batchId}`, admin.token)).statusCode).toBe(404);
    expect((await call("DELETE", `${base(lakeside)}/plans/${planId}`, admin.token)).statusCode).toBe(404);
    expect((await call("DELETE", `${base(lakeside)}/custom/${ours}`, admin.token)).statusCode).toBe(404);
    expect(await names(lakeside, admin.token)).toEqual(expect.arrayContaining(["Lakeside diary", "FACT-G"]));
    expect(await names(lakeside, admin.token)).not.toContain("Breast diary");
    expect(await names()).toEqual(expect.arrayContaining(["Breast diary", "Breast pair", "Breast plan"]));
    expect((await call("GET", `${base(lakeside)}/types/${theirs}/scheme`, admin.token)).statusCode).toBe(200);
  });
});
