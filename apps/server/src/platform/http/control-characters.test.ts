import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { programWithStaff, staffSession, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { fieldsWithUnsupportedCharacters } from "./control-characters.js";

describe("characters no one types (NUL, other controls, lone surrogates) are refused on the field, everywhere", () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
  });
  afterAll(() => t.close());

  let hearts = 0;
  /** The story's own Northbridge Heart (numbered) and Callum, its organisation's clinical program admin. */
  const heartWithCallum = async () => {
    const n = ++hearts;
    const world = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: `Northbridge Heart ${n}`,
      staff: { callum: { email: `callum@${uniqueMailDomain()}`, role: "clinical_project_admin" } },
    });
    return { programId: world.programId, callum: world.staff.callum };
  };

  const unsupported = (field: string) => [{ field, message: messages.unsupportedCharacters }];

  it("answers 422 on the field, never 500, and stores nothing", async () => {
    const { programId, callum } = await heartWithCallum();
    const organisation = await t.request({
      method: "POST",
      url: "/api/v1/admin/organisations",
      token: admin,
      payload: { name: "a\u0000b" },
    });
    expect(organisation.statusCode).toBe(422);
    expect(fieldErrors(organisation)).toEqual(unsupported("name"));
    const named = await t.ctx.db.selectFrom("organisations").select("name").where("name", "like", "a%b").execute();
    expect(named).toEqual([]);

    const program = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${programId}`,
      token: callum.token,
      payload: { description: "fine", articles: [{ header: "Diet\u0007", url: "https://example.org" }] },
    });
    expect(program.statusCode).toBe(422);
    expect(fieldErrors(program)).toEqual(unsupported("articles.0.header"));
    const stored = await t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}`, token: callum.token });
    expect(stored.json().description).toBeNull();

    const search = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations?term=${encodeURIComponent("nor\u0000th")}`,
      token: admin,
    });
    expect(search.statusCode, search.body).toBe(422);
    expect(fieldErrors(search)).toEqual(unsupported("term"));

    // A lone surrogate cannot be stored as text either.
    const surrogate = await t.request({
      method: "POST",
      url: "/api/v1/admin/organisations",
      token: admin,
      headers: { "content-type": "application/json" },
      payload: '{"name":"Lone \\ud800 half"}',
    });
    expect(surrogate.statusCode).toBe(422);
    expect(fieldErrors(surrogate)).toEqual(unsupported("name"));
  });

  it("keeps line breaks and tabs, which people do type, and real emoji pairs", async () => {
    const { programId, callum } = await heartWithCallum();
    const saved = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${programId}`,
      token: callum.token,
      payload: { description: "Line one\r\nLine two\twith a tab 💙" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().description).toBe("Line one\r\nLine two\twith a tab 💙");
  });

  it("an anonymous caller is still told to sign in first", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/admin/organisations",
      payload: { name: "a\u0000b" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("names every offending path, keys included", () => {
    expect(
      fieldsWithUnsupportedCharacters({ a: "ok", b: ["x", "y\u001f"], c: { "bad\u0000key": 1, d: "\u007f" } }),
    ).toEqual(["b.1", "c.bad\u0000key", "c.d"]);
    expect(fieldsWithUnsupportedCharacters("\u0000")).toEqual(["body"]);
    expect(fieldsWithUnsupportedCharacters({ emoji: "😀", text: "a\nb\tc\r" })).toEqual([]);
  });
});
