import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPatient, login } from "../../../test/factories.js";
import {
  acceptInvite,
  addPatient,
  auditRows,
  giveConsent,
  listPatients,
  newPatient,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { invitationLink, staffSignUpForm } from "../../../test/staff-invitations.js";
import {
  addToProgram,
  insertOrganisation,
  insertProgram,
  programWithStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

/** Makes the audit log refuse entries of one action, as a failing disk or a full table would. */
const refuseAuditOf = async (t: TestApp, action: string) => {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.action = '${action}' THEN RAISE EXCEPTION 'audit store unavailable'; END IF; RETURN NEW; END $$`,
    )
    .execute(t.ctx.db);
  await sql
    .raw(
      `CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`,
    )
    .execute(t.ctx.db);
};

/** The audit log takes every entry again. */
const acceptAudit = async (t: TestApp) => {
  await sql.raw(`DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log`).execute(t.ctx.db);
};

/**
 * An audit entry is written in the same transaction as the change it records: when the entry
 * cannot be written, the change does not happen either (and the caller gets a 500, not a silent
 * unaudited change).
 */
describe("audit in the same transaction as the change", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let programAdmin: { id: string; token: string };
  let heart: string;

  const refuseAudit = (action: string) => refuseAuditOf(t, action);
  afterEach(() => acceptAudit(t));

  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    programAdmin = await staffSession(t, { email: "callum@clinic.test", role: "clinical_project_admin" });
    await addToProgram(t, programAdmin.id, heart, "clinical_project_admin");
  });
  afterAll(() => t.close());

  it("does not change a program whose audit entry fails", async () => {
    await refuseAudit("program.update");
    const patch = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${heart}`,
      token: programAdmin.token,
      payload: { description: "Unaudited" },
    });
    expect(patch.statusCode).toBe(500);
    const row = await t.ctx.db.selectFrom("programs").select("description").where("id", "=", heart).executeTakeFirst();
    expect(row!.description).toBeNull();
  });

  it("does not create a program whose audit entry fails", async () => {
    await refuseAudit("program.create");
    const created = await t.request({
      method: "POST",
      url: "/api/v1/admin/projects",
      token: admin.token,
      payload: {
        name: "Unaudited Program",
        territory: "UK_IRE",
        startDate: "2026-03-01",
        organisationId: (await t.ctx.db.selectFrom("organisations").select("id").executeTakeFirstOrThrow()).id,
      },
    });
    expect(created.statusCode).toBe(500);
    expect(
      await t.ctx.db.selectFrom("programs").select("id").where("name", "=", "Unaudited Program").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("does not enrol a patient (nor send the invitation) whose audit entry fails", async () => {
    await refuseAudit("patient.create");
    const added = await addPatient(t, programAdmin.token, newPatient(heart, { email: "ghost@patients.test" }));
    expect(added.statusCode).toBe(500);
    expect(
      await t.ctx.db.selectFrom("users").select("id").where("email", "=", "ghost@patients.test").executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.mailsTo("ghost@patients.test")).toEqual([]);
  });

  it("does not remove a patient whose audit entry fails", async () => {
    expect((await addPatient(t, programAdmin.token, newPatient(heart))).statusCode).toBe(201);
    const graceId = await userIdOf(t, "grace@patients.test");
    await refuseAudit("patient.delete");
    const removed = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: programAdmin.token,
    });
    expect(removed.statusCode).toBe(500);
    const enrolment = await t.ctx.db
      .selectFrom("programPatients")
      .select("id")
      .where("userId", "=", graceId)
      .executeTakeFirst();
    expect(enrolment).toBeDefined();
  });

  it("does not add or remove a team member whose audit entry fails", async () => {
    await refuseAudit("program.member.add");
    const staffUrl = `/api/v1/admin/projects/${heart}/staff`;
    /** The program admin adds Rosa, a clinician team member, to Heart's team. */
    const addRosa = () =>
      t.request({
        method: "POST",
        url: staffUrl,
        token: programAdmin.token,
        payload: { firstName: "Rosa", lastName: "Diaz", email: "rosa@clinic.test", role: "clinician_team_member" },
      });
    const add = await addRosa();
    expect(add.statusCode).toBe(500);
    expect(
      await t.ctx.db.selectFrom("users").select("id").where("email", "=", "rosa@clinic.test").executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.mailsTo("rosa@clinic.test")).toEqual([]);
    await acceptAudit(t);

    const added = await addRosa();
    expect(added.statusCode).toBe(201);
    const rosa = await userIdOf(t, "rosa@clinic.test");
    await refuseAudit("program.member.remove");
    const removed = await t.request({ method: "DELETE", url: `${staffUrl}/${rosa}`, token: programAdmin.token });
    expect(removed.statusCode).toBe(500);
    expect(
      await t.ctx.db
        .selectFrom("programStaff")
        .select("userId")
        .where("programId", "=", heart)
        .where("userId", "=", rosa)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});

/**
 * The same rule in the other modules' services: each change below is refused its audit entry and
 * must then not be kept (the caller gets the 500 of any database failure). Each test builds its
 * own world: an organisation running a ready program, its manager Callum signed in.
 */
describe("a change of any module is not kept without its audit entry", () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => acceptAudit(t));

  const world = async () => {
    n++;
    const { organisationId, programId, staff } = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: `Northbridge Heart ${n}`,
      staff: { manager: { email: `callum@${uniqueMailDomain()}`, role: "clinical_project_admin" } },
    });
    return { organisationId, programId, manager: staff.manager };
  };
  /** A day a month after the test clock's today, as the invite-code form sends an expiry. */
  const inAMonth = (days = 30) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
  /** The program's public code (none until one is created), as stored. */
  const codeOf = (programId: string) =>
    t.ctx.db
      .selectFrom("publicInviteCodes")
      .select(["id", "dateExpires", "deactivatedAt"])
      .where("programId", "=", programId)
      .executeTakeFirst();
  /** Callum opens the program to patients with a public code, which expires in a month. */
  const publicCode = async (programId: string, token: string) => {
    await setProgram(t, programId, { inviteMode: "public" });
    const created = await t.request({
      method: "POST",
      url: "/api/v1/invite-codes",
      token,
      payload: { projectId: programId, dateExpires: inAMonth() },
    });
    expect(created.statusCode).toBe(201);
    return (await codeOf(programId))!;
  };

  it("does not create a public invite code whose audit entry fails", async () => {
    const { programId, manager } = await world();
    await setProgram(t, programId, { inviteMode: "public" });
    await refuseAuditOf(t, "invite-code.create");
    const created = await t.request({
      method: "POST",
      url: "/api/v1/invite-codes",
      token: manager.token,
      payload: { projectId: programId, dateExpires: inAMonth() },
    });
    expect(created.statusCode).toBe(500);
    expect(await codeOf(programId)).toBeUndefined();
  });

  it("does not change an invite code's expiry whose audit entry fails", async () => {
    const { programId, manager } = await world();
    const code = await publicCode(programId, manager.token);
    await refuseAuditOf(t, "invite-code.update");
    const changed = await t.request({
      method: "PATCH",
      url: "/api/v1/invite-codes",
      token: manager.token,
      payload: { projectId: programId, dateExpires: inAMonth(60) },
    });
    expect(changed.statusCode).toBe(500);
    expect((await codeOf(programId))!.dateExpires).toEqual(code.dateExpires);
  });

  it("does not deactivate an invite code whose audit entry fails", async () => {
    const { programId, manager } = await world();
    await publicCode(programId, manager.token);
    await refuseAuditOf(t, "invite-code.deactivate");
    const deactivated = await t.request({
      method: "POST",
      url: "/api/v1/invite-codes/deactivate",
      token: manager.token,
      payload: { projectId: programId },
    });
    expect(deactivated.statusCode).toBe(500);
    expect((await codeOf(programId))!.deactivatedAt).toBeNull();
  });

  it("does not remove a care-team contact whose audit entry fails", async () => {
    const { programId, manager } = await world();
    const contact = () =>
      t.ctx.db.selectFrom("careTeamContacts").select("id").where("programId", "=", programId).executeTakeFirst();
    const ward = (await contact())!;
    await refuseAuditOf(t, "care-team.delete");
    const removed = await t.request({
      method: "DELETE",
      url: `/api/v1/admin/projects/${programId}/care-team-contacts/${ward.id}`,
      token: manager.token,
    });
    expect(removed.statusCode).toBe(500);
    expect(await contact()).toEqual(ward);
  });

  it("does not record a patient's consent whose audit entry fails", async () => {
    const { programId, manager } = await world();
    const email = `grace@${uniqueMailDomain("patients")}`;
    expect((await addPatient(t, manager.token, newPatient(programId, { email }))).statusCode).toBe(201);
    const grace = await acceptInvite(t, email);
    const enrolment = async () =>
      t.ctx.db
        .selectFrom("programPatients")
        .select(["status", "consentGiven", "dateConsentGiven"])
        .where("programId", "=", programId)
        .where("userId", "=", await userIdOf(t, email))
        .executeTakeFirstOrThrow();
    const before = await enrolment();
    expect(before).toMatchObject({ consentGiven: false, dateConsentGiven: null });
    await refuseAuditOf(t, "patient.consent.give");
    expect((await giveConsent(t, grace, programId)).statusCode).toBe(500);
    expect(await enrolment()).toEqual(before);
  });

  it("does not create an organisation or delete a staff account whose audit entry fails", async () => {
    const { manager } = await world();
    const ada = await staffSession(t, { email: `ada@${uniqueMailDomain()}`, role: "superadmin" });
    await refuseAuditOf(t, "organisation.create");
    const name = `Unaudited Health ${n}`;
    const created = await t.request({
      method: "POST",
      url: "/api/v1/admin/organisations",
      token: ada.token,
      payload: { name },
    });
    expect(created.statusCode).toBe(500);
    expect(
      await t.ctx.db.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirst(),
    ).toBeUndefined();
    await acceptAudit(t);

    await refuseAuditOf(t, "user.delete");
    const deleted = await t.request({ method: "DELETE", url: `/api/v1/admin/users/${manager.id}`, token: ada.token });
    expect(deleted.statusCode).toBe(500);
    expect(await t.ctx.db.selectFrom("users").select("id").where("id", "=", manager.id).executeTakeFirst()).toEqual({
      id: manager.id,
    });
  });
});

/**
 * Sign-in and password changes of the auth module: the change and its success entry are one
 * transaction. Each test signs in an account of its own (an address of its own domain).
 */
describe("an account's password or session is not changed without its audit entry", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => acceptAudit(t));

  const NEW_PASSWORD = "Quiet-Orchard-Swing-77!";
  /** A program admin with the test password, signed in with her code: her e-mail and tokens. */
  const margaret = async () => {
    const email = `margaret.hughes@${uniqueMailDomain()}`;
    await t.createStaff({ email, role: "clinical_project_admin", firstName: "Margaret" });
    return { email, ...(await signIn(t, email)) };
  };

  it("keeps the old password when the entry of a staff password change fails", async () => {
    const { email, accessToken } = await margaret();
    await refuseAuditOf(t, "auth.password.change");
    const change = await t.request({
      method: "POST",
      url: "/api/v2/auth/change-password",
      token: accessToken,
      payload: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
    });
    expect(change.statusCode).toBe(500);
    await acceptAudit(t);
    expect((await login(t, email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/v1/current", token: accessToken })).statusCode).toBe(200);
  });

  it("keeps the old password (and opens no session) when the entry of a patient's reset fails", async () => {
    const email = `grace@${uniqueMailDomain()}`;
    await createPatient(t, { email, password: TEST_PASSWORD, firstName: "Grace" });
    const asked = await t.request({
      method: "POST",
      url: "/api/v2/auth/reset_password/email/send_otp",
      payload: { email, scope: "patient" },
    });
    expect(asked.statusCode).toBe(200);
    const code = await t.lastCodeSentTo(email);
    await refuseAuditOf(t, "auth.password.reset");
    const reset = await t.request({
      method: "POST",
      url: "/api/v2/auth/reset_password/email/reset",
      payload: { email, otpCode: code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, scope: "patient" },
    });
    expect(reset.statusCode).toBe(500);
    await acceptAudit(t);
    expect((await login(t, email, TEST_PASSWORD, "patient")).statusCode).toBe(200);
    expect((await login(t, email, NEW_PASSWORD, "patient")).statusCode).toBe(401);
  });

  it("leaves a staff invitation open when the entry of signing up through it fails", async () => {
    const domain = uniqueMailDomain();
    const { programId, staff } = await programWithStaff(t, {
      organisation: `Northbridge Health ${domain}`,
      program: `Northbridge Heart ${domain}`,
      staff: { manager: { email: `callum@${domain}`, role: "clinical_project_admin" } },
    });
    const rosa = `rosa@${domain}`;
    const added = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${programId}/staff`,
      token: staff.manager.token,
      payload: { firstName: "Rosa", lastName: "Diaz", email: rosa, role: "clinician_team_member" },
    });
    expect(added.statusCode).toBe(201);
    const link = await invitationLink(t, rosa);
    await refuseAuditOf(t, "auth.register");
    const registered = await t.request({
      method: "POST",
      url: "/api/v2/auth/register",
      payload: staffSignUpForm(link.code, rosa, NEW_PASSWORD),
    });
    expect(registered.statusCode).toBe(500);
    await acceptAudit(t);
    const check = await t.request({
      method: "GET",
      url: `/api/v1/auth/staff-invite?${new URLSearchParams({ code: link.code, email: rosa }).toString()}`,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().hasAccepted).toBe(false);
    expect((await login(t, rosa, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("keeps the session open when the entry of a logout fails", async () => {
    const { accessToken } = await margaret();
    await refuseAuditOf(t, "auth.logout");
    const logout = await t.request({ method: "POST", url: "/api/v1/auth/logout", token: accessToken });
    expect(logout.statusCode).toBe(500);
    await acceptAudit(t);
    expect((await t.request({ method: "GET", url: "/api/v1/current", token: accessToken })).statusCode).toBe(200);
  });
});

describe("reads of patient lists record which patients were shown", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let heart: string;
  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, nurse.id, heart, "clinician_team_member");
    for (const [email, patientId] of [
      ["grace@patients.test", "943 476 5919"],
      ["alan@patients.test", "401 023 2137"],
    ] as const) {
      expect((await addPatient(t, nurse.token, newPatient(heart, { email, patientId }))).statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const details = async (action: string) => {
    const row = await t.ctx.db
      .selectFrom("auditLog")
      .select("details")
      .where("action", "=", action)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return (typeof row.details === "string" ? JSON.parse(row.details) : row.details) as Record<string, unknown>;
  };

  it("names the patients of the page in the patient.list entry", async () => {
    const list = await listPatients(t, nurse.token, heart, { _perPage: "1" });
    expect(list.statusCode).toBe(200);
    const shown = (list.json().results as { id: string }[]).map((r) => r.id);
    expect(shown).toHaveLength(1);
    expect((await details("patient.list")).patientIds).toEqual(shown);

    const all = await listPatients(t, nurse.token, heart);
    const everyone = (all.json().results as { id: string }[]).map((r) => r.id);
    expect(everyone).toHaveLength(2);
    expect(((await details("patient.list")).patientIds as string[]).sort()).toEqual([...everyone].sort());
    expect((await auditRows(t, "patient.list")).at(-1)).toMatchObject({ programId: heart, actorUserId: nurse.id });
  });

  it("names the patients found by a search, with their program", async () => {
    const search = await t.request({
      method: "GET",
      url: "/api/v1/pro-dashboard/patients?term=grace",
      token: nurse.token,
    });
    expect(search.statusCode).toBe(200);
    const found = (search.json().results as { id: string }[]).map((r) => r.id);
    expect(found.length).toBeGreaterThan(0);
    expect((await details("patient.search")).patients).toEqual(
      found.map((id) => ({ patientId: id, programId: heart })),
    );
  });
});
