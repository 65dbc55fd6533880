import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUnconfirmedEnrolment } from "../../../test/enrolment-rows.js";
import { fieldErrors } from "../../../test/factories.js";
import {
  alanTakesPart,
  anHourLater,
  declineVerification,
  graceInSecondProgram,
  invitedPatients,
  retractConsent,
  signedUpGrace,
  verifiedGrace,
  verifyPatient,
  withdrawnGrace,
} from "../../../test/patient-journey.js";
import {
  addPatient,
  enrolmentOf,
  giveConsent,
  inviteInfo,
  lastInviteCode,
  newPatient,
  PATIENT_PASSWORD,
  patientLogin,
  registerPatient,
  setProgram,
  signUpForm,
  userIdOf,
} from "../../../test/patients.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/**
 * One journey, told from its points: each story brings a fresh Grace (and Alan) to its own point
 * through the staged worlds of test/patient-journey.ts (invited, signed up, consented, verified,
 * withdrawn, in a second program), in a world of its own, so that it passes alone.
 */
describe("a patient follows the e-mailed link, signs up, consents and is verified by the care team", () => {
  let t: TestApp;

  const verify = (token: string, userId: string, patientId: string, programId: string) =>
    verifyPatient(t, token, userId, patientId, programId);
  const decline = (token: string, userId: string, programId: string) =>
    declineVerification(t, token, userId, programId);
  const retract = (token: string, userId: string, programId: string) => retractConsent(t, token, userId, programId);
  const demographics = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: "/api/v1/user/demographics", token, payload });
  const program = (token: string, programId: string) =>
    t.request({ method: "GET", url: `/api/v1/admin/projects/${programId}`, token });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows what the link leads to and signs Grace up with a patient session", async () => {
    const { heart, heartName, nurse, analyst, grace } = await invitedPatients(t);
    const code = await lastInviteCode(t, grace.email);
    const info = await inviteInfo(t, code);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      consentMessage: expect.stringContaining("Taking part is your choice."),
      // The language of that text: the page marks a text that is not in the patient's.
      consentMessageLanguage: "en",
      hasAccepted: false,
      programId: heart,
      programName: heartName,
      email: grace.email,
      kind: "individual",
      joined: false,
      // The names the nurse entered, for the sign-up form to fill in.
      firstName: "Grace",
      lastName: "Hopper",
      // The program's territory: the languages its pages are offered in.
      territory: "UK_IRE",
    });
    const unknown = await inviteInfo(t, "no-such-invite-code");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: "INVITE_INVALID", message: messages.inviteLinkInvalid });

    const noNames = await registerPatient(
      t,
      signUpForm(code, grace.email, { firstName: undefined, lastName: undefined }),
    );
    expect(noNames.statusCode).toBe(422);
    // Both missing names are reported at once, each on its field.
    expect(fieldErrors(noNames)).toEqual([
      { field: "firstName", message: messages.firstNameRequired },
      { field: "lastName", message: messages.lastNameRequired },
    ]);
    const noFirst = await registerPatient(t, signUpForm(code, grace.email, { firstName: undefined }));
    expect(fieldErrors(noFirst)).toEqual([{ field: "firstName", message: messages.firstNameRequired }]);
    const noLast = await registerPatient(t, signUpForm(code, grace.email, { lastName: undefined }));
    expect(fieldErrors(noLast)).toEqual([{ field: "lastName", message: messages.lastNameRequired }]);
    const weak = await registerPatient(
      t,
      signUpForm(code, grace.email, { password: "password", confirmPassword: "password" }),
    );
    expect(weak.statusCode).toBe(422);
    expect(fieldErrors(weak).map((e) => e.field)).toContain("password");
    const otherEmail = await registerPatient(t, signUpForm(code, "someone@patients.test"));
    expect(otherEmail.statusCode).toBe(422);
    expect(fieldErrors(otherEmail).map((e) => e.field)).toEqual(["email"]);
    // The same answer for an address that has an account: the link tells nothing about other people.
    const staffEmail = await registerPatient(t, signUpForm(code, analyst.email));
    expect(staffEmail.statusCode).toBe(422);
    expect(fieldErrors(staffEmail)).toEqual(fieldErrors(otherEmail));
    // None of the refused attempts used the link.
    expect((await inviteInfo(t, code)).json().hasAccepted).toBe(false);

    const registered = await registerPatient(
      t,
      signUpForm(code, grace.email, { firstName: "Grace", lastName: "Hopper" }),
    );
    expect(registered.statusCode).toBe(201);
    const body = registered.json();
    expect(body.refreshToken).toBeTruthy();
    expect(body.user).toMatchObject({ email: grace.email, scope: "patient", otpRequired: false });

    // Opened again before consenting, the link resumes at signing in (then the consent).
    const used = await inviteInfo(t, code);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ hasAccepted: true, joined: false, email: grace.email });
    const again = await registerPatient(t, signUpForm(code, grace.email));
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe("INVITE_USED");

    const row = await enrolmentOf(t, nurse.token, heart, grace.email);
    expect(row).toMatchObject({ status: "STATUS_UNCONFIRMED", inviteAccepted: true, consentGiven: false });
    expect(row.statusHistory.map((s) => s.status)).toEqual(["INVITE_SENT", "STATUS_UNCONFIRMED"]);
    // She signs in again with the password she chose, without a one-time code.
    const login = await patientLogin(t, grace.email);
    expect(login.statusCode).toBe(200);
  });

  it("keeps staff and patients on their own endpoints", async () => {
    const { heart, lung, nurse, grace } = await signedUpGrace(t);
    const staffOnPatient = await giveConsent(t, nurse.token, heart);
    expect(staffOnPatient.statusCode).toBe(403);
    expect((await demographics(nurse.token, { gender: "female", dob: "1970-01-01" })).statusCode).toBe(403);
    const patientOnStaff = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${heart}/users`,
      token: grace.token,
    });
    expect(patientOnStaff.statusCode).toBe(403);
    const patientAdds = await addPatient(t, grace.token, newPatient(heart, { email: "x@patients.test" }));
    expect(patientAdds.statusCode).toBe(403);
    // A patient cannot consent to a program she was not invited to.
    expect((await giveConsent(t, grace.token, lung)).statusCode).toBe(404);
  });

  it("records consent, then the verification the care team gives", async () => {
    const { heart, admin, nurse, analyst, grace, auditRows } = await signedUpGrace(t);
    const consent = await giveConsent(t, grace.token, heart);
    expect(consent.statusCode).toBe(200);
    const row = await enrolmentOf(t, nurse.token, heart, grace.email);
    expect(row).toMatchObject({
      status: "CONSENTED",
      consentGiven: true,
      dateConsentGiven: "2026-03-02T09:00:00.000Z",
      verificationStatus: "AWAITING_VERIFICATION",
    });
    expect(row.verificationStatusHistory.map((v) => v.verificationStatus)).toEqual(["AWAITING_VERIFICATION"]);
    expect((await program(admin.token, heart)).json().consentedPatientsCount).toBe(1);

    // Demographics: at least 18 years old on the program's today (2 March 2026).
    const young = await demographics(grace.token, { gender: "female", dob: "2008-03-03" });
    expect(young.statusCode).toBe(422);
    expect(fieldErrors(young)).toEqual([{ field: "dob", message: "You should be at least 18 years old." }]);
    const future = await demographics(grace.token, { gender: "female", dob: "2030-01-01" });
    expect(fieldErrors(future)).toEqual([{ field: "dob", message: messages.tooYoung }]);
    // A day that does not exist is a bad date of birth, not a server error.
    const impossible = await demographics(grace.token, { gender: "female", dob: "1970-02-30" });
    expect(impossible.statusCode).toBe(422);
    expect(fieldErrors(impossible)).toEqual([{ field: "dob", message: messages.dobRequired }]);
    const noSex = await demographics(grace.token, { dob: "1970-01-01" });
    expect(fieldErrors(noSex)).toEqual([{ field: "gender", message: messages.sexRequired }]);
    const adult = await demographics(grace.token, { gender: "female", dob: "2008-03-02" });
    expect(adult.statusCode).toBe(200);
    const stored = await t.ctx.db
      .selectFrom("users")
      .select(["sex", "dob"])
      .where("id", "=", grace.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ sex: "female", dob: "2008-03-02" });

    // Verification: refused without the permission, then given with the NHS number.
    expect((await verify(analyst.token, grace.id, "9434765919", heart)).statusCode).toBe(403);
    // The identifier must be valid for the patient's id type (an NHS number here).
    const letters = await verify(nurse.token, grace.id, "NHS-ABC", heart);
    expect(letters.statusCode).toBe(422);
    expect(fieldErrors(letters)).toEqual([{ field: "patientId", message: "An NHS number has digits only" }]);
    expect((await enrolmentOf(t, nurse.token, heart, grace.email)).verificationStatus).toBe("AWAITING_VERIFICATION");
    t.clock.advanceSeconds(60);
    const verified = await verify(nurse.token, grace.id, "943 476 5919", heart);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: messages.patientVerified });
    const after = await enrolmentOf(t, nurse.token, heart, grace.email);
    expect(after).toMatchObject({ verificationStatus: "VERIFIED", patientId: "9434765919" });
    expect(after.verificationStatusHistory).toEqual([
      { verificationStatus: "AWAITING_VERIFICATION", dateUpdated: "2026-03-02T09:00:00.000Z" },
      { verificationStatus: "VERIFIED", dateUpdated: "2026-03-02T09:01:00.000Z" },
    ]);
    const twice = await verify(nurse.token, grace.id, "9434765919", heart);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.notAwaitingVerification);
    expect((await decline(nurse.token, grace.id, heart)).statusCode).toBe(409);
    const noId = await verify(nurse.token, grace.id, "  ", heart);
    expect(noId.statusCode).toBe(422);
    expect(fieldErrors(noId)).toEqual([{ field: "patientId", message: messages.patientIdRequired }]);

    const [audit] = await auditRows("patient.verify");
    expect(audit).toMatchObject({ programId: heart, patientId: grace.id, actorUserId: nurse.id });
    const lists = await auditRows("patient.list");
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((r) => r.programId === heart && r.actorUserId === nurse.id)).toBe(true);
  });

  it("lets Alan decline to take part, and the care team decline a verification", async () => {
    const { heart, admin, nurse, analyst, alan: invited } = await verifiedGrace(t);
    const alan = await (async () => {
      const code = await lastInviteCode(t, invited.email);
      return (await registerPatient(t, signUpForm(code, invited.email, { firstName: "Alan" }))).json()
        .accessToken as string;
    })();
    const alanId = await userIdOf(t, invited.email);
    // Not awaiting yet: nothing to decline.
    expect((await decline(nurse.token, alanId, heart)).statusCode).toBe(409);
    const declined = await t.request({
      method: "PATCH",
      url: `/api/v1/user/project/${heart}/consent-declined`,
      token: alan,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: messages.consentDeclinedMessage });
    expect((await enrolmentOf(t, nurse.token, heart, invited.email)).status).toBe("CONSENT_DECLINED");
    // Retract needs consent first.
    const notConsented = await retract(nurse.token, alanId, heart);
    expect(notConsented.statusCode).toBe(409);
    expect(notConsented.json().message).toBe(messages.consentNotGiven);

    // He changes his mind and consents; the care team declines the verification.
    expect((await giveConsent(t, alan, heart)).statusCode).toBe(200);
    expect((await decline(analyst.token, alanId, heart)).statusCode).toBe(403);
    const refused = await decline(nurse.token, alanId, heart);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ message: messages.patientDeclined });
    const row = await enrolmentOf(t, nurse.token, heart, invited.email);
    expect(row.verificationStatus).toBe("DECLINED");
    expect(row.statusHistory.map((s) => s.status)).toEqual([
      "INVITE_SENT",
      "STATUS_UNCONFIRMED",
      "CONSENT_DECLINED",
      "CONSENTED",
    ]);
    expect((await program(admin.token, heart)).json().consentedPatientsCount).toBe(2);
  });

  it("lets the care team retract Grace's consent", async () => {
    const world = await alanTakesPart(t, await verifiedGrace(t));
    const { heart, admin, nurse, analyst, grace } = world;
    // An hour later everyone signs in again.
    await anHourLater(t, world);
    const done = await retract(nurse.token, grace.id, heart);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.consentRetracted });
    const row = await enrolmentOf(t, nurse.token, heart, grace.email);
    expect(row).toMatchObject({
      status: "CONSENT_WITHDRAWN",
      consentGiven: false,
      dateConsentRevoked: "2026-03-02T10:01:00.000Z",
    });
    expect(row.statusHistory.at(-1)).toEqual({ status: "CONSENT_WITHDRAWN", date: "2026-03-02T10:01:00.000Z" });
    expect((await retract(nurse.token, grace.id, heart)).statusCode).toBe(409);
    expect((await retract(analyst.token, grace.id, heart)).statusCode).toBe(403);
    expect((await program(admin.token, heart)).json().consentedPatientsCount).toBe(1);
  });

  it("joins Grace to a second program when she signs in from its link", async () => {
    const { heart, lung, lungName, admin, nurse, grace, alan } = await withdrawnGrace(t);
    expect(
      (await addPatient(t, nurse.token, newPatient(lung, { email: grace.email, patientId: "401 023 2137" })))
        .statusCode,
    ).toBe(201);
    const code = await lastInviteCode(t, grace.email);
    const info = await inviteInfo(t, code);
    expect(info.json()).toMatchObject({ hasAccepted: true, programName: lungName, kind: "individual" });
    // She has an account: signing up again is refused.
    expect((await registerPatient(t, signUpForm(code, grace.email))).statusCode).toBe(409);
    // Someone else's valid sign-in cannot spend her link.
    const wrong = await patientLogin(t, alan.email, code);
    expect(wrong.statusCode).toBe(400);

    const login = await patientLogin(t, grace.email, code);
    expect(login.statusCode).toBe(200);
    expect(login.json().accessToken).toBeTruthy();
    const row = await enrolmentOf(t, nurse.token, lung, grace.email);
    expect(row).toMatchObject({ status: "STATUS_UNCONFIRMED", inviteAccepted: true });
    // The used link now leads to signing in with her address, not to "Invalid link".
    expect((await inviteInfo(t, code)).json()).toMatchObject({
      hasAccepted: true,
      joined: false,
      email: grace.email,
      programName: lungName,
    });
    // Her first program is unchanged.
    expect((await enrolmentOf(t, admin.token, heart, grace.email)).status).toBe("CONSENT_WITHDRAWN");
  });

  it("has no verification in a private program", async () => {
    const { lakeside, admin, nurse, grace } = await signedUpGrace(t);
    await setProgram(t, lakeside, { isPrivate: true });
    // Grace has accepted an invitation to the now private Lakeside and not yet consented.
    const enrolmentId = await insertUnconfirmedEnrolment(t, {
      programId: lakeside,
      userId: grace.id,
      firstName: "Grace",
      lastName: "Hopper",
      inviteEmail: grace.email,
    });
    expect(enrolmentId).toBeTruthy();
    expect((await giveConsent(t, grace.token, lakeside)).statusCode).toBe(200);
    const row = await enrolmentOf(t, admin.token, lakeside, grace.email);
    expect(row).toMatchObject({ status: "CONSENTED", verificationStatus: "N_A", verificationStatusHistory: [] });
    const refused = await verify(admin.token, grace.id, "9434765919", lakeside);
    expect(refused.statusCode).toBe(409);
    expect((await decline(admin.token, grace.id, lakeside)).statusCode).toBe(409);
    expect((await verify(nurse.token, grace.id, "9434765919", lakeside)).statusCode).toBe(404);
  });

  it("marks consented patients completed when the program ends, and shows the study-ended page", async () => {
    const { heart, heartName, lung, admin, grace, alan } = await graceInSecondProgram(t);
    const ended = (id: string) => t.request({ method: "GET", url: `/api/v1/external-onboarding/${id}` });
    expect((await ended(heart)).statusCode).toBe(404);
    expect((await ended("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const end = await t.request({ method: "POST", url: `/api/v1/admin/projects/${heart}/end`, token: admin.token });
    expect(end.statusCode).toBe(200);
    const page = await ended(heart);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ programName: heartName, ended: true });
    // Alan had consented: completed. Grace had withdrawn: unchanged.
    expect((await enrolmentOf(t, admin.token, heart, alan.email)).status).toBe("PROJECT_COMPLETED");
    expect((await enrolmentOf(t, admin.token, heart, grace.email)).status).toBe("CONSENT_WITHDRAWN");
    // Consent cannot be given to an ended study.
    expect((await giveConsent(t, grace.token, heart)).statusCode).toBe(409);

    // A program with patients cannot be deleted.
    const removal = await t.request({ method: "DELETE", url: `/api/v1/admin/projects/${lung}`, token: admin.token });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(messages.programHasMembers);
    // The password she chose still signs Grace in.
    expect((await patientLogin(t, grace.email, undefined, PATIENT_PASSWORD)).statusCode).toBe(200);
  });
});
