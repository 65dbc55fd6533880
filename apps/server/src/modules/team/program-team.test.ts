import { defaultPermissionsByRole, errorCodes, limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import {
  addToOrganisation,
  addToProgram,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
  role: string;
  inviteAccepted: boolean;
}

const NEW_PASSWORD = "Harbour-Lights-2026!";

/** The newest invitation link e-mailed to someone, taken apart as the web app's /join page does. */
const invitationLink = async (t: TestApp, email: string) => {
  const mail = (await t.mailsTo(email)).reverse().find((m) => m.textBody.includes("/join/"));
  const match = mail?.textBody.match(/https?:\/\/\S+\/join\/\S+/);
  if (!match) throw new Error(`No invitation link was e-mailed to ${email}`);
  const url = new URL(match[0]);
  return {
    url,
    subject: mail!.subject,
    textBody: mail!.textBody,
    code: decodeURIComponent(url.pathname.split("/").at(-1)!),
    email: url.searchParams.get("email"),
    projectName: url.searchParams.get("projectName"),
    projectId: url.searchParams.get("projectId"),
  };
};

describe("a program's team: list, add, edit, re-invite and remove members", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  /** Clinical program admin on the Heart & Lung program's team only (not on its organisation). */
  let callum: { id: string; token: string };
  /** Life-sciences team member on the same program: may look at the team, not change it. */
  let luca: { id: string; token: string };
  let northbridge: string;
  let heartLung: string;
  /** Another program of Northbridge, where neither Callum nor the people he invites are on the team. */
  let oncology: string;
  let lakesideRecovery: string;

  const staffUrl = (programId: string, userId?: string, suffix = "") =>
    `/api/v1/admin/projects/${programId}/staff${userId ? `/${userId}` : ""}${suffix}`;
  const list = (token: string, programId: string) => t.request({ method: "GET", url: staffUrl(programId), token });
  const team = async (programId: string) => (await list(admin.token, programId)).json().results as Member[];
  const add = (token: string, programId: string, payload: object) =>
    t.request({ method: "POST", url: staffUrl(programId), token, payload });
  const update = (token: string, programId: string, userId: string, payload: object) =>
    t.request({ method: "PATCH", url: staffUrl(programId, userId), token, payload });
  const remove = (token: string, programId: string, userId: string, deleteProfile?: "true" | "false") =>
    t.request({
      method: "DELETE",
      url: staffUrl(programId, userId, deleteProfile ? `?deleteProfile=${deleteProfile}` : ""),
      token,
    });
  const resend = (token: string, programId: string, userId: string) =>
    t.request({ method: "POST", url: staffUrl(programId, userId, "/invite"), token });
  const checkInvite = (query: Record<string, string>) =>
    t.request({ method: "GET", url: `/api/v1/auth/staff-invite?${new URLSearchParams(query).toString()}` });
  const getProgram = (token: string, programId: string) =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}`, token });
  const userIdOf = async (email: string) =>
    (await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())?.id;
  const programAudit = (userId: string) =>
    t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "programId", "actorUserId", "entityType"])
      .where("entityId", "=", userId)
      .where("action", "like", "program.member.%")
      .orderBy("at")
      .orderBy("id")
      .execute();

  const member = { firstName: "Rosa", lastName: "Diaz", email: "rosa@clinic.test", role: "clinician_team_member" };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t, {
      email: "ada@openpro.test",
      role: "superadmin",
      firstName: "Ada",
      lastName: "Lovel",
    });
    northbridge = await insertOrganisation(t, "Northbridge Health");
    const lakeside = await insertOrganisation(t, "Lakeside Clinics");
    heartLung = await insertProgram(t, { organisationId: northbridge, name: "Heart & Lung Pathway" });
    oncology = await insertProgram(t, { organisationId: northbridge, name: "Oncology Follow-up" });
    lakesideRecovery = await insertProgram(t, { organisationId: lakeside, name: "Lakeside Recovery" });
    callum = await staffSession(t, {
      email: "callum@clinic.test",
      role: "clinical_project_admin",
      firstName: "Callum",
      lastName: "Reid",
    });
    luca = await staffSession(t, {
      email: "luca@ls.test",
      role: "life_sciences_team_member",
      firstName: "Luca",
      lastName: "Moretti",
    });
    await addToProgram(t, callum.id, heartLung, "clinical_project_admin");
    await addToProgram(t, luca.id, heartLung, "life_sciences_team_member");
  });
  afterAll(() => t.close());

  it("lists the team sorted by surname then first name, ignoring case, with X-Total-Count", async () => {
    let zoe = await t.createStaff({
      email: "zoe@clinic.test",
      role: "clinician_team_member",
      firstName: "zoe",
      lastName: "abbott",
    });
    let anna = await t.createStaff({
      email: "anna@clinic.test",
      role: "clinician_admin",
      firstName: "Anna",
      lastName: "Abbott",
    });
    const bea = await t.createStaff({
      email: "bea@clinic.test",
      role: "clinician_team_member",
      firstName: "bea",
      lastName: "Zimmer",
    });
    // Ids in the opposite order of the names, so that only the first-name sort can put Anna first.
    const renumber = async (from: string, to: string) => {
      await t.ctx.db.updateTable("users").set({ id: to }).where("id", "=", from).execute();
      return to;
    };
    anna = await renumber(anna, "ffffffff-ffff-4fff-bfff-ffffffffffff");
    zoe = await renumber(zoe, "00000000-0000-4000-8000-000000000001");
    await addToProgram(t, zoe, heartLung, "clinician_team_member");
    await addToProgram(t, bea, heartLung, "clinician_team_member", false);
    await addToProgram(t, anna, heartLung, "clinician_admin");
    // A member of the organisation only, and a member of another program, are not on this team.
    const olga = await t.createStaff({ email: "olga@clinic.test", role: "clinician_admin", lastName: "Aaron" });
    await addToOrganisation(t, olga, northbridge, "clinician_admin");
    await addToProgram(t, olga, oncology, "clinician_admin");

    // Luca may look at the team (view_project_staff_members), as may Callum.
    const response = await list(luca.token, heartLung);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("5");
    const body = response.json() as { results: Member[]; totalCount: number };
    expect(body.totalCount).toBe(5);
    expect(body.results.map((m) => `${m.firstName} ${m.lastName}`)).toEqual([
      "Anna Abbott",
      "zoe abbott",
      "Luca Moretti",
      "Callum Reid",
      "bea Zimmer",
    ]);
    expect(body.results[0]).toEqual({
      id: anna,
      firstName: "Anna",
      lastName: "Abbott",
      displayName: null,
      email: "anna@clinic.test",
      role: "clinician_admin",
      inviteAccepted: true,
    });
    expect(body.results.find((m) => m.id === bea)?.inviteAccepted).toBe(false);

    const byCallum = await list(callum.token, heartLung);
    expect(byCallum.statusCode).toBe(200);
    expect(byCallum.json().results).toEqual(body.results);

    const oncologyTeam = await list(admin.token, oncology);
    expect(oncologyTeam.headers["x-total-count"]).toBe("1");
    expect(oncologyTeam.json().results.map((m: Member) => m.id)).toEqual([olga]);

    // The team of a program not in his reach answers as if the program did not exist.
    expect((await list(callum.token, oncology)).statusCode).toBe(404);
    expect((await list(callum.token, lakesideRecovery)).statusCode).toBe(404);
    // An unknown program is 404 even for an admin.
    expect((await list(admin.token, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("adds a new person, who registers through the e-mailed link and then reaches this program only", async () => {
    const added = await add(callum.token, heartLung, {
      ...member,
      email: " Rosa@Clinic.TEST ",
      firstName: " Rosa ",
      displayName: "Dr Rosa",
    });
    expect(added.statusCode).toBe(201);
    const rosa = added.json() as Member;
    expect(rosa).toEqual({
      id: expect.any(String),
      firstName: "Rosa",
      lastName: "Diaz",
      displayName: "Dr Rosa",
      email: "rosa@clinic.test",
      role: "clinician_team_member",
      inviteAccepted: false,
    });

    // A new account with the role's default grants and no password yet.
    const account = await t.ctx.db
      .selectFrom("users")
      .select(["role", "permissions", "passwordHash", "scope"])
      .where("id", "=", rosa.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: "clinician_team_member", passwordHash: null, scope: "clinical" });
    expect([...account.permissions].sort()).toEqual([...defaultPermissionsByRole.clinician_team_member].sort());

    const mails = await t.mailsTo("rosa@clinic.test");
    expect(mails).toHaveLength(1);
    const link = await invitationLink(t, "rosa@clinic.test");
    expect(link.subject).toBe("You are invited to join Heart & Lung Pathway on OpenPRO");
    expect(link.textBody).toContain("Hello Rosa,");
    expect(link.url.origin).toBe("http://openpro.test");
    expect(link.url.pathname).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
    expect([...link.url.searchParams.keys()]).toEqual(["email", "projectName", "projectId"]);
    expect(link.email).toBe("rosa@clinic.test");
    expect(link.projectName).toBe("Heart & Lung Pathway");
    expect(link.projectId).toBe(Buffer.from(heartLung, "utf8").toString("base64"));
    expect(Buffer.from(link.projectId!, "base64").toString("utf8")).toBe(heartLung);

    const check = await checkInvite({
      code: link.code,
      email: link.email!,
      projectName: link.projectName!,
      projectId: link.projectId!,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ hasAccepted: false, email: "rosa@clinic.test", teamName: "Heart & Lung Pathway" });

    const signUp = {
      inviteCode: link.code,
      email: "rosa@clinic.test",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      privacyPolicy: true,
      eula: true,
      dataSharing: true,
    };
    // A staff invitation needs the data-sharing acknowledgement.
    const { dataSharing: _omitted, ...withoutDataSharing } = signUp;
    const refused = await t.request({ method: "POST", url: "/api/v2/auth/register", payload: withoutDataSharing });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "dataSharing", message: messages.dataSharingRequired }]);

    const registered = await t.request({ method: "POST", url: "/api/v2/auth/register", payload: signUp });
    expect(registered.statusCode).toBe(201);
    const { accessToken } = registered.json() as { accessToken: string };
    // Until the e-mailed sign-up code is entered the program is not reachable.
    const early = await getProgram(accessToken, heartLung);
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe(errorCodes.otpRequired);

    const verified = await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: accessToken,
      payload: { otpCode: await t.lastCodeSentTo("rosa@clinic.test") },
    });
    expect(verified.statusCode).toBe(200);

    // In reach through the program team alone; the other program of the organisation is not.
    const program = await getProgram(accessToken, heartLung);
    expect(program.statusCode).toBe(200);
    expect(program.json()).toMatchObject({
      projectId: heartLung,
      name: "Heart & Lung Pathway",
      organisationId: northbridge,
    });
    expect((await getProgram(accessToken, oncology)).statusCode).toBe(404);
    expect((await getProgram(accessToken, lakesideRecovery)).statusCode).toBe(404);

    expect((await team(heartLung)).find((m) => m.id === rosa.id)?.inviteAccepted).toBe(true);
    // The link was used up.
    const again = await checkInvite({ code: link.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe(errorCodes.invitationInvalid);

    expect(await programAudit(rosa.id)).toEqual([
      { action: "program.member.add", programId: heartLung, actorUserId: callum.id, entityType: "user" },
    ]);
    const details = await t.ctx.db
      .selectFrom("auditLog")
      .select("details")
      .where("entityId", "=", rosa.id)
      .where("action", "=", "program.member.add")
      .executeTakeFirstOrThrow();
    expect(details.details).toEqual({ programId: heartLung, role: "clinician_team_member" });
  });

  it("adds an existing staff account, who signs in and accepts; adding them again is refused", async () => {
    const sam = await t.createStaff({
      email: "sam@clinic.test",
      role: "clinician_team_member",
      firstName: "Sam",
      lastName: "Lee",
    });
    const added = await add(callum.token, heartLung, {
      ...member,
      firstName: "Samuel",
      lastName: "Leeds",
      email: "SAM@clinic.test",
    });
    expect(added.statusCode).toBe(201);
    // The existing account is put on the team as it is: its names are not overwritten.
    expect(added.json()).toEqual({
      id: sam,
      firstName: "Sam",
      lastName: "Lee",
      displayName: null,
      email: "sam@clinic.test",
      role: "clinician_team_member",
      inviteAccepted: false,
    });

    const link = await invitationLink(t, "sam@clinic.test");
    expect(link.textBody).toContain("sign in with your OpenPRO password");
    expect(link.projectId).toBe(Buffer.from(heartLung).toString("base64"));
    const check = await checkInvite({ code: link.code, email: "sam@clinic.test" });
    expect(check.json()).toEqual({ hasAccepted: true, email: "sam@clinic.test", teamName: "Heart & Lung Pathway" });

    // An existing account cannot register again through the link.
    const register = await t.request({
      method: "POST",
      url: "/api/v2/auth/register",
      payload: {
        inviteCode: link.code,
        email: "sam@clinic.test",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        privacyPolicy: true,
        eula: true,
        dataSharing: true,
      },
    });
    expect(register.statusCode).toBe(409);

    const { accessToken } = await signIn(t, "sam@clinic.test", TEST_PASSWORD);
    // An invitation grants nothing by itself: before Sam accepts, the program and its patients
    // are out of his reach and it is not in his program list.
    expect((await getProgram(accessToken, heartLung)).statusCode).toBe(404);
    const patientsBefore = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${heartLung}/users`,
      token: accessToken,
    });
    expect(patientsBefore.statusCode).toBe(404);
    const listBefore = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: accessToken });
    expect((listBefore.json().results as { projectId: string }[]).map((p) => p.projectId)).not.toContain(heartLung);

    const accepted = await t.request({
      method: "POST",
      url: "/api/v1/auth/staff-invite",
      token: accessToken,
      payload: { userId: sam, code: link.code },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await team(heartLung)).find((m) => m.id === sam)?.inviteAccepted).toBe(true);
    expect((await getProgram(accessToken, heartLung)).statusCode).toBe(200);
    expect((await getProgram(accessToken, oncology)).statusCode).toBe(404);

    // Adding the same person again, whatever the case of the e-mail, is refused on the e-mail field.
    const mailsBefore = (await t.mailsTo("sam@clinic.test")).length;
    for (const email of ["sam@clinic.test", "Sam@Clinic.Test"]) {
      const twice = await add(admin.token, heartLung, { ...member, email });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        message: messages.teamMemberExists,
        errors: [{ field: "email", message: messages.teamMemberExists }],
      });
    }
    // So is a newly invited person added a second time.
    const rosaAgain = await add(callum.token, heartLung, member);
    expect(rosaAgain.statusCode).toBe(409);
    expect(fieldErrors(rosaAgain)).toEqual([{ field: "email", message: messages.teamMemberExists }]);
    expect(await t.mailsTo("sam@clinic.test")).toHaveLength(mailsBefore);
    expect((await team(heartLung)).filter((m) => m.id === sam)).toHaveLength(1);

    // Being on one program's team does not stop them being added to another.
    const elsewhere = await add(admin.token, oncology, { ...member, email: "sam@clinic.test" });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ id: sam, inviteAccepted: false });
  });

  it("adds a person once when the form is sent several times at once", async () => {
    const payload = { ...member, firstName: "Nia", lastName: "Okafor", email: "nia@clinic.test" };
    const responses = await Promise.all([1, 2, 3].map(() => add(admin.token, oncology, payload)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(fieldErrors(refused)).toEqual([{ field: "email", message: messages.teamMemberExists }]);
    }
    expect(await t.mailsTo("nia@clinic.test")).toHaveLength(1);
    expect((await team(oncology)).filter((m) => m.email === "nia@clinic.test")).toHaveLength(1);

    // The same for an existing account, whose clash is on the team's key instead.
    const sam = (await userIdOf("sam@clinic.test"))!;
    const again = await Promise.all(
      [1, 2].map(() => add(admin.token, lakesideRecovery, { ...member, email: "sam@clinic.test" })),
    );
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await team(lakesideRecovery)).filter((m) => m.id === sam)).toHaveLength(1);
    expect(await remove(admin.token, lakesideRecovery, sam)).toMatchObject({ statusCode: 204 });
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
        { ...member, firstName: "  ", lastName: "", email: " " },
        [
          { field: "firstName", message: messages.teamMemberFirstNameRequired },
          { field: "lastName", message: messages.teamMemberLastNameRequired },
          { field: "email", message: messages.teamMemberEmailRequired },
        ],
      ],
      [
        { ...member, firstName: "f".repeat(101), lastName: "l".repeat(101) },
        [
          { field: "firstName", message: messages.maxLength(limits.text.teamName) },
          { field: "lastName", message: messages.maxLength(limits.text.teamName) },
        ],
      ],
      [{ ...member, email: "rosa@clinic" }, [{ field: "email", message: messages.invalidEmail }]],
      [{ ...member, email: "no e-mail here" }, [{ field: "email", message: messages.invalidEmail }]],
      [{ ...member, role: undefined }, [{ field: "role", message: messages.required }]],
      [{ ...member, role: "chief" }, [{ field: "role", message: expect.any(String) }]],
      [{ ...member, team: "extra" }, [{ field: "team", message: messages.unknownField("team") }]],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(admin.token, heartLung, payload);
      const label = JSON.stringify(payload).slice(0, 80);
      expect(response.statusCode, label).toBe(422);
      expect(fieldErrors(response), label).toEqual(expect.arrayContaining(errors));
      expect(fieldErrors(response), label).toHaveLength(errors.length);
    }
    expect(await t.mailsTo("no e-mail here")).toHaveLength(0);

    // Exactly 100 characters is fine.
    const atLimit = await add(admin.token, heartLung, {
      ...member,
      email: "long.names@clinic.test",
      firstName: "f".repeat(100),
      lastName: "l".repeat(100),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it("refuses the admin-only roles to a non-admin-type actor, and allows them to an admin", async () => {
    for (const role of ["superadmin", "internal_tester", "internal_program_admin"]) {
      const email = `${role}@clinic.test`;
      const response = await add(callum.token, heartLung, { ...member, email, role });
      expect(response.statusCode, role).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
      expect(await userIdOf(email)).toBeUndefined();
      expect(await t.mailsTo(email)).toHaveLength(0);
    }
    const allowed = await add(callum.token, heartLung, {
      ...member,
      firstName: "Omar",
      lastName: "Haddad",
      email: "omar@clinic.test",
      role: "clinician_admin",
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ role: "clinician_admin", inviteAccepted: false });

    // No one grants what they do not hold: Anna, a Clinical Admin, may not mint a Clinical Program
    // Admin (program settings, identifiable export), but may add her own role.
    const { accessToken: annaToken } = await signIn(t, "anna@clinic.test", TEST_PASSWORD);
    const ceiling = await add(annaToken, heartLung, {
      ...member,
      email: "ceiling@clinic.test",
      role: "clinical_project_admin",
    });
    expect(ceiling.statusCode).toBe(422);
    expect(fieldErrors(ceiling)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
    expect(await userIdOf("ceiling@clinic.test")).toBeUndefined();
    const ownRole = await add(annaToken, heartLung, {
      ...member,
      firstName: "Nils",
      email: "nils@clinic.test",
      role: "clinician_admin",
    });
    expect(ownRole.statusCode).toBe(201);

    const byAdmin = await add(admin.token, heartLung, {
      ...member,
      firstName: "Pia",
      lastName: "Lind",
      email: "pia@openpro.test",
      role: "internal_program_admin",
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ role: "internal_program_admin" });
  });

  it("updates names and e-mail without the role; an admin-type member is not Callum's to edit", async () => {
    const rosa = (await team(heartLung)).find((m) => m.email === "rosa@clinic.test")!;
    // Rosa has an account: its sign-in e-mail is hers, so Callum may rename but not re-address her.
    const readdress = await update(callum.token, heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "Rosalind@Clinic.test",
    });
    expect(readdress.statusCode).toBe(422);
    expect(fieldErrors(readdress)).toEqual([{ field: "email", message: messages.signInEmailOwned }]);
    const updated = await update(admin.token, heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "Rosalind@Clinic.test",
    });
    expect(updated.statusCode).toBe(200);
    // Her display name was not sent, so it stays.
    expect(rosa.displayName).toBe("Dr Rosa");
    expect(updated.json()).toEqual({
      ...rosa,
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "rosalind@clinic.test",
    });
    expect((await team(heartLung)).find((m) => m.id === rosa.id)).toEqual(updated.json());
    // Sent empty, it is cleared.
    const cleared = await update(admin.token, heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: "rosalind@clinic.test",
      displayName: "",
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().displayName).toBeNull();

    const withRole = await update(admin.token, heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: "rosalind@clinic.test",
      role: "superadmin",
    });
    expect(withRole.statusCode).toBe(422);
    expect(fieldErrors(withRole)).toEqual([{ field: "role", message: messages.unknownField("role") }]);
    expect((await team(heartLung)).find((m) => m.id === rosa.id)).toMatchObject({
      lastName: "Diaz-Ortega",
      role: "clinician_team_member",
    });

    const blank = await update(callum.token, heartLung, rosa.id, { firstName: "", lastName: "Diaz", email: "bad" });
    expect(blank.statusCode).toBe(422);
    expect(fieldErrors(blank)).toEqual([
      { field: "firstName", message: messages.teamMemberFirstNameRequired },
      { field: "email", message: messages.invalidEmail },
    ]);

    // Another account's e-mail cannot be taken over.
    const clash = await update(admin.token, heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: "SAM@clinic.test",
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldErrors(clash)).toEqual([{ field: "email", message: messages.teamMemberExists }]);

    // An admin-type member cannot be re-addressed by a non-admin-type editor.
    const pia = (await team(heartLung)).find((m) => m.email === "pia@openpro.test")!;
    const takeover = await update(callum.token, heartLung, pia.id, {
      firstName: "Pia",
      lastName: "Lind",
      email: "callum.again@clinic.test",
    });
    expect(takeover.statusCode).toBe(403);
    expect((await team(heartLung)).find((m) => m.id === pia.id)?.email).toBe("pia@openpro.test");
    const byAdmin = await update(admin.token, heartLung, pia.id, {
      firstName: "Pia",
      lastName: "Lindqvist",
      email: "pia@openpro.test",
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ lastName: "Lindqvist", role: "internal_program_admin" });

    // Someone not on this team cannot be edited through it; Luca may not edit at all.
    const olga = (await team(oncology))[0]!;
    expect(
      (await update(admin.token, heartLung, olga.id, { firstName: "O", lastName: "A", email: "olga@clinic.test" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await update(luca.token, heartLung, rosa.id, { firstName: "X", lastName: "Y", email: "rosalind@clinic.test" }))
        .statusCode,
    ).toBe(403);

    expect((await programAudit(rosa.id)).map((a) => a.action)).toEqual([
      "program.member.add",
      "program.member.update",
      "program.member.update",
    ]);
  });

  it("sends a fresh invitation that replaces the old link, but not to a member who has accepted", async () => {
    const omar = (await userIdOf("omar@clinic.test"))!;
    const first = await invitationLink(t, "omar@clinic.test");
    // Omar is also invited to the Northbridge organisation: that invitation is a separate one.
    const orgInvite = await t.request({
      method: "POST",
      url: `/api/v1/admin/organisations/${northbridge}/staff`,
      token: admin.token,
      payload: { ...member, firstName: "Omar", lastName: "Haddad", email: "omar@clinic.test" },
    });
    expect(orgInvite.statusCode).toBe(201);
    const orgLink = await invitationLink(t, "omar@clinic.test");
    const mailsBefore = (await t.mailsTo("omar@clinic.test")).length;

    const resent = await resend(callum.token, heartLung, omar);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: messages.teamInviteResent });
    expect(await t.mailsTo("omar@clinic.test")).toHaveLength(mailsBefore + 1);
    const fresh = await invitationLink(t, "omar@clinic.test");
    expect(fresh.code).not.toBe(first.code);
    expect(fresh.subject).toBe("You are invited to join Heart & Lung Pathway on OpenPRO");
    expect(fresh.projectId).toBe(Buffer.from(heartLung).toString("base64"));

    const old = await checkInvite({ code: first.code, email: "omar@clinic.test" });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ message: messages.invitationInvalid, errorCode: errorCodes.invitationInvalid });
    expect((await checkInvite({ code: fresh.code, email: "omar@clinic.test" })).json()).toEqual({
      hasAccepted: false,
      email: "omar@clinic.test",
      teamName: "Heart & Lung Pathway",
    });
    // The organisation's invitation is untouched by the program's.
    expect((await checkInvite({ code: orgLink.code })).statusCode).toBe(200);

    // Someone who has accepted needs no invitation.
    const rosa = (await userIdOf("rosalind@clinic.test"))!;
    const accepted = await resend(callum.token, heartLung, rosa);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(messages.teamInviteAlreadyAccepted);
    // Someone not on the team, a program out of reach, and a member without the permission.
    expect((await resend(admin.token, oncology, omar)).statusCode).toBe(404);
    expect((await resend(luca.token, heartLung, omar)).statusCode).toBe(403);
    expect(await t.mailsTo("omar@clinic.test")).toHaveLength(mailsBefore + 1);

    expect((await programAudit(omar)).map((a) => [a.action, a.programId])).toEqual([
      ["program.member.add", heartLung],
      ["program.member.invite-resend", heartLung],
    ]);
  });

  it("refuses changes to a life-sciences team member and to anyone outside their reach", async () => {
    const rosa = (await userIdOf("rosalind@clinic.test"))!;
    const byLuca = await add(luca.token, heartLung, { ...member, email: "nobody@ls.test" });
    expect(byLuca.statusCode).toBe(403);
    expect(await userIdOf("nobody@ls.test")).toBeUndefined();
    expect((await remove(luca.token, heartLung, rosa)).statusCode).toBe(403);
    expect((await remove(luca.token, heartLung, rosa, "true")).statusCode).toBe(403);
    expect((await team(heartLung)).map((m) => m.id)).toContain(rosa);

    // A clinical admin can invite (create_project_staff_member) but not remove.
    const annaToken = (await signIn(t, "anna@clinic.test")).accessToken;
    expect((await remove(annaToken, heartLung, rosa)).statusCode).toBe(403);

    // Another organisation's program is out of Callum's reach: 404 for every operation.
    const lena = await t.createStaff({ email: "lena@lakeside.test", role: "clinician_team_member" });
    await addToProgram(t, lena, lakesideRecovery, "clinician_team_member", false);
    const outOfReach = [
      await list(callum.token, lakesideRecovery),
      await add(callum.token, lakesideRecovery, { ...member, email: "new@lakeside.test" }),
      await update(callum.token, lakesideRecovery, lena, {
        firstName: "L",
        lastName: "X",
        email: "lena@lakeside.test",
      }),
      await resend(callum.token, lakesideRecovery, lena),
      await remove(callum.token, lakesideRecovery, lena),
      await remove(callum.token, lakesideRecovery, lena, "true"),
    ];
    expect(outOfReach.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await userIdOf("new@lakeside.test")).toBeUndefined();
    expect(await t.mailsTo("lena@lakeside.test")).toHaveLength(0);
    expect((await team(lakesideRecovery)).map((m) => m.id)).toEqual([lena]);
    expect(await userIdOf("lena@lakeside.test")).toBe(lena);
    // The same program of his own organisation is out of reach too when he is not on its team.
    expect((await add(callum.token, oncology, { ...member, email: "new@northbridge.test" })).statusCode).toBe(404);
  });

  it("removes a member and keeps their account, or deletes the account too", async () => {
    const sam = (await userIdOf("sam@clinic.test"))!;
    const removed = await remove(callum.token, heartLung, sam, "false");
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await team(heartLung)).map((m) => m.id)).not.toContain(sam);
    // Still on the Oncology team, and the account signs in.
    expect((await team(oncology)).map((m) => m.id)).toContain(sam);
    const samSession = await signIn(t, "sam@clinic.test", TEST_PASSWORD);
    expect((await getProgram(samSession.accessToken, heartLung)).statusCode).toBe(404);
    expect((await remove(callum.token, heartLung, sam)).statusCode).toBe(404);

    // Without the query the profile is kept as well.
    const zoe = (await userIdOf("zoe@clinic.test"))!;
    expect((await remove(callum.token, heartLung, zoe)).statusCode).toBe(204);
    expect(await userIdOf("zoe@clinic.test")).toBe(zoe);
    expect((await login(t, "zoe@clinic.test", TEST_PASSWORD)).statusCode).toBe(200);

    // With deleteProfile=true the account goes: signing in fails afterwards.
    const rosa = (await userIdOf("rosalind@clinic.test"))!;
    expect((await signIn(t, "rosalind@clinic.test", NEW_PASSWORD)).accessToken).toBeTruthy();
    const deleted = await remove(callum.token, heartLung, rosa, "true");
    expect(deleted.statusCode).toBe(204);
    expect(await userIdOf("rosalind@clinic.test")).toBeUndefined();
    expect((await team(heartLung)).map((m) => m.id)).not.toContain(rosa);
    const gone = await login(t, "rosalind@clinic.test", NEW_PASSWORD);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(messages.loginFailed);

    expect(await programAudit(rosa)).toEqual([
      { action: "program.member.add", programId: heartLung, actorUserId: callum.id, entityType: "user" },
      { action: "program.member.update", programId: heartLung, actorUserId: admin.id, entityType: "user" },
      { action: "program.member.update", programId: heartLung, actorUserId: admin.id, entityType: "user" },
      { action: "program.member.remove-and-delete", programId: heartLung, actorUserId: callum.id, entityType: "user" },
    ]);
    expect((await programAudit(sam)).map((a) => [a.action, a.programId])).toEqual([
      ["program.member.add", heartLung],
      ["program.member.add", oncology],
      ["program.member.add", lakesideRecovery],
      ["program.member.remove", lakesideRecovery],
      ["program.member.remove", heartLung],
    ]);
  });

  it("never deletes an admin's profile, nor the actor's own", async () => {
    // The super admin on the team: neither Callum nor another admin may delete the profile.
    await addToProgram(t, admin.id, heartLung, "superadmin");
    const secondAdmin = await staffSession(t, { email: "grace@openpro.test", role: "superadmin" });
    for (const token of [callum.token, secondAdmin.token]) {
      const refused = await remove(token, heartLung, admin.id, "true");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.adminCannotBeDeleted);
    }
    // An internal program admin's profile is not Callum's to delete either.
    const pia = (await userIdOf("pia@openpro.test"))!;
    const piaRefused = await remove(callum.token, heartLung, pia, "true");
    expect(piaRefused.statusCode).toBe(409);
    expect(piaRefused.json().message).toBe(messages.adminCannotBeDeleted);

    const self = await remove(callum.token, heartLung, callum.id, "true");
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.cannotDeleteYourself);

    const stillThere = (await team(heartLung)).map((m) => m.id);
    expect(stillThere).toEqual(expect.arrayContaining([admin.id, pia, callum.id]));
    expect(await userIdOf("ada@openpro.test")).toBe(admin.id);
    expect(await userIdOf("pia@openpro.test")).toBe(pia);
    expect((await signIn(t, "callum@clinic.test")).accessToken).toBeTruthy();

    // Removing the admin from the team while keeping the profile is allowed.
    expect((await remove(callum.token, heartLung, admin.id, "false")).statusCode).toBe(204);
    expect((await team(heartLung)).map((m) => m.id)).not.toContain(admin.id);
    expect(await userIdOf("ada@openpro.test")).toBe(admin.id);

    // An admin may delete an internal program admin's profile.
    expect((await remove(secondAdmin.token, heartLung, pia, "true")).statusCode).toBe(204);
    expect(await userIdOf("pia@openpro.test")).toBeUndefined();

    const refusals = await t.ctx.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "=", "program.member.remove-and-delete")
      .where("entityId", "in", [admin.id, callum.id])
      .execute();
    expect(refusals).toEqual([]);
  });
});
