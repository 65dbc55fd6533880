import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createPatient, fieldErrors, login } from "../../../test/factories.js";
import {
  addToOrganisation,
  addToProgram,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

interface AdminUserBody {
  id: string;
  email: string;
  permissions: string[];
}

/**
 * The platform's staff: the admin Ada, the internal tester Theo, the internal program admin Priya
 * and the nurse Nia (signed in), twelve clinicians (clinician01…12@clinic.test), and a patient,
 * who is not a staff account.
 */
const staffAccounts = async (t: TestApp) => {
  const admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin", firstName: "Ada" });
  const tester = await staffSession(t, { email: "theo@openpro.test", role: "internal_tester" });
  const programAdmin = await staffSession(t, { email: "priya@openpro.test", role: "internal_program_admin" });
  const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member", firstName: "Nia" });
  for (let i = 1; i <= 12; i++) {
    await t.createStaff({ email: `clinician${String(i).padStart(2, "0")}@clinic.test`, role: "clinician_admin" });
  }
  await createPatient(t, { email: "patient@home.test", password: "Patient-Password-1!" });
  return { admin, tester, programAdmin, nurse };
};

describe("user admin: find, edit and delete staff accounts", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let tester: { id: string; token: string };
  let programAdmin: { id: string; token: string };
  let nurse: { id: string; token: string };

  const usersUrl = (userId?: string) => `/api/v1/admin/users${userId ? `/${userId}` : ""}`;
  const patch = (token: string, userId: string, payload: object) =>
    t.request({ method: "PATCH", url: usersUrl(userId), token, payload });
  const permissionsOf = async (userId: string) =>
    (await t.ctx.db.selectFrom("users").select("permissions").where("id", "=", userId).executeTakeFirstOrThrow())
      .permissions;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, tester, programAdmin, nurse } = await staffAccounts(t));
  });
  afterAll(() => t.close());

  it("lists staff accounts ten to a page, searched by part of the e-mail", async () => {
    // It counts every staff account of the platform: a platform of its own.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const { admin, nurse } = await staffAccounts(t);
    const first = await t.request({ method: "GET", url: usersUrl(), token: admin.token });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { results: AdminUserBody[]; totalCount: number };
    // 4 signed-in staff + 12 clinicians; the patient is not a staff account.
    expect(body.totalCount).toBe(16);
    expect(first.headers["x-total-count"]).toBe("16");
    expect(body.results).toHaveLength(limits.pageSize.users);
    expect(body.results.map((u) => u.email)).not.toContain("patient@home.test");
    const emails = body.results.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());

    const second = await t.request({ method: "GET", url: `${usersUrl()}?_page=2`, token: admin.token });
    expect(second.json().results).toHaveLength(6);
    expect((second.json().results as AdminUserBody[]).some((u) => emails.includes(u.email))).toBe(false);

    const search = await t.request({ method: "GET", url: `${usersUrl()}?email=CLINICIAN1`, token: admin.token });
    expect((search.json().results as AdminUserBody[]).map((u) => u.email)).toEqual([
      "clinician10@clinic.test",
      "clinician11@clinic.test",
      "clinician12@clinic.test",
    ]);
    expect(search.headers["x-total-count"]).toBe("3");
    const exact = await t.request({ method: "GET", url: `${usersUrl()}?email=nia@clinic.test`, token: admin.token });
    expect(exact.json().results).toEqual([expect.objectContaining({ id: nurse.id, firstName: "Nia" })]);
    expect(
      (await t.request({ method: "GET", url: `${usersUrl()}?email=home.test`, token: admin.token })).json().totalCount,
    ).toBe(0);

    for (const term of ["a", " a ", ""]) {
      const short = await t.request({
        method: "GET",
        url: `${usersUrl()}?email=${encodeURIComponent(term)}`,
        token: admin.token,
      });
      expect(short.statusCode, JSON.stringify(term)).toBe(422);
      expect(fieldErrors(short)).toEqual([{ field: "email", message: messages.userSearchMinLength }]);
    }

    const refused = await t.request({ method: "GET", url: usersUrl(), token: nurse.token });
    expect(refused.statusCode).toBe(403);
  });

  it("shows one account with its read-only flags; patients and unknown ids are not found", async () => {
    const response = await t.request({ method: "GET", url: usersUrl(nurse.id), token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: nurse.id,
      firstName: "Nia",
      lastName: "clinician_team_member",
      email: "nia@clinic.test",
      userRole: "clinician_team_member",
      scope: "clinical",
      permissions: expect.arrayContaining(["view_projects", "view_project_user"]),
      dob: null,
      dateCreated: "2026-03-02T09:00:00.000Z",
      privacyPolicy: expect.any(Boolean),
      eula: expect.any(Boolean),
      marketingConsent: false,
      emailVerified: true,
    });

    const patient = await t.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "patient@home.test")
      .executeTakeFirstOrThrow();
    expect((await t.request({ method: "GET", url: usersUrl(patient.id), token: admin.token })).statusCode).toBe(404);
    expect(
      (await t.request({ method: "GET", url: usersUrl("00000000-0000-4000-8000-000000000000"), token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: "GET", url: usersUrl("nope"), token: admin.token })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: usersUrl(admin.id), token: nurse.token })).statusCode).toBe(403);

    const reads = await t.ctx.db
      .selectFrom("auditLog")
      .select("actorUserId")
      .where("action", "=", "user.read")
      .where("entityId", "=", nurse.id)
      .execute();
    expect(reads).toEqual([{ actorUserId: admin.id }]);
  });

  it("edits names, e-mail and permissions, with the spec's messages for bad input", async () => {
    const target = await t.createStaff({ email: "omar@clinic.test", role: "clinician_admin" });
    const renamed = await patch(admin.token, target, {
      firstName: " Omar ",
      lastName: "Haddad",
      email: "Omar.Haddad@Clinic.test",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: "Omar", lastName: "Haddad", email: "omar.haddad@clinic.test" });

    const bad = await patch(admin.token, target, { firstName: "  ", lastName: "", email: "omar@" });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual([
      { field: "firstName", message: messages.firstNameRequired },
      { field: "lastName", message: messages.lastNameRequired },
      { field: "email", message: messages.invalidEmail },
    ]);
    const long = await patch(admin.token, target, { firstName: "o".repeat(101) });
    expect(fieldErrors(long)).toEqual([{ field: "firstName", message: messages.maxLength(100) }]);
    const role = await patch(admin.token, target, { userRole: "superadmin" });
    expect(fieldErrors(role)).toEqual([{ field: "userRole", message: messages.unknownField("userRole") }]);

    const taken = await patch(admin.token, target, { email: "NIA@clinic.test" });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken)).toEqual([{ field: "email", message: messages.teamMemberExists }]);

    const unknown = await patch(admin.token, target, { permissions: ["view_projects", "fly_helicopter"] });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toEqual([
      { field: "permissions", message: messages.unknownPermission("fly_helicopter") },
    ]);

    const granted = await patch(admin.token, target, {
      permissions: ["view_user", "view_projects", "view_projects", "create_project"],
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().permissions).toEqual(["create_project", "view_projects", "view_user"]);
    expect(await permissionsOf(target)).toEqual(["create_project", "view_projects", "view_user"]);

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "details"])
      .where("entityId", "=", target)
      .where("action", "=", "user.permissions.update")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ after: ["create_project", "view_projects", "view_user"] });

    // Nothing of the refused requests was stored.
    const stored = await t.request({ method: "GET", url: usersUrl(target), token: admin.token });
    expect(stored.json()).toMatchObject({ firstName: "Omar", email: "omar.haddad@clinic.test" });
  });

  it("lets only holders of edit_user_roles change permissions, and only an admin grant admin flags", async () => {
    const target = await t.createStaff({ email: "lena@clinic.test", role: "clinician_admin" });
    const before = await permissionsOf(target);

    // The internal tester may edit users but not their roles.
    const names = await patch(tester.token, target, { firstName: "Lena" });
    expect(names.statusCode).toBe(200);
    const perms = await patch(tester.token, target, { permissions: [...before, "view_user"] });
    expect(perms.statusCode).toBe(403);
    // Sending the same list back changes nothing, so it needs nothing more.
    expect((await patch(tester.token, target, { permissions: before })).statusCode).toBe(200);

    await changePermissions(t, programAdmin.id, { grant: ["edit_user", "edit_user_roles"] });
    const ordinary = await patch(programAdmin.token, target, { permissions: [...before, "view_user"] });
    expect(ordinary.statusCode).toBe(200);
    for (const flag of ["admin", "internal_tester", "internal_program_admin"]) {
      const escalate = await patch(programAdmin.token, target, { permissions: [...before, flag] });
      expect(escalate.statusCode, flag).toBe(422);
      expect(fieldErrors(escalate)).toEqual([{ field: "permissions", message: messages.permissionNotGrantable }]);
    }
    const self = await patch(programAdmin.token, programAdmin.id, {
      permissions: [...(await permissionsOf(programAdmin.id)), "admin"],
    });
    expect(self.statusCode).toBe(422);
    expect(await permissionsOf(programAdmin.id)).not.toContain("admin");
    expect(await permissionsOf(target)).not.toContain("admin");

    const byAdmin = await patch(admin.token, target, { permissions: [...before, "internal_tester"] });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().permissions).toContain("internal_tester");

    // Without edit_user nothing can be changed at all.
    expect((await patch(nurse.token, target, { firstName: "X" })).statusCode).toBe(403);
  });

  it("shows a non-admin holder of the user admin only their colleagues' accounts", async () => {
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakeside = await insertOrganisation(t, "Lakeside");
    const heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const lung = await insertProgram(t, { organisationId: lakeside, name: "Lakeside Lung" });
    const callum = await staffSession(t, { email: "callum@northbridge.test", role: "clinical_project_admin" });
    await addToOrganisation(t, callum.id, northbridge, "clinical_project_admin");
    await changePermissions(t, callum.id, { grant: ["view_user", "edit_user"] });
    const orgColleague = await t.createStaff({ email: "olga@northbridge.test", role: "clinician_team_member" });
    await addToOrganisation(t, orgColleague, northbridge, "clinician_team_member");
    const teamColleague = await t.createStaff({ email: "tom@visiting.test", role: "clinician_team_member" });
    await addToProgram(t, teamColleague, heart, "clinician_team_member");
    const stranger = await t.createStaff({ email: "lee@lakeside.test", role: "clinician_team_member" });
    await addToOrganisation(t, stranger, lakeside, "clinician_team_member");
    await addToProgram(t, stranger, lung, "clinician_team_member");

    const listed = await t.request({ method: "GET", url: `${usersUrl()}?_perPage=50`, token: callum.token });
    expect(listed.statusCode).toBe(200);
    expect((listed.json().results as AdminUserBody[]).map((u) => u.email)).toEqual([
      "callum@northbridge.test",
      "olga@northbridge.test",
      "tom@visiting.test",
    ]);
    expect(listed.headers["x-total-count"]).toBe("3");
    // Someone else's account is not found, to read or to edit; a colleague's is.
    expect((await t.request({ method: "GET", url: usersUrl(stranger), token: callum.token })).statusCode).toBe(404);
    expect((await patch(callum.token, stranger, { firstName: "X" })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: usersUrl(admin.id), token: callum.token })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: usersUrl(teamColleague), token: callum.token })).statusCode).toBe(
      200,
    );
    expect((await patch(callum.token, orgColleague, { firstName: "Olga" })).statusCode).toBe(200);
    // An admin still sees everyone.
    const all = await t.request({ method: "GET", url: `${usersUrl()}?email=lakeside`, token: admin.token });
    expect((all.json().results as AdminUserBody[]).map((u) => u.email)).toEqual(["lee@lakeside.test"]);
  });

  it("does not let a non-admin re-address an admin's account", async () => {
    // With the e-mail changed, a password reset to the new address would take the account over.
    const attempt = await patch(tester.token, admin.id, { email: "theo.other@openpro.test" });
    expect(attempt.statusCode).toBe(403);
    const stored = await t.request({ method: "GET", url: usersUrl(admin.id), token: admin.token });
    expect(stored.json().email).toBe("ada@openpro.test");
    // Names remain editable, and an admin may change their own e-mail.
    expect((await patch(tester.token, admin.id, { lastName: "Lovelace" })).statusCode).toBe(200);
    expect((await patch(admin.token, admin.id, { email: "ada@openpro.test" })).statusCode).toBe(200);
  });

  it("applies a removed permission on the user's very next request with the same token", async () => {
    const allowed = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: nurse.token });
    expect(allowed.statusCode).toBe(200);

    const current = await permissionsOf(nurse.id);
    const removed = await patch(admin.token, nurse.id, {
      permissions: current.filter((p) => p !== "view_projects"),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().permissions).not.toContain("view_projects");

    const refused = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: nurse.token });
    expect(refused.statusCode).toBe(403);
    const profile = await t.request({ method: "GET", url: "/api/v1/current", token: nurse.token });
    expect(profile.json().permissions).not.toContain("view_projects");

    await patch(admin.token, nurse.id, { permissions: current });
    expect((await t.request({ method: "GET", url: "/api/v1/admin/projects", token: nurse.token })).statusCode).toBe(
      200,
    );
  });

  it("deletes an account permanently, but never an admin or oneself", async () => {
    const oscar = { id: await t.createStaff({ email: "oscar.berg@clinic.test", role: "clinician_admin" }) };
    const oscarLogin = await login(t, "oscar.berg@clinic.test", TEST_PASSWORD);
    expect(oscarLogin.statusCode).toBe(200);
    const oscarToken = oscarLogin.json().accessToken as string;

    expect((await t.request({ method: "DELETE", url: usersUrl(oscar.id), token: tester.token })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: usersUrl(oscar.id), token: nurse.token })).statusCode).toBe(403);

    const deleted = await t.request({ method: "DELETE", url: usersUrl(oscar.id), token: admin.token });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: usersUrl(oscar.id), token: admin.token })).statusCode).toBe(404);
    const again = await login(t, "oscar.berg@clinic.test", TEST_PASSWORD);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.loginFailed);
    // The session he had open ends with the account.
    expect((await t.request({ method: "GET", url: "/api/v1/current", token: oscarToken })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: usersUrl(oscar.id), token: admin.token })).statusCode).toBe(404);

    const adminProfile = await t.request({ method: "DELETE", url: usersUrl(admin.id), token: admin.token });
    expect(adminProfile.statusCode).toBe(409);
    expect(adminProfile.json().message).toBe(messages.cannotDeleteYourself);

    await changePermissions(t, programAdmin.id, { grant: ["delete_user"] });
    const protectedAdmin = await t.request({ method: "DELETE", url: usersUrl(admin.id), token: programAdmin.token });
    expect(protectedAdmin.statusCode).toBe(409);
    expect(protectedAdmin.json().message).toBe(messages.adminCannotBeDeleted);
    const selfDelete = await t.request({
      method: "DELETE",
      url: usersUrl(programAdmin.id),
      token: programAdmin.token,
    });
    expect(selfDelete.statusCode).toBe(409);
    expect(selfDelete.json().message).toBe(messages.cannotDeleteYourself);
    expect((await t.request({ method: "GET", url: "/api/v1/current", token: admin.token })).statusCode).toBe(200);

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "details"])
      .where("action", "=", "user.delete")
      .execute();
    expect(audit).toEqual([
      { actorUserId: admin.id, details: { email: "oscar.berg@clinic.test", role: "clinician_admin" } },
    ]);
  });
});
