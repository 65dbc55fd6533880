import { limits, roleLabels } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZip } from "../../src/modules/exports/zip.js";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  lastInviteCode,
  newPatient,
  patientLogin,
  userIdOf,
} from "../patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../questionnaires.js";
import { otherThan } from "../sign-in-code.js";
import { addToOrganisation, addToProgram, insertOrganisation, insertProgram, staffSession } from "../teams.js";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../test-app.js";

/**
 * Security issue 29, tried as a hospital's security officer would: two hospitals on one OpenPRO,
 * each with its own staff, a patient who gave one hospital their details, and the other hospital
 * reaching for them. Each test builds its own two hospitals (names made unique per test), so any
 * one of them runs alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let worlds = 0;

/** Northbridge (hospital A) and Lakeside (hospital B), a program each, a Clinical Program Admin and a nurse each. */
const twoHospitals = async () => {
  const n = ++worlds;
  const orgA = await insertOrganisation(t, `Northbridge ${n}`);
  const orgB = await insertOrganisation(t, `Lakeside ${n}`);
  const programA = await insertProgram(t, { organisationId: orgA, name: `Northbridge Heart ${n}` });
  const programB = await insertProgram(t, { organisationId: orgB, name: `Lakeside Lung ${n}` });
  const staff = async (email: string, role: "clinical_project_admin" | "clinician_team_member", org: string) => {
    const session = await staffSession(t, { email, role });
    await addToOrganisation(t, session.id, org, role);
    return session;
  };
  return {
    n,
    programA,
    programB,
    adminA: await staff(`admin${n}@northbridge.test`, "clinical_project_admin", orgA),
    nurseA: await staff(`nurse${n}@northbridge.test`, "clinician_team_member", orgA),
    adminB: await staff(`admin${n}@lakeside.test`, "clinical_project_admin", orgB),
  };
};
type Hospitals = Awaited<ReturnType<typeof twoHospitals>>;

/** Lena joined hospital B's program: registered as "Lena Registered-Name", consented, gave her birth date and sex. */
const lenaJoinedHospitalB = async (w: Hospitals) => {
  const email = `lena${w.n}@patients.test`;
  expect(
    (await addPatient(t, w.adminB.token, newPatient(w.programB, { firstName: "Lena", lastName: "Lake", email })))
      .statusCode,
  ).toBe(201);
  const token = await acceptInvite(t, email, { firstName: "Lena", lastName: "Registered-Name" });
  expect((await giveConsent(t, token, w.programB)).statusCode).toBe(200);
  const demographics = await t.request({
    method: "PATCH",
    url: "/api/v1/user/demographics",
    token,
    payload: { gender: "female", dob: "1970-05-06" },
  });
  expect(demographics.statusCode).toBe(200);
  return { email, token, id: await userIdOf(t, email) };
};

const get = (token: string, url: string) => t.request({ method: "GET", url, token });

describe("§1 inviting an existing patient's e-mail shows nothing of what they gave another hospital", () => {
  it("shows hospital A only what it entered, until the patient consents to A", async () => {
    const w = await twoHospitals();
    const lena = await lenaJoinedHospitalB(w);
    // Hospital A's nurse invites the same e-mail under the name A knows her by.
    const added = await addPatient(
      t,
      w.nurseA.token,
      newPatient(w.programA, { firstName: "L.", lastName: "Invited", email: lena.email }),
    );
    expect(added.statusCode).toBe(201);

    const record = await get(w.adminA.token, `/api/v1/users/${lena.id}?projectId=${w.programA}`);
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ firstName: "L.", lastName: "Invited", dob: null, gender: null });

    const list = await get(w.adminA.token, `/api/v1/admin/projects/${w.programA}/users`);
    const row = list.json().results.find((r: { id?: string; userId?: string }) => (r.userId ?? r.id) === lena.id);
    expect(row).toBeDefined();
    expect(row.dob ?? null).toBeNull();
    expect(list.body).not.toContain("1970-05-06");

    const search = await get(w.adminA.token, `/api/v1/pro-dashboard/patients?term=Invited`);
    expect(search.statusCode).toBe(200);
    expect(search.json().totalCount).toBeGreaterThan(0);
    expect(search.body).not.toContain("1970-05-06");

    const audit = await get(w.adminA.token, `/api/v1/admin/audit?projectId=${w.programA}&patientId=${lena.id}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().results.length).toBeGreaterThan(0);
    expect(audit.body).not.toContain("Registered-Name");
    // Nor can A confirm the name she registered with by searching for it.
    const byName = await get(w.adminA.token, `/api/v1/admin/audit?projectId=${w.programA}&patient=Registered-Name`);
    expect(byName.json().totalCount).toBe(0);

    const zip = await get(w.adminA.token, `/api/v1/admin/projects/${w.programA}/users/${lena.id}/data-export`);
    expect(zip.statusCode).toBe(200);
    const everything = [...readZip(zip.rawPayload).values()].map((b) => b.toString("utf8")).join("\n");
    expect(everything).not.toContain("Registered-Name");
    expect(everything).not.toContain("1970-05-06");
    expect(everything).not.toContain("female");
    expect(everything).toContain("Invited");

    // Hospital B, to which she gave them, sees them.
    const inB = await get(w.adminB.token, `/api/v1/users/${lena.id}?projectId=${w.programB}`);
    expect(inB.json()).toMatchObject({ dob: "1970-05-06", gender: "female" });

    // Once she joins A from its invitation, consents and gives A her details, A sees what she gave A.
    const joined = await patientLogin(t, lena.email, await lastInviteCode(t, lena.email));
    expect(joined.statusCode).toBe(200);
    expect((await giveConsent(t, lena.token, w.programA)).statusCode).toBe(200);
    await t.request({
      method: "PATCH",
      url: "/api/v1/user/demographics",
      token: lena.token,
      payload: { gender: "female", dob: "1970-05-06" },
    });
    const afterConsent = await get(w.adminA.token, `/api/v1/users/${lena.id}?projectId=${w.programA}`);
    expect(afterConsent.json()).toMatchObject({ dob: "1970-05-06", gender: "female" });
  });
});

describe("§2 in a program, a staff member holds the role that program's team gave them", () => {
  /** Hospital A's Clinical Program Admin, added to hospital B's program team as a Clinical team member. */
  const adminOfAInBsTeamAsNurse = async (w: Hospitals) => {
    await addToProgram(t, w.adminA.id, w.programB, "clinician_team_member");
    return w.adminA;
  };

  it("refuses A's admin, a nurse in B, each of the five admin calls in B, and lets them do them in A", async () => {
    const w = await twoHospitals();
    const lena = await lenaJoinedHospitalB(w);
    const guest = await adminOfAInBsTeamAsNurse(w);

    const team = await get(w.adminB.token, `/api/v1/admin/projects/${w.programB}/staff`);
    expect(team.statusCode).toBe(200);
    expect(team.body).toContain(w.adminA.id);
    const member = (team.json().results ?? team.json()).find((m: { id?: string; userId?: string }) =>
      [m.id, m.userId].includes(w.adminA.id),
    );
    expect([member.role, member.userRole, member.roleLabel]).toContain("clinician_team_member");
    expect(roleLabels.clinician_team_member).toBe("Clinical team member");

    const calls = (programId: string, patientId: string) => [
      t.request({
        method: "POST",
        url: `/api/v1/admin/projects/${programId}/data-exports`,
        token: guest.token,
        payload: { format: "csv", anonymised: false },
      }),
      get(guest.token, `/api/v1/admin/projects/${programId}/users/${patientId}/data-export`),
      get(guest.token, `/api/v1/admin/projects/${programId}/users/${patientId}/erasure`),
      get(guest.token, `/api/v1/admin/audit?projectId=${programId}`),
      t.request({
        method: "GET",
        url: `/fhir/R4/Group/${programId}/$export`,
        token: guest.token,
        headers: { prefer: "respond-async", accept: "application/fhir+json" },
      }),
    ];
    const inB = await Promise.all(calls(w.programB, lena.id));
    expect(inB.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);

    // In A, where A's team made them Clinical Program Admin, the same calls pass the guard.
    const carol = `carol${w.n}@patients.test`;
    expect((await addPatient(t, w.adminA.token, newPatient(w.programA, { email: carol }))).statusCode).toBe(201);
    const carolToken = await acceptInvite(t, carol);
    expect((await giveConsent(t, carolToken, w.programA)).statusCode).toBe(200);
    const inA = await Promise.all(calls(w.programA, await userIdOf(t, carol)));
    for (const response of inA) expect([401, 403, 404]).not.toContain(response.statusCode);

    // Nor does B's audit log reach them through the cross-program listing.
    const everywhere = await get(guest.token, `/api/v1/admin/audit`);
    expect(everywhere.statusCode).toBe(200);
    expect(
      everywhere.json().results.some((e: { project: { id: string } | null }) => e.project?.id === w.programB),
    ).toBe(false);
  });

  it("tells the web the caller's permissions in the program", async () => {
    const w = await twoHospitals();
    const guest = await adminOfAInBsTeamAsNurse(w);
    const inB = (await get(guest.token, `/api/v1/admin/projects/${w.programB}`)).json();
    const inA = (await get(guest.token, `/api/v1/admin/projects/${w.programA}`)).json();
    expect(inB.myPermissions).toContain("view_project_users");
    expect(inB.myPermissions).not.toContain("view_audit_log");
    expect(inA.myPermissions).toContain("view_audit_log");
  });
});

describe("§4 a statistician's questionnaire export names patients by a pseudonym of that export", () => {
  it("gives a life-sciences team member no account id", async () => {
    const w = await twoHospitals();
    const analyst = await staffSession(t, { email: `analyst${w.n}@lakeside.test`, role: "life_sciences_team_member" });
    await addToProgram(t, analyst.id, w.programB, "life_sciences_team_member");
    const lena = await lenaJoinedHospitalB(w);
    // One completed EQ-5D of Lena's, as the delivery engine leaves it.
    const scheduleId = await insertProgramSchedule(t, {
      programId: w.programB,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D weekly",
    });
    await insertQuestionnaireEvent(t, {
      programId: w.programB,
      patientId: lena.id,
      scheduleId,
      questionnaireTypeId: EQ5D_TYPE_ID,
      occurrence: 1,
      dueDate: "2026-03-02",
      state: "COMPLETED",
      answers: { MO: 1 },
    });
    const exportAs = (token: string) =>
      t.request({
        method: "POST",
        url: `/api/v1/pro-dashboard/projects/${w.programB}/questionnaires/report/export`,
        token,
        payload: { format: "csv" },
      });
    const first = await exportAs(analyst.token);
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain(lena.id);
    const rows = first.body.trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^P-[0-9a-f]{16},/);
    // A second export's key does not link to the first's.
    const second = (await exportAs(analyst.token)).body.trim().split("\r\n")[1]!;
    expect(second.slice(0, 18)).not.toBe(rows[0]!.slice(0, 18));
    // Hospital B's Clinical Program Admin, who may export identifiably, gets the account id.
    expect((await exportAs(w.adminB.token)).body).toContain(lena.id);
  });
});

describe("§5 one person's typos do not lock a hospital out", () => {
  /** A staff member's password accepted from `address`: the token that waits for the e-mailed code. */
  const pendingSignIn = async (email: string, address: string) => {
    const login = await t.request({
      method: "POST",
      url: "/api/v2/auth/login",
      payload: { email, password: TEST_PASSWORD, scope: "clinical" },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(200);
    return login.json().accessToken as string;
  };
  const verifySignInCode = (token: string, otpCode: string, address: string) =>
    t.request({
      method: "POST",
      url: "/api/v2/auth/signin/email/verify_otp",
      token,
      payload: { otpCode },
      remoteAddress: address,
    });
  /** The reset page's code check: anonymous, counted per e-mail and per client address. */
  const guessResetCode = (email: string, address: string) =>
    t.request({
      method: "POST",
      url: "/api/v2/auth/reset_password/email/verify_otp",
      payload: { email, otpCode: "123456", scope: "clinical" },
      remoteAddress: address,
    });

  it("lets a colleague's correct code through after one person's ten wrong ones from the same address", async () => {
    const w = await twoHospitals();
    const address = `192.0.2.${w.n}`;
    const nurse = `nurse${w.n}@northbridge.test`;
    const nurseToken = await pendingSignIn(nurse, address);
    const wrong = otherThan(await t.lastCodeSentTo(nurse));
    // The nurse mistypes her code ten times (her account's limit).
    for (let i = 0; i < limits.codeFailuresPerAccount; i++)
      expect((await verifySignInCode(nurseToken, wrong, address)).statusCode).toBe(400);
    // Her colleague signs in from the same hospital address with the right code.
    const colleague = `admin${w.n}@northbridge.test`;
    const colleagueToken = await pendingSignIn(colleague, address);
    const answer = await verifySignInCode(colleagueToken, (await t.lastCodeSentTo(colleague))!, address);
    expect(answer.statusCode).toBe(200);
  });

  it(`refuses an address after ${limits.codeFailuresPerIp} wrong codes, counted in a sliding window`, async () => {
    const w = await twoHospitals();
    const address = `198.18.0.${w.n}`;
    const window = limits.codeFailureWindowSeconds;
    // Start a minute before a fixed window's edge: half the guesses before it, half after it,
    // would each pass a fixed window's count.
    const now = t.clock.now().getTime();
    t.clock.advanceSeconds(window - ((now / 1000) % window) - 60);
    const half = limits.codeFailuresPerIp / 2;
    for (let i = 0; i < half; i++)
      expect((await guessResetCode(`ghost${w.n}.${i}@nowhere.test`, address)).statusCode).toBe(400);
    t.clock.advanceSeconds(120);
    for (let i = half; i < limits.codeFailuresPerIp; i++)
      expect((await guessResetCode(`ghost${w.n}.${i}@nowhere.test`, address)).statusCode).toBe(400);
    const refused = await guessResetCode(`ghost${w.n}.x@nowhere.test`, address);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    // Another address of the same hospital is not affected.
    expect((await guessResetCode(`ghost${w.n}.y@nowhere.test`, `198.18.1.${w.n}`)).statusCode).toBe(400);
  });
});

describe("§6 probing another hospital leaves a trace its security officer can read", () => {
  it("audits A's admin reaching for B's program and patient, in B's audit log", async () => {
    const w = await twoHospitals();
    const lena = await lenaJoinedHospitalB(w);
    const probes = [
      `/api/v1/admin/projects/${w.programB}/users`,
      `/api/v1/users/${lena.id}?projectId=${w.programB}`,
      `/api/v1/pro-dashboard/projects/${w.programB}/users/${lena.id}/reports?startDate=2026-01-01&endDate=2026-01-31`,
      `/api/v1/admin/projects/${w.programB}/users/${lena.id}/data-export`,
    ];
    for (const url of probes) expect((await get(w.adminA.token, url)).statusCode).toBe(404);
    // A's patient record URL naming B's patient: A's program, but a patient A does not have.
    expect((await get(w.adminA.token, `/api/v1/users/${lena.id}?projectId=${w.programA}`)).statusCode).toBe(404);

    const trail = await get(w.adminB.token, `/api/v1/admin/audit?projectId=${w.programB}&action=access.refused`);
    expect(trail.statusCode).toBe(200);
    const entries = trail
      .json()
      .results.filter((e: { actor: { id: string } | null }) => e.actor?.id === w.adminA.id) as {
      outcome: string;
      details: { route: string };
      ip: string | null;
    }[];
    expect(entries.length).toBeGreaterThanOrEqual(probes.length);
    for (const entry of entries) {
      expect(entry.outcome).toBe("refused");
      expect(entry.details.route).toMatch(/^GET \/api\/v1\//);
      expect(entry.ip).not.toBeNull();
    }
    const patientProbe = await t.ctx.db
      .selectFrom("auditLog")
      .select(["programId", "patientId"])
      .where("action", "=", "access.refused")
      .where("actorUserId", "=", w.adminA.id)
      .where("programId", "=", w.programA)
      .executeTakeFirst();
    expect(patientProbe).toMatchObject({ patientId: lena.id });
  });
});
