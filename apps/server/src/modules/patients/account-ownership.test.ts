import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  acceptInvite,
  addPatient,
  enrolmentOf,
  giveConsent,
  inviteLinks,
  newPatient,
  PATIENT_PASSWORD,
  patientLogin,
  userIdOf,
} from "../../../test/patients.js";
import { addToProgram, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/**
 * The probe's high-severity finding: another hospital's program admin re-addressed an enrolment
 * and so rewrote the sign-in e-mail of a patient who belonged to a different program. An account
 * belongs to its owner: staff change enrolments and memberships, never identities.
 */
describe("a program's staff change enrolments, never the accounts behind them", () => {
  let t: TestApp;
  let superAdmin: { id: string; token: string };
  let attacker: { id: string; token: string };
  let ownNurse: { id: string; token: string };
  let programA: string;
  let programB: string;
  let graceId: string;

  const editPatient = (token: string, userId: string, programId: string, payload: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: `/api/v1/users/${userId}?projectId=${programId}`, token, payload });
  const signInEmailOf = async (userId: string) =>
    (await t.ctx.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    programA = await insertProgram(t, { organisationId: await insertOrganisation(t, "Attacker Hospital"), name: "A" });
    programB = await insertProgram(t, { organisationId: await insertOrganisation(t, "Grace's Hospital"), name: "B" });
    attacker = await staffSession(t, { email: "mallory@evil.test", role: "clinical_project_admin" });
    await addToProgram(t, attacker.id, programA, "clinical_project_admin");
    ownNurse = await staffSession(t, { email: "nia@clinic.test", role: "clinical_project_admin" });
    await addToProgram(t, ownNurse.id, programB, "clinical_project_admin");

    // Grace joins program B from her personal invitation and consents.
    expect((await addPatient(t, ownNurse.token, newPatient(programB))).statusCode).toBe(201);
    const grace = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, grace, programB)).statusCode).toBe(200);
    graceId = await userIdOf(t, "grace@patients.test");
  });
  afterAll(() => t.close());

  it("keeps Grace's sign-in e-mail when another hospital re-addresses its own enrolment of her", async () => {
    const added = await addPatient(t, attacker.token, newPatient(programA));
    expect(added.statusCode).toBe(201);
    expect(added.json().userId).toBe(graceId);

    const edited = await editPatient(attacker.token, graceId, programA, { email: "mallory+grace@evil.test" });
    expect(edited.statusCode, edited.body).toBe(200);
    // The enrolment of A now belongs to a fresh invitee for the new address, not to Grace.
    const detached = edited.json() as { id: string; email: string };
    expect(detached.email).toBe("mallory+grace@evil.test");
    expect(detached.id).not.toBe(graceId);

    expect(await signInEmailOf(graceId)).toBe("grace@patients.test");
    expect((await patientLogin(t, "grace@patients.test")).statusCode).toBe(200);
    // A reset for the attacker's address leads to the invitee, never to Grace's account.
    expect(await signInEmailOf(detached.id)).toBe("mallory+grace@evil.test");
    const invitee = await t.ctx.db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", detached.id)
      .executeTakeFirstOrThrow();
    expect(invitee.passwordHash).toBeNull();

    // Grace is still consented in B, and no longer in A.
    expect(await enrolmentOf(t, ownNurse.token, programB, "grace@patients.test")).toMatchObject({
      id: graceId,
      status: "CONSENTED",
    });
    const inA = await t.request({
      method: "GET",
      url: `/api/v1/users/${graceId}?projectId=${programA}`,
      token: attacker.token,
    });
    expect(inA.statusCode).toBe(404);
  });

  it("kills the links already sent to the old address and invites the new one", async () => {
    await addPatient(t, attacker.token, newPatient(programA, { email: "typo@patients.test", firstName: "Alan" }));
    const alanId = await userIdOf(t, "typo@patients.test");
    const [wrongLink] = await inviteLinks(t, "typo@patients.test");

    const fixed = await editPatient(attacker.token, alanId, programA, { email: "alan@patients.test" });
    expect(fixed.statusCode).toBe(200);
    // A placeholder account made for this invitation alone follows its invitation.
    expect(fixed.json().id).toBe(alanId);
    expect(await signInEmailOf(alanId)).toBe("alan@patients.test");

    const stale = await t.request({ method: "GET", url: `/api/v1/auth/users-invite/${wrongLink!.code}` });
    expect(stale.statusCode).not.toBe(200);
    const [fresh] = await inviteLinks(t, "alan@patients.test");
    expect(fresh!.subject).toBe("You are invited to A");
  });

  it("refuses to re-address an enrolment the patient has already accepted", async () => {
    const refused = await editPatient(ownNurse.token, graceId, programB, { email: "someone@else.test" });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "email", message: messages.patientEmailOwned }]);
    expect(await signInEmailOf(graceId)).toBe("grace@patients.test");
  });

  it("never lets a team admin change the sign-in e-mail of a member who has an account", async () => {
    const colleague = await staffSession(t, { email: "carol@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, colleague.id, programB, "clinician_team_member");
    const member = { firstName: "Carol", lastName: "Nurse", email: "carol@evil.test" };
    const refused = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${programB}/staff/${colleague.id}`,
      token: ownNurse.token,
      payload: member,
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "email", message: messages.signInEmailOwned }]);
    expect(await signInEmailOf(colleague.id)).toBe("carol@clinic.test");

    // A super admin may, audited, and the old address is told.
    const moved = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/projects/${programB}/staff/${colleague.id}`,
      token: superAdmin.token,
      payload: { ...member, email: "carol@northbridge.test" },
    });
    expect(moved.statusCode).toBe(200);
    expect(await signInEmailOf(colleague.id)).toBe("carol@northbridge.test");
    const notice = (await t.mailsTo("carol@clinic.test")).at(-1)!;
    expect(notice.subject).toBe("The e-mail address of your OpenPRO account was changed");
    expect(notice.textBody).toContain("carol@northbridge.test");
  });

  it("lets only a super admin re-address an account in the user admin", async () => {
    const internalAdmin = await staffSession(t, { email: "ian@openpro.test", role: "internal_tester" });
    const nurseAccount = await staffSession(t, { email: "dora@clinic.test", role: "clinician_team_member" });
    const refused = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/users/${nurseAccount.id}`,
      token: internalAdmin.token,
      payload: { email: "dora@evil.test" },
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "email", message: messages.signInEmailOwned }]);
    expect(await signInEmailOf(nurseAccount.id)).toBe("dora@clinic.test");

    const moved = await t.request({
      method: "PATCH",
      url: `/api/v1/admin/users/${nurseAccount.id}`,
      token: superAdmin.token,
      payload: { email: "dora@northbridge.test" },
    });
    expect(moved.statusCode).toBe(200);
    expect((await t.mailsTo("dora@clinic.test")).at(-1)!.subject).toBe(
      "The e-mail address of your OpenPRO account was changed",
    );
    const [audit] = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "details"])
      .where("action", "=", "user.update")
      .where("entityId", "=", nurseAccount.id)
      .execute();
    expect(audit).toMatchObject({ actorUserId: superAdmin.id, details: { emailBefore: "dora@clinic.test" } });
  });

  it("still signs Grace in with her own password at the end", async () => {
    const login = await patientLogin(t, "grace@patients.test", undefined, PATIENT_PASSWORD);
    expect(login.statusCode).toBe(200);
  });
});
