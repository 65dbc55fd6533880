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
import {
  insertOrganisation,
  insertProgram,
  lakesideProgram,
  organisationStaff,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

interface Code {
  id: string;
  code: string;
  dateCreated: string;
  dateExpires: string;
  dateDeactivated: string | null;
}

/** The day the stories start, Monday 2 March 2026 at nine. */
const MONDAY = "2026-03-02T09:00:00Z";

describe("public invite codes: created, changed and deactivated by the team, used by patients", () => {
  let t: TestApp;
  let n = 0;

  const codes = (token: string, programId: string) =>
    t.request({ method: "GET", url: `/api/v1/invite-codes?projectId=${programId}`, token });
  const create = (token: string, dateExpires: string, projectId: string) =>
    t.request({ method: "POST", url: "/api/v1/invite-codes", token, payload: { projectId, dateExpires } });
  const patch = (token: string, dateExpires: string, projectId: string) =>
    t.request({ method: "PATCH", url: "/api/v1/invite-codes", token, payload: { projectId, dateExpires } });
  const deactivate = (token: string, projectId: string) =>
    t.request({ method: "POST", url: "/api/v1/invite-codes/deactivate", token, payload: { projectId } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world, numbered `n`: Northbridge Health running the public-invite Open Heart Study
   * and the individually invited Northbridge Heart, its manager Callum, nurse Nia and analyst Lena
   * (each in the organisation's team in the role of their account: in a program, the team's role
   * decides, issue 29), Lakeside's public program out of their reach, and patients e-mailed at a
   * domain of the story's own (`mail("rosa")`).
   */
  const openHeartStudy = async () => {
    n++;
    const staffDomain = uniqueMailDomain();
    const patientDomain = uniqueMailDomain("patients");
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const name = `Open Heart Study ${n}`;
    const open = await insertProgram(t, { organisationId: northbridge, name });
    await setProgram(t, open, { inviteMode: "public" });
    const individual = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lakeside = await lakesideProgram(t, n);
    await setProgram(t, lakeside, { inviteMode: "public" });
    const emails = { manager: `callum@${staffDomain}`, nurse: `nia@${staffDomain}` };
    const manager = await organisationStaff(t, northbridge, { email: emails.manager, role: "clinical_project_admin" });
    const nurse = await organisationStaff(t, northbridge, { email: emails.nurse, role: "clinician_team_member" });
    const analyst = await organisationStaff(t, northbridge, {
      email: `lena@${uniqueMailDomain("pharma")}`,
      role: "life_sciences_team_member",
    });
    /** Callum and Nia sign in again (days later, their earlier sessions have ended). */
    const signInAgain = async () => {
      manager.token = (await signIn(t, emails.manager)).accessToken;
      nurse.token = (await signIn(t, emails.nurse)).accessToken;
    };
    return {
      open,
      name,
      individual,
      lakeside,
      manager,
      nurse,
      analyst,
      signInAgain,
      mail: (local: string) => `${local}@${patientDomain}`,
    };
  };
  type World = Awaited<ReturnType<typeof openHeartStudy>>;

  /** Callum creates the study's public code, expiring at the end of `dateExpires`: the code. */
  const withCode = async (w: World, dateExpires: string) => {
    const created = await create(w.manager.token, dateExpires, w.open);
    if (created.statusCode !== 201) throw new Error(`creating the code answered ${created.statusCode} ${created.body}`);
    return created.json() as Code;
  };

  /**
   * A first code (until 30 June), replaced a minute later by a second (until 31 July) whose expiry
   * Callum then brings forward to 10 March: the first and the active code.
   */
  const withReplacedCode = async (w: World) => {
    const first = await withCode(w, "2026-06-30");
    t.clock.advanceSeconds(60);
    const active = await withCode(w, "2026-07-31");
    const changed = await patch(w.manager.token, "2026-03-10", w.open);
    if (changed.statusCode !== 200) throw new Error(`changing the expiry answered ${changed.statusCode}`);
    return { first, active: { ...active, dateExpires: "2026-03-10T23:59:59.999Z" } };
  };

  /** Rosa Diaz signs up with the public code and consents: her patient session. */
  const rosaJoinsWith = async (w: World, code: string) => {
    const registered = await registerPatient(
      t,
      signUpForm(code, w.mail("rosa"), { firstName: "Rosa", lastName: "Diaz" }),
    );
    if (registered.statusCode !== 201) throw new Error(`Rosa signing up answered ${registered.statusCode}`);
    const consented = await giveConsent(t, registered.json().accessToken, w.open);
    if (consented.statusCode !== 200) throw new Error(`Rosa consenting answered ${consented.statusCode}`);
  };

  it("creates a code with a future expiry, only in public programs and with the permission", async () => {
    t.clock.set(MONDAY);
    const { open, individual, lakeside, manager, nurse, analyst } = await openHeartStudy();
    expect((await codes(manager.token, open)).json()).toEqual({ active: null, inactive: [] });

    const past = await create(manager.token, "2020-01-01", open);
    expect(past.statusCode).toBe(422);
    expect(fieldErrors(past)).toEqual([{ field: "dateExpires", message: messages.inviteCodeFutureOnly }]);
    const notADate = await create(manager.token, "next week", open);
    expect(notADate.statusCode).toBe(422);
    expect(fieldErrors(notADate).map((e) => e.field)).toEqual(["dateExpires"]);
    // 31 April does not exist: it is refused rather than read as 1 May.
    const noSuchDay = await create(manager.token, "2026-04-31", open);
    expect(noSuchDay.statusCode).toBe(422);
    expect(fieldErrors(noSuchDay)).toEqual([{ field: "dateExpires", message: messages.required }]);
    const notPublic = await create(manager.token, "2026-06-30", individual);
    expect(notPublic.statusCode).toBe(409);
    expect(notPublic.json().message).toBe(messages.publicCodesOnlyForPublicPrograms);
    expect((await create(nurse.token, "2026-06-30", open)).statusCode).toBe(403);
    expect((await create(manager.token, "2026-06-30", lakeside)).statusCode).toBe(404);

    const created = await create(manager.token, "2026-06-30", open);
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
    expect((await codes(nurse.token, open)).json()).toEqual({ active: code, inactive: [] });
    expect((await codes(analyst.token, open)).statusCode).toBe(403);
    expect((await codes(manager.token, lakeside)).statusCode).toBe(404);
    // Today is still in the future until its end.
    expect((await patch(manager.token, "2026-03-02", open)).statusCode).toBe(200);
    expect((await patch(manager.token, "2026-06-30", open)).json().dateExpires).toBe("2026-06-30T23:59:59.999Z");
  });

  it("keeps one active code: a new one deactivates the current one", async () => {
    t.clock.set(MONDAY);
    const w = await openHeartStudy();
    await withCode(w, "2026-06-30");
    const first = (await codes(w.manager.token, w.open)).json().active as Code;
    t.clock.advanceSeconds(60);
    const second = (await create(w.manager.token, "2026-07-31", w.open)).json() as Code;
    expect(second.code).not.toBe(first.code);
    const listed = (await codes(w.manager.token, w.open)).json();
    expect(listed.active).toEqual(second);
    expect(listed.inactive).toEqual([{ ...first, dateDeactivated: "2026-03-02T09:01:00.000Z" }]);
    expect(inviteCodeBanner(listed, t.clock.now())).toBeNull();

    // The old code no longer opens anything.
    const old = await inviteInfo(t, first.code);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ errorCode: "INVITE_INVALID", message: messages.inviteLinkInvalid });
  });

  it("changes the expiry of the active code with the edit permission only", async () => {
    t.clock.set(MONDAY);
    const w = await openHeartStudy();
    const { open, manager, nurse } = w;
    await withCode(w, "2026-07-31");
    expect((await patch(nurse.token, "2026-08-31", open)).statusCode).toBe(403);
    const past = await patch(manager.token, "2026-03-01", open);
    expect(past.statusCode).toBe(422);
    expect(fieldErrors(past)).toEqual([{ field: "dateExpires", message: messages.inviteCodeFutureOnly }]);
    const changed = await patch(manager.token, "2026-03-10", open);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().dateExpires).toBe("2026-03-10T23:59:59.999Z");
    const listed = (await codes(manager.token, open)).json();
    expect(listed.active.dateExpires).toBe("2026-03-10T23:59:59.999Z");
    expect(inviteCodeBanner(listed, t.clock.now())).toEqual({ kind: "expiring", daysLeft: 9 });
  });

  it("enrols a new person who signs up with the public code", async () => {
    t.clock.set(MONDAY);
    const w = await openHeartStudy();
    await withCode(w, "2026-06-30");
    const { code } = (await codes(w.manager.token, w.open)).json().active as Code;
    const info = await inviteInfo(t, code.toLowerCase());
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      consentMessage: expect.any(String),
      consentMessageLanguage: "en",
      hasAccepted: false,
      programId: w.open,
      programName: w.name,
      email: null,
      kind: "public",
      joined: false,
      firstName: null,
      lastName: null,
      territory: "UK_IRE",
    });
    // The address as typed, with capitals; kept in lower case.
    const registered = await registerPatient(
      t,
      signUpForm(code, w.mail("Rosa"), { firstName: "Rosa", lastName: "Diaz" }),
    );
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user).toMatchObject({ scope: "patient", email: w.mail("rosa") });
    const rosa = await enrolmentOf(t, w.manager.token, w.open, w.mail("rosa"));
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
    expect((await giveConsent(t, registered.json().accessToken, w.open)).statusCode).toBe(200);
    // Signing up twice with the same address is refused.
    expect((await registerPatient(t, signUpForm(code, w.mail("rosa")))).statusCode).toBe(409);
  });

  it("enrols an existing patient who signs in with the code", async () => {
    t.clock.set(MONDAY);
    const w = await openHeartStudy();
    await withCode(w, "2026-06-30");
    await createPatient(t, { email: w.mail("omar"), password: PATIENT_PASSWORD, firstName: "Omar" });
    const { code } = (await codes(w.manager.token, w.open)).json().active as Code;
    const login = await patientLogin(t, w.mail("omar"), code);
    expect(login.statusCode).toBe(200);
    expect(await enrolmentOf(t, w.manager.token, w.open, w.mail("omar"))).toMatchObject({
      status: "STATUS_UNCONFIRMED",
      enrolledWith: "public",
    });
    // Signing in with it again changes nothing.
    expect((await patientLogin(t, w.mail("omar"), code)).statusCode).toBe(200);
    const list = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${w.open}/users?term=omar`,
      token: w.manager.token,
    });
    expect(list.json().totalCount).toBe(1);
  });

  it("refuses an expired code, and a deactivated one", async () => {
    t.clock.set(MONDAY);
    const w = await openHeartStudy();
    const { manager, nurse, open } = w;
    await withReplacedCode(w);
    const { code } = (await codes(manager.token, open)).json().active as Code;
    await rosaJoinsWith(w, code);
    // The code expires at the end of 10 March.
    t.clock.set("2026-03-11T00:00:00Z");
    const expired = await inviteInfo(t, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: "INVITE_EXPIRED", message: messages.inviteExpired });
    const late = await registerPatient(t, signUpForm(code, w.mail("late")));
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe("INVITE_EXPIRED");
    await w.signInAgain();
    expect(inviteCodeBanner((await codes(manager.token, open)).json(), t.clock.now())).toEqual({ kind: "expired" });

    // Extended again, it works; then deactivated, it is invalid.
    expect((await patch(manager.token, "2026-04-30", open)).statusCode).toBe(200);
    expect((await inviteInfo(t, code)).statusCode).toBe(200);
    expect((await deactivate(nurse.token, open)).statusCode).toBe(403);
    const done = await deactivate(manager.token, open);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.inviteCodeDeactivated });
    const listed = (await codes(manager.token, open)).json();
    expect(listed.active).toBeNull();
    expect(listed.inactive).toHaveLength(2);
    expect(listed.inactive[0].code).toBe(code);
    expect(inviteCodeBanner(listed, t.clock.now())).toEqual({ kind: "expired" });
    const again = await deactivate(manager.token, open);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.inviteCodeNoActive);
    expect((await patch(manager.token, "2026-05-31", open)).statusCode).toBe(409);

    const invalid = await inviteInfo(t, code);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorCode).toBe("INVITE_INVALID");
    const signedIn = await patientLogin(t, w.mail("rosa"), code);
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().errorCode).toBe("INVITE_INVALID");
  });

  it("stops working when the program ends", async () => {
    t.clock.set(MONDAY);
    const { open, manager } = await openHeartStudy();
    const fresh = (await create(manager.token, "2026-12-31", open)).json() as Code;
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
