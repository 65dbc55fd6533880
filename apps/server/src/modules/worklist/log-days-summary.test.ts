import { randomUUID } from "node:crypto";
import { addLogDays, type LogDaysSummary } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient, patientLogin, userIdOf } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * The worklist's summary of the days each enrolment logged (decision 030), kept by the upload's
 * own statement and read on the clinic's today. Riverside Lung is a US program (New York's days).
 * Uma, Vic and Wes consented on 2 February 2026 and send their logs from the app: Uma on a few
 * days, then nothing for weeks; Vic every day for two weeks, then nothing; Wes from Zurich, whose
 * calendar runs ahead of the clinic's in the evening.
 */
describe("the worklist's summary of the days each patient logged", () => {
  let t: TestApp;
  let riverside: string;
  const ids: Record<string, string> = {};

  const tokenOf = async (who: string) => (await patientLogin(t, `${who}@patients.test`)).json().accessToken as string;
  /** One upload from the app: a symptom on each of these instants (the patient's own offsets). */
  const upload = async (who: string, instants: string[], clientIds = instants.map(() => randomUUID())) => {
    const response = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${riverside}/logs`,
      token: await tokenOf(who),
      payload: {
        logs: instants.map((date, i) => ({
          clientId: clientIds[i],
          logClass: "SYMPTOMS",
          date,
          logTypeId: "10028813",
          grade: 1,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return clientIds;
  };
  const summaryOf = async (who: string): Promise<LogDaysSummary | null> => {
    const row = await t.ctx.db
      .selectFrom("worklistLogDaysSummaries")
      .select(["lastLogDay", "logDayBits"])
      .where("programId", "=", riverside)
      .where("patientId", "=", ids[who]!)
      .executeTakeFirst();
    return row ? { lastLogDay: row.lastLogDay, bits: row.logDayBits } : null;
  };
  /** The summary as every day in patient_log_days makes it (core's arithmetic). */
  const summaryFromEveryDay = async (who: string) => {
    const days = await t.ctx.db
      .selectFrom("patientLogDays")
      .select("localDate")
      .where("programId", "=", riverside)
      .where("patientId", "=", ids[who]!)
      .execute();
    return addLogDays(
      null,
      days.map((d) => d.localDate),
    );
  };
  const worklist = async () => {
    const nurse = (await signIn(t, "nia@clinic.test")).accessToken as string;
    const response = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${riverside}/worklist`,
      token: nurse,
    });
    expect(response.statusCode).toBe(200);
    return response.json().results as { patientName: string; reasons: { reason: string; since: string }[] }[];
  };
  const reasonsOf = async (who: string) =>
    (await worklist()).find((r) => r.patientName.toLowerCase().startsWith(who))?.reasons ?? [];
  const eachDay = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-02-02T15:00:00Z");
    const org = await insertOrganisation(t, "Riverside Health");
    riverside = await insertProgram(t, {
      organisationId: org,
      name: "Riverside Lung",
      territory: "US",
      startDate: "2026-01-15",
    });
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, nurse.id, org, "clinical_project_admin");
    const nurseToken = (await signIn(t, "nia@clinic.test")).accessToken;
    for (const who of ["uma", "vic", "wes"]) {
      const email = `${who}@patients.test`;
      const name = { firstName: who[0]!.toUpperCase() + who.slice(1), lastName: "River" };
      expect((await addPatient(t, nurseToken, newPatient(riverside, { ...name, email }))).statusCode).toBe(201);
      expect((await giveConsent(t, await acceptInvite(t, email, name), riverside)).statusCode).toBe(200);
      ids[who] = await userIdOf(t, email);
    }
  });
  afterAll(() => t.close());

  it("keeps the summary in the upload's own statement: each new day merged, a late day added, a retried batch changes nothing", async () => {
    t.clock.set("2026-02-10T20:00:00Z");
    expect(await summaryOf("uma")).toBeNull();
    const batch = await upload("uma", [
      "2026-02-03T09:00:00-05:00",
      "2026-02-05T09:00:00-05:00",
      "2026-02-05T18:00:00-05:00",
      "2026-02-10T09:00:00-05:00",
    ]);
    const expected = addLogDays(null, ["2026-02-03", "2026-02-05", "2026-02-10"]);
    expect(await summaryOf("uma")).toEqual(expected);
    expect(expected).toEqual({ lastLogDay: "2026-02-10", bits: 0b10100001 });

    // The phone's queue sends the same batch again: nothing created, nothing changed.
    await upload(
      "uma",
      [
        "2026-02-03T09:00:00-05:00",
        "2026-02-05T09:00:00-05:00",
        "2026-02-05T18:00:00-05:00",
        "2026-02-10T09:00:00-05:00",
      ],
      batch,
    );
    expect(await summaryOf("uma")).toEqual(expected);

    // A log of an earlier day arrives late: its bit is set, the anchor stays.
    await upload("uma", ["2026-02-04T21:00:00-05:00"]);
    expect(await summaryOf("uma")).toEqual({ lastLogDay: "2026-02-10", bits: 0b11100001 });
    expect(await summaryOf("uma")).toEqual(await summaryFromEveryDay("uma"));
  });

  it("slides the windows to the clinic's today across weeks without an upload, and moves the anchor with the next one", async () => {
    t.clock.set("2026-02-22T20:00:00Z");
    await upload(
      "vic",
      eachDay("2026-02-09", 14).map((d) => `${d}T12:00:00-05:00`),
    );
    expect(await summaryOf("vic")).toEqual({ lastLogDay: "2026-02-22", bits: 0x3fff });

    // Two weeks of silence: the recent window is empty, the earlier one holds all 14 days.
    t.clock.set("2026-03-08T20:00:00Z");
    expect(await reasonsOf("vic")).toEqual([
      { reason: "no_log", since: "2026-02-23" },
      { reason: "reporting_dropped", since: "2026-02-23" },
    ]);
    // Four weeks: both windows past her days; still quiet since the day after her last log.
    t.clock.set("2026-03-22T20:00:00Z");
    expect(await reasonsOf("vic")).toEqual([{ reason: "no_log", since: "2026-02-23" }]);
    // Uma's last log was six weeks ago.
    expect(await reasonsOf("uma")).toEqual([{ reason: "no_log", since: "2026-02-11" }]);

    // Uma logs again: the anchor moves 40 days, her February days fall off the 32 kept.
    await upload("uma", ["2026-03-22T10:00:00-04:00"]);
    expect(await summaryOf("uma")).toEqual({ lastLogDay: "2026-03-22", bits: 1 });
    expect(await reasonsOf("uma")).toEqual([]);
  });

  it("reads the windows in the clinic's zone: a day the patient's calendar has reached and New York's has not counts in none", async () => {
    await upload("wes", ["2026-03-15T10:00:00+01:00"]);
    // 03:20 UTC on 23 March: 04:20 on the 23rd in Zurich, 23:20 on the 22nd in New York.
    t.clock.set("2026-03-23T03:25:00Z");
    await upload("wes", ["2026-03-23T04:20:00+01:00"]);
    expect(await summaryOf("wes")).toEqual({ lastLogDay: "2026-03-23", bits: 0b100000001 });
    // The clinic's today is the 22nd: his log of the 15th is the last in the windows; quiet from the 16th.
    expect(await reasonsOf("wes")).toEqual([{ reason: "no_log", since: "2026-03-16" }]);
    // The next morning in New York, the 23rd's log counts.
    t.clock.set("2026-03-23T14:00:00Z");
    expect(await reasonsOf("wes")).toEqual([]);
  });

  it("leaves the summary as it was when a dose is undone (a dose is not a log)", async () => {
    t.clock.set("2026-03-23T15:00:00Z");
    const token = await tokenOf("uma");
    const medicine = randomUUID();
    const added = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${riverside}/medications`,
      token,
      payload: {
        medications: [{ clientId: medicine, name: "Osimertinib", frequency: "ONCE_DAILY", startDate: "2026-03-23" }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const dose = randomUUID();
    const taken = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${riverside}/medication-events`,
      token,
      payload: {
        events: [{ clientId: dose, medicationClientId: medicine, status: "LOGGED", date: "2026-03-23T10:00:00-04:00" }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const before = await summaryOf("uma");
    const undone = await t.request({
      method: "DELETE",
      url: `/api/v1/user/projects/${riverside}/medication-events/${dose}`,
      token,
    });
    expect(undone.statusCode, undone.body).toBe(204);
    expect(await summaryOf("uma")).toEqual(before);
    expect(await summaryOf("uma")).toEqual(await summaryFromEveryDay("uma"));
  });

  it("reads an enrolment's days again when logs are deleted, and drops its row with the last", async () => {
    await t.ctx.db
      .deleteFrom("patientLogs")
      .where("patientId", "=", ids.wes!)
      .where("localDate", "=", "2026-03-23")
      .execute();
    expect(await summaryOf("wes")).toEqual({ lastLogDay: "2026-03-15", bits: 1 });
    await t.ctx.db.deleteFrom("patientLogs").where("patientId", "=", ids.wes!).execute();
    expect(await summaryOf("wes")).toBeNull();
    // Uma's row is untouched.
    expect(await summaryOf("uma")).toEqual({ lastLogDay: "2026-03-22", bits: 1 });
  });

  it("rebuilds from patient_log_days what the triggers keep (the migration's backfill)", async () => {
    const kept = await t.ctx.db.selectFrom("worklistLogDaysSummaries").selectAll().orderBy("patientId").execute();
    await t.ctx.db.executeQuery(
      t.ctx.db
        .selectNoFrom((eb) => eb.fn("worklist_log_days_summaries_rebuild", [eb.val(riverside)]).as("done"))
        .compile(),
    );
    expect(await t.ctx.db.selectFrom("worklistLogDaysSummaries").selectAll().orderBy("patientId").execute()).toEqual(
      kept,
    );
  });

  it("deletes the enrolment's summary with its erasure; the patient leaves the worklist", async () => {
    expect(await reasonsOf("vic")).not.toEqual([]);
    const nurse = (await signIn(t, "nia@clinic.test")).accessToken as string;
    const erased = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${riverside}/users/${ids.vic}/erasure`,
      token: nurse,
      payload: { reason: "no_legal_ground", confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await summaryOf("vic")).toBeNull();
    expect(await summaryOf("uma")).not.toBeNull();
    expect((await worklist()).map((r) => r.patientName)).not.toContain("Vic River");
  });
});
