import { defaultPermissionsByRole, limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

describe("the signed-in user's own profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Chloe Evans, a clinician admin of the story's own who has not acknowledged the instructions yet,
   * signed in: her id and e-mail, and her profile read and changed with her token.
   */
  const chloe = async () => {
    const email = `chloe@${uniqueMailDomain()}`;
    const userId = await t.createStaff({
      email,
      role: "clinician_admin",
      firstName: "Chloe",
      lastName: "Evans",
      acknowledged: false,
    });
    const { accessToken: token } = await signIn(t, email);
    return {
      userId,
      email,
      current: () => t.request({ method: "GET", url: "/api/v1/current", token }),
      patch: (payload: object) => t.request({ method: "PATCH", url: "/api/v1/current", token, payload }),
    };
  };

  it("shows the profile with the role's permissions and the password expiry date", async () => {
    const { userId, email, current } = await chloe();
    const response = await current();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: userId,
      firstName: "Chloe",
      lastName: "Evans",
      displayName: null,
      email,
      userRole: "clinician_admin",
      scope: "clinical",
      permissions: [...defaultPermissionsByRole.clinician_admin],
      passwordExpireDate: new Date(t.clock.now().getTime() + limits.passwordMaxAgeDays * 86_400_000).toISOString(),
      otpRequired: false,
      instructionsAcknowledged: false,
      language: null,
    });
    // Nothing secret travels with it.
    expect(response.body).not.toMatch(/passwordHash|argon2/);
  });

  it("changes only the fields it is given", async () => {
    const { patch, current } = await chloe();
    const renamed = await patch({ firstName: "  Chlo\u00e9 " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      firstName: "Chlo\u00e9",
      lastName: "Evans",
      displayName: null,
      instructionsAcknowledged: false,
    });

    const displayed = await patch({ displayName: "Dr Evans" });
    expect(displayed.json()).toMatchObject({ firstName: "Chlo\u00e9", lastName: "Evans", displayName: "Dr Evans" });

    const acknowledged = await patch({ instructionsAcknowledged: true });
    expect(acknowledged.json()).toMatchObject({
      firstName: "Chlo\u00e9",
      displayName: "Dr Evans",
      instructionsAcknowledged: true,
    });

    // An empty display name clears it; the change is visible on the next read.
    expect((await patch({ displayName: "" })).json().displayName).toBeNull();
    expect((await current()).json()).toMatchObject({
      firstName: "Chlo\u00e9",
      lastName: "Evans",
      displayName: null,
      instructionsAcknowledged: true,
    });
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const { email, patch, current } = await chloe();
    const cases: [object, { field: string; message: string }[]][] = [
      [{ firstName: "   " }, [{ field: "firstName", message: messages.firstNameRequired }]],
      [{ lastName: "" }, [{ field: "lastName", message: messages.lastNameRequired }]],
      [{ firstName: "x".repeat(101) }, [{ field: "firstName", message: messages.maxLength(100) }]],
      [{ displayName: "x".repeat(501) }, [{ field: "displayName", message: messages.maxLength(500) }]],
      [{ firstName: "Eve", email: "new@clinic.test" }, [{ field: "email", message: "Unknown field: email" }]],
      [
        { firstName: "Eve", permissions: ["admin"] },
        [{ field: "permissions", message: messages.unknownField("permissions") }],
      ],
      [{ instructionsAcknowledged: false }, [{ field: "instructionsAcknowledged", message: expect.any(String) }]],
    ];
    for (const [payload, errors] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldErrors(response), JSON.stringify(payload)).toEqual(errors);
    }
    // E-mail alone: refused as unknown (and, as nothing else is given, there is nothing to update).
    const emailOnly = await patch({ email: "new@clinic.test" });
    expect(emailOnly.statusCode).toBe(422);
    expect(fieldErrors(emailOnly)).toContainEqual({ field: "email", message: "Unknown field: email" });
    expect((await patch({})).statusCode).toBe(422);
    const after = (await current()).json();
    expect(after).toMatchObject({
      firstName: "Chloe",
      lastName: "Evans",
      displayName: null,
      email,
      instructionsAcknowledged: false,
    });
    expect(after.permissions).not.toContain("admin");
  });

  it("applies a permission taken away in the database on the very next request", async () => {
    const adaEmail = `ada@${uniqueMailDomain("openpro")}`;
    const admin = await t.createStaff({ email: adaEmail, role: "superadmin" });
    const adminToken = (await signIn(t, adaEmail)).accessToken;
    const outbox = () => t.request({ method: "GET", url: "/api/v1/admin/outbox", token: adminToken });
    expect((await outbox()).statusCode).toBe(200);

    const row = await t.ctx.db
      .selectFrom("users")
      .select("permissions")
      .where("id", "=", admin)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable("users")
      .set({ permissions: row.permissions.filter((p) => p !== "admin") })
      .where("id", "=", admin)
      .execute();

    const refused = await outbox();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, message: messages.forbidden });
    const profile = await t.request({ method: "GET", url: "/api/v1/current", token: adminToken });
    expect(profile.json().permissions).not.toContain("admin");

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["outcome", "details"])
      .where("action", "=", "permission.refused")
      .where("actorUserId", "=", admin)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ permission: "admin" });

    // And given back, it works again without a new token.
    await t.ctx.db.updateTable("users").set({ permissions: row.permissions }).where("id", "=", admin).execute();
    expect((await outbox()).statusCode).toBe(200);
  });

  it("reads the profile fresh: a name changed in the database shows on the next request", async () => {
    const { userId, current } = await chloe();
    // Read once first, so that a profile kept from an earlier request would show the old name.
    expect((await current()).json().lastName).toBe("Evans");
    await t.ctx.db.updateTable("users").set({ lastName: "Evans-Reid" }).where("id", "=", userId).execute();
    expect((await current()).json().lastName).toBe("Evans-Reid");
  });
});
