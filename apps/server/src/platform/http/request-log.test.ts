import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const SECRET = "SECRET123";

describe("request logs carry route patterns, never the secrets in a URL", () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
  });
  afterAll(() => t.close());

  it("logs a staff-invitation check by its route, without the code of its query", async () => {
    lines.length = 0;
    const response = await t.request({ method: "GET", url: `/api/v1/auth/staff-invite?code=${SECRET}` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(lines.join("\n")).not.toContain(SECRET);
    const incoming = logged().find((l) => l.msg === "incoming request")!;
    expect(incoming.req).toMatchObject({ method: "GET", route: "/api/v1/auth/staff-invite" });
  });

  it("logs a join link and a patient invitation link without the code in their path", async () => {
    lines.length = 0;
    await t.request({ method: "GET", url: `/join/${SECRET}` });
    await t.request({ method: "GET", url: `/api/v1/auth/users-invite/${SECRET}` });
    await t.request({ method: "GET", url: `/api/v1/nowhere/${SECRET}?token=${SECRET}` });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(SECRET);
    const routes = logged()
      .filter((l) => l.msg === "incoming request")
      .map((l) => (l.req as { route: string }).route);
    expect(routes).toContain("/api/v1/auth/users-invite/:inviteCode");
  });

  it("logs no password, code or token of a body, nor the authorization header", async () => {
    lines.length = 0;
    await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { email: "nobody@clinic.test", password: SECRET, scope: "clinical" },
    });
    await t.request({ method: "POST", url: "/api/v2/auth/password-reset/reset", payload: { resetCode: SECRET } });
    expect(lines.join("\n")).not.toContain(SECRET);
  });

  it("makes its own request id: a client's X-Request-Id never becomes the id of the log lines", async () => {
    lines.length = 0;
    await t.request({ method: "GET", url: "/api/v1/healthz", headers: { "x-request-id": "client-chosen-id" } });
    const ids = logged().map((l) => l.reqId);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Answered with the server's id, which support can look up.
    const answer = await t.request({ method: "GET", url: "/api/v1/healthz", headers: { "x-request-id": "mine" } });
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
