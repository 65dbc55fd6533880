import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, giveConsent, newPatient } from "../../../test/patients.js";
import { programWithStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

interface AlertBody {
  alertId: string;
  kind: string;
  status: string;
  logCount: number;
  logIds: string[];
  invalidatedLogCount: number;
  readings: { at: string; celsius: number; invalidated: boolean }[];
  closeAction: string | null;
}

/**
 * Issue 30 §4: an alert whose logs were all invalidated did not say so; a high and a later low
 * temperature in one alert showed only one of them. Grace's program alerts outside 36–38 °C.
 */
describe("an alert says what it holds: every reading, and when none of its logs stands", () => {
  let t: TestApp;

  const reading = (celsius: number, minutesAgo: number) => ({
    clientId: randomUUID(),
    logClass: "TEMPERATURE",
    date: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    value: celsius,
    unit: "C",
  });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let hearts = 0;
  /**
   * At 09:00 on 27 November 2026, the story's own Northbridge Heart (numbered), alerting outside 36–38 °C,
   * its nurse Nia, and Grace, whom Nia added and who joined and consented (addresses of the story's own):
   * Grace's uploads and the temperature alert in Nia's queue.
   */
  const heartWithGrace = async () => {
    const n = ++hearts;
    t.clock.set("2026-11-27T09:00:00Z");
    const domain = uniqueMailDomain();
    const world = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: `Northbridge Heart ${n}`,
      staff: { nurse: { email: `nia@${domain}`, role: "clinician_team_member" } },
    });
    const heart = world.programId;
    const nurse = world.staff.nurse;
    await t.ctx.db
      .updateTable("programs")
      .set({ temperatureMin: 36, temperatureMax: 38, temperatureMessage: "Your temperature is out of range: call us." })
      .where("id", "=", heart)
      .execute();
    const graceEmail = `grace@${domain}`;
    expect((await addPatient(t, nurse.token, newPatient(heart, { email: graceEmail }))).statusCode).toBe(201);
    const grace = await acceptInvite(t, graceEmail);
    expect((await giveConsent(t, grace, heart)).statusCode).toBe(200);
    const upload = (logs: unknown[]) =>
      t.request({ method: "POST", url: `/api/v1/user/projects/${heart}/logs`, token: grace, payload: { logs } });
    const temperatureAlert = async () =>
      (
        (await t.request({ method: "GET", url: "/api/v1/admin/alerts", token: nurse.token })).json()
          .results as AlertBody[]
      ).find((a) => a.kind === "temperature")!;
    return { heart, nurse, upload, temperatureAlert };
  };

  it("shows a high and a later low temperature of one alert, both, in the order taken", async () => {
    const { upload, temperatureAlert } = await heartWithGrace();
    expect((await upload([reading(38.6, 120)])).statusCode).toBe(200);
    expect((await upload([reading(35.2, 30)])).statusCode).toBe(200);
    const alert = await temperatureAlert();
    expect(alert.logCount).toBe(2);
    expect(alert.readings.map((r) => [r.celsius, r.invalidated])).toEqual([
      [38.6, false],
      [35.2, false],
    ]);
    expect(alert.readings.map((r) => r.at)).toEqual(["2026-11-27T07:00:00.000Z", "2026-11-27T08:30:00.000Z"]);
    expect(alert.invalidatedLogCount).toBe(0);
  });

  it("says when every log of an alert was invalidated, and closes it as not needed in one step", async () => {
    const { heart, nurse, upload, temperatureAlert } = await heartWithGrace();
    // Grace's high and later low temperature, one alert of two logs.
    expect((await upload([reading(38.6, 120)])).statusCode).toBe(200);
    expect((await upload([reading(35.2, 30)])).statusCode).toBe(200);
    const alert = await temperatureAlert();
    for (const [i, logId] of alert.logIds.entries()) {
      const invalidated = await t.request({
        method: "POST",
        url: `/api/v1/logs/${logId}/validate/${heart}`,
        token: nurse.token,
        payload: { status: "Removed", reason: "Incorrect date of log" },
      });
      expect(invalidated.statusCode, invalidated.body).toBe(200);
      const now = await temperatureAlert();
      expect(now.invalidatedLogCount).toBe(i + 1);
    }
    const grounded = await temperatureAlert();
    expect(grounded).toMatchObject({ status: "open", logCount: 2, invalidatedLogCount: 2 });
    expect(grounded.readings.every((r) => r.invalidated)).toBe(true);
    // One step from Open: closed as no action needed, without taking it first.
    const closed = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/alerts/${alert.alertId}/close`,
      token: nurse.token,
      payload: { action: "no_action_needed", note: "All logs invalidated" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closeAction: "no_action_needed" });
  });
});
