import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToOrganisation,
  addToProgram,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("a program admin cannot re-address or delete someone who also works elsewhere", () => {
  let t: TestApp;
  let callum: string;
  let admin: string;
  let heart: string;
  let sharedId: string;
  let ownId: string;

  const patch = (token: string, userId: string, email: string) =>
    t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${heart}/staff/${userId}`,
      token,
      payload: { firstName: "Sam", lastName: "Shared", email },
    });

  /** A clinician team member with an account, on the Heart program's team: their id. */
  const heartNurse = async (email: string, firstName: string, lastName: string) => {
    const id = await t.createStaff({ email, role: "clinician_team_member", firstName, lastName });
    await addToProgram(t, id, heart, "clinician_team_member");
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakeside = await insertOrganisation(t, "Lakeside Oncology");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const callumSession = await staffSession(t, { email: "callum@openpro.test", role: "clinical_project_admin" });
    callum = callumSession.token;
    await addToProgram(t, callumSession.id, heart, "clinical_project_admin");
    // Sam works on this program and in another organisation; Olive only on this program.
    sharedId = await heartNurse("sam@openpro.test", "Sam", "Shared");
    await addToOrganisation(t, sharedId, lakeside, "clinician_team_member");
    ownId = await heartNurse("olive@openpro.test", "Olive", "Own");
  });
  afterAll(() => t.close());

  it("refuses changing the e-mail or deleting the profile of a shared member, and allows it for an admin", async () => {
    expect((await patch(callum, sharedId, "attacker@evil.test")).statusCode).toBe(403);
    const deleteShared = await t.request({
      method: "DELETE",
      url: `/api/v1/admin/projects/${heart}/staff/${sharedId}?deleteProfile=true`,
      token: callum,
    });
    expect(deleteShared.statusCode).toBe(403);
    // Nothing changed: Sam still has the address and the account.
    const sam = await t.ctx.db.selectFrom("users").select("email").where("id", "=", sharedId).executeTakeFirst();
    expect(sam?.email).toBe("sam@openpro.test");

    // Names stay editable; even a member only on this team keeps the address of their account.
    expect((await patch(callum, sharedId, "sam@openpro.test")).statusCode).toBe(200);
    const ownAddress = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${heart}/staff/${ownId}`,
      token: callum,
      payload: { firstName: "Olive", lastName: "Own", email: "olive.own@openpro.test" },
    });
    expect(ownAddress.statusCode).toBe(422);
    expect(ownAddress.json().errors).toEqual([{ field: "email", message: messages.signInEmailOwned }]);
    expect((await patch(admin, sharedId, "sam.shared@openpro.test")).statusCode).toBe(200);
  });
});
