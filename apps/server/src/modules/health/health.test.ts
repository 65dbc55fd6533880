import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("the health check tells a load balancer when the database is gone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers ok while the database answers, and 503 once it is gone", async () => {
    const up = await t.request({ method: "GET", url: "/api/v1/healthz" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: "ok", database: "up" });

    await t.database.close();
    const down = await t.request({ method: "GET", url: "/api/v1/healthz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "degraded", database: "down" });
  });
});
