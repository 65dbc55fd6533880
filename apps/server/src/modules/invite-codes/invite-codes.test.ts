import { INVITE_CODE_WARNING_DAYS, inviteCodeBanner, messages, PUBLIC_CODE_ALPHABET } from "@openpro/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors } from "../../../test/factories.js";
import {
  DAY_SECONDS,
  enrolmentOf,
  giveConsent,
  inviteInfo,
  PATIENT_PASSWORD,
  patientLogin,
  registerPatient,
  setProgram,
  signUpForm,
} from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

interface Code {
  id: string;
  code: string;
  dateCreated: string;
  dateExpires: string;
  dateDeactivated: string | null;
}

describe("public invite codes: created, changed and deactivated by the team, used by patients", () => {
  let t: TestApp;
  let manager: { id: string; token: string };
  let nurse: { id: string; token: string };
  let analyst: { id: string; token: string };
  let open: string;
  let individual: string;
  let lakeside: string;

  const codes = (token: string, programId = open) =>
    t.request({ method: "GET", url: `/api/v1/invite-codes?projectId=${programId}`, token });
  const create = (token: string, dateExpires: string, projectId = open) =>
    t.request({ method: "POST", url: "/api/v1/invite-codes", token, payload: { projectId, dateExpires } });
  const patch = (token: string, dateExpires: string, projectId = open) =>
    t.request({ method: "PATCH", url: "/api/v1/invite-codes", token, payload: { projectId, dateExpires } });
  const deactivate = (token: string, projectId = open) =>
    t.request({ method: "POST", url: "/api/v1/invite-codes/deactivate", token, payload: { projectId } });
  const signInAll = async () => {
    manager.token = (await signIn(t, "callum@clinic.test")).accessToken;
    nurse.token = (await signIn(t, "nia@clinic.test")).accessToken;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    open = await insertProgram(t, { organisationId: northbridge, name: "Open Heart Study" });
    await setProgram(t, open, { inviteMode: "public" });
    individual = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakeside = await insertProgram(t, { organisationId: await insertOrganisation(t, "Lakeside"), name: "Lakeside" });
    await setProgram(t, lakeside, { inviteMode: "public" });
    manager = await staffSession(t, { email: "callum@clinic.test", role: "clinical_project_admin" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    analyst = await staffSession(t, { email: "lena@pharma.test", role: "life_sciences_team_member" });
    // Each joins the organisation's team in the role of their account: in a program, the team's role decides (issue 29).
    await addToOrganisation(t, manager.id, northbridge, "clinical_project_admin");
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    await addToOrganisation(t, analyst.id, northbridge, "life_sciences_team_member");
  });
  afterAll(() => t.close());

  it("creates a code with a future expiry, only in public programs and with the permission", async () => {
    expect((await codes(manager.token)).json()).toEqual({ active: null, inactive: [] });

    const past = await create(manager.token, "2020-01-01");
    expect(past.statusCode).toBe(422);
    expect(fieldErrors(past)).toEqual([{ field: "dateExpires", message: messages.inviteCodeFutureOnly }]);
    const notADate = await create(manager.token, "next week");
    expect(notADate.statusCode).toBe(422);
    expect(fieldErrors(notADate).map((e) => e.field)).toEqual(["dateExpires"]);
    // 31 April does not exist: it is refused rather than read as 1 May.
    const noSuchDay = await create(manager.token, "2026-04-31");
    expect(noSuchDay.statusCode).toBe(422);
    expect(fieldErrors(noSuchDay)).toEqual([{ field: "dateExpires", message: messages.required }]);
    const notPublic = await create(manager.token, "2026-06-30", individual);
    expect(notPublic.statusCode).toBe(409);
    expect(notPublic.json().message).toBe(messages.publicCodesOnlyForPublicPrograms);
    expect((await create(nurse.token, "2026-06-30")).statusCode).toBe(403);
    expect((await create(manager.token, "2026-06-30", lakeside)).statusCode).toBe(404);

    const created = await create(manager.token, "2026-06-30");
    expect(created.statusCode).toBe(201);
    const code = created.json() as Code;
    expect(code).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(new RegExp(`^[${PUBLIC_CODE_ALPHABET}]{8}$`)),
      dateCreated: "2026-03-02T09:00:00.000Z",
      dateExpires: "2026-06-30T23:59:59.999Z",
      dateDeactivated: null,
    });
    // The nurse may see the code, the analyst may not.
    expect((await codes(nurse.token)).json()).toEqual({ active: code, inactive: [] });
    expect((await codes(analyst.token)).statusCode).toBe(403);
    expect((await codes(manager.token, lakeside)).statusCode).toBe(404);
    // Today is still in the future until its end.
    expect((await patch(manager.token, "2026-03-02")).statusCode).toBe(200);
    expect((await patch(manager.token, "2026-06-30")).json().dateExpires).toBe("2026-06-30T23:59:59.999Z");
  });

  it("keeps one active code: a new one deactivates the current one", async () => {
    const first = (await codes(manager.token)).json().active as Code;
    t.clock.advanceSeconds(60);
    const second = (await create(manager.token, "2026-07-31")).json() as Code;
    expect(second.code).not.toBe(first.code);
    const listed = (await codes(manager.token)).json();
    expect(listed.active).toEqual(second);
    expect(listed.inactive).toEqual([{ ...first, dateDeactivated: "2026-03-02T09:01:00.000Z" }]);
    expect(inviteCodeBanner(listed, t.clock.now())).toBeNull();

    // The old code no longer opens anything.
    const old = await inviteInfo(t, first.code);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ errorCode: "INVITE_INVALID", message: messages.inviteLinkInvalid });
  });

  it("changes the expiry of the active code with the edit permission only", async () => {
    expect((await patch(nurse.token, "2026-08-31")).statusCode).toBe(403);
    const past = await patch(manager.token, "2026-03-01");
    expect(past.statusCode).toBe(422);
    expect(fieldErrors(past)).toEqual([{ field: "dateExpires", message: messages.inviteCodeFutureOnly }]);
    const changed = await patch(manager.token, "2026-03-10");
    expect(changed.statusCode).toBe(200);
    expect(changed.json().dateExpires).toBe("2026-03-10T23:59:59.999Z");
    const listed = (await codes(manager.token)).json();
    expect(listed.active.dateExpires).toBe("2026-03-10T23:59:59.999Z");
    expect(inviteCodeBanner(listed, t.clock.now())).toEqual({ kind: "expiring", daysLeft: 9 });
  });

  it("enrols a new person who signs up with the public code", async () => {
    const { code } = (await codes(manager.token)).json().active as Code;
    const info = await inviteInfo(t, code.toLowerCase());
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      consentMessage: expect.any(String),
      consentMessageLanguage: "en",
      hasAccepted: false,
      programId: open,
      programName: "Open Heart Study",
      email: null,
      kind: "public",
      joined: false,
      firstName: null,
      lastName: null,
      territory: "UK_IRE",
    });
    const registered = await registerPatient(
      t,
      signUpForm(code, "Rosa@Patients.test", { firstName: "Rosa", lastName: "Diaz" }),
    );
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user).toMatchObject({ scope: "patient", email: "rosa@patients.test" });
    const rosa = await enrolmentOf(t, manager.token, open, "rosa@patients.test");
    expect(rosa).toMatchObject({
      firstName: "Rosa",
      lastName: "Diaz",
      status: "STATUS_UNCONFIRMED",
      enrolledWith: "public",
      inviteAccepted: true,
      patientId: null,
    });
    // The code is shared: it stays usable for the next person.
    expect((await inviteInfo(t, code)).statusCode).toBe(200);
    expect((await giveConsent(t, registered.json().accessToken, open)).statusCode).toBe(200);
    // Signing up twice with the same address is refused.
    expect((await registerPatient(t, signUpForm(code, "rosa@patients.test"))).statusCode).toBe(409);
  });

  it("enrols an existing patient who signs in with the code", async () => {
    await createPatient(t, { email: "omar@patients.test", password: PATIENT_PASSWORD, firstName: "Omar" });
    const { code } = (await codes(manager.token)).json().active as Code;
    const login = await patientLogin(t, "omar@patients.test", code);
    expect(login.statusCode).toBe(200);
    expect(await enrolmentOf(t, manager.token, open, "omar@patients.test")).toMatchObject({
      status: "STATUS_UNCONFIRMED",
      enrolledWith: "public",
    });
    // Signing in with it again changes nothing.
    expect((await patientLogin(t, "omar@patients.test", code)).statusCode).toBe(200);
    const list = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${open}/users?term=omar`,
      token: manager.token,
    });
    expect(list.json().totalCount).toBe(1);
  });

  it("refuses an expired code, and a deactivated one", async () => {
    const { code } = (await codes(manager.token)).json().active as Code;
    // The code expires at the end of 10 March.
    t.clock.set("2026-03-11T00:00:00Z");
    const expired = await inviteInfo(t, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: "INVITE_EXPIRED", message: messages.inviteExpired });
    const late = await registerPatient(t, signUpForm(code, "late@patients.test"));
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe("INVITE_EXPIRED");
    await signInAll();
    expect(inviteCodeBanner((await codes(manager.token)).json(), t.clock.now())).toEqual({ kind: "expired" });

    // Extended again, it works; then deactivated, it is invalid.
    expect((await patch(manager.token, "2026-04-30")).statusCode).toBe(200);
    expect((await inviteInfo(t, code)).statusCode).toBe(200);
    expect((await deactivate(nurse.token)).statusCode).toBe(403);
    const done = await deactivate(manager.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.inviteCodeDeactivated });
    const listed = (await codes(manager.token)).json();
    expect(listed.active).toBeNull();
    expect(listed.inactive).toHaveLength(2);
    expect(listed.inactive[0].code).toBe(code);
    expect(inviteCodeBanner(listed, t.clock.now())).toEqual({ kind: "expired" });
    const again = await deactivate(manager.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.inviteCodeNoActive);
    expect((await patch(manager.token, "2026-05-31")).statusCode).toBe(409);

    const invalid = await inviteInfo(t, code);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorCode).toBe("INVITE_INVALID");
    const signedIn = await patientLogin(t, "rosa@patients.test", code);
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().errorCode).toBe("INVITE_INVALID");
  });

  it("stops working when the program ends", async () => {
    const fresh = (await create(manager.token, "2026-12-31")).json() as Code;
    expect((await inviteInfo(t, fresh.code)).statusCode).toBe(200);
    await setProgram(t, open, { endedAt: t.clock.now() });
    expect((await inviteInfo(t, fresh.code)).json().errorCode).toBe("INVITE_INVALID");
  });
});

describe("inviteCodeBanner", () => {
  const now = new Date("2026-03-02T09:00:00Z");
  const inDays = (days: number) => new Date(now.getTime() + days * DAY_SECONDS * 1000).toISOString();

  it("warns when the active code has expired or expires within two weeks", () => {
    expect(inviteCodeBanner({ active: { dateExpires: inDays(-1) }, inactive: [] }, now)).toEqual({ kind: "expired" });
    expect(inviteCodeBanner({ active: { dateExpires: now.toISOString() }, inactive: [] }, now)).toEqual({
      kind: "expired",
    });
    expect(inviteCodeBanner({ active: { dateExpires: inDays(0.5) }, inactive: [] }, now)).toEqual({
      kind: "expiring",
      daysLeft: 1,
    });
    expect(inviteCodeBanner({ active: { dateExpires: inDays(INVITE_CODE_WARNING_DAYS) }, inactive: [] }, now)).toEqual({
      kind: "expiring",
      daysLeft: 14,
    });
    expect(inviteCodeBanner({ active: { dateExpires: inDays(14.01) }, inactive: [] }, now)).toBeNull();
    expect(inviteCodeBanner({ active: { dateExpires: null }, inactive: [] }, now)).toBeNull();
  });

  it("says expired when no code is active but one was, and nothing when there never was one", () => {
    expect(inviteCodeBanner({ active: null, inactive: [] }, now)).toBeNull();
    expect(
      inviteCodeBanner({ active: null, inactive: [{ dateExpires: inDays(30), dateDeactivated: inDays(-1) }] }, now),
    ).toEqual({ kind: "expired" });
  });

  it("never says expiring beyond 14 days nor for a past expiry (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400 * 24, max: 400 * 24 }), (hours) => {
        const banner = inviteCodeBanner(
          { active: { dateExpires: new Date(now.getTime() + hours * 3_600_000).toISOString() }, inactive: [] },
          now,
        );
        if (hours <= 0) expect(banner).toEqual({ kind: "expired" });
        else if (hours <= INVITE_CODE_WARNING_DAYS * 24)
          expect(banner).toEqual({ kind: "expiring", daysLeft: Math.ceil(hours / 24) });
        else expect(banner).toBeNull();
      }),
    );
  });
});
