import { errorCodes, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { userIdOf } from "../../../test/patients.js";
import { enterEmailedCode } from "../../../test/sign-in-code.js";
import {
  acceptStaffInvitation,
  invitationLink,
  signUpThroughInvitation,
  staffSignUpForm,
} from "../../../test/staff-invitations.js";
import { insertOrganisation, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, TEST_PASSWORD, type TestApp } from "../../../test/test-app.js";
import { STAFF_INVITE_TTL_SECONDS } from "./invites.js";

const NEW_PASSWORD = "Harbour-Lights-2026!";
const ADMIN_EMAIL = "ada@openpro.test";

describe("a clinician is invited to an organisation team and signs up", () => {
  let t: TestApp;

  const checkInvite = (query: Record<string, string>) =>
    t.request({ method: "GET", url: `/api/v1/auth/staff-invite?${new URLSearchParams(query).toString()}` });
  const register = (payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: "/api/v2/auth/register", payload });
  const signUpForm = (code: string, email: string) => staffSignUpForm(code, email, NEW_PASSWORD);

  /** The link's check and a sign-up through it are both refused (400), with the `reason`'s message and code. */
  const expectLinkRefused = async (code: string, email: string, reason: "invitationInvalid" | "invitationExpired") => {
    const check = await checkInvite({ code, email });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ message: messages[reason], errorCode: errorCodes[reason] });
    const signUp = await register(signUpForm(code, email));
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().errorCode).toBe(errorCodes[reason]);
  };

  /**
   * Each story's world: Northbridge Health and Lakeside Clinics, named with a mail domain of the
   * story's own ("Clinic-3.test", its people's addresses in lower case: `w.email("rosa")`), and the
   * super admin Ada signed in.
   */
  const twoOrganisations = async () => {
    const domain = uniqueMailDomain("Clinic");
    const northbridgeName = `Northbridge Health (${domain})`;
    const lakesideName = `Lakeside Clinics (${domain})`;
    return {
      domain,
      email: (name: string) => `${name}@${domain}`.toLowerCase(),
      northbridgeName,
      northbridge: await insertOrganisation(t, northbridgeName),
      lakesideName,
      lakeside: await insertOrganisation(t, lakesideName),
      admin: (await signIn(t, ADMIN_EMAIL)).accessToken,
    };
  };
  type World = Awaited<ReturnType<typeof twoOrganisations>>;

  /** The admin adds someone to an organisation's team as a clinician team member. */
  const addMember = (
    admin: string,
    organisationId: string,
    member: { email: string; firstName: string; lastName: string },
  ) =>
    t.request({
      method: "POST",
      url: `/api/v1/admin/organisations/${organisationId}/staff`,
      token: admin,
      payload: { ...member, role: "clinician_team_member" },
    });

  /** Rosa was invited to Northbridge and signed up through the e-mailed link with NEW_PASSWORD: that link. */
  const rosaJoinedNorthbridge = async (w: World) => {
    const email = w.email("rosa");
    const added = await addMember(w.admin, w.northbridge, { email, firstName: "Rosa", lastName: "Diaz" });
    if (added.statusCode !== 201) throw new Error(`inviting Rosa failed: ${added.body}`);
    const link = await invitationLink(t, email);
    await signUpThroughInvitation(t, link.code, email, NEW_PASSWORD);
    return link;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: ADMIN_EMAIL, role: "superadmin" });
  });
  afterAll(() => t.close());

  it("takes a new person from the e-mailed link to a verified session on the team", async () => {
    const w = await twoOrganisations();
    const rosa = w.email("rosa");
    const added = await addMember(w.admin, w.northbridge, {
      email: `Rosa@${w.domain}`,
      firstName: "Rosa",
      lastName: "Diaz",
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: rosa, inviteAccepted: false });

    const link = await invitationLink(t, rosa);
    expect(link.subject).toBe(`You are invited to join ${w.northbridgeName} on OpenPRO`);
    expect(link.url.origin).toBe("http://openpro.test");
    expect(link.email).toBe(rosa);
    expect(link.organisationName).toBe(w.northbridgeName);

    const check = await checkInvite({ code: link.code, email: link.email!, organisationName: link.organisationName! });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ hasAccepted: false, email: rosa, teamName: w.northbridgeName });

    // The documents must be accepted: nothing happens without them.
    const declined = await register({ ...signUpForm(link.code, rosa), privacyPolicy: false });
    expect(declined.statusCode).toBe(422);
    expect(fieldErrors(declined)).toEqual([{ field: "privacyPolicy", message: messages.privacyPolicyRequired }]);
    const mismatch = await register({ ...signUpForm(link.code, rosa), confirmPassword: "Other-2026!!x" });
    expect(fieldErrors(mismatch)).toEqual([{ field: "confirmPassword", message: messages.passwordMismatch }]);
    expect((await checkInvite({ code: link.code })).json().hasAccepted).toBe(false);

    const registered = await register(signUpForm(link.code, rosa));
    expect(registered.statusCode).toBe(201);
    const { accessToken, refreshToken, user } = registered.json();
    expect(refreshToken).toBeTruthy();
    expect(user).toMatchObject({ email: rosa, firstName: "Rosa", otpRequired: true });

    // Until the sign-up code is entered the session reaches nothing else.
    const early = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: accessToken });
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe(errorCodes.otpRequired);

    const verified = await enterEmailedCode(t, rosa, accessToken);
    expect(verified.json()).toEqual({ message: messages.otpVerified });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: messages.otpVerified });

    const current = await t.request({ method: "GET", url: "/api/v1/current", token: accessToken });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      email: rosa,
      otpRequired: false,
      userRole: "clinician_team_member",
    });

    const team = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${w.northbridge}/staff`,
      token: w.admin,
    });
    expect(team.json().results).toEqual([expect.objectContaining({ email: rosa, inviteAccepted: true })]);

    // The password she chose is the one that signs her in from now on.
    expect((await signIn(t, rosa, NEW_PASSWORD)).accessToken).toBeTruthy();
  });

  it("refuses the same link a second time as invalid", async () => {
    const w = await twoOrganisations();
    const rosa = w.email("rosa");
    const link = await rosaJoinedNorthbridge(w);
    await expectLinkRefused(link.code, rosa, "invitationInvalid");
    // The password was not changed by the refused attempt.
    expect((await signIn(t, rosa, NEW_PASSWORD)).accessToken).toBeTruthy();
  });

  it("refuses unknown codes, a code with someone else's e-mail, and a link older than 7 days", async () => {
    const w = await twoOrganisations();
    const omar = w.email("omar");
    const unknown = await checkInvite({ code: "not-a-real-code" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe(errorCodes.invitationInvalid);

    await addMember(w.admin, w.northbridge, { email: omar, firstName: "Omar", lastName: "Haddad" });
    const link = await invitationLink(t, omar);
    // Rosa, who has an account of her own, cannot use Omar's code.
    await t.createStaff({ email: w.email("rosa"), role: "clinician_team_member" });
    const wrongEmail = await checkInvite({ code: link.code, email: w.email("rosa") });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errorCode).toBe(errorCodes.invitationInvalid);

    t.clock.advanceSeconds(STAFF_INVITE_TTL_SECONDS - 60);
    expect((await checkInvite({ code: link.code, email: omar })).statusCode).toBe(200);
    t.clock.advanceSeconds(61);
    await expectLinkRefused(link.code, omar, "invitationExpired");

    // A week has passed: the admin's session has long ended.
    const admin = (await signIn(t, ADMIN_EMAIL)).accessToken;

    // Adding him again sends a fresh link that works; the old one stays dead.
    await t.request({
      method: "DELETE",
      url: `/api/v1/admin/organisations/${w.northbridge}/staff/${await userIdOf(t, omar)}`,
      token: admin,
    });
    expect(
      (await addMember(admin, w.northbridge, { email: omar, firstName: "Omar", lastName: "Haddad" })).statusCode,
    ).toBe(201);
    const fresh = await invitationLink(t, omar);
    expect(fresh.code).not.toBe(link.code);
    expect((await checkInvite({ code: fresh.code })).json().hasAccepted).toBe(false);
    expect((await checkInvite({ code: link.code })).statusCode).toBe(400);
  });

  it("lets an existing user accept an invitation to a second organisation after signing in", async () => {
    const w = await twoOrganisations();
    const rosaEmail = w.email("rosa");
    await rosaJoinedNorthbridge(w);
    const rosa = await t.ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", rosaEmail)
      .executeTakeFirstOrThrow();
    const added = await addMember(w.admin, w.lakeside, { email: rosaEmail, firstName: "Rosa", lastName: "Diaz" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: rosa.id, inviteAccepted: false });
    const link = await invitationLink(t, rosaEmail);
    expect(link.organisationName).toBe(w.lakesideName);

    const check = await checkInvite({ code: link.code, email: rosaEmail });
    expect(check.json()).toEqual({ hasAccepted: true, email: rosaEmail, teamName: w.lakesideName });
    // An existing account signs in instead of registering again.
    const register2 = await register(signUpForm(link.code, rosaEmail));
    expect(register2.statusCode).toBe(409);

    const { accessToken } = await signIn(t, rosaEmail, NEW_PASSWORD);

    // Someone else's code is refused even when signed in.
    await t.createStaff({ email: w.email("sam"), role: "clinician_team_member" });
    await addMember(w.admin, w.lakeside, { email: w.email("sam"), firstName: "Sam", lastName: "Lee" });
    const samsLink = await invitationLink(t, w.email("sam"));
    const notHers = await acceptStaffInvitation(t, accessToken, rosa.id, samsLink.code);
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().errorCode).toBe(errorCodes.invitationInvalid);

    const accepted = await acceptStaffInvitation(t, accessToken, rosa.id, link.code);
    expect(accepted.statusCode).toBe(200);

    const team = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${w.lakeside}/staff`,
      token: w.admin,
    });
    const members = team.json().results as { email: string; inviteAccepted: boolean }[];
    expect(members.find((m) => m.email === rosaEmail)?.inviteAccepted).toBe(true);
    expect(members.find((m) => m.email === w.email("sam"))?.inviteAccepted).toBe(false);

    const twice = await acceptStaffInvitation(t, accessToken, rosa.id, link.code);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errorCode).toBe(errorCodes.invitationInvalid);

    // Sam's code still works for Sam: the refused attempt did not use it up.
    const sam = await signIn(t, w.email("sam"), TEST_PASSWORD);
    const samId = (await t.request({ method: "GET", url: "/api/v1/current", token: sam.accessToken })).json().id;
    const samAccepts = await acceptStaffInvitation(t, sam.accessToken, samId, samsLink.code);
    expect(samAccepts.statusCode).toBe(200);
  });
});
