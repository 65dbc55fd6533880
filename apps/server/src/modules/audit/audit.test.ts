import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { addPatient, newPatient, userIdOf } from "../../../test/patients.js";
import { addToProgram, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

/**
 * Northbridge Health's Heart and Lungs: the admin Ada, Callum (program admin of Heart) and the nurse
 * Nia (on both), who enrolled Grace in Heart and Alan in Lungs on 2 March and opened both records on
 * 10 March; everyone signed in again on 16 March.
 */
const northbridgeAudit = async (t: TestApp) => {
  t.clock.set(new Date("2026-03-02T09:00:00Z"));
  const northbridge = await insertOrganisation(t, "Northbridge Health");
  const heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
  const lungs = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Lungs" });
  const admin = await staffSession(t, {
    email: "ada@openpro.test",
    role: "superadmin",
    firstName: "Ada",
    lastName: "Admin",
  });
  const callum = await staffSession(t, {
    email: "callum@clinic.test",
    role: "clinical_project_admin",
    firstName: "Callum",
    lastName: "Reid",
  });
  await addToProgram(t, callum.id, heart, "clinical_project_admin");
  const nia = await staffSession(t, {
    email: "nia@clinic.test",
    role: "clinician_team_member",
    firstName: "Nia",
    lastName: "Okafor",
  });
  await addToProgram(t, nia.id, heart, "clinician_team_member");
  await addToProgram(t, nia.id, lungs, "clinician_team_member");
  expect((await addPatient(t, nia.token, newPatient(heart))).statusCode).toBe(201);
  expect(
    (
      await addPatient(
        t,
        nia.token,
        newPatient(lungs, {
          firstName: "Alan",
          lastName: "Turing",
          email: "alan@patients.test",
          patientId: "401 023 2137",
        }),
      )
    ).statusCode,
  ).toBe(201);
  const grace = await userIdOf(t, "grace@patients.test");
  const alan = await userIdOf(t, "alan@patients.test");
  // Last week: Nia opens Grace's record, and Alan's.
  t.clock.set(new Date("2026-03-10T14:30:00Z"));
  nia.token = (await signIn(t, "nia@clinic.test")).accessToken;
  const open = (userId: string, programId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/users/${userId}?projectId=${programId}`,
      token: nia.token,
      headers: { "user-agent": "Mozilla/5.0 (Ward PC)" },
    });
  expect((await open(grace, heart)).statusCode).toBe(200);
  expect((await open(alan, lungs)).statusCode).toBe(200);
  t.clock.set(new Date("2026-03-16T09:00:00Z"));
  for (const who of [admin, callum, nia]) {
    const email = (
      await t.ctx.db.selectFrom("users").select("email").where("id", "=", who.id).executeTakeFirstOrThrow()
    ).email;
    who.token = (await signIn(t, email)).accessToken;
  }
  const search = (token: string, query: Record<string, string>) =>
    t.request({ method: "GET", url: `/api/v1/admin/audit?${new URLSearchParams(query)}`, token });
  return { admin, callum, nia, heart, lungs, grace, alan, search };
};

/**
 * The audit viewer: "who opened this patient's record last week?" in one search; admins see every
 * entry, a program admin the entries of their programs; reading the audit is itself audited.
 */
describe("the audit viewer", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let callum: { id: string; token: string };
  let nia: { id: string; token: string };
  let heart: string;
  let lungs: string;
  let grace: string;
  let alan: string;
  let search: (token: string, query: Record<string, string>) => ReturnType<TestApp["request"]>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, callum, nia, heart, lungs, grace, alan, search } = await northbridgeAudit(t));
  });
  afterAll(() => t.close());

  it("answers who opened a patient's record last week in one search, with names, and records the search", async () => {
    const found = await search(admin.token, { patient: "Grace Hopper", from: "2026-03-09", to: "2026-03-15" });
    expect(found.statusCode).toBe(200);
    const body = found.json() as {
      totalCount: number;
      results: {
        action: string;
        actor: { name: string } | null;
        patient: { name: string } | null;
        userAgent: string;
      }[];
    };
    const opened = body.results.filter((r) => r.action.startsWith("patient.") && r.actor?.name === "Nia Okafor");
    expect(opened.map((r) => r.action)).toEqual(["patient.read"]);
    expect(opened[0]).toMatchObject({ patient: { name: "Grace Hopper" }, userAgent: "Mozilla/5.0 (Ward PC)" });
    // Alan's record and the enrolments of the week before are not in it.
    expect(body.results.every((r) => r.patient?.name === "Grace Hopper")).toBe(true);
    expect(body.results.some((r) => r.action === "patient.create")).toBe(false);
    expect(body.totalCount).toBe(body.results.length);

    const recorded = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "details"])
      .where("action", "=", "audit.search")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(recorded.actorUserId).toBe(admin.id);
    expect(recorded.details).toMatchObject({ filter: { patient: "Grace Hopper", from: "2026-03-09" }, totalCount: 1 });

    // The search is found by the next one.
    const searches = await search(admin.token, { action: "audit.", actorId: admin.id });
    expect((searches.json() as { results: { action: string }[] }).results[0]!.action).toBe("audit.search");
  });

  it("pages newest first and filters by who, what, program and from where", async () => {
    // It counts every refused request of the platform: a platform of its own.
    const own = await createTestApp();
    onTestFinished(() => own.close());
    const { admin, lungs, search } = await northbridgeAudit(own);
    const first = await search(admin.token, { actor: "okafor", _perPage: "2" });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { totalCount: number; results: { id: number }[] };
    expect(page1.results).toHaveLength(2);
    expect(page1.totalCount).toBeGreaterThanOrEqual(5); // sign-ins, codes, two enrolments, two reads
    expect(first.headers["x-total-count"]).toBe(String(page1.totalCount));
    const page2 = (await search(admin.token, { actor: "okafor", _perPage: "2", _page: "2" })).json() as {
      results: { id: number }[];
    };
    expect(page2.results[0]!.id).toBeLessThan(page1.results[1]!.id);

    const inLungs = (await search(admin.token, { projectId: lungs, action: "patient.read" })).json() as {
      results: { patient: { name: string }; project: { name: string } }[];
    };
    expect(inLungs.results).toEqual([
      expect.objectContaining({
        patient: expect.objectContaining({ name: "Alan Turing" }),
        project: { id: lungs, name: "Northbridge Lungs" },
      }),
    ]);
    const refused = (await search(admin.token, { outcome: "refused" })).json() as { totalCount: number };
    expect(refused.totalCount).toBe(0);
    const byIp = (await search(admin.token, { ip: "127.", action: "patient.read" })).json() as { totalCount: number };
    expect(byIp.totalCount).toBe(2);
  });

  it("shows a program admin only the entries of their programs, and another program as not found", async () => {
    const mine = await search(callum.token, { patientId: grace });
    expect(mine.statusCode).toBe(200);
    const results = (mine.json() as { results: { project: { id: string } | null }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.project?.id === heart)).toBe(true);

    // Alan is in Northbridge Lungs, which is not Callum's: nothing, not even by his id.
    expect((await search(callum.token, { patientId: alan })).json()).toEqual({ results: [], totalCount: 0 });
    // Sign-ins carry no program: an admin sees them, a program admin does not.
    expect((await search(callum.token, { action: "auth." })).json()).toMatchObject({ totalCount: 0 });
    expect(
      ((await search(admin.token, { action: "auth." })).json() as { totalCount: number }).totalCount,
    ).toBeGreaterThan(0);

    const other = await search(callum.token, { projectId: lungs });
    expect(other.statusCode).toBe(404);
    const exportOther = await t.request({
      method: "GET",
      url: `/api/v1/admin/audit/export.csv?projectId=${lungs}`,
      token: callum.token,
    });
    expect(exportOther.statusCode).toBe(404);
  });

  it("refuses a care-team member without view_audit_log, and records the refusal", async () => {
    const refused = await search(nia.token, {});
    expect(refused.statusCode).toBe(403);
    const csv = await t.request({ method: "GET", url: "/api/v1/admin/audit/export.csv", token: nia.token });
    expect(csv.statusCode).toBe(403);
    const entry = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "details"])
      .where("action", "=", "permission.refused")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.actorUserId).toBe(nia.id);
    expect(entry.details).toMatchObject({ permission: "view_audit_log" });
    expect((await t.request({ method: "GET", url: "/api/v1/admin/audit" })).statusCode).toBe(401);
  });

  it("answers bad filters with a message on the field", async () => {
    const bad = await search(admin.token, { from: "last tuesday", patientId: "grace", _perPage: "5000" });
    expect(bad.statusCode).toBe(422);
    const fields = Object.fromEntries(
      (bad.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      from: "Enter a date as YYYY-MM-DD",
      patientId: "Not a valid value",
      _perPage: "Not a valid value",
    });
    const backwards = await search(admin.token, { from: "2026-03-10", to: "2026-03-09" });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual([
      { field: "to", message: "The end date must not be before the start date" },
    ]);
    expect((await search(admin.token, { colour: "red" })).statusCode).toBe(422);
  });

  it("exports the search as CSV, streamed, and records the export", async () => {
    const csv = await t.request({
      method: "GET",
      url: `/api/v1/admin/audit/export.csv?patientId=${grace}&from=2026-03-09&to=2026-03-15`,
      token: callum.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="audit-log-2026-03-16.csv"');
    const [header, ...lines] = csv.body.trim().split("\r\n");
    expect(header!.split(",").slice(0, 6)).toEqual(["id", "at", "action", "outcome", "actorId", "actorName"]);
    expect(lines).toHaveLength(1);
    expect(lines.every((l) => l.includes("Nia Okafor") && l.includes("Grace Hopper"))).toBe(true);
    expect(lines[0]!.split(",")[2]).toBe("patient.read");
    const recorded = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "patientId", "details"])
      .where("action", "=", "audit.export")
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ actorUserId: callum.id, patientId: grace, details: { format: "csv" } });
  });
});
