import { defaultPermissionsByRole, limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors } from "../../../test/factories.js";
import { addToOrganisation, changePermissions, insertOrganisation, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
  role: string;
  inviteAccepted: boolean;
}

describe("an organisation's team: add, edit and remove members", () => {
  let t: TestApp;
  let admin: string;
  /** Clinical program admin of Northbridge, granted create_organisation_users. */
  let callum: { id: string; token: string };
  let nurse: { id: string; token: string };
  let northbridge: string;
  let lakeside: string;

  const staffUrl = (organisationId: string, userId?: string) =>
    `/api/v1/admin/organisations/${organisationId}/staff${userId ? `/${userId}` : ""}`;
  const add = (token: string, organisationId: string, payload: object) =>
    t.request({ method: "POST", url: staffUrl(organisationId), token, payload });
  const team = async (organisationId: string) =>
    (await t.request({ method: "GET", url: staffUrl(organisationId), token: admin })).json().results as Member[];
  const member = { firstName: "Rosa", lastName: "Diaz", email: "rosa@clinic.test", role: "clinician_team_member" };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
    northbridge = await insertOrganisation(t, "Northbridge & Sons Health");
    lakeside = await insertOrganisation(t, "Lakeside Clinics");
    callum = await staffSession(t, { email: "callum@clinic.test", role: "clinical_project_admin" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, callum.id, northbridge, "clinical_project_admin");
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
  });
  afterAll(() => t.close());

  it("adds a member, who is e-mailed an invitation link naming the organisation", async () => {
    const added = await add(admin, northbridge, {
      ...member,
      email: "  Rosa@Clinic.TEST ",
      firstName: " Rosa ",
      displayName: "Dr Rosa",
    });
    expect(added.statusCode).toBe(201);
    const body = added.json() as Member;
    expect(body).toEqual({
      id: expect.any(String),
      firstName: "Rosa",
      lastName: "Diaz",
      displayName: "Dr Rosa",
      email: "rosa@clinic.test",
      role: "clinician_team_member",
      inviteAccepted: false,
    });

    const mails = await t.mailsTo("rosa@clinic.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You are invited to join Northbridge & Sons Health on OpenPRO");
    expect(mails[0]!.textBody).toContain("Hello Rosa,");
    const link = mails[0]!.textBody.match(/http:\/\/openpro\.test\/join\/(\S+)/);
    expect(link).not.toBeNull();
    const url = new URL(link![0]);
    expect(url.pathname).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get("email")).toBe("rosa@clinic.test");
    expect(url.searchParams.get("organisationName")).toBe("Northbridge & Sons Health");
    expect(url.searchParams.has("projectId")).toBe(false);

    // The new account carries the role's default grants and no password yet.
    const account = await t.ctx.db
      .selectFrom("users")
      .select(["role", "permissions", "passwordHash", "scope"])
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: "clinician_team_member", passwordHash: null, scope: "clinical" });
    expect([...account.permissions].sort()).toEqual([...defaultPermissionsByRole.clinician_team_member].sort());

    expect((await team(northbridge)).map((m) => m.email)).toContain("rosa@clinic.test");
    const listed = await t.request({ method: "GET", url: staffUrl(northbridge), token: admin });
    expect(listed.json().totalCount).toBe(3);
  });

  it("refuses to add the same person twice, whatever the case of the e-mail", async () => {
    const again = await add(admin, northbridge, { ...member, email: "ROSA@clinic.test" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: messages.teamMemberExists,
      errors: [{ field: "email", message: messages.teamMemberExists }],
    });
    expect(await t.mailsTo("rosa@clinic.test")).toHaveLength(1);
    expect((await team(northbridge)).filter((m) => m.email === "rosa@clinic.test")).toHaveLength(1);

    // A patient's e-mail cannot become a staff member.
    await createPatient(t, { email: "pat@home.test", password: "Patient-Password-1!" });
    const patient = await add(admin, northbridge, { ...member, email: "pat@home.test" });
    expect(patient.statusCode).toBe(409);
    expect(fieldErrors(patient)).toEqual([{ field: "email", message: messages.roleIsClinicalStaff }]);
    expect(await t.mailsTo("pat@home.test")).toHaveLength(0);
  });

  it("puts the spec's messages on the member fields", async () => {
    const cases: [object, { field: string; message: string }[]][] = [
      [
        { role: "clinician_team_member" },
        [
          { field: "firstName", message: messages.teamMemberFirstNameRequired },
          { field: "lastName", message: messages.teamMemberLastNameRequired },
          { field: "email", message: messages.teamMemberEmailRequired },
        ],
      ],
      [
        { ...member, firstName: "  ", lastName: " ", email: "   " },
        [
          { field: "firstName", message: messages.teamMemberFirstNameRequired },
          { field: "lastName", message: messages.teamMemberLastNameRequired },
          { field: "email", message: messages.teamMemberEmailRequired },
        ],
      ],
      [{ ...member, email: "rosa@clinic" }, [{ field: "email", message: messages.invalidEmail }]],
      [{ ...member, email: "not an email" }, [{ field: "email", message: messages.invalidEmail }]],
      [
        { ...member, firstName: "f".repeat(101), lastName: "l".repeat(101), displayName: "d".repeat(501) },
        [
          { field: "firstName", message: messages.maxLength(limits.text.teamName) },
          { field: "lastName", message: messages.maxLength(limits.text.teamName) },
          { field: "displayName", message: messages.maxLength(limits.text.displayName) },
        ],
      ],
      [
        { ...member, email: `${"e".repeat(250)}@x.test` },
        [{ field: "email", message: messages.maxLength(limits.text.email) }],
      ],
      [{ ...member, role: "chief" }, [{ field: "role", message: expect.any(String) }]],
      [{ ...member, role: undefined }, [{ field: "role", message: messages.required }]],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(admin, northbridge, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(fieldErrors(response)).toEqual(expect.arrayContaining(errors));
      expect(fieldErrors(response)).toHaveLength(errors.length);
    }
    // Exactly at the limits is fine.
    const atLimits = await add(admin, northbridge, {
      ...member,
      firstName: "f".repeat(100),
      lastName: "l".repeat(100),
      displayName: "d".repeat(500),
      email: `${"e".repeat(247)}@x.test`,
    });
    expect(atLimits.statusCode).toBe(201);
  });

  it("lets a non-admin-type member with the permission add people, but not to admin-only roles", async () => {
    const refused = await add(callum.token, northbridge, { ...member, email: "omar@clinic.test" });
    expect(refused.statusCode).toBe(403);

    await changePermissions(t, callum.id, { grant: ["create_organisation_users", "view_organisation_users"] });
    for (const role of ["superadmin", "internal_tester", "internal_program_admin"]) {
      const response = await add(callum.token, northbridge, { ...member, email: `${role}@clinic.test`, role });
      expect(response.statusCode, role).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
      expect(await t.mailsTo(`${role}@clinic.test`)).toHaveLength(0);
    }
    const users = await t.ctx.db.selectFrom("users").select("email").where("email", "like", "%internal%").execute();
    expect(users).toEqual([]);

    const allowed = await add(callum.token, northbridge, {
      ...member,
      email: "omar@clinic.test",
      firstName: "Omar",
      role: "clinician_admin",
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ role: "clinician_admin", email: "omar@clinic.test" });

    // Another organisation is out of his reach: it answers as if it did not exist.
    const elsewhere = await add(callum.token, lakeside, { ...member, email: "lena@clinic.test" });
    expect(elsewhere.statusCode).toBe(404);
    const elsewhereList = await t.request({ method: "GET", url: staffUrl(lakeside), token: callum.token });
    expect(elsewhereList.statusCode).toBe(404);
    expect(await t.mailsTo("lena@clinic.test")).toHaveLength(0);

    // An admin may assign any role.
    const byAdmin = await add(admin, lakeside, {
      ...member,
      email: "pia@openpro.test",
      role: "internal_program_admin",
    });
    expect(byAdmin.statusCode).toBe(201);
  });

  it("refuses the team list to a member without view_organisation_users", async () => {
    const response = await t.request({ method: "GET", url: staffUrl(northbridge), token: nurse.token });
    expect(response.statusCode).toBe(403);
    const lsMember = await staffSession(t, { email: "luca@ls.test", role: "life_sciences_team_member" });
    await addToOrganisation(t, lsMember.id, northbridge, "life_sciences_team_member");
    const byLs = await add(lsMember.token, northbridge, { ...member, email: "x@ls.test" });
    expect(byLs.statusCode).toBe(403);
  });

  it("updates names and e-mail without the role; the role stays locked", async () => {
    const rosa = (await team(northbridge)).find((m) => m.email === "rosa@clinic.test")!;
    const update = (token: string, organisationId: string, userId: string, payload: object) =>
      t.request({ method: "PATCH", url: staffUrl(organisationId, userId), token, payload });

    const updated = await update(admin, northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "rosalind@clinic.test",
    });
    expect(updated.statusCode).toBe(200);
    // The display name was not sent: it stays as it was.
    expect(updated.json()).toEqual({
      ...rosa,
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "rosalind@clinic.test",
    });

    const withRole = await update(admin, northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: "rosalind@clinic.test",
      role: "superadmin",
    });
    expect(withRole.statusCode).toBe(422);
    expect(fieldErrors(withRole)).toEqual([{ field: "role", message: messages.unknownField("role") }]);

    const blank = await update(admin, northbridge, rosa.id, { firstName: "", lastName: "Diaz", email: "bad" });
    expect(fieldErrors(blank)).toEqual([
      { field: "firstName", message: messages.teamMemberFirstNameRequired },
      { field: "email", message: messages.invalidEmail },
    ]);

    // Another account's e-mail cannot be taken over.
    const clash = await update(admin, northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: "NIA@clinic.test",
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldErrors(clash)).toEqual([{ field: "email", message: messages.teamMemberExists }]);

    // Someone who is not on this team cannot be edited through it.
    const lakesideMember = (await team(lakeside))[0]!;
    const notHere = await update(admin, northbridge, lakesideMember.id, {
      firstName: "X",
      lastName: "Y",
      email: "pia@openpro.test",
    });
    expect(notHere.statusCode).toBe(404);
    const outOfReach = await update(callum.token, lakeside, lakesideMember.id, {
      firstName: "X",
      lastName: "Y",
      email: "pia@openpro.test",
    });
    expect(outOfReach.statusCode).toBe(404);
    const byNurse = await update(nurse.token, northbridge, rosa.id, {
      firstName: "X",
      lastName: "Y",
      email: "rosalind@clinic.test",
    });
    expect(byNurse.statusCode).toBe(403);

    // An admin-type account on the team cannot be re-addressed by a non-admin-type member: with
    // its e-mail changed, a password reset would hand the account over.
    const pia = await add(admin, northbridge, {
      ...member,
      firstName: "Pia",
      email: "pia.nb@openpro.test",
      role: "internal_program_admin",
    });
    expect(pia.statusCode).toBe(201);
    const takeover = await update(callum.token, northbridge, pia.json().id, {
      firstName: "Pia",
      lastName: "Diaz",
      email: "callum.second@clinic.test",
    });
    expect(takeover.statusCode).toBe(403);
    expect((await team(northbridge)).find((m) => m.id === pia.json().id)?.email).toBe("pia.nb@openpro.test");
    // Callum may still edit an ordinary member, and an admin may edit Pia.
    expect(
      (
        await update(callum.token, northbridge, nurse.id, {
          firstName: "Nia",
          lastName: "Okafor",
          email: "nia@clinic.test",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await update(admin, northbridge, pia.json().id, {
          firstName: "Pia",
          lastName: "Lind",
          email: "pia.nb@openpro.test",
        })
      ).statusCode,
    ).toBe(200);

    const stored = (await team(northbridge)).find((m) => m.id === rosa.id)!;
    expect(stored).toMatchObject({
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "rosalind@clinic.test",
      role: "clinician_team_member",
    });
  });

  it("removes a member from the team while their account stays", async () => {
    const rosa = (await team(northbridge)).find((m) => m.email === "rosalind@clinic.test")!;
    const byNurse = await t.request({ method: "DELETE", url: staffUrl(northbridge, rosa.id), token: nurse.token });
    expect(byNurse.statusCode).toBe(403);
    const lakesideMember = (await team(lakeside))[0]!;
    // Callum holds delete_organisation_users? Not by default: grant it, then try another organisation.
    await changePermissions(t, callum.id, { grant: ["delete_organisation_users"] });
    const outOfReach = await t.request({
      method: "DELETE",
      url: staffUrl(lakeside, lakesideMember.id),
      token: callum.token,
    });
    expect(outOfReach.statusCode).toBe(404);
    expect((await team(lakeside)).map((m) => m.id)).toContain(lakesideMember.id);

    const removed = await t.request({ method: "DELETE", url: staffUrl(northbridge, rosa.id), token: admin });
    expect(removed.statusCode).toBe(204);
    expect((await team(northbridge)).map((m) => m.id)).not.toContain(rosa.id);
    expect(await t.ctx.db.selectFrom("users").select("id").where("id", "=", rosa.id).execute()).toHaveLength(1);

    const again = await t.request({ method: "DELETE", url: staffUrl(northbridge, rosa.id), token: admin });
    expect(again.statusCode).toBe(404);

    // Once removed she can be added again, with a fresh invitation.
    const readded = await add(callum.token, northbridge, { ...member, email: "rosalind@clinic.test" });
    expect(readded.statusCode).toBe(201);
    expect(readded.json().id).toBe(rosa.id);
    expect(await t.mailsTo("rosalind@clinic.test")).toHaveLength(1);

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", rosa.id)
      .where("action", "like", "organisation.member.%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      "organisation.member.add",
      "organisation.member.update",
      "organisation.member.remove",
      "organisation.member.add",
    ]);
  });
});
