import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentedPatient, signInPatient } from "../../../test/patients.js";
import {
  insertProgramSchedule,
  insertQuestionnaireEvent,
  insertWeeklyCheckIn,
  type QuestionnaireState,
} from "../../../test/questionnaires.js";
import { heartWithNurse, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { runDelivery } from "../questionnaire-delivery/service.js";

interface Summary {
  lastCompletedAt: string | null;
  lastMissedClosesAt: string | null;
}

/**
 * The worklist's summary of each enrolment's questionnaires (migration 0033, decision 030): the
 * latest answer and the latest missed questionnaire's close, kept by the database in the same
 * statement as what changed them, so the worklist reads one row a patient instead of probing each
 * patient's questionnaires. Each story has its own Northbridge Heart (UK: London's days) and its own
 * patient; the summary is compared with what every questionnaire of hers says at each step.
 */
describe("the worklist's summary of each patient's questionnaires", () => {
  let t: TestApp;
  let story = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const iso = (instant: Date | string | null) => (instant === null ? null : new Date(instant).toISOString());
  const summaryOf = async (programId: string, patientId: string): Promise<Summary | null> => {
    const row = await t.ctx.db
      .selectFrom("worklistQuestionnaireSummaries")
      .select(["lastCompletedAt", "lastMissedClosesAt"])
      .where("programId", "=", programId)
      .where("patientId", "=", patientId)
      .executeTakeFirst();
    return row ? { lastCompletedAt: iso(row.lastCompletedAt), lastMissedClosesAt: iso(row.lastMissedClosesAt) } : null;
  };
  /** The summary as every questionnaire of the patient makes it (null: none answered or missed). */
  const summaryFromEveryQuestionnaire = async (programId: string, patientId: string): Promise<Summary | null> => {
    const events = await t.ctx.db
      .selectFrom("questionnaireEvents")
      .select(["state", "completedAt", "windowClosesAt"])
      .where("programId", "=", programId)
      .where("patientId", "=", patientId)
      .execute();
    const latest = (instants: (Date | null)[]) =>
      instants.reduce<string | null>((a, b) => (b !== null && (a === null || iso(b)! > a) ? iso(b) : a), null);
    const completed = latest(events.filter((e) => e.state === "COMPLETED").map((e) => e.completedAt));
    const missed = latest(events.filter((e) => e.state === "MISSED").map((e) => e.windowClosesAt));
    return completed === null && missed === null ? null : { lastCompletedAt: completed, lastMissedClosesAt: missed };
  };
  const expectSummary = async (programId: string, patientId: string, expected: Summary | null) => {
    expect(await summaryFromEveryQuestionnaire(programId, patientId)).toEqual(expected);
    expect(await summaryOf(programId, patientId)).toEqual(expected);
  };
  /** The reasons the worklist gives for one patient, read by the nurse (signed in now). */
  const worklistReasons = async (programId: string, nurseEmail: string, patientId: string) => {
    const response = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${programId}/worklist`,
      token: (await signIn(t, nurseEmail)).accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().results as { patientId: string; reasons: { reason: string }[] }[];
    return rows.find((r) => r.patientId === patientId)?.reasons.map((r) => r.reason) ?? [];
  };

  /** Northbridge Heart with its nurse, and Grace, who consented in the app at 09:00 on 2 March 2026. */
  const heartWithGrace = async () => {
    t.clock.set("2026-03-02T09:00:00Z");
    const { heart, nurse } = await heartWithNurse(t, `summary ${++story}`);
    const email = `grace@${uniqueMailDomain("patients")}`;
    const grace = await consentedPatient(t, nurse.token, heart, { email, firstName: "Grace" });
    return { heart, nurse, grace: { ...grace, email } };
  };

  it("follows the delivery engine's miss and the patient's answer from the app; the worklist lists the miss until she answers", async () => {
    const { heart, nurse, grace } = await heartWithGrace();
    const checkIn = await insertWeeklyCheckIn(t, heart);
    const scheduled = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/questionnaires/schedules`,
      token: nurse.token,
      payload: {
        audience: "all",
        type: "questionnaire",
        scheduleType: "recurring",
        sendDateType: "consent_date",
        questionnaireTypeId: checkIn,
        startDay: 0,
        frequency: 7,
        numberToSend: 3,
        responseWindow: 3,
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await runDelivery(t.ctx);
    await expectSummary(heart, grace.userId, null);

    // The first check-in's window closed unanswered: the engine marks it missed.
    t.clock.set("2026-03-06T00:30:00Z");
    await runDelivery(t.ctx);
    const [first] = await t.ctx.db
      .selectFrom("questionnaireEvents")
      .select(["state", "windowClosesAt"])
      .where("patientId", "=", grace.userId)
      .execute();
    expect(first!.state).toBe("MISSED");
    await expectSummary(heart, grace.userId, { lastCompletedAt: null, lastMissedClosesAt: iso(first!.windowClosesAt) });
    expect(await worklistReasons(heart, nurse.email, grace.userId)).toContain("missed_questionnaire");

    // A week on she answers the second one in the app: the miss before it no longer counts.
    t.clock.set("2026-03-09T09:00:00Z");
    await runDelivery(t.ctx);
    const due = await t.ctx.db
      .selectFrom("questionnaireEvents")
      .select("id")
      .where("patientId", "=", grace.userId)
      .where("state", "=", "DUE")
      .executeTakeFirstOrThrow();
    t.clock.set("2026-03-09T18:15:00Z");
    const patientToken = await signInPatient(t, grace.email);
    const answered = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${heart}/questionnaire-events/${due.id}/answers`,
      token: patientToken,
      payload: { answers: [{ questionId: "ok", value: "A good week" }], submit: true, clientId: randomUUID() },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await expectSummary(heart, grace.userId, {
      lastCompletedAt: "2026-03-09T18:15:00.000Z",
      lastMissedClosesAt: iso(first!.windowClosesAt),
    });
    expect(await worklistReasons(heart, nurse.email, grace.userId)).not.toContain("missed_questionnaire");
  });

  /** Grace's weekly questionnaires in Heart as they stand, inserted in their states; their ids by week. */
  const withWeeks = async (heart: string, patientId: string, states: QuestionnaireState[]) => {
    const questionnaireTypeId = await insertWeeklyCheckIn(t, heart);
    const scheduleId = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId,
      name: "Weekly check-in",
    });
    const ids: string[] = [];
    for (const [i, state] of states.entries())
      ids.push(
        await insertQuestionnaireEvent(t, {
          programId: heart,
          patientId,
          scheduleId,
          questionnaireTypeId,
          occurrence: i,
          dueDate: `2026-02-${String(2 + 7 * i).padStart(2, "0")}`,
          state,
        }),
      );
    return { scheduleId, ids };
  };

  it("reads the patient's questionnaires again when an answered or missed one is deleted or reopened, and writes nothing for a saved answer", async () => {
    const { heart, grace } = await heartWithGrace();
    const { scheduleId, ids } = await withWeeks(heart, grace.userId, ["MISSED", "COMPLETED", "MISSED", "DUE"]);
    // Inserted in their states (as the demo and a bulk load do): merged in.
    await expectSummary(heart, grace.userId, {
      lastCompletedAt: "2026-02-09T10:05:00.000Z",
      lastMissedClosesAt: "2026-02-16T23:59:00.000Z",
    });

    // A saved answer, a reminder sent: neither state nor instants change, the row is not written.
    const version = async () =>
      (
        await sql<{ version: string }>`SELECT xmin::text AS version FROM worklist_questionnaire_summaries
          WHERE program_id = ${heart} AND patient_id = ${grace.userId}`.execute(t.ctx.db)
      ).rows[0]!.version;
    const before = await version();
    await t.ctx.db
      .updateTable("questionnaireEvents")
      .set({ answeredCount: 1, remindedAt: t.clock.now() })
      .where("id", "in", ids)
      .execute();
    expect(await version()).toBe(before);

    // The latest miss deleted: the one before it is the latest again.
    await t.ctx.db.deleteFrom("questionnaireEvents").where("id", "=", ids[2]!).execute();
    await expectSummary(heart, grace.userId, {
      lastCompletedAt: "2026-02-09T10:05:00.000Z",
      lastMissedClosesAt: "2026-02-02T23:59:00.000Z",
    });

    // The answered one reopened (no longer COMPLETED): no answer left.
    await t.ctx.db
      .updateTable("questionnaireEvents")
      .set({ state: "IN_PROGRESS", completedAt: null })
      .where("id", "=", ids[1]!)
      .execute();
    await expectSummary(heart, grace.userId, { lastCompletedAt: null, lastMissedClosesAt: "2026-02-02T23:59:00.000Z" });

    // The last open one answered late, then the schedule deleted with all its questionnaires: the row goes.
    await t.ctx.db
      .updateTable("questionnaireEvents")
      .set({ state: "COMPLETED", completedAt: new Date("2026-03-01T08:00:00Z") })
      .where("id", "=", ids[3]!)
      .execute();
    await expectSummary(heart, grace.userId, {
      lastCompletedAt: "2026-03-01T08:00:00.000Z",
      lastMissedClosesAt: "2026-02-02T23:59:00.000Z",
    });
    await t.ctx.db.deleteFrom("questionnaireSchedules").where("id", "=", scheduleId).execute();
    await expectSummary(heart, grace.userId, null);
  });

  it("is rebuilt from the questionnaires as the triggers keep it, and a deleted account takes its rows", async () => {
    const { heart, grace, nurse } = await heartWithGrace();
    const alan = await consentedPatient(t, nurse.token, heart, {
      email: `alan@${uniqueMailDomain("patients")}`,
      firstName: "Alan",
    });
    await withWeeks(heart, grace.userId, ["COMPLETED", "MISSED", "COMPLETED"]);
    await withWeeks(heart, alan.userId, ["MISSED", "MISSED", "DUE"]);
    const kept = [await summaryOf(heart, grace.userId), await summaryOf(heart, alan.userId)];
    expect(kept).toEqual([
      { lastCompletedAt: "2026-02-16T10:05:00.000Z", lastMissedClosesAt: "2026-02-09T23:59:00.000Z" },
      { lastCompletedAt: null, lastMissedClosesAt: "2026-02-09T23:59:00.000Z" },
    ]);
    await sql`SELECT worklist_questionnaire_summaries_rebuild(${heart}::uuid)`.execute(t.ctx.db);
    expect([await summaryOf(heart, grace.userId), await summaryOf(heart, alan.userId)]).toEqual(kept);

    await t.ctx.db.deleteFrom("users").where("id", "=", alan.userId).execute();
    expect(await summaryOf(heart, alan.userId)).toBeNull();
    expect(await summaryOf(heart, grace.userId)).toEqual(kept[0]);
  });
});
