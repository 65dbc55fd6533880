import { randomUUID } from "node:crypto";
import { addLogDays, type LogDaysSummary } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient, signInPatient, userIdOf } from "../../../test/patients.js";
import {
  addToOrganisation,
  insertOrganisation,
  insertProgram,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
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
  let story = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const eachDay = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );

  /** The story's own Riverside Lung, its nurse Nia, and Uma, Vic and Wes, consented on 2 February 2026. */
  const riversideLung = async () => {
    const n = ++story;
    const ids: Record<string, string> = {};
    const patientsMail = uniqueMailDomain("patients");
    const nurseEmail = `nia@${uniqueMailDomain("clinic")}`;
    t.clock.set("2026-02-02T15:00:00Z");
    const org = await insertOrganisation(t, `Riverside Health ${n}`);
    const riverside = await insertProgram(t, {
      organisationId: org,
      name: `Riverside Lung ${n}`,
      territory: "US",
      startDate: "2026-01-15",
    });
    const nurse = await staffSession(t, { email: nurseEmail, role: "clinical_project_admin" });
    await addToOrganisation(t, nurse.id, org, "clinical_project_admin");
    const nurseToken = (await signIn(t, nurseEmail)).accessToken;
    for (const who of ["uma", "vic", "wes"]) {
      const email = `${who}@${patientsMail}`;
      const name = { firstName: who[0]!.toUpperCase() + who.slice(1), lastName: "River" };
      expect((await addPatient(t, nurseToken, newPatient(riverside, { ...name, email }))).statusCode).toBe(201);
      expect((await giveConsent(t, await acceptInvite(t, email, name), riverside)).statusCode).toBe(200);
      ids[who] = await userIdOf(t, email);
    }
    const tokenOf = (who: string) => signInPatient(t, `${who}@${patientsMail}`);
    const worklist = async () => {
      const response = await t.request({
        method: "GET",
        url: `/api/v1/admin/projects/${riverside}/worklist`,
        token: (await signIn(t, nurseEmail)).accessToken,
      });
      expect(response.statusCode).toBe(200);
      return response.json().results as { patientName: string; reasons: { reason: string; since: string }[] }[];
    };
    const world = {
      riverside,
      ids,
      nurseEmail,
      tokenOf,
      worklist,
      /** One upload from the app: a symptom on each of these instants (the patient's own offsets). */
      upload: async (who: string, instants: string[], clientIds = instants.map(() => randomUUID())) => {
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
      },
      summaryOf: async (who: string): Promise<LogDaysSummary | null> => {
        const row = await t.ctx.db
          .selectFrom("worklistLogDaysSummaries")
          .select(["lastLogDay", "logDayBits"])
          .where("programId", "=", riverside)
          .where("patientId", "=", ids[who]!)
          .executeTakeFirst();
        return row ? { lastLogDay: row.lastLogDay, bits: row.logDayBits } : null;
      },
      /** The summary as every day in patient_log_days makes it (core's arithmetic). */
      summaryFromEveryDay: async (who: string) => {
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
      },
      reasonsOf: async (who: string) =>
        (await worklist()).find((r) => r.patientName.toLowerCase().startsWith(who))?.reasons ?? [],
    };
    return world;
  };
  type Riverside = Awaited<ReturnType<typeof riversideLung>>;

  /** Uma's February from the app, sent at 20:00 UTC on the 10th: logs on the 3rd, the 5th (twice) and the 10th. */
  const umasFebruaryLogs = [
    "2026-02-03T09:00:00-05:00",
    "2026-02-05T09:00:00-05:00",
    "2026-02-05T18:00:00-05:00",
    "2026-02-10T09:00:00-05:00",
  ];
  const umaLogsInFebruary = async (w: Riverside) => {
    t.clock.set("2026-02-10T20:00:00Z");
    return w.upload("uma", umasFebruaryLogs);
  };
  /** …and a log of the 4th arriving late. */
  const umaSendsALateLog = (w: Riverside) => w.upload("uma", ["2026-02-04T21:00:00-05:00"]);
  /** Vic logs every day for two weeks, to 22 February (sent that evening). */
  const vicLogsTwoWeeks = async (w: Riverside) => {
    t.clock.set("2026-02-22T20:00:00Z");
    await w.upload(
      "vic",
      eachDay("2026-02-09", 14).map((d) => `${d}T12:00:00-05:00`),
    );
  };
  /** Uma logs again on 22 March, six weeks after February (the clock then reads 20:00 UTC that day). */
  const umaLogsAgainOn22March = async (w: Riverside) => {
    t.clock.set("2026-03-22T20:00:00Z");
    await w.upload("uma", ["2026-03-22T10:00:00-04:00"]);
  };
  /** Wes, in Zurich, logs on 15 March and at 04:20 his time on 23 March (03:25 UTC, still the 22nd in New York). */
  const wesLogsFromZurich = async (w: Riverside) => {
    await w.upload("wes", ["2026-03-15T10:00:00+01:00"]);
    t.clock.set("2026-03-23T03:25:00Z");
    await w.upload("wes", ["2026-03-23T04:20:00+01:00"]);
  };

  it("keeps the summary in the upload's own statement: each new day merged, a late day added, a retried batch changes nothing", async () => {
    const w = await riversideLung();
    t.clock.set("2026-02-10T20:00:00Z");
    expect(await w.summaryOf("uma")).toBeNull();
    const batch = await umaLogsInFebruary(w);
    const expected = addLogDays(null, ["2026-02-03", "2026-02-05", "2026-02-10"]);
    expect(await w.summaryOf("uma")).toEqual(expected);
    expect(expected).toEqual({ lastLogDay: "2026-02-10", bits: 0b10100001 });

    // The phone's queue sends the same batch again: nothing created, nothing changed.
    await w.upload("uma", umasFebruaryLogs, batch);
    expect(await w.summaryOf("uma")).toEqual(expected);

    // A log of an earlier day arrives late: its bit is set, the anchor stays.
    await umaSendsALateLog(w);
    expect(await w.summaryOf("uma")).toEqual({ lastLogDay: "2026-02-10", bits: 0b11100001 });
    expect(await w.summaryOf("uma")).toEqual(await w.summaryFromEveryDay("uma"));
  });

  it("slides the windows to the clinic's today across weeks without an upload, and moves the anchor with the next one", async () => {
    const w = await riversideLung();
    await umaLogsInFebruary(w);
    await umaSendsALateLog(w);
    await vicLogsTwoWeeks(w);
    expect(await w.summaryOf("vic")).toEqual({ lastLogDay: "2026-02-22", bits: 0x3fff });

    // Two weeks of silence: the recent window is empty, the earlier one holds all 14 days.
    t.clock.set("2026-03-08T20:00:00Z");
    expect(await w.reasonsOf("vic")).toEqual([
      { reason: "no_log", since: "2026-02-23" },
      { reason: "reporting_dropped", since: "2026-02-23" },
    ]);
    // Four weeks: both windows past her days; still quiet since the day after her last log.
    t.clock.set("2026-03-22T20:00:00Z");
    expect(await w.reasonsOf("vic")).toEqual([{ reason: "no_log", since: "2026-02-23" }]);
    // Uma's last log was six weeks ago.
    expect(await w.reasonsOf("uma")).toEqual([{ reason: "no_log", since: "2026-02-11" }]);

    // Uma logs again: the anchor moves 40 days, her February days fall off the 32 kept.
    await umaLogsAgainOn22March(w);
    expect(await w.summaryOf("uma")).toEqual({ lastLogDay: "2026-03-22", bits: 1 });
    expect(await w.reasonsOf("uma")).toEqual([]);
  });

  it("reads the windows in the clinic's zone: a day the patient's calendar has reached and New York's has not counts in none", async () => {
    const w = await riversideLung();
    t.clock.set("2026-03-22T20:00:00Z");
    await wesLogsFromZurich(w);
    expect(await w.summaryOf("wes")).toEqual({ lastLogDay: "2026-03-23", bits: 0b100000001 });
    // The clinic's today is the 22nd: his log of the 15th is the last in the windows; quiet from the 16th.
    expect(await w.reasonsOf("wes")).toEqual([{ reason: "no_log", since: "2026-03-16" }]);
    // The next morning in New York, the 23rd's log counts.
    t.clock.set("2026-03-23T14:00:00Z");
    expect(await w.reasonsOf("wes")).toEqual([]);
  });

  it("leaves the summary as it was when a dose is undone (a dose is not a log)", async () => {
    const w = await riversideLung();
    await umaLogsInFebruary(w);
    await umaLogsAgainOn22March(w);
    t.clock.set("2026-03-23T15:00:00Z");
    const token = await w.tokenOf("uma");
    const medicine = randomUUID();
    const added = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${w.riverside}/medications`,
      token,
      payload: {
        medications: [{ clientId: medicine, name: "Osimertinib", frequency: "ONCE_DAILY", startDate: "2026-03-23" }],
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const dose = randomUUID();
    const taken = await t.request({
      method: "POST",
      url: `/api/v1/user/projects/${w.riverside}/medication-events`,
      token,
      payload: {
        events: [{ clientId: dose, medicationClientId: medicine, status: "LOGGED", date: "2026-03-23T10:00:00-04:00" }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const before = await w.summaryOf("uma");
    expect(before).toEqual({ lastLogDay: "2026-03-22", bits: 1 });
    const undone = await t.request({
      method: "DELETE",
      url: `/api/v1/user/projects/${w.riverside}/medication-events/${dose}`,
      token,
    });
    expect(undone.statusCode, undone.body).toBe(204);
    expect(await w.summaryOf("uma")).toEqual(before);
    expect(await w.summaryOf("uma")).toEqual(await w.summaryFromEveryDay("uma"));
  });

  it("reads an enrolment's days again when logs are deleted, and drops its row with the last", async () => {
    const w = await riversideLung();
    await umaLogsInFebruary(w);
    await umaLogsAgainOn22March(w);
    await wesLogsFromZurich(w);
    await t.ctx.db
      .deleteFrom("patientLogs")
      .where("patientId", "=", w.ids.wes!)
      .where("localDate", "=", "2026-03-23")
      .execute();
    expect(await w.summaryOf("wes")).toEqual({ lastLogDay: "2026-03-15", bits: 1 });
    await t.ctx.db.deleteFrom("patientLogs").where("patientId", "=", w.ids.wes!).execute();
    expect(await w.summaryOf("wes")).toBeNull();
    // Uma's row is untouched.
    expect(await w.summaryOf("uma")).toEqual({ lastLogDay: "2026-03-22", bits: 1 });
  });

  it("rebuilds from patient_log_days what the triggers keep (the migration's backfill)", async () => {
    const w = await riversideLung();
    await umaLogsInFebruary(w);
    await umaSendsALateLog(w);
    await vicLogsTwoWeeks(w);
    await umaLogsAgainOn22March(w);
    await wesLogsFromZurich(w);
    const kept = () =>
      t.ctx.db
        .selectFrom("worklistLogDaysSummaries")
        .selectAll()
        .where("programId", "=", w.riverside)
        .orderBy("patientId")
        .execute();
    const byTriggers = await kept();
    expect(byTriggers).toHaveLength(3);
    await t.ctx.db.executeQuery(
      t.ctx.db
        .selectNoFrom((eb) => eb.fn("worklist_log_days_summaries_rebuild", [eb.val(w.riverside)]).as("done"))
        .compile(),
    );
    expect(await kept()).toEqual(byTriggers);
  });

  it("deletes the enrolment's summary with its erasure; the patient leaves the worklist", async () => {
    const w = await riversideLung();
    await umaLogsInFebruary(w);
    await vicLogsTwoWeeks(w);
    t.clock.set("2026-03-23T15:00:00Z");
    expect(await w.reasonsOf("vic")).not.toEqual([]);
    const nurse = (await signIn(t, w.nurseEmail)).accessToken as string;
    const erased = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${w.riverside}/users/${w.ids.vic}/erasure`,
      token: nurse,
      payload: { reason: "no_legal_ground", confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await w.summaryOf("vic")).toBeNull();
    expect(await w.summaryOf("uma")).not.toBeNull();
    expect((await w.worklist()).map((r) => r.patientName)).not.toContain("Vic River");
  });
});
