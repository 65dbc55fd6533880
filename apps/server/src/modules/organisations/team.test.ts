import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors } from "../../../test/factories.js";
import {
  changePermissions,
  expectNewClinicianAccount,
  expectTeamMemberFormRefusals,
  insertOrganisation,
  organisationStaff,
  rosaTypedLoosely,
  staffSession,
  type TeamMember,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("an organisation's team: add, edit and remove members", () => {
  let t: TestApp;
  /** The super admin, on no team: every story's organisations are in her reach. */
  let admin: string;

  const staffUrl = (organisationId: string, userId?: string) =>
    `/api/v1/admin/organisations/${organisationId}/staff${userId ? `/${userId}` : ""}`;
  const add = (token: string, organisationId: string, payload: object) =>
    t.request({ method: "POST", url: staffUrl(organisationId), token, payload });
  const update = (token: string, organisationId: string, userId: string, payload: object) =>
    t.request({ method: "PATCH", url: staffUrl(organisationId, userId), token, payload });
  const team = async (organisationId: string) =>
    (await t.request({ method: "GET", url: staffUrl(organisationId), token: admin })).json().results as TeamMember[];

  /**
   * Each story's world: Northbridge & Sons Health, on whose team are Callum (its clinical program
   * admin) and the nurse Nia, and Lakeside Clinics, out of their reach; names and addresses carry a
   * mail domain of the story's own (`w.email("rosa")`).
   */
  const northbridgeTeam = async () => {
    const domain = uniqueMailDomain();
    const email = (name: string) => `${name}@${domain}`;
    const northbridgeName = `Northbridge & Sons Health (${domain})`;
    const northbridge = await insertOrganisation(t, northbridgeName);
    const lakeside = await insertOrganisation(t, `Lakeside Clinics (${domain})`);
    const callum = await organisationStaff(t, northbridge, { email: email("callum"), role: "clinical_project_admin" });
    const nurse = await organisationStaff(t, northbridge, { email: email("nia"), role: "clinician_team_member" });
    /** Rosa, a clinician team member, as the add form would send her. */
    const member = { firstName: "Rosa", lastName: "Diaz", email: email("rosa"), role: "clinician_team_member" };
    return { domain, email, northbridgeName, northbridge, lakeside, callum, nurse, member };
  };
  type World = Awaited<ReturnType<typeof northbridgeTeam>>;

  /** The admin has added Rosa ("Dr Rosa") to Northbridge's team; she has not answered yet. */
  const rosaAdded = async (w: World) => {
    const added = await add(admin, w.northbridge, { ...w.member, displayName: "Dr Rosa" });
    if (added.statusCode !== 201) throw new Error(`adding Rosa failed: ${added.body}`);
    return added.json() as TeamMember;
  };

  /** Callum is granted the right to see and add to his organisation's team. */
  const callumManagesTheTeam = (w: World) =>
    changePermissions(t, w.callum.id, { grant: ["create_organisation_users", "view_organisation_users"] });

  /** The admin has added Pia, an internal program admin, to Lakeside's team: her id. */
  const piaOnLakeside = async (w: World) => {
    const added = await add(admin, w.lakeside, { ...w.member, email: w.email("pia"), role: "internal_program_admin" });
    if (added.statusCode !== 201) throw new Error(`adding Pia failed: ${added.body}`);
    return (added.json() as TeamMember).id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
  });
  afterAll(() => t.close());

  it("adds a member, who is e-mailed an invitation link naming the organisation", async () => {
    const w = await northbridgeTeam();
    const rosa = rosaTypedLoosely(w.domain);
    const added = await add(admin, w.northbridge, rosa.sent);
    expect(added.statusCode).toBe(201);
    const body = added.json() as TeamMember;
    expect(body).toEqual(rosa.answered);

    const mails = await t.mailsTo(w.member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You are invited to join ${w.northbridgeName} on OpenPRO`);
    expect(mails[0]!.textBody).toContain("Hello Rosa,");
    const link = mails[0]!.textBody.match(/http:\/\/openpro\.test\/join\/(\S+)/);
    expect(link).not.toBeNull();
    const url = new URL(link![0]);
    expect(url.pathname).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get("email")).toBe(w.member.email);
    expect(url.searchParams.get("organisationName")).toBe(w.northbridgeName);
    expect(url.searchParams.has("projectId")).toBe(false);

    await expectNewClinicianAccount(t, body.id);

    expect((await team(w.northbridge)).map((m) => m.email)).toContain(w.member.email);
    const listed = await t.request({ method: "GET", url: staffUrl(w.northbridge), token: admin });
    expect(listed.json().totalCount).toBe(3);
  });

  it("refuses to add the same person twice, whatever the case of the e-mail", async () => {
    const w = await northbridgeTeam();
    await rosaAdded(w);
    const again = await add(admin, w.northbridge, { ...w.member, email: `ROSA@${w.domain}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: messages.teamMemberExists,
      errors: [{ field: "email", message: messages.teamMemberExists }],
    });
    expect(await t.mailsTo(w.member.email)).toHaveLength(1);
    expect((await team(w.northbridge)).filter((m) => m.email === w.member.email)).toHaveLength(1);

    // A patient's e-mail cannot become a staff member.
    await createPatient(t, { email: w.email("pat"), password: "Patient-Password-1!" });
    const patient = await add(admin, w.northbridge, { ...w.member, email: w.email("pat") });
    expect(patient.statusCode).toBe(409);
    expect(fieldErrors(patient)).toEqual([{ field: "email", message: messages.roleIsClinicalStaff }]);
    expect(await t.mailsTo(w.email("pat"))).toHaveLength(0);
  });

  it("puts the spec's messages on the member fields", async () => {
    const w = await northbridgeTeam();
    const { member } = w;
    await expectTeamMemberFormRefusals((payload) => add(admin, w.northbridge, payload), member);
    // Exactly at the limits is fine.
    const atLimits = await add(admin, w.northbridge, {
      ...member,
      firstName: "f".repeat(100),
      lastName: "l".repeat(100),
      displayName: "d".repeat(500),
      email: `${"e".repeat(247)}@x.test`,
    });
    expect(atLimits.statusCode).toBe(201);
  });

  it("lets a non-admin-type member with the permission add people, but not to admin-only roles", async () => {
    const w = await northbridgeTeam();
    const refused = await add(w.callum.token, w.northbridge, { ...w.member, email: w.email("omar") });
    expect(refused.statusCode).toBe(403);

    await callumManagesTheTeam(w);
    for (const role of ["superadmin", "internal_tester", "internal_program_admin"]) {
      const response = await add(w.callum.token, w.northbridge, { ...w.member, email: w.email(role), role });
      expect(response.statusCode, role).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
      expect(await t.mailsTo(w.email(role))).toHaveLength(0);
    }
    const users = await t.ctx.db.selectFrom("users").select("email").where("email", "like", "%internal%").execute();
    expect(users).toEqual([]);

    const allowed = await add(w.callum.token, w.northbridge, {
      ...w.member,
      email: w.email("omar"),
      firstName: "Omar",
      role: "clinician_admin",
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ role: "clinician_admin", email: w.email("omar") });

    // Another organisation is out of his reach: it answers as if it did not exist.
    const elsewhere = await add(w.callum.token, w.lakeside, { ...w.member, email: w.email("lena") });
    expect(elsewhere.statusCode).toBe(404);
    const elsewhereList = await t.request({ method: "GET", url: staffUrl(w.lakeside), token: w.callum.token });
    expect(elsewhereList.statusCode).toBe(404);
    expect(await t.mailsTo(w.email("lena"))).toHaveLength(0);

    // An admin may assign any role.
    const byAdmin = await add(admin, w.lakeside, {
      ...w.member,
      email: w.email("pia"),
      role: "internal_program_admin",
    });
    expect(byAdmin.statusCode).toBe(201);
  });

  it("refuses the team list to a member without view_organisation_users", async () => {
    const w = await northbridgeTeam();
    const response = await t.request({ method: "GET", url: staffUrl(w.northbridge), token: w.nurse.token });
    expect(response.statusCode).toBe(403);
    const lsMember = await organisationStaff(t, w.northbridge, {
      email: w.email("luca"),
      role: "life_sciences_team_member",
    });
    const byLs = await add(lsMember.token, w.northbridge, { ...w.member, email: w.email("x") });
    expect(byLs.statusCode).toBe(403);
  });

  it("updates names and e-mail without the role; the role stays locked", async () => {
    const w = await northbridgeTeam();
    await callumManagesTheTeam(w);
    const rosa = await rosaAdded(w);
    await piaOnLakeside(w);

    const updated = await update(admin, w.northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
    });
    expect(updated.statusCode).toBe(200);
    // The display name was not sent: it stays as it was.
    expect(updated.json()).toEqual({
      ...rosa,
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
    });

    const withRole = await update(admin, w.northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: w.email("rosalind"),
      role: "superadmin",
    });
    expect(withRole.statusCode).toBe(422);
    expect(fieldErrors(withRole)).toEqual([{ field: "role", message: messages.unknownField("role") }]);

    const blank = await update(admin, w.northbridge, rosa.id, { firstName: "", lastName: "Diaz", email: "bad" });
    expect(fieldErrors(blank)).toEqual([
      { field: "firstName", message: messages.teamMemberFirstNameRequired },
      { field: "email", message: messages.invalidEmail },
    ]);

    // Another account's e-mail cannot be taken over.
    const clash = await update(admin, w.northbridge, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: `NIA@${w.domain}`,
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldErrors(clash)).toEqual([{ field: "email", message: messages.teamMemberExists }]);

    // Someone who is not on this team cannot be edited through it.
    const lakesideMember = (await team(w.lakeside))[0]!;
    const notHere = await update(admin, w.northbridge, lakesideMember.id, {
      firstName: "X",
      lastName: "Y",
      email: w.email("pia"),
    });
    expect(notHere.statusCode).toBe(404);
    const outOfReach = await update(w.callum.token, w.lakeside, lakesideMember.id, {
      firstName: "X",
      lastName: "Y",
      email: w.email("pia"),
    });
    expect(outOfReach.statusCode).toBe(404);
    const byNurse = await update(w.nurse.token, w.northbridge, rosa.id, {
      firstName: "X",
      lastName: "Y",
      email: w.email("rosalind"),
    });
    expect(byNurse.statusCode).toBe(403);

    // An admin-type account on the team cannot be re-addressed by a non-admin-type member: with
    // its e-mail changed, a password reset would hand the account over.
    const pia = await add(admin, w.northbridge, {
      ...w.member,
      firstName: "Pia",
      email: w.email("pia.nb"),
      role: "internal_program_admin",
    });
    expect(pia.statusCode).toBe(201);
    const takeover = await update(w.callum.token, w.northbridge, pia.json().id, {
      firstName: "Pia",
      lastName: "Diaz",
      email: w.email("callum.second"),
    });
    expect(takeover.statusCode).toBe(403);
    expect((await team(w.northbridge)).find((m) => m.id === pia.json().id)?.email).toBe(w.email("pia.nb"));
    // Callum may still edit an ordinary member, and an admin may edit Pia.
    expect(
      (
        await update(w.callum.token, w.northbridge, w.nurse.id, {
          firstName: "Nia",
          lastName: "Okafor",
          email: w.email("nia"),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await update(admin, w.northbridge, pia.json().id, {
          firstName: "Pia",
          lastName: "Lind",
          email: w.email("pia.nb"),
        })
      ).statusCode,
    ).toBe(200);

    const stored = (await team(w.northbridge)).find((m) => m.id === rosa.id)!;
    expect(stored).toMatchObject({
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
      role: "clinician_team_member",
    });
  });

  it("removes a member from the team while their account stays", async () => {
    const w = await northbridgeTeam();
    await callumManagesTheTeam(w);
    const { id: rosaId } = await rosaAdded(w);
    const renamed = await update(admin, w.northbridge, rosaId, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
    });
    if (renamed.statusCode !== 200) throw new Error(`renaming Rosa failed: ${renamed.body}`);
    await piaOnLakeside(w);
    const rosa = (await team(w.northbridge)).find((m) => m.email === w.email("rosalind"))!;
    const byNurse = await t.request({ method: "DELETE", url: staffUrl(w.northbridge, rosa.id), token: w.nurse.token });
    expect(byNurse.statusCode).toBe(403);
    const lakesideMember = (await team(w.lakeside))[0]!;
    // Callum holds delete_organisation_users? Not by default: grant it, then try another organisation.
    await changePermissions(t, w.callum.id, { grant: ["delete_organisation_users"] });
    const outOfReach = await t.request({
      method: "DELETE",
      url: staffUrl(w.lakeside, lakesideMember.id),
      token: w.callum.token,
    });
    expect(outOfReach.statusCode).toBe(404);
    expect((await team(w.lakeside)).map((m) => m.id)).toContain(lakesideMember.id);

    const removed = await t.request({ method: "DELETE", url: staffUrl(w.northbridge, rosa.id), token: admin });
    expect(removed.statusCode).toBe(204);
    expect((await team(w.northbridge)).map((m) => m.id)).not.toContain(rosa.id);
    expect(await t.ctx.db.selectFrom("users").select("id").where("id", "=", rosa.id).execute()).toHaveLength(1);

    const again = await t.request({ method: "DELETE", url: staffUrl(w.northbridge, rosa.id), token: admin });
    expect(again.statusCode).toBe(404);

    // Once removed she can be added again, with a fresh invitation.
    const readded = await add(w.callum.token, w.northbridge, { ...w.member, email: w.email("rosalind") });
    expect(readded.statusCode).toBe(201);
    expect(readded.json().id).toBe(rosa.id);
    expect(await t.mailsTo(w.email("rosalind"))).toHaveLength(1);

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
