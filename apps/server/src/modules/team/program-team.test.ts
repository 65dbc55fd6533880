import { errorCodes, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, login } from "../../../test/factories.js";
import { acceptStaffInvitation, invitationLink, signUpThroughInvitation } from "../../../test/staff-invitations.js";
import {
  addToOrganisation,
  addToProgram,
  expectNewClinicianAccount,
  expectTeamMemberFormRefusals,
  insertOrganisation,
  insertProgram,
  rosaTypedLoosely,
  staffSession,
  type TeamMember,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";

const NEW_PASSWORD = "Harbour-Lights-2026!";

describe("a program's team: list, add, edit, re-invite and remove members", () => {
  let t: TestApp;
  /** The super admin, on no team: every story's program is in her reach. */
  let admin: { id: string; token: string };

  const staffUrl = (programId: string, userId?: string, suffix = "") =>
    `/api/v1/admin/projects/${programId}/staff${userId ? `/${userId}` : ""}${suffix}`;
  const list = (token: string, programId: string) => t.request({ method: "GET", url: staffUrl(programId), token });
  const team = async (programId: string) => (await list(admin.token, programId)).json().results as TeamMember[];
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
    (await t.ctx.db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst())?.id;
  const programAudit = (userId: string) =>
    t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "programId", "actorUserId", "entityType"])
      .where("entityId", "=", userId)
      .where("action", "like", "program.member.%")
      .orderBy("at")
      .orderBy("id")
      .execute();

  /**
   * Each story's world: Northbridge runs the Heart & Lung Pathway, on whose team are Callum (its
   * clinical program admin, not on the organisation) and Luca (life sciences: may look at the team,
   * not change it), and Oncology Follow-up, where neither is on the team; Lakeside runs Lakeside
   * Recovery. The story's people have e-mail addresses at a domain of its own (`w.email("rosa")`).
   */
  const heartLungTeam = async () => {
    const domain = uniqueMailDomain();
    const email = (name: string) => `${name}@${domain}`;
    // Names are unique across the database: each story's carry its domain.
    const northbridge = await insertOrganisation(t, `Northbridge Health (${domain})`);
    const lakeside = await insertOrganisation(t, `Lakeside Clinics (${domain})`);
    const heartLungName = `Heart & Lung Pathway (${domain})`;
    const heartLung = await insertProgram(t, { organisationId: northbridge, name: heartLungName });
    const oncology = await insertProgram(t, { organisationId: northbridge, name: `Oncology Follow-up (${domain})` });
    const lakesideRecovery = await insertProgram(t, {
      organisationId: lakeside,
      name: `Lakeside Recovery (${domain})`,
    });
    const callum = await staffSession(t, {
      email: email("callum"),
      role: "clinical_project_admin",
      firstName: "Callum",
      lastName: "Reid",
    });
    const luca = await staffSession(t, {
      email: email("luca"),
      role: "life_sciences_team_member",
      firstName: "Luca",
      lastName: "Moretti",
    });
    await addToProgram(t, callum.id, heartLung, "clinical_project_admin");
    await addToProgram(t, luca.id, heartLung, "life_sciences_team_member");
    /** Rosa, a clinician team member, as the add form would send her. */
    const member = { firstName: "Rosa", lastName: "Diaz", email: email("rosa"), role: "clinician_team_member" };
    return { domain, email, northbridge, heartLung, heartLungName, oncology, lakesideRecovery, callum, luca, member };
  };
  type World = Awaited<ReturnType<typeof heartLungTeam>>;

  /** Callum has invited Rosa ("Dr Rosa") to Heart & Lung; she has not answered yet. */
  const rosaInvited = async (w: World) => {
    const added = await add(w.callum.token, w.heartLung, { ...w.member, displayName: "Dr Rosa" });
    if (added.statusCode !== 201) throw new Error(`inviting Rosa failed: ${added.statusCode} ${added.body}`);
    return added.json() as TeamMember;
  };

  /** Rosa, invited by Callum, has registered through the e-mailed link and entered her sign-up code. */
  const rosaJoined = async (w: World) => {
    const rosa = await rosaInvited(w);
    const link = await invitationLink(t, w.member.email);
    await signUpThroughInvitation(t, link.code, w.member.email, NEW_PASSWORD);
    return (await team(w.heartLung)).find((m) => m.id === rosa.id)!;
  };

  /** Sam Lee, a clinician team member with a staff account, on no team yet: his id. */
  const samsAccount = (w: World) =>
    t.createStaff({ email: w.email("sam"), role: "clinician_team_member", firstName: "Sam", lastName: "Lee" });

  /** Anna Abbott, a clinical admin with a staff account, on no team yet: her id. */
  const annasAccount = (w: World) =>
    t.createStaff({ email: w.email("anna"), role: "clinician_admin", firstName: "Anna", lastName: "Abbott" });

  /** Sam, who has a staff account, was added to Heart & Lung by Callum and accepted. */
  const samAccepted = async (w: World) => {
    const sam = await samsAccount(w);
    expect((await add(w.callum.token, w.heartLung, { ...w.member, email: w.email("sam") })).statusCode).toBe(201);
    const { accessToken } = await signIn(t, w.email("sam"), TEST_PASSWORD);
    const link = await invitationLink(t, w.email("sam"));
    const accepted = await acceptStaffInvitation(t, accessToken, sam, link.code);
    expect(accepted.statusCode).toBe(200);
    return sam;
  };

  /** Anna, a clinical admin with an account, on the Heart & Lung team. */
  const annaOnTheTeam = async (w: World) => {
    const anna = await annasAccount(w);
    await addToProgram(t, anna, w.heartLung, "clinician_admin");
    return anna;
  };

  /** Someone added to Heart & Lung's team (by `token`) with the names, address and role given: their id. */
  const addedToHeartLung = async (
    w: World,
    token: string,
    person: { firstName: string; lastName: string; email: string; role: string },
  ) => {
    const added = await add(token, w.heartLung, { ...w.member, ...person });
    expect(added.statusCode).toBe(201);
    return (added.json() as TeamMember).id;
  };

  /** Pia, an internal program admin, added to Heart & Lung by the super admin. */
  const piaAddedByAdmin = (w: World) =>
    addedToHeartLung(w, admin.token, {
      firstName: "Pia",
      lastName: "Lind",
      email: w.email("pia"),
      role: "internal_program_admin",
    });

  /** Omar, a clinical admin, invited to Heart & Lung by Callum. */
  const omarInvited = (w: World) =>
    addedToHeartLung(w, w.callum.token, {
      firstName: "Omar",
      lastName: "Haddad",
      email: w.email("omar"),
      role: "clinician_admin",
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t, {
      email: "ada@openpro.test",
      role: "superadmin",
      firstName: "Ada",
      lastName: "Lovel",
    });
  });
  afterAll(() => t.close());

  it("lists the team sorted by surname then first name, ignoring case, with X-Total-Count", async () => {
    const w = await heartLungTeam();
    let zoe = await t.createStaff({
      email: w.email("zoe"),
      role: "clinician_team_member",
      firstName: "zoe",
      lastName: "abbott",
    });
    let anna = await annasAccount(w);
    const bea = await t.createStaff({
      email: w.email("bea"),
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
    await addToProgram(t, zoe, w.heartLung, "clinician_team_member");
    await addToProgram(t, bea, w.heartLung, "clinician_team_member", false);
    await addToProgram(t, anna, w.heartLung, "clinician_admin");
    // A member of the organisation only, and a member of another program, are not on this team.
    const olga = await t.createStaff({ email: w.email("olga"), role: "clinician_admin", lastName: "Aaron" });
    await addToOrganisation(t, olga, w.northbridge, "clinician_admin");
    await addToProgram(t, olga, w.oncology, "clinician_admin");

    // Luca may look at the team (view_project_staff_members), as may Callum.
    const response = await list(w.luca.token, w.heartLung);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("5");
    const body = response.json() as { results: TeamMember[]; totalCount: number };
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
      email: w.email("anna"),
      role: "clinician_admin",
      inviteAccepted: true,
    });
    expect(body.results.find((m) => m.id === bea)?.inviteAccepted).toBe(false);

    const byCallum = await list(w.callum.token, w.heartLung);
    expect(byCallum.statusCode).toBe(200);
    expect(byCallum.json().results).toEqual(body.results);

    const oncologyTeam = await list(admin.token, w.oncology);
    expect(oncologyTeam.headers["x-total-count"]).toBe("1");
    expect(oncologyTeam.json().results.map((m: TeamMember) => m.id)).toEqual([olga]);

    // The team of a program not in his reach answers as if the program did not exist.
    expect((await list(w.callum.token, w.oncology)).statusCode).toBe(404);
    expect((await list(w.callum.token, w.lakesideRecovery)).statusCode).toBe(404);
    // An unknown program is 404 even for an admin.
    expect((await list(admin.token, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("adds a new person, who registers through the e-mailed link and then reaches this program only", async () => {
    const w = await heartLungTeam();
    const typed = rosaTypedLoosely(w.domain);
    const added = await add(w.callum.token, w.heartLung, typed.sent);
    expect(added.statusCode).toBe(201);
    const rosa = added.json() as TeamMember;
    expect(rosa).toEqual(typed.answered);
    await expectNewClinicianAccount(t, rosa.id);

    const mails = await t.mailsTo(w.email("rosa"));
    expect(mails).toHaveLength(1);
    const link = await invitationLink(t, w.email("rosa"));
    expect(link.subject).toBe(`You are invited to join ${w.heartLungName} on OpenPRO`);
    expect(link.textBody).toContain("Hello Rosa,");
    expect(link.url.origin).toBe("http://openpro.test");
    expect(link.url.pathname).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
    expect([...link.url.searchParams.keys()]).toEqual(["email", "projectName", "projectId"]);
    expect(link.email).toBe(w.email("rosa"));
    expect(link.projectName).toBe(w.heartLungName);
    expect(link.projectId).toBe(Buffer.from(w.heartLung, "utf8").toString("base64"));
    expect(Buffer.from(link.projectId!, "base64").toString("utf8")).toBe(w.heartLung);

    const check = await checkInvite({
      code: link.code,
      email: link.email!,
      projectName: link.projectName!,
      projectId: link.projectId!,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ hasAccepted: false, email: w.email("rosa"), teamName: w.heartLungName });

    const signUp = {
      inviteCode: link.code,
      email: w.email("rosa"),
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
    const early = await getProgram(accessToken, w.heartLung);
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe(errorCodes.otpRequired);

    const verified = await t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token: accessToken,
      payload: { otpCode: await t.lastCodeSentTo(w.email("rosa")) },
    });
    expect(verified.statusCode).toBe(200);

    // In reach through the program team alone; the other program of the organisation is not.
    const program = await getProgram(accessToken, w.heartLung);
    expect(program.statusCode).toBe(200);
    expect(program.json()).toMatchObject({
      projectId: w.heartLung,
      name: w.heartLungName,
      organisationId: w.northbridge,
    });
    expect((await getProgram(accessToken, w.oncology)).statusCode).toBe(404);
    expect((await getProgram(accessToken, w.lakesideRecovery)).statusCode).toBe(404);

    expect((await team(w.heartLung)).find((m) => m.id === rosa.id)?.inviteAccepted).toBe(true);
    // The link was used up.
    const again = await checkInvite({ code: link.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe(errorCodes.invitationInvalid);

    expect(await programAudit(rosa.id)).toEqual([
      { action: "program.member.add", programId: w.heartLung, actorUserId: w.callum.id, entityType: "user" },
    ]);
    const details = await t.ctx.db
      .selectFrom("auditLog")
      .select("details")
      .where("entityId", "=", rosa.id)
      .where("action", "=", "program.member.add")
      .executeTakeFirstOrThrow();
    expect(details.details).toEqual({ programId: w.heartLung, role: "clinician_team_member" });
  });

  it("adds an existing staff account, who signs in and accepts; adding them again is refused", async () => {
    const w = await heartLungTeam();
    const sam = await samsAccount(w);
    const added = await add(w.callum.token, w.heartLung, {
      ...w.member,
      firstName: "Samuel",
      lastName: "Leeds",
      email: w.email("sam").toUpperCase(),
    });
    expect(added.statusCode).toBe(201);
    // The existing account is put on the team as it is: its names are not overwritten.
    expect(added.json()).toEqual({
      id: sam,
      firstName: "Sam",
      lastName: "Lee",
      displayName: null,
      email: w.email("sam"),
      role: "clinician_team_member",
      inviteAccepted: false,
    });

    const link = await invitationLink(t, w.email("sam"));
    expect(link.textBody).toContain("sign in with your OpenPRO password");
    expect(link.projectId).toBe(Buffer.from(w.heartLung).toString("base64"));
    const check = await checkInvite({ code: link.code, email: w.email("sam") });
    expect(check.json()).toEqual({ hasAccepted: true, email: w.email("sam"), teamName: w.heartLungName });

    // An existing account cannot register again through the link.
    const register = await t.request({
      method: "POST",
      url: "/api/v2/auth/register",
      payload: {
        inviteCode: link.code,
        email: w.email("sam"),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        privacyPolicy: true,
        eula: true,
        dataSharing: true,
      },
    });
    expect(register.statusCode).toBe(409);

    const { accessToken } = await signIn(t, w.email("sam"), TEST_PASSWORD);
    // An invitation grants nothing by itself: before Sam accepts, the program and its patients
    // are out of his reach and it is not in his program list.
    expect((await getProgram(accessToken, w.heartLung)).statusCode).toBe(404);
    const patientsBefore = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${w.heartLung}/users`,
      token: accessToken,
    });
    expect(patientsBefore.statusCode).toBe(404);
    const listBefore = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: accessToken });
    expect((listBefore.json().results as { projectId: string }[]).map((p) => p.projectId)).not.toContain(w.heartLung);

    const accepted = await acceptStaffInvitation(t, accessToken, sam, link.code);
    expect(accepted.statusCode).toBe(200);
    expect((await team(w.heartLung)).find((m) => m.id === sam)?.inviteAccepted).toBe(true);
    expect((await getProgram(accessToken, w.heartLung)).statusCode).toBe(200);
    expect((await getProgram(accessToken, w.oncology)).statusCode).toBe(404);

    // Adding the same person again, whatever the case of the e-mail, is refused on the e-mail field.
    const mailsBefore = (await t.mailsTo(w.email("sam"))).length;
    for (const email of [w.email("sam"), `Sam@${w.domain.toUpperCase()}`]) {
      const twice = await add(admin.token, w.heartLung, { ...w.member, email });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        message: messages.teamMemberExists,
        errors: [{ field: "email", message: messages.teamMemberExists }],
      });
    }
    // So is a newly invited person added a second time.
    await rosaInvited(w);
    const rosaAgain = await add(w.callum.token, w.heartLung, w.member);
    expect(rosaAgain.statusCode).toBe(409);
    expect(fieldErrors(rosaAgain)).toEqual([{ field: "email", message: messages.teamMemberExists }]);
    expect(await t.mailsTo(w.email("sam"))).toHaveLength(mailsBefore);
    expect((await team(w.heartLung)).filter((m) => m.id === sam)).toHaveLength(1);

    // Being on one program's team does not stop them being added to another.
    const elsewhere = await add(admin.token, w.oncology, { ...w.member, email: w.email("sam") });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ id: sam, inviteAccepted: false });
  });

  it("adds a person once when the form is sent several times at once", async () => {
    const w = await heartLungTeam();
    const payload = { ...w.member, firstName: "Nia", lastName: "Okafor", email: w.email("nia") };
    const responses = await Promise.all([1, 2, 3].map(() => add(admin.token, w.oncology, payload)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(fieldErrors(refused)).toEqual([{ field: "email", message: messages.teamMemberExists }]);
    }
    expect(await t.mailsTo(w.email("nia"))).toHaveLength(1);
    expect((await team(w.oncology)).filter((m) => m.email === w.email("nia"))).toHaveLength(1);

    // The same for an existing account, whose clash is on the team's key instead.
    const sam = await t.createStaff({ email: w.email("sam"), role: "clinician_team_member" });
    const again = await Promise.all(
      [1, 2].map(() => add(admin.token, w.lakesideRecovery, { ...w.member, email: w.email("sam") })),
    );
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await team(w.lakesideRecovery)).filter((m) => m.id === sam)).toHaveLength(1);
    expect(await remove(admin.token, w.lakesideRecovery, sam)).toMatchObject({ statusCode: 204 });
  });

  it("puts the spec's messages on the member fields", async () => {
    const w = await heartLungTeam();
    await expectTeamMemberFormRefusals((payload) => add(admin.token, w.heartLung, payload), w.member);
    expect(await t.mailsTo("no e-mail here")).toHaveLength(0);

    // Exactly 100 characters is fine.
    const atLimit = await add(admin.token, w.heartLung, {
      ...w.member,
      email: w.email("long.names"),
      firstName: "f".repeat(100),
      lastName: "l".repeat(100),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it("refuses the admin-only roles to a non-admin-type actor, and allows them to an admin", async () => {
    const w = await heartLungTeam();
    await annaOnTheTeam(w);
    for (const role of ["superadmin", "internal_tester", "internal_program_admin"]) {
      const email = w.email(role);
      const response = await add(w.callum.token, w.heartLung, { ...w.member, email, role });
      expect(response.statusCode, role).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
      expect(await userIdOf(email)).toBeUndefined();
      expect(await t.mailsTo(email)).toHaveLength(0);
    }
    const allowed = await add(w.callum.token, w.heartLung, {
      ...w.member,
      firstName: "Omar",
      lastName: "Haddad",
      email: w.email("omar"),
      role: "clinician_admin",
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ role: "clinician_admin", inviteAccepted: false });

    // No one grants what they do not hold: Anna, a Clinical Admin, may not mint a Clinical Program
    // Admin (program settings, identifiable export), but may add her own role.
    const { accessToken: annaToken } = await signIn(t, w.email("anna"), TEST_PASSWORD);
    const ceiling = await add(annaToken, w.heartLung, {
      ...w.member,
      email: w.email("ceiling"),
      role: "clinical_project_admin",
    });
    expect(ceiling.statusCode).toBe(422);
    expect(fieldErrors(ceiling)).toEqual([{ field: "role", message: messages.roleNotAssignable }]);
    expect(await userIdOf(w.email("ceiling"))).toBeUndefined();
    const ownRole = await add(annaToken, w.heartLung, {
      ...w.member,
      firstName: "Nils",
      email: w.email("nils"),
      role: "clinician_admin",
    });
    expect(ownRole.statusCode).toBe(201);

    const byAdmin = await add(admin.token, w.heartLung, {
      ...w.member,
      firstName: "Pia",
      lastName: "Lind",
      email: w.email("pia"),
      role: "internal_program_admin",
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ role: "internal_program_admin" });
  });

  it("updates names and e-mail without the role; an admin-type member is not Callum's to edit", async () => {
    const w = await heartLungTeam();
    const rosa = await rosaJoined(w);
    await t.createStaff({ email: w.email("sam"), role: "clinician_team_member" });
    const piaId = await piaAddedByAdmin(w);
    const olgaId = await t.createStaff({ email: w.email("olga"), role: "clinician_admin", lastName: "Aaron" });
    await addToProgram(t, olgaId, w.oncology, "clinician_admin");
    // Rosa has an account: its sign-in e-mail is hers, so Callum may rename but not re-address her.
    const readdress = await update(w.callum.token, w.heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: `Rosalind@${w.domain}`,
    });
    expect(readdress.statusCode).toBe(422);
    expect(fieldErrors(readdress)).toEqual([{ field: "email", message: messages.signInEmailOwned }]);
    const updated = await update(admin.token, w.heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: `Rosalind@${w.domain}`,
    });
    expect(updated.statusCode).toBe(200);
    // Her display name was not sent, so it stays.
    expect(rosa.displayName).toBe("Dr Rosa");
    expect(updated.json()).toEqual({
      ...rosa,
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
    });
    expect((await team(w.heartLung)).find((m) => m.id === rosa.id)).toEqual(updated.json());
    // Sent empty, it is cleared.
    const cleared = await update(admin.token, w.heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz-Ortega",
      email: w.email("rosalind"),
      displayName: "",
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().displayName).toBeNull();

    const withRole = await update(admin.token, w.heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: w.email("rosalind"),
      role: "superadmin",
    });
    expect(withRole.statusCode).toBe(422);
    expect(fieldErrors(withRole)).toEqual([{ field: "role", message: messages.unknownField("role") }]);
    expect((await team(w.heartLung)).find((m) => m.id === rosa.id)).toMatchObject({
      lastName: "Diaz-Ortega",
      role: "clinician_team_member",
    });

    const blank = await update(w.callum.token, w.heartLung, rosa.id, { firstName: "", lastName: "Diaz", email: "bad" });
    expect(blank.statusCode).toBe(422);
    expect(fieldErrors(blank)).toEqual([
      { field: "firstName", message: messages.teamMemberFirstNameRequired },
      { field: "email", message: messages.invalidEmail },
    ]);

    // Another account's e-mail cannot be taken over.
    const clash = await update(admin.token, w.heartLung, rosa.id, {
      firstName: "Rosalind",
      lastName: "Diaz",
      email: w.email("sam").toUpperCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldErrors(clash)).toEqual([{ field: "email", message: messages.teamMemberExists }]);

    // An admin-type member cannot be re-addressed by a non-admin-type editor.
    const pia = (await team(w.heartLung)).find((m) => m.id === piaId)!;
    const takeover = await update(w.callum.token, w.heartLung, pia.id, {
      firstName: "Pia",
      lastName: "Lind",
      email: w.email("callum.again"),
    });
    expect(takeover.statusCode).toBe(403);
    expect((await team(w.heartLung)).find((m) => m.id === pia.id)?.email).toBe(w.email("pia"));
    const byAdmin = await update(admin.token, w.heartLung, pia.id, {
      firstName: "Pia",
      lastName: "Lindqvist",
      email: w.email("pia"),
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ lastName: "Lindqvist", role: "internal_program_admin" });

    // Someone not on this team cannot be edited through it; Luca may not edit at all.
    const olga = (await team(w.oncology)).find((m) => m.id === olgaId)!;
    expect(
      (await update(admin.token, w.heartLung, olga.id, { firstName: "O", lastName: "A", email: w.email("olga") }))
        .statusCode,
    ).toBe(404);
    expect(
      (await update(w.luca.token, w.heartLung, rosa.id, { firstName: "X", lastName: "Y", email: w.email("rosalind") }))
        .statusCode,
    ).toBe(403);

    expect((await programAudit(rosa.id)).map((a) => a.action)).toEqual([
      "program.member.add",
      "program.member.update",
      "program.member.update",
    ]);
  });

  it("sends a fresh invitation that replaces the old link, but not to a member who has accepted", async () => {
    const w = await heartLungTeam();
    const omar = await omarInvited(w);
    const rosa = (await rosaJoined(w)).id;
    const first = await invitationLink(t, w.email("omar"));
    // Omar is also invited to the Northbridge organisation: that invitation is a separate one.
    const orgInvite = await t.request({
      method: "POST",
      url: `/api/v1/admin/organisations/${w.northbridge}/staff`,
      token: admin.token,
      payload: { ...w.member, firstName: "Omar", lastName: "Haddad", email: w.email("omar") },
    });
    expect(orgInvite.statusCode).toBe(201);
    const orgLink = await invitationLink(t, w.email("omar"));
    const mailsBefore = (await t.mailsTo(w.email("omar"))).length;

    const resent = await resend(w.callum.token, w.heartLung, omar);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: messages.teamInviteResent });
    expect(await t.mailsTo(w.email("omar"))).toHaveLength(mailsBefore + 1);
    const fresh = await invitationLink(t, w.email("omar"));
    expect(fresh.code).not.toBe(first.code);
    expect(fresh.subject).toBe(`You are invited to join ${w.heartLungName} on OpenPRO`);
    expect(fresh.projectId).toBe(Buffer.from(w.heartLung).toString("base64"));

    const old = await checkInvite({ code: first.code, email: w.email("omar") });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ message: messages.invitationInvalid, errorCode: errorCodes.invitationInvalid });
    expect((await checkInvite({ code: fresh.code, email: w.email("omar") })).json()).toEqual({
      hasAccepted: false,
      email: w.email("omar"),
      teamName: w.heartLungName,
    });
    // The organisation's invitation is untouched by the program's.
    expect((await checkInvite({ code: orgLink.code })).statusCode).toBe(200);

    // Someone who has accepted needs no invitation.
    const accepted = await resend(w.callum.token, w.heartLung, rosa);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(messages.teamInviteAlreadyAccepted);
    // Someone not on the team, a program out of reach, and a member without the permission.
    expect((await resend(admin.token, w.oncology, omar)).statusCode).toBe(404);
    expect((await resend(w.luca.token, w.heartLung, omar)).statusCode).toBe(403);
    expect(await t.mailsTo(w.email("omar"))).toHaveLength(mailsBefore + 1);

    expect((await programAudit(omar)).map((a) => [a.action, a.programId])).toEqual([
      ["program.member.add", w.heartLung],
      ["program.member.invite-resend", w.heartLung],
    ]);
  });

  it("refuses changes to a life-sciences team member and to anyone outside their reach", async () => {
    const w = await heartLungTeam();
    const rosa = (await rosaInvited(w)).id;
    await annaOnTheTeam(w);
    const byLuca = await add(w.luca.token, w.heartLung, { ...w.member, email: w.email("nobody") });
    expect(byLuca.statusCode).toBe(403);
    expect(await userIdOf(w.email("nobody"))).toBeUndefined();
    expect((await remove(w.luca.token, w.heartLung, rosa)).statusCode).toBe(403);
    expect((await remove(w.luca.token, w.heartLung, rosa, "true")).statusCode).toBe(403);
    expect((await team(w.heartLung)).map((m) => m.id)).toContain(rosa);

    // A clinical admin can invite (create_project_staff_member) but not remove.
    const annaToken = (await signIn(t, w.email("anna"))).accessToken;
    expect((await remove(annaToken, w.heartLung, rosa)).statusCode).toBe(403);

    // Another organisation's program is out of Callum's reach: 404 for every operation.
    const lena = await t.createStaff({ email: w.email("lena.lakeside"), role: "clinician_team_member" });
    await addToProgram(t, lena, w.lakesideRecovery, "clinician_team_member", false);
    const outOfReach = [
      await list(w.callum.token, w.lakesideRecovery),
      await add(w.callum.token, w.lakesideRecovery, { ...w.member, email: w.email("new.lakeside") }),
      await update(w.callum.token, w.lakesideRecovery, lena, {
        firstName: "L",
        lastName: "X",
        email: w.email("lena.lakeside"),
      }),
      await resend(w.callum.token, w.lakesideRecovery, lena),
      await remove(w.callum.token, w.lakesideRecovery, lena),
      await remove(w.callum.token, w.lakesideRecovery, lena, "true"),
    ];
    expect(outOfReach.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await userIdOf(w.email("new.lakeside"))).toBeUndefined();
    expect(await t.mailsTo(w.email("lena.lakeside"))).toHaveLength(0);
    expect((await team(w.lakesideRecovery)).map((m) => m.id)).toEqual([lena]);
    expect(await userIdOf(w.email("lena.lakeside"))).toBe(lena);
    // The same program of his own organisation is out of reach too when he is not on its team.
    expect((await add(w.callum.token, w.oncology, { ...w.member, email: w.email("new.northbridge") })).statusCode).toBe(
      404,
    );
  });

  it("removes a member and keeps their account, or deletes the account too", async () => {
    const w = await heartLungTeam();
    // Sam is on the Heart & Lung team and was added to Oncology's; Zoe and Rosa are on Heart & Lung.
    const sam = await samAccepted(w);
    expect((await add(admin.token, w.oncology, { ...w.member, email: w.email("sam") })).statusCode).toBe(201);
    const zoeId = await t.createStaff({ email: w.email("zoe"), role: "clinician_team_member" });
    await addToProgram(t, zoeId, w.heartLung, "clinician_team_member");
    const rosa = (await rosaJoined(w)).id;
    const removed = await remove(w.callum.token, w.heartLung, sam, "false");
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await team(w.heartLung)).map((m) => m.id)).not.toContain(sam);
    // Still on the Oncology team, and the account signs in.
    expect((await team(w.oncology)).map((m) => m.id)).toContain(sam);
    const samSession = await signIn(t, w.email("sam"), TEST_PASSWORD);
    expect((await getProgram(samSession.accessToken, w.heartLung)).statusCode).toBe(404);
    expect((await remove(w.callum.token, w.heartLung, sam)).statusCode).toBe(404);

    // Without the query the profile is kept as well.
    const zoe = zoeId;
    expect((await remove(w.callum.token, w.heartLung, zoe)).statusCode).toBe(204);
    expect(await userIdOf(w.email("zoe"))).toBe(zoe);
    expect((await login(t, w.email("zoe"), TEST_PASSWORD)).statusCode).toBe(200);

    // With deleteProfile=true the account goes: signing in fails afterwards.
    expect((await signIn(t, w.email("rosa"), NEW_PASSWORD)).accessToken).toBeTruthy();
    const deleted = await remove(w.callum.token, w.heartLung, rosa, "true");
    expect(deleted.statusCode).toBe(204);
    expect(await userIdOf(w.email("rosa"))).toBeUndefined();
    expect((await team(w.heartLung)).map((m) => m.id)).not.toContain(rosa);
    const gone = await login(t, w.email("rosa"), NEW_PASSWORD);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(messages.loginFailed);

    expect(await programAudit(rosa)).toEqual([
      { action: "program.member.add", programId: w.heartLung, actorUserId: w.callum.id, entityType: "user" },
      {
        action: "program.member.remove-and-delete",
        programId: w.heartLung,
        actorUserId: w.callum.id,
        entityType: "user",
      },
    ]);
    expect((await programAudit(sam)).map((a) => [a.action, a.programId])).toEqual([
      ["program.member.add", w.heartLung],
      ["program.member.add", w.oncology],
      ["program.member.remove", w.heartLung],
    ]);
  });

  it("never deletes an admin's profile, nor the actor's own", async () => {
    const w = await heartLungTeam();
    // The super admin on the team: neither Callum nor another admin may delete the profile.
    await addToProgram(t, admin.id, w.heartLung, "superadmin");
    const secondAdmin = await staffSession(t, { email: w.email("grace"), role: "superadmin" });
    for (const token of [w.callum.token, secondAdmin.token]) {
      const refused = await remove(token, w.heartLung, admin.id, "true");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.adminCannotBeDeleted);
    }
    // An internal program admin's profile is not Callum's to delete either.
    const pia = await piaAddedByAdmin(w);
    const piaRefused = await remove(w.callum.token, w.heartLung, pia, "true");
    expect(piaRefused.statusCode).toBe(409);
    expect(piaRefused.json().message).toBe(messages.adminCannotBeDeleted);

    const self = await remove(w.callum.token, w.heartLung, w.callum.id, "true");
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.cannotDeleteYourself);

    const stillThere = (await team(w.heartLung)).map((m) => m.id);
    expect(stillThere).toEqual(expect.arrayContaining([admin.id, pia, w.callum.id]));
    expect(await userIdOf("ada@openpro.test")).toBe(admin.id);
    expect(await userIdOf(w.email("pia"))).toBe(pia);
    expect((await signIn(t, w.email("callum"))).accessToken).toBeTruthy();

    // Removing the admin from the team while keeping the profile is allowed.
    expect((await remove(w.callum.token, w.heartLung, admin.id, "false")).statusCode).toBe(204);
    expect((await team(w.heartLung)).map((m) => m.id)).not.toContain(admin.id);
    expect(await userIdOf("ada@openpro.test")).toBe(admin.id);

    // An admin may delete an internal program admin's profile.
    expect((await remove(secondAdmin.token, w.heartLung, pia, "true")).statusCode).toBe(204);
    expect(await userIdOf(w.email("pia"))).toBeUndefined();

    const refusals = await t.ctx.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "=", "program.member.remove-and-delete")
      .where("entityId", "in", [admin.id, w.callum.id])
      .execute();
    expect(refusals).toEqual([]);
  });
});
