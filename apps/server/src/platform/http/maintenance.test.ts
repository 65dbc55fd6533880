import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("planned maintenance closes the API until the announced time", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test clock starts at 2026-03-02T09:00:00Z.
    t = await createTestApp({ maintenanceUntil: "2026-03-02T10:30:00Z" });
  });
  afterAll(() => t.close());

  it("answers 503 with the end of the window, keeps the health check open, and reopens on time", async () => {
    const closed = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email: "a@b.test", password: "x", scope: "clinical" },
    });
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({
      statusCode: 503,
      message: messages.underMaintenance,
      maintenanceUntil: "2026-03-02T10:30:00.000Z",
    });
    expect(closed.headers["retry-after"]).toBe("5400");
    expect((await t.request({ method: "GET", url: "/api/v1/healthz" })).statusCode).toBe(200);

    t.clock.set("2026-03-02T10:30:01Z");
    const open = await t.request({ method: "GET", url: "/api/v1/content/eula" });
    expect(open.statusCode).toBe(200);
  });
});
