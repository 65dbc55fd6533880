import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  enrolmentOf,
  giveConsent,
  inviteInfo,
  lastInviteCode,
  newPatient,
  patientLogin,
  setProgram,
} from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const DYSPNEA = "10013963";
const NAUSEA = "10028813";
const ALOPECIA = "10001760";

/**
 * A patient who comes back: the personal invitation opened again after joining leads to signing in
 * (never "Invalid link"), the program's public code opened by someone already taking part signs
 * them in without a second enrolment, and the app learns which symptoms the program lists first.
 */
describe("a patient comes back through an invitation they already used", () => {
  let t: TestApp;
  let heart: string;
  let open: string;
  let nurse: { id: string; token: string };

  const myPrograms = (token: string) => t.request({ method: "GET", url: "/api/v1/user/projects", token });

  beforeAll(async () => {
    t = await createTestApp();
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    open = await insertProgram(t, { organisationId: northbridge, name: "Open Heart Study" });
    await setProgram(t, open, { inviteMode: "public" });
    await t.ctx.db
      .insertInto("publicInviteCodes")
      .values({
        programId: open,
        code: "OPENHEART",
        createdAt: t.clock.now(),
        dateExpires: new Date("2099-01-01T00:00:00Z"),
        deactivatedAt: null,
        createdBy: null,
      })
      .execute();
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
  });
  afterAll(() => t.close());

  /** "Grace, who joined Heart from her e-mailed link and consented." */
  const consentedThroughLink = async (email: string, firstName: string) => {
    expect(
      (await addPatient(t, nurse.token, newPatient(heart, { email, firstName, lastName: "Okafor" }))).statusCode,
    ).toBe(201);
    const code = await lastInviteCode(t, email);
    const token = await acceptInvite(t, email, { firstName, lastName: "Okafor" });
    expect((await giveConsent(t, token, heart)).statusCode).toBe(200);
    return { code, token };
  };

  it("leads a patient who reopens her personal link after joining to sign in, and the sign-in opens her app", async () => {
    const { code } = await consentedThroughLink("grace@patients.test", "Grace");

    const reopened = await inviteInfo(t, code);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      joined: true,
      hasAccepted: true,
      email: "grace@patients.test",
      programName: "Northbridge Heart",
      kind: "individual",
    });
    // Signing in from the link is a plain sign-in: nothing about her enrolment changes.
    const login = await patientLogin(t, "grace@patients.test", code);
    expect(login.statusCode).toBe(200);
    expect((await myPrograms(login.json().accessToken)).json().results.map((p: { name: string }) => p.name)).toEqual([
      "Northbridge Heart",
    ]);
    expect((await enrolmentOf(t, nurse.token, heart, "grace@patients.test")).status).toBe("CONSENTED");
    // Someone else cannot sign in with her link.
    await consentedThroughLink("alan@patients.test", "Alan");
    expect((await patientLogin(t, "alan@patients.test", code)).statusCode).toBe(400);
  });

  it("keeps a revoked link invalid", async () => {
    expect(
      (await addPatient(t, nurse.token, newPatient(heart, { email: "rita@patients.test", firstName: "Rita" })))
        .statusCode,
    ).toBe(201);
    const code = await lastInviteCode(t, "rita@patients.test");
    const rita = await t.ctx.db
      .selectFrom("programPatients")
      .select("id")
      .where("inviteEmail", "=", "rita@patients.test")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable("patientInvites")
      .set({ revokedAt: t.clock.now() })
      .where("enrolmentId", "=", rita.id)
      .execute();
    const info = await inviteInfo(t, code);
    expect(info.statusCode).toBe(400);
    expect(info.json().errorCode).toBe("INVITE_INVALID");
  });

  it("signs a patient already taking part in through the public code without enrolling or consenting again", async () => {
    await consentedThroughLink("lena@patients.test", "Lena");
    // Lena first joins the open program through its public code and consents.
    const publicInfo = await inviteInfo(t, "OPENHEART");
    expect(publicInfo.json()).toMatchObject({
      kind: "public",
      joined: false,
      email: null,
      firstName: null,
      lastName: null,
    });
    const joined = await patientLogin(t, "lena@patients.test", "OPENHEART");
    expect(joined.statusCode).toBe(200);
    // Joining the second program shows it nothing from the first: the new enrolment waits for consent.
    const fresh = await enrolmentOf(t, nurse.token, open, "lena@patients.test");
    expect(fresh).toMatchObject({ status: "STATUS_UNCONFIRMED", consentGiven: false, enrolledWith: "public" });
    expect((await giveConsent(t, joined.json().accessToken, open)).statusCode).toBe(200);

    // A week later she opens the public code again and signs in: still one enrolment, still consented.
    const again = await patientLogin(t, "lena@patients.test", "OPENHEART");
    expect(again.statusCode).toBe(200);
    const programs = (await myPrograms(again.json().accessToken)).json().results as { programId: string }[];
    expect(programs.map((p) => p.programId).sort()).toEqual([heart, open].sort());
    const enrolments = await t.ctx.db
      .selectFrom("programPatients")
      .select(["programId", "status"])
      .where("inviteEmail", "=", "lena@patients.test")
      .execute();
    expect(enrolments.filter((e) => e.programId === open)).toEqual([{ programId: open, status: "CONSENTED" }]);
  });

  it("tells the app the program's prioritised symptoms in the care team's order", async () => {
    const { token } = await consentedThroughLink("sam@patients.test", "Sam");
    expect((await myPrograms(token)).json().results[0].prioritisedSymptoms).toEqual([]);
    await t.ctx.db
      .insertInto("prioritisedSymptoms")
      .values([
        { programId: heart, logTypeId: DYSPNEA, position: 0 },
        { programId: heart, logTypeId: ALOPECIA, position: 2 },
        { programId: heart, logTypeId: NAUSEA, position: 1 },
        // Another program's choice stays its own.
        { programId: open, logTypeId: ALOPECIA, position: 0 },
      ])
      .execute();
    const heartProgram = (await myPrograms(token))
      .json()
      .results.find((p: { programId: string }) => p.programId === heart);
    expect(heartProgram.prioritisedSymptoms).toEqual([DYSPNEA, NAUSEA, ALOPECIA]);
  });
});
