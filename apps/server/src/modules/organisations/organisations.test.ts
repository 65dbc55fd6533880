import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

interface OrganisationBody {
  organisationId: string;
  name: string;
  description: string | null;
  programCount: number;
}

describe("organisations: list, create, rename and delete", () => {
  let t: TestApp;
  let admin: string;
  let programAdmin: string;
  let tester: string;

  const create = (token: string, payload: unknown) =>
    t.request({ method: "POST", url: "/api/v1/admin/organisations", token, payload: payload as object });
  const list = (token: string, query = "") =>
    t.request({ method: "GET", url: `/api/v1/admin/organisations${query}`, token });
  const countOrganisations = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("organisations")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Each story's world: Lakeside Clinics, and Northbridge Health, whose clinical program admin Callum
   * (granted view_organisations to see the list) and nurse Nia belong to it alone; both names carry a
   * mail domain of the story's own, as its people's addresses do (`w.email("luca")`).
   */
  const northbridgeAndLakeside = async () => {
    const domain = uniqueMailDomain();
    const email = (name: string) => `${name}@${domain}`;
    const lakesideName = `Lakeside Clinics (${domain})`;
    const lakeside = await insertOrganisation(t, lakesideName);
    const northbridgeName = `Northbridge Health (${domain})`;
    const northbridge = await insertOrganisation(t, northbridgeName);
    const clinicalAdmin = await organisationStaff(t, northbridge, {
      email: email("callum"),
      role: "clinical_project_admin",
    });
    const nurse = await organisationStaff(t, northbridge, { email: email("nia"), role: "clinician_team_member" });
    await changePermissions(t, clinicalAdmin.id, { grant: ["view_organisations"] });
    return { domain, email, lakesideName, lakeside, northbridgeName, northbridge, clinicalAdmin, nurse };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffSession(t, { email: "ada@openpro.test", role: "superadmin" })).token;
    programAdmin = (await staffSession(t, { email: "priya@openpro.test", role: "internal_program_admin" })).token;
    tester = (await staffSession(t, { email: "theo@openpro.test", role: "internal_tester" })).token;
  });
  afterAll(() => t.close());

  it("lets an admin create an organisation with a trimmed name and find it again", async () => {
    const created = await create(admin, { name: "  Harbour Hospital  ", description: " By the sea " });
    expect(created.statusCode).toBe(201);
    const { organisationId } = created.json();
    expect(organisationId).toMatch(/^[0-9a-f-]{36}$/);

    const fetched = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${organisationId}`,
      token: admin,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({
      organisationId,
      name: "Harbour Hospital",
      description: "By the sea",
      programCount: 0,
    });

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "outcome"])
      .where("entityId", "=", organisationId)
      .execute();
    expect(audit).toEqual([{ action: "organisation.create", outcome: "success" }]);
  });

  it("puts the spec's messages on the name field", async () => {
    const before = await countOrganisations();
    for (const [payload, message] of [
      [{ name: "   " }, messages.required],
      [{ name: "" }, messages.required],
      [{}, messages.required],
      [{ name: "x".repeat(limits.text.organisationName + 1) }, messages.maxLength(limits.text.organisationName)],
    ] as const) {
      const response = await create(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(fieldErrors(response)).toEqual([{ field: "name", message }]);
    }
    const exactlyMax = await create(admin, { name: "y".repeat(limits.text.organisationName) });
    expect(exactlyMax.statusCode).toBe(201);
    const extra = await create(admin, { name: "Another", ownerId: "x" });
    expect(fieldErrors(extra)).toEqual([{ field: "ownerId", message: messages.unknownField("ownerId") }]);
    expect(await countOrganisations()).toBe(before + 1);
  });

  it("refuses a name already taken in any case, with the message on the name field", async () => {
    const w = await northbridgeAndLakeside();
    const before = await countOrganisations();
    const response = await create(admin, { name: `  ${w.northbridgeName.toUpperCase()} ` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: messages.organisationNameTaken,
      errors: [{ field: "name", message: messages.organisationNameTaken }],
    });
    expect(await countOrganisations()).toBe(before);
  });

  it("lets only an admin or an internal program admin create, whatever permissions others hold", async () => {
    const w = await northbridgeAndLakeside();
    const byProgramAdmin = await create(programAdmin, { name: "Priya's Practice" });
    expect(byProgramAdmin.statusCode).toBe(201);

    // The internal tester holds create_organisation yet is not allowed to create.
    const byTester = await create(tester, { name: "Tester Trust" });
    expect(byTester.statusCode).toBe(403);
    expect(byTester.json()).toEqual({ statusCode: 403, message: messages.forbidden });

    await changePermissions(t, w.clinicalAdmin.id, { grant: ["create_organisation"] });
    const byClinicalAdmin = await create(w.clinicalAdmin.token, { name: "Callum's Clinic" });
    expect(byClinicalAdmin.statusCode).toBe(403);
    await changePermissions(t, w.clinicalAdmin.id, { revoke: ["create_organisation"] });

    const byNurse = await create(w.nurse.token, { name: "Nurse's Network" });
    expect(byNurse.statusCode).toBe(403);

    const names = (await t.ctx.db.selectFrom("organisations").select("name").execute()).map((r) => r.name);
    expect(names).toContain("Priya's Practice");
    expect(names).not.toContain("Tester Trust");
    expect(names).not.toContain("Callum's Clinic");
    expect(names).not.toContain("Nurse's Network");
  });

  it("pages the list by 25 ordered by name, with X-Total-Count and a case-insensitive search", async () => {
    const w = await northbridgeAndLakeside();
    for (let i = 1; i <= 27; i++) await insertOrganisation(t, `Zeta Care ${String(i).padStart(2, "0")}`);
    const total = await countOrganisations();

    const first = await list(admin);
    expect(first.statusCode).toBe(200);
    const body = first.json() as { results: OrganisationBody[]; totalCount: number };
    expect(body.results).toHaveLength(limits.pageSize.organisations);
    expect(body.totalCount).toBe(total);
    expect(first.headers["x-total-count"]).toBe(String(total));
    const names = body.results.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const second = await list(admin, "?_page=2");
    const secondNames = (second.json().results as OrganisationBody[]).map((o) => o.name);
    expect(secondNames).toHaveLength(total - limits.pageSize.organisations);
    expect(secondNames.some((n) => names.includes(n))).toBe(false);

    const small = await list(admin, "?_page=2&_perPage=5");
    expect(small.json().results).toHaveLength(5);
    expect(small.headers["x-total-count"]).toBe(String(total));

    const search = await list(admin, "?term=ZETA%20care%200");
    expect(search.json().totalCount).toBe(9);
    expect(search.headers["x-total-count"]).toBe("9");
    expect((search.json().results as OrganisationBody[]).every((o) => o.name.startsWith("Zeta Care 0"))).toBe(true);

    const term = ` northBRIDGE health (${w.domain.toUpperCase()}) `;
    const northbridgeSearch = await list(admin, `?term=${encodeURIComponent(term)}`);
    expect((northbridgeSearch.json().results as OrganisationBody[]).map((o) => o.organisationId)).toEqual([
      w.northbridge,
    ]);
    // A LIKE wildcard is searched for literally.
    expect((await list(admin, "?term=%25")).json().totalCount).toBe(0);

    const badPage = await list(admin, "?_page=0");
    expect(badPage.statusCode).toBe(422);
    expect(fieldErrors(badPage)[0]?.field).toBe("_page");
  });

  it("shows a non-admin only the organisations they belong to", async () => {
    const w = await northbridgeAndLakeside();
    const response = await list(w.clinicalAdmin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalCount: 1, results: [{ organisationId: w.northbridge }] });
    expect(response.headers["x-total-count"]).toBe("1");
    expect((await list(w.clinicalAdmin.token, "?term=lakeside")).json().totalCount).toBe(0);

    // Without view_organisations the list is refused.
    const refused = await list(w.nurse.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["x-total-count"]).toBeUndefined();
  });

  it("offers every organisation to an admin's picker and only their own to others", async () => {
    const w = await northbridgeAndLakeside();
    const all = await t.request({ method: "GET", url: "/api/v1/pro-dashboard/organisations", token: admin });
    expect(all.statusCode).toBe(200);
    const results = all.json().results as { organisationId: string; name: string }[];
    expect(results).toHaveLength(await countOrganisations());
    expect(results).toContainEqual({ organisationId: w.lakeside, name: w.lakesideName });

    const own = await t.request({ method: "GET", url: "/api/v1/pro-dashboard/organisations", token: w.nurse.token });
    expect(own.json()).toEqual({ results: [{ organisationId: w.northbridge, name: w.northbridgeName }] });

    const anonymous = await t.request({ method: "GET", url: "/api/v1/pro-dashboard/organisations" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows one organisation to its members and answers 404 for any other", async () => {
    const w = await northbridgeAndLakeside();
    const own = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${w.northbridge}`,
      token: w.clinicalAdmin.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ organisationId: w.northbridge, name: w.northbridgeName });

    const other = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${w.lakeside}`,
      token: w.clinicalAdmin.token,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ statusCode: 404, message: messages.notFound });

    const missing = await t.request({
      method: "GET",
      url: "/api/v1/admin/organisations/00000000-0000-4000-8000-000000000000",
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.request({ method: "GET", url: "/api/v1/admin/organisations/not-an-id", token: admin });
    expect(malformed.statusCode).toBe(404);

    // A life-sciences team member holds no organisation permission at all.
    const lsMember = await organisationStaff(t, w.lakeside, {
      email: w.email("luca"),
      role: "life_sciences_team_member",
    });
    const refused = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${w.lakeside}`,
      token: lsMember.token,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("lets admin-type users rename, refuses others and taken names", async () => {
    const w = await northbridgeAndLakeside();
    const rename = (token: string, organisationId: string, payload: object) =>
      t.request({ method: "PATCH", url: `/api/v1/admin/organisations/${organisationId}`, token, payload });

    const renamed = await rename(admin, w.lakeside, { name: "  Lakeside Clinics Group " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ organisationId: w.lakeside, name: "Lakeside Clinics Group" });

    const byTester = await rename(tester, w.lakeside, { name: "Lakeside Group" });
    expect(byTester.statusCode).toBe(200);
    expect(byTester.json().name).toBe("Lakeside Group");

    // Renaming to its own name in another case is not a clash with itself.
    expect((await rename(admin, w.lakeside, { name: "LAKESIDE GROUP" })).statusCode).toBe(200);

    const taken = await rename(admin, w.lakeside, { name: w.northbridgeName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken)).toEqual([{ field: "name", message: messages.organisationNameTaken }]);

    const blank = await rename(admin, w.lakeside, { name: "  " });
    expect(blank.statusCode).toBe(422);
    expect(fieldErrors(blank)).toEqual([{ field: "name", message: messages.required }]);
    const long = await rename(admin, w.lakeside, { name: "n".repeat(251) });
    expect(fieldErrors(long)).toEqual([{ field: "name", message: messages.maxLength(250) }]);

    // A clinical admin with the edit permission is still not admin-type.
    await changePermissions(t, w.clinicalAdmin.id, { grant: ["edit_organisation"] });
    const byClinicalAdmin = await rename(w.clinicalAdmin.token, w.northbridge, { name: "Callum's Northbridge" });
    expect(byClinicalAdmin.statusCode).toBe(403);
    expect((await rename(w.nurse.token, w.northbridge, { name: "Nia's Northbridge" })).statusCode).toBe(403);

    const missing = await rename(admin, "00000000-0000-4000-8000-000000000000", { name: "Ghost" });
    expect(missing.statusCode).toBe(404);

    const names = (await t.ctx.db.selectFrom("organisations").select("name").execute()).map((r) => r.name);
    expect(names).toContain("LAKESIDE GROUP");
    expect(names).toContain(w.northbridgeName);
  });

  it("refuses to delete an organisation that still has programs, then deletes it once empty", async () => {
    const w = await northbridgeAndLakeside();
    const organisationId = (await create(admin, { name: "Riverside Trust" })).json().organisationId as string;
    const programId = await insertProgram(t, { organisationId, name: "Riverside Oncology" });
    const member = await t.createStaff({ email: "rio@riverside.test", role: "clinician_admin" });
    await addToOrganisation(t, member, organisationId, "clinician_admin");
    const remove = (token: string) =>
      t.request({ method: "DELETE", url: `/api/v1/admin/organisations/${organisationId}`, token });

    const blocked = await remove(admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(messages.organisationHasPrograms);
    const still = await t.request({
      method: "GET",
      url: `/api/v1/admin/organisations/${organisationId}`,
      token: admin,
    });
    expect(still.json()).toMatchObject({ name: "Riverside Trust", programCount: 1 });
    expect(await t.ctx.db.selectFrom("programs").select("id").where("id", "=", programId).execute()).toHaveLength(1);
    expect(
      await t.ctx.db
        .selectFrom("organisationStaff")
        .select("userId")
        .where("organisationId", "=", organisationId)
        .execute(),
    ).toHaveLength(1);

    // The internal tester holds delete_organisation but may not delete; a nurse holds nothing.
    expect((await remove(tester)).statusCode).toBe(403);
    expect((await remove(w.nurse.token)).statusCode).toBe(403);

    await t.ctx.db.deleteFrom("programs").where("id", "=", programId).execute();
    const deleted = await remove(programAdmin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    const gone = await t.request({ method: "GET", url: `/api/v1/admin/organisations/${organisationId}`, token: admin });
    expect(gone.statusCode).toBe(404);
    // The members' accounts stay; only the membership goes.
    expect(await t.ctx.db.selectFrom("users").select("id").where("id", "=", member).execute()).toHaveLength(1);
    expect((await remove(admin)).statusCode).toBe(404);

    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action"])
      .where("entityId", "=", organisationId)
      .where("action", "=", "organisation.delete")
      .execute();
    expect(audit).toHaveLength(1);
  });
});
