import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { cleoAndNia, northbridgeAndLakeside } from "../../../test/northbridge.js";
import { auditRows, setProgram } from "../../../test/patients.js";
import { insertProgram } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/**
 * A clinical admin sets how long a program's patient data is kept after it ends (the program's
 * protocol and the records policy decide): the years are read back, the day the data may be erased
 * is shown once the program has ended, and the change is audited. Who may not erase may not set it.
 * The stories share Northbridge Health and its staff, Cleo (clinical program admin) and Nia (nurse),
 * and Lakeside out of their reach; each story sets the retention of a Northbridge program of its own.
 */
describe("a program's data retention", () => {
  let t: TestApp;
  let northbridge: string;
  let lakeside: string;
  const tok: Record<string, string> = {};
  const url = (programId: string) => `/api/v1/admin/projects/${programId}/retention`;
  const read = (token: string, programId: string) => t.request({ method: "GET", url: url(programId), token });
  const put = (token: string, programId: string, payload: unknown) =>
    t.request({ method: "PUT", url: url(programId), token, payload: payload as object });
  const storedYears = async (programId: string) =>
    (
      await t.ctx.db
        .selectFrom("programs")
        .select("retentionYears")
        .where("id", "=", programId)
        .executeTakeFirstOrThrow()
    ).retentionYears;
  let programs = 0;
  /** A running program of Northbridge's own to the story ("Northbridge Heart 3"), with the default retention. */
  const heartProgram = () => insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${++programs}` });
  /** A program of Northbridge whose retention was set to `years` (by a clinical admin, as the first story does). */
  const heartKeptFor = async (years: number) => {
    const heart = await heartProgram();
    await t.ctx.db.updateTable("programs").set({ retentionYears: years }).where("id", "=", heart).execute();
    return heart;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    // Each story sets the retention of a program of its own (heartProgram), not the world's Heart.
    const world = await northbridgeAndLakeside(t, cleoAndNia);
    ({ northbridge, lakeside } = world);
    Object.assign(tok, world.tok);
  });
  afterAll(() => t.close());

  it("is 25 years by default, with no end day while the program runs", async () => {
    const heart = await heartProgram();
    const answer = await read(tok.clinical!, heart);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ retentionYears: 25, programEnded: null, keptUntil: null });
  });

  it("is set by a clinical admin, read back, and audited in the same change", async () => {
    const heart = await heartProgram();
    const saved = await put(tok.clinical!, heart, { retentionYears: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retentionYears: 10 });
    expect(await storedYears(heart)).toBe(10);
    expect((await read(tok.clinical!, heart)).json()).toMatchObject({ retentionYears: 10 });
    expect((await auditRows(t, "program.retention.update")).filter((r) => r.programId === heart)).toEqual([
      expect.objectContaining({ programId: heart, outcome: "success" }),
    ]);
  });

  it("tells until which day the data is kept once the program has ended", async () => {
    const heart = await heartKeptFor(10);
    await setProgram(t, heart, { endedAt: new Date("2026-02-27T09:00:00Z") });
    expect((await read(tok.clinical!, heart)).json()).toEqual({
      retentionYears: 10,
      programEnded: "2026-02-27",
      keptUntil: "2036-02-27",
    });
    // Zero years: erasure on request from the day the program ended.
    expect((await put(tok.clinical!, heart, { retentionYears: 0 })).json()).toEqual({
      retentionYears: 0,
      programEnded: "2026-02-27",
      keptUntil: "2026-02-27",
    });
  });

  it.each([
    [{ retentionYears: 101 }],
    [{ retentionYears: -1 }],
    [{ retentionYears: 2.5 }],
    [{ retentionYears: "ten" }],
    [{}],
  ])("refuses %j with the message on the field and changes nothing", async (payload) => {
    const heart = await heartProgram();
    const before = await storedYears(heart);
    const refused = await put(tok.clinical!, heart, payload);
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "retentionYears", message: messages.retentionYearsInvalid }]);
    expect(await storedYears(heart)).toBe(before);
  });

  it("is refused to a nurse, who may not erase, and changes nothing", async () => {
    const heart = await heartProgram();
    const before = await storedYears(heart);
    expect((await read(tok.nurse!, heart)).statusCode).toBe(403);
    expect((await put(tok.nurse!, heart, { retentionYears: 5 })).statusCode).toBe(403);
    expect(await storedYears(heart)).toBe(before);
  });

  it("answers 404 for a program outside the admin's organisations", async () => {
    expect((await read(tok.clinical!, lakeside)).statusCode).toBe(404);
    expect((await put(tok.clinical!, lakeside, { retentionYears: 5 })).statusCode).toBe(404);
    expect(await storedYears(lakeside)).toBe(25);
  });
});
