import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { APP_VERSION } from "../../platform/version.js";

/**
 * The app-version settings are one per platform: each story that reads or changes them has a
 * platform of its own (closed when the story ends), with the admin Ada signed in.
 */
const ownPlatform = async () => {
  const t = await createTestApp();
  onTestFinished(() => t.close());
  const admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
  const read = () => t.request({ method: "GET", url: "/api/v1/service/app-version" });
  const update = (token: string, payload: object) =>
    t.request({ method: "PATCH", url: "/api/v1/service/app-version", token, payload });
  return { t, admin, read, update };
};

describe("mobile app version requirements and the client configuration", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers anyone with the defaults before an admin sets them", async () => {
    const { read } = await ownPlatform();
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ latest: "1.0.0", minimum: "1.0.0", releaseNotes: "" });
  });

  it("lets an admin set the versions, which everyone then reads", async () => {
    const { t, admin, read, update } = await ownPlatform();
    const saved = await update(admin, { latest: "2.1.0", minimum: "1.9.3", releaseNotes: " Faster sync " });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ latest: "2.1.0", minimum: "1.9.3", releaseNotes: "Faster sync" });
    expect((await read()).json()).toEqual({ latest: "2.1.0", minimum: "1.9.3", releaseNotes: "Faster sync" });

    // Equal versions are allowed; release notes may be left out.
    const same = await update(admin, { latest: "3.0", minimum: "3.0.0" });
    expect(same.statusCode).toBe(200);
    expect((await read()).json()).toEqual({ latest: "3.0", minimum: "3.0.0", releaseNotes: "" });

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["details"])
      .where("action", "=", "app-version.update")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({
      before: { latest: "1.0.0" },
      after: { latest: "2.1.0", minimum: "1.9.3" },
    });
  });

  it("puts the spec's messages on the version fields and keeps what was saved", async () => {
    const { admin, read, update } = await ownPlatform();
    const cases: [object, { field: string; message: string }[]][] = [
      [{ latest: "2.100", minimum: "1.0.0" }, [{ field: "latest", message: messages.versionFormat }]],
      [{ latest: "2.1.0", minimum: "v1" }, [{ field: "minimum", message: messages.versionFormat }]],
      [{ latest: "2..1", minimum: "1.0.0" }, [{ field: "latest", message: messages.versionFormat }]],
      [{ minimum: "1.0.0" }, [{ field: "latest", message: messages.latestVersionRequired }]],
      [{ latest: " ", minimum: "1.0.0" }, [{ field: "latest", message: messages.latestVersionRequired }]],
      [{ latest: "2.0.0" }, [{ field: "minimum", message: messages.minimumVersionRequired }]],
      [{ latest: "2.0.0", minimum: "2.0.1" }, [{ field: "minimum", message: messages.minimumAboveLatest }]],
      [{ latest: "2.9", minimum: "2.10" }, [{ field: "minimum", message: messages.minimumAboveLatest }]],
      [
        { latest: "2.0.0", minimum: "1.0.0", releaseNotes: "r".repeat(limits.text.releaseNotes + 1) },
        [{ field: "releaseNotes", message: messages.maxLength(limits.text.releaseNotes) }],
      ],
      [
        { latest: "2.0.0", minimum: "1.0.0", forceUpdate: true },
        [{ field: "forceUpdate", message: messages.unknownField("forceUpdate") }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await update(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
    }
    const atLimit = await update(admin, { latest: "10.0.1", minimum: "9.99.99", releaseNotes: "r".repeat(100) });
    expect(atLimit.statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({ latest: "10.0.1", minimum: "9.99.99" });
  });

  it("refuses the change to anyone but an admin", async () => {
    const { t, admin, read, update } = await ownPlatform();
    expect((await update(admin, { latest: "10.0.1", minimum: "9.99.99" })).statusCode).toBe(200);
    const tester = await staffSession(t, { email: "theo@openpro.test", role: "internal_tester" });
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    for (const token of [tester.token, nurse.token]) {
      const response = await update(token, { latest: "9.0.0", minimum: "1.0.0" });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, message: messages.forbidden });
    }
    const anonymous = await t.request({
      method: "PATCH",
      url: "/api/v1/service/app-version",
      payload: { latest: "9.0.0", minimum: "1.0.0" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await read()).json().latest).toBe("10.0.1");
  });

  it("tells the web app its version, the support address and the error-reporting settings", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/service/client-config" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: APP_VERSION,
      supportEmail: "support@openpro.test",
      sentryDsn: null,
      errorSampleRate: limits.errorReportingSampleRate,
    });
    expect(response.json().errorSampleRate).toBe(0.1);
  });
});
