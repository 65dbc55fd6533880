import { errorCodes, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { enterEmailedCode } from "../../../test/sign-in-code.js";
import { invitationLink } from "../../../test/staff-invitations.js";
import { insertOrganisation, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";
import { STAFF_INVITE_TTL_SECONDS } from "./invites.js";

const NEW_PASSWORD = "Harbour-Lights-2026!";

describe("a clinician is invited to an organisation team and signs up", () => {
  let t: TestApp;
  let admin: string;
  let northbridge: string;
  let lakeside: string;

  const addMember = (organisationId: string, member: { email: string; firstName: string; lastName: string }) =>
    t.request({
      method: "POST",
      url: `/api/v1/admin/organisations/${organisationId}/staff`,
      token: admin,
      payload: { ...member, role: "clinician_team_member" },
    });
  const checkInvite = (query: Record<string, string>) =>
    t.request({ method: "GET", url: `/api/v1/auth/staff-invite?${new URLSearchParams(query).toString()}` });
  const register = (payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: "/api/v2/auth/register", payload });
  const signUpForm = (code: string, email: string) => ({
    inviteCode: code,
    email,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    privacyPolicy: true,
    eula: true,
    dataSharing: true,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
    northbridge = await insertOrganisation(t, "Northbridge Health");
    lakeside = await insertOrganisation(t, "Lakeside Clinics");
  });
  afterAll(() => t.close());

  it("takes a new person from the e-mailed link to a verified session on the team", async () => {
    const added = await addMember(northbridge, { email: "Rosa@Clinic.test", firstName: "Rosa", lastName: "Diaz" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: "rosa@clinic.test", inviteAccepted: false });

    const link = await invitationLink(t, "rosa@clinic.test");
    expect(link.subject).toBe("You are invited to join Northbridge Health on OpenPRO");
    expect(link.url.origin).toBe("http://openpro.test");
    expect(link.email).toBe("rosa@clinic.test");
    expect(link.organisationName).toBe("Northbridge Health");

    const check = await checkInvite({ code: link.code, email: link.email!, organisationName: link.organisationName! });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ hasAccepted: false, email: "rosa@clinic.test", teamName: "Northbridge Health" });

    // The documents must be accepted: nothing happens without them.
    const declined = await register({ ...signUpForm(link.code, "rosa@clinic.test"), privacyPolicy: false });
    expect(declined.statusCode).toBe(422);
    expect(fieldErrors(declined)).toEqual([{ field: "privacyPolicy", message: messages.privacyPolicyRequired }]);
    const mismatch = await register({ ...signUpForm(link.code, "rosa@clinic.test"), confirmPassword: "Other-2026!!x" });
    expect(fieldErrors(mismatch)).toEqual([{ field: "confirmPassword", message: messages.passwordMismatch }]);
    expect((await checkInvite({ code: link.code })).json().hasAccepted).toBe(false);

    const registered = await register(signUpForm(link.code, "rosa@clinic.test"));
    expect(registered.statusCode).toBe(201);
    const { accessToken, refreshToken, user } = registered.json();
    expect(refreshToken).toBeTruthy();
    expect(user).toMatchObject({ email: "rosa@clinic.test", firstName: "Rosa", otpRequired: true });

    // Until the sign-up code is entered the session reaches nothing else.
    const early = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: accessToken });
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe(errorCodes.otpRequired);

    const verified = await enterEmailedCode(t, "rosa@clinic.test", accessToken);
    expect(verified.json()).toEqual({ message: messages.otpVerified });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: messages.otpVerified });

    const current = await t.request({ method: "GET", url: "/api/v1/current", token: accessToken });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      email: "rosa@clinic.test",
      otpRequired: false,
      userRole: "clinician_team_member",
    });

    const team = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${northbridge}/staff`,
      token: admin,
    });
    expect(team.json().results).toEqual([expect.objectContaining({ email: "rosa@clinic.test", inviteAccepted: true })]);

    // The password she chose is the one that signs her in from now on.
    expect((await signIn(t, "rosa@clinic.test", NEW_PASSWORD)).accessToken).toBeTruthy();
  });

  it("refuses the same link a second time as invalid", async () => {
    const link = await invitationLink(t, "rosa@clinic.test");
    const again = await checkInvite({ code: link.code, email: "rosa@clinic.test" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: messages.invitationInvalid,
      errorCode: errorCodes.invitationInvalid,
    });
    const reRegister = await register(signUpForm(link.code, "rosa@clinic.test"));
    expect(reRegister.statusCode).toBe(400);
    expect(reRegister.json().errorCode).toBe(errorCodes.invitationInvalid);
    // The password was not changed by the refused attempt.
    expect((await signIn(t, "rosa@clinic.test", NEW_PASSWORD)).accessToken).toBeTruthy();
  });

  it("refuses unknown codes, a code with someone else's e-mail, and a link older than 7 days", async () => {
    const unknown = await checkInvite({ code: "not-a-real-code" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe(errorCodes.invitationInvalid);

    await addMember(northbridge, { email: "omar@clinic.test", firstName: "Omar", lastName: "Haddad" });
    const link = await invitationLink(t, "omar@clinic.test");
    const wrongEmail = await checkInvite({ code: link.code, email: "rosa@clinic.test" });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errorCode).toBe(errorCodes.invitationInvalid);

    t.clock.advanceSeconds(STAFF_INVITE_TTL_SECONDS - 60);
    expect((await checkInvite({ code: link.code, email: "omar@clinic.test" })).statusCode).toBe(200);
    t.clock.advanceSeconds(61);
    const expired = await checkInvite({ code: link.code, email: "omar@clinic.test" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      message: messages.invitationExpired,
      errorCode: errorCodes.invitationExpired,
    });
    const late = await register(signUpForm(link.code, "omar@clinic.test"));
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe(errorCodes.invitationExpired);

    // A week has passed: the admin's session has long ended.
    admin = (await signIn(t, "ada@openpro.test")).accessToken;

    // Adding him again sends a fresh link that works; the old one stays dead.
    await t.request({
      method: "DELETE",
      url: `/api/v1/admin/organisations/${northbridge}/staff/${(await t.ctx.db.selectFrom("users").select("id").where("email", "=", "omar@clinic.test").executeTakeFirstOrThrow()).id}`,
      token: admin,
    });
    expect(
      (await addMember(northbridge, { email: "omar@clinic.test", firstName: "Omar", lastName: "Haddad" })).statusCode,
    ).toBe(201);
    const fresh = await invitationLink(t, "omar@clinic.test");
    expect(fresh.code).not.toBe(link.code);
    expect((await checkInvite({ code: fresh.code })).json().hasAccepted).toBe(false);
    expect((await checkInvite({ code: link.code })).statusCode).toBe(400);
  });

  it("lets an existing user accept an invitation to a second organisation after signing in", async () => {
    const rosa = await t.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "rosa@clinic.test")
      .executeTakeFirstOrThrow();
    const added = await addMember(lakeside, { email: "rosa@clinic.test", firstName: "Rosa", lastName: "Diaz" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: rosa.id, inviteAccepted: false });
    const link = await invitationLink(t, "rosa@clinic.test");
    expect(link.organisationName).toBe("Lakeside Clinics");

    const check = await checkInvite({ code: link.code, email: "rosa@clinic.test" });
    expect(check.json()).toEqual({ hasAccepted: true, email: "rosa@clinic.test", teamName: "Lakeside Clinics" });
    // An existing account signs in instead of registering again.
    const register2 = await register(signUpForm(link.code, "rosa@clinic.test"));
    expect(register2.statusCode).toBe(409);

    const { accessToken } = await signIn(t, "rosa@clinic.test", NEW_PASSWORD);

    // Someone else's code is refused even when signed in.
    await t.createStaff({ email: "sam@clinic.test", role: "clinician_team_member" });
    await addMember(lakeside, { email: "sam@clinic.test", firstName: "Sam", lastName: "Lee" });
    const samsLink = await invitationLink(t, "sam@clinic.test");
    const notHers = await t.request({
      method: "POST",
      url: "/api/v1/auth/staff-invite",
      token: accessToken,
      payload: { userId: rosa.id, code: samsLink.code },
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().errorCode).toBe(errorCodes.invitationInvalid);

    const accepted = await t.request({
      method: "POST",
      url: "/api/v1/auth/staff-invite",
      token: accessToken,
      payload: { userId: rosa.id, code: link.code },
    });
    expect(accepted.statusCode).toBe(200);

    const team = await t.request({ method: "GET", url: `/api/v1/admin/organisations/${lakeside}/staff`, token: admin });
    const members = team.json().results as { email: string; inviteAccepted: boolean }[];
    expect(members.find((m) => m.email === "rosa@clinic.test")?.inviteAccepted).toBe(true);
    expect(members.find((m) => m.email === "sam@clinic.test")?.inviteAccepted).toBe(false);

    const twice = await t.request({
      method: "POST",
      url: "/api/v1/auth/staff-invite",
      token: accessToken,
      payload: { userId: rosa.id, code: link.code },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errorCode).toBe(errorCodes.invitationInvalid);

    // Sam's code still works for Sam: the refused attempt did not use it up.
    const sam = await signIn(t, "sam@clinic.test", TEST_PASSWORD);
    const samId = (await t.request({ method: "GET", url: "/api/v1/current", token: sam.accessToken })).json().id;
    const samAccepts = await t.request({
      method: "POST",
      url: "/api/v1/auth/staff-invite",
      token: sam.accessToken,
      payload: { userId: samId, code: samsLink.code },
    });
    expect(samAccepts.statusCode).toBe(200);
  });
});
