import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addConsentedPatient } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { fhirSchemaProblems } from "./fhir-schema.js";

type Resource = Record<string, unknown> & { resourceType: string; id?: string };
type Identifier = { system: string; value: string; type?: { coding: { system: string; code: string }[] } };
type Patient = Resource & {
  identifier?: Identifier[];
  name: { family: string; given: string[] }[];
  gender: string;
  birthDate?: string;
  meta: { tag: { code: string }[] };
};

/**
 * A hospital's master patient index matches OpenPRO's Patients by the identifiers it knows: an NHS
 * number under NHS England's system, a US SSN and a Swiss AHV number under theirs, and a hospital
 * number typed MR under the system the organisation's admin set. Names, sex and birth date come out
 * exactly as given.
 */
describe("FHIR Patient identifiers an MPI understands", () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let orgAdmin: { id: string; token: string };
  let northbridge: string;
  const programs: Record<string, string> = {};

  const patients = async () => {
    const response = await t.request({ method: "GET", url: "/fhir/R4/Patient?_count=50", token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json() as Resource & { entry: { resource: Patient }[] };
    expect(fhirSchemaProblems(bundle)).toEqual([]);
    return bundle.entry.map((e) => e.resource);
  };
  const patientNamed = async (family: string) => (await patients()).find((p) => p.name[0]?.family === family)!;
  const settingsUrl = (organisationId = northbridge) => `/api/v1/admin/organisations/${organisationId}/fhir-settings`;

  /** A patient the admin adds with an identifier, who consented as a woman born on 12 April 1961. */
  const enrol = (programId: string, person: Parameters<typeof addConsentedPatient>[3]) =>
    addConsentedPatient(t, admin.token, programId, person, { dob: "1961-04-12", sex: "female" });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-07T09:00:00Z");
    northbridge = await insertOrganisation(t, "Northbridge Health");
    programs.uk = await insertProgram(t, { organisationId: northbridge, name: "Heart UK", territory: "UK_IRE" });
    programs.us = await insertProgram(t, { organisationId: northbridge, name: "Heart US", territory: "US" });
    programs.ch = await insertProgram(t, { organisationId: northbridge, name: "Heart CH", territory: "CH" });
    admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    orgAdmin = await staffSession(t, { email: "cleo@clinic.test", role: "clinical_project_admin" });
    await addToOrganisation(t, orgAdmin.id, northbridge, "clinical_project_admin");
    await enrol(programs.uk, {
      firstName: "Zoë",
      lastName: "Ó Briain-Łukasiewicz",
      email: "zoe@patients.test",
      patientIdType: "nhs_number",
      patientId: "943 476 5919",
    });
    await enrol(programs.us, {
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@patients.test",
      patientIdType: "social_security_number",
      patientId: "123-45-6789",
    });
    await enrol(programs.ch, {
      firstName: "Anaïs",
      lastName: "Müller",
      email: "anais@patients.test",
      patientIdType: "social_security_number",
      patientId: "756.1234.5678.97",
    });
    await enrol(programs.uk, {
      firstName: "王",
      lastName: "小明",
      email: "wang@patients.test",
      patientIdType: "hospital_id",
      patientId: "MRN-0042",
    });
  });
  afterAll(() => t.close());

  it("writes an NHS number under NHS England's system, with the name exactly as entered", async () => {
    const zoe = await patientNamed("Ó Briain-Łukasiewicz");
    expect(zoe.identifier).toEqual([
      { use: "official", system: "https://fhir.nhs.uk/Id/nhs-number", value: "9434765919" },
    ]);
    expect(zoe.name[0]).toMatchObject({ family: "Ó Briain-Łukasiewicz", given: ["Zoë"] });
    expect(zoe).toMatchObject({ gender: "female", birthDate: "1961-04-12" });
  });

  it("writes a US social security number under the SSN system and a Swiss one under the AHV OID, typed SS", async () => {
    const grace = await patientNamed("Hopper");
    expect(grace.identifier![0]).toMatchObject({ system: "http://hl7.org/fhir/sid/us-ssn", value: "123456789" });
    expect(grace.identifier![0]!.type!.coding[0]).toMatchObject({
      system: "http://terminology.hl7.org/CodeSystem/v2-0203",
      code: "SS",
    });
    const anais = await patientNamed("Müller");
    expect(anais.identifier![0]).toMatchObject({ system: "urn:oid:2.16.756.5.32", value: "7561234567897" });
    expect(anais.name[0]!.given).toEqual(["Anaïs"]);
  });

  it("types a hospital number MR under the organisation's default system until an admin sets its own", async () => {
    const wang = await patientNamed("小明");
    expect(wang.identifier).toEqual([
      {
        use: "usual",
        type: {
          coding: [
            { system: "http://terminology.hl7.org/CodeSystem/v2-0203", code: "MR", display: "Medical record number" },
          ],
        },
        system: `urn:openpro:organisation:${northbridge}:mrn`,
        value: "MRN-0042",
      },
    ]);
    expect(wang.name[0]).toMatchObject({ family: "小明", given: ["王"] });

    const before = await t.request({ method: "GET", url: settingsUrl(), token: admin.token });
    expect(before.json()).toEqual({
      hospitalNumberSystem: null,
      defaultHospitalNumberSystem: `urn:openpro:organisation:${northbridge}:mrn`,
    });
    const set = await t.request({
      method: "PUT",
      url: settingsUrl(),
      token: admin.token,
      payload: { hospitalNumberSystem: "https://northbridge.example/fhir/mrn" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await patientNamed("小明")).identifier![0]!.system).toBe("https://northbridge.example/fhir/mrn");
    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "entityId", "details"])
      .where("action", "=", "organisation.fhir_settings.update")
      .execute();
    expect(audit).toEqual([
      {
        actorUserId: admin.id,
        entityId: northbridge,
        details: { hospitalNumberSystem: { from: null, to: "https://northbridge.example/fhir/mrn" } },
      },
    ]);

    const reset = await t.request({
      method: "PUT",
      url: settingsUrl(),
      token: admin.token,
      payload: { hospitalNumberSystem: null },
    });
    expect(reset.json().hospitalNumberSystem).toBeNull();
    expect((await patientNamed("小明")).identifier![0]!.system).toBe(`urn:openpro:organisation:${northbridge}:mrn`);
  });

  it("refuses a system that is not an absolute URI with the field's message, changing nothing", async () => {
    for (const hospitalNumberSystem of ["MRN", "hospital numbers", "ftp://x", ""]) {
      const response = await t.request({
        method: "PUT",
        url: settingsUrl(),
        token: admin.token,
        payload: { hospitalNumberSystem },
      });
      expect(response.statusCode, hospitalNumberSystem).toBe(422);
      expect(response.json().errors).toEqual([
        { field: "hospitalNumberSystem", message: messages.fhirIdentifierSystemInvalid },
      ]);
    }
    const after = await t.request({ method: "GET", url: settingsUrl(), token: admin.token });
    expect(after.json().hospitalNumberSystem).toBeNull();
  });

  it("lets only admins read or set it: an organisation's own program admin is refused, an unknown one is 404", async () => {
    for (const method of ["GET", "PUT"] as const) {
      const response = await t.request({
        method,
        url: settingsUrl(),
        token: orgAdmin.token,
        ...(method === "PUT" ? { payload: { hospitalNumberSystem: "urn:oid:1.2.3" } } : {}),
      });
      expect(response.statusCode).toBe(403);
    }
    const unknown = await t.request({
      method: "GET",
      url: settingsUrl("00000000-0000-4000-8000-000000000000"),
      token: admin.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: settingsUrl() })).statusCode).toBe(401);
  });
});
