import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  enrolmentOf,
  lastInviteCode,
  newPatient,
  registerPatient,
  setProgram,
  signUpForm,
  userIdOf,
} from "../../../test/patients.js";
import { heartWithNurse, insertProgram, staffSession, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("declining, being invited again, and codes that must not take over an invitation", () => {
  let t: TestApp;
  let n = 0;

  const decline = (token: string, programId: string) =>
    t.request({ method: "PATCH", url: `/api/v1/user/project/${programId}/consent-declined`, token });
  const consent = (token: string, programId: string) =>
    t.request({
      method: "PATCH",
      url: `/api/v1/user/project/${programId}/consent`,
      token,
      payload: { consentGiven: true },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });

  /**
   * Each story's world: a superadmin of her own (her token, `admin`), Northbridge Heart and its
   * public-invite Northbridge Lung (numbered `n`), and patients e-mailed at a domain of the story's
   * own (`mail("grace")`).
   */
  const heartAndPublicLung = async () => {
    n++;
    const domain = uniqueMailDomain("patients");
    const admin = (await staffSession(t, { email: `ada@${uniqueMailDomain("openpro")}`, role: "superadmin" })).token;
    // Nia is someone to escalate alerts to: without one the programs are not ready for patients (issue 30 §1).
    const northbridge = await heartWithNurse(t, n);
    const lung = await insertProgram(t, { organisationId: northbridge.organisationId, name: `Northbridge Lung ${n}` });
    await setProgram(t, lung, { inviteMode: "public" });
    return { admin, heart: northbridge.heart, lung, mail: (local: string) => `${local}@${domain}` };
  };
  afterAll(() => t.close());

  it("lets the care team invite a patient again after they declined, and finds them by the identifier as shown", async () => {
    const { admin, heart, mail } = await heartAndPublicLung();
    expect((await addPatient(t, admin, newPatient(heart, { email: mail("grace") }))).statusCode).toBe(201);
    const patient = await acceptInvite(t, mail("grace"), { firstName: "Grace", lastName: "Hopper" });
    expect((await decline(patient, heart)).statusCode).toBe(200);
    expect((await enrolmentOf(t, admin, heart, mail("grace"))).status).toBe("CONSENT_DECLINED");

    const userId = await userIdOf(t, mail("grace"));
    const resend = await t.request({ method: "POST", url: `/api/v1/users/${userId}?projectId=${heart}`, token: admin });
    expect(resend.json()).toEqual({ message: messages.inviteResent });
    const row = await enrolmentOf(t, admin, heart, mail("grace"));
    expect(row.status).toBe("INVITE_SENT");
    expect(row.statusHistory.map((s) => s.status)).toEqual([
      "INVITE_SENT",
      "STATUS_UNCONFIRMED",
      "CONSENT_DECLINED",
      "INVITE_SENT",
    ]);

    // The NHS number is stored as 9434765919, and found as the nurse reads it off a letter.
    const byId = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${heart}/users?term=943%20476%205919`,
      token: admin,
    });
    expect(byId.json().results.map((r: { email: string }) => r.email)).toEqual([mail("grace")]);
  });

  it("tells a patient who already takes part that declining is not how to stop", async () => {
    const { admin, heart, mail } = await heartAndPublicLung();
    expect((await addPatient(t, admin, newPatient(heart, { email: mail("alan"), firstName: "Alan" }))).statusCode).toBe(
      201,
    );
    const patient = await acceptInvite(t, mail("alan"), { firstName: "Alan", lastName: "Turing" });
    expect((await consent(patient, heart)).json()).toEqual({ message: messages.consentGiven });
    const refused = await decline(patient, heart);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.alreadyTakingPart);
    expect((await enrolmentOf(t, admin, heart, mail("alan"))).status).toBe("CONSENTED");
  });

  it("refuses a public-code sign-up with the address of someone whose personal invitation is waiting", async () => {
    const { admin, heart, lung, mail } = await heartAndPublicLung();
    expect((await addPatient(t, admin, newPatient(heart, { email: mail("ada.l"), firstName: "Ada" }))).statusCode).toBe(
      201,
    );
    const created = await t.request({
      method: "POST",
      url: "/api/v1/invite-codes",
      token: admin,
      payload: { projectId: lung, dateExpires: "2026-12-31" },
    });
    expect(created.statusCode).toBe(201);
    const hijack = await registerPatient(
      t,
      signUpForm(created.json().code, mail("ada.l"), { firstName: "Eve", lastName: "Mallory" }),
    );
    expect(hijack.statusCode).toBe(409);
    expect(hijack.json().errors).toEqual([{ field: "email", message: messages.accountAlreadyExists }]);
    // The real patient's own link still works.
    const own = await registerPatient(
      t,
      signUpForm(await lastInviteCode(t, mail("ada.l")), mail("ada.l"), {
        firstName: "Ada",
        lastName: "Lovelace",
      }),
    );
    expect(own.statusCode).toBe(201);
  });
});
