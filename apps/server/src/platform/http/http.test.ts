import { messages } from "@openpro/core";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/** Every answer since the list was last emptied, so that the header and no-stack rules can be checked on all of them. */
const seen: { label: string; response: LightMyRequestResponse }[] = [];

describe("what every API answer looks like", () => {
  let t: TestApp;
  let token: string;
  const call = async (label: string, options: Parameters<TestApp["request"]>[0]) => {
    const response = await t.request(options);
    seen.push({ label, response });
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: "nurse@clinic.test", role: "clinician_team_member" });
    ({ accessToken: token } = await signIn(t, "nurse@clinic.test"));
  });
  afterAll(() => t.close());

  /** The file's stories of one kind of answer each; the last test runs them all again and checks every answer. */
  const answerStories: [string, () => Promise<void>][] = [
    [
      "reports the service and its database as up",
      async () => {
        const health = await call("healthz", { method: "GET", url: "/api/v1/healthz" });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toMatchObject({ status: "ok", database: "up" });
        expect(health.json().version).toMatch(/^\d+\.\d+\.\d+/);
      },
    ],

    [
      "refuses calls without a usable token with 401 and the not-signed-in message",
      async () => {
        const attempts = [
          { label: "no token", token: undefined },
          { label: "garbage token", token: "not-a-jwt" },
          { label: "tampered token", token: `${token.slice(0, -3)}abc` },
        ];
        for (const attempt of attempts) {
          for (const [method, url] of [
            ["GET", "/api/v1/current"],
            ["GET", "/api/v1/admin/permissions"],
            ["GET", "/api/v1/admin/outbox"],
            ["POST", "/api/v1/auth/logout"],
          ] as const) {
            const response = await call(`${attempt.label} ${method} ${url}`, { method, url, token: attempt.token });
            expect(response.statusCode, `${attempt.label} ${url}`).toBe(401);
            expect(response.json()).toEqual({ statusCode: 401, message: messages.unauthenticated });
          }
        }
        const feedback = await call("no token feedback", {
          method: "POST",
          url: "/api/v1/admin/vpro-feedback",
          payload: { text: "x" },
        });
        expect(feedback.statusCode).toBe(401);
      },
    ],

    [
      "answers malformed JSON with 400 and a JSON error body",
      async () => {
        const response = await call("malformed json", {
          method: "POST",
          url: "/api/v2/auth/login",
          headers: { "content-type": "application/json" },
          payload: '{"email": "nurse@clinic.test", "password": ',
        });
        expect(response.statusCode).toBe(400);
        expect(response.headers["content-type"]).toMatch(/application\/json/);
        expect(response.json()).toEqual({ statusCode: 400, message: messages.malformedBody });
      },
    ],

    [
      "answers a body that is not JSON (text/plain, form) with 415",
      async () => {
        for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
          const response = await call(`content-type ${contentType}`, {
            method: "POST",
            url: "/api/v2/auth/login",
            headers: { "content-type": contentType },
            payload: "email=nurse@clinic.test&password=x&scope=clinical",
          });
          expect(response.statusCode, contentType).toBe(415);
          expect(response.json()).toEqual({ statusCode: 415, message: messages.unsupportedMediaType });
        }
      },
    ],

    [
      "answers an unknown API route with a JSON 404",
      async () => {
        const response = await call("unknown route", { method: "GET", url: "/api/v1/no-such-thing?x=1" });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ statusCode: 404, message: "Not found: GET /api/v1/no-such-thing" });
      },
    ],

    [
      "serves the legal documents to anyone and 404s an unknown one",
      async () => {
        const eula = await call("eula", { method: "GET", url: "/api/v1/content/eula" });
        expect(eula.statusCode).toBe(200);
        expect(eula.json()).toMatchObject({ id: "eula" });
        expect(eula.json().blocks.length).toBeGreaterThan(0);
        const unknown = await call("unknown document", { method: "GET", url: "/api/v1/content/secrets" });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ statusCode: 404, message: messages.notFound });
      },
    ],

    [
      "hides a server failure behind 'Something went wrong' without any internals",
      async () => {
        // Break the feedback table under the running app: the insert fails inside the service.
        await sql`ALTER TABLE feedback RENAME TO feedback_gone`.execute(t.ctx.db);
        try {
          const response = await call("server failure", {
            method: "POST",
            url: "/api/v1/admin/vpro-feedback",
            token,
            payload: { text: "This will fail" },
          });
          expect(response.statusCode).toBe(500);
          expect(response.json()).toEqual({ statusCode: 500, message: messages.somethingWentWrong });
          expect(response.body).not.toMatch(/feedback|relation|sql/i);
        } finally {
          await sql`ALTER TABLE feedback_gone RENAME TO feedback`.execute(t.ctx.db);
        }
        // Nothing was queued for the failed request: the mail is written in the same transaction.
        expect(await t.mailsTo("support@openpro.test")).toEqual([]);
      },
    ],
  ];
  for (const [name, story] of answerStories) it(name, story);

  it("puts no-store, nosniff and a frame-ancestors 'none' CSP on every answer, and never a stack trace", async () => {
    // Every kind of answer, made here (the stories above, in this test), so it holds in any order.
    seen.length = 0;
    for (const [, story] of answerStories) await story();
    await call("current", { method: "GET", url: "/api/v1/current", token });
    await call("validation", { method: "POST", url: "/api/v2/auth/login", payload: { email: "x" } });
    expect(seen.length).toBeGreaterThan(15);
    const statuses = new Set(seen.map((s) => s.response.statusCode));
    for (const status of [200, 400, 401, 404, 415, 422, 500]) expect(statuses).toContain(status);
    for (const { label, response } of seen) {
      expect(response.headers["cache-control"], label).toBe("no-store");
      expect(response.headers["x-content-type-options"], label).toBe("nosniff");
      expect(String(response.headers["content-security-policy"]), label).toContain("frame-ancestors 'none'");
      expect(response.headers["x-frame-options"], label).toBe("DENY");
      expect(response.body, label).not.toMatch(/"stack"|\n\s+at |\.ts:\d+|\.js:\d+|node_modules/);
    }
  });
});
