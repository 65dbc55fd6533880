import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLogs } from "../../../test/patient-data.js";
import { addConsentedPatient } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { fhirSchemaProblems } from "./fhir-schema.js";

type Resource = Record<string, unknown> & { resourceType: string; id: string };
type Bundle = Resource & { entry: { resource: Resource }[] };

/**
 * An EHR searches as US Core and the International Patient Access ask: a patient's Observations by
 * code, category and date (with prefixes) and their combinations; Patients by identifier, name and
 * birth date. Every answer is FHIR R4 by the official schema; the CapabilityStatement says exactly
 * what is served.
 */
describe("FHIR search an EHR needs", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let lakeNurse: { id: string; token: string };
  let northbridge: string;
  let heart: string;
  const enrolment: Record<string, string> = {};
  const logIds: Record<string, string> = {};

  const search = async (path: string, token = nurse.token) => {
    const response = await t.request({ method: "GET", url: path, token });
    const body = response.json() as Bundle;
    expect(fhirSchemaProblems(body)).toEqual([]);
    return { status: response.statusCode, body };
  };
  const ids = async (path: string, token = nurse.token) => {
    const { status, body } = await search(path, token);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body.entry ?? []).map((e) => e.resource.id).sort();
  };
  const observations = (query: string) => ids(`/fhir/R4/Observation?patient=${enrolment.grace}&${query}`);

  /** A patient of a program, added by the nurse, who consented as a woman born on the given day (her account says 1950). */
  const enrol = (
    programId: string,
    person: Parameters<typeof addConsentedPatient>[3],
    dob: string,
    token = nurse.token,
  ) => addConsentedPatient(t, token, programId, person, { dob, sex: "female", accountDob: "1950-01-01" });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-07T09:00:00Z");
    northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const lakeOrg = await insertOrganisation(t, "Lakeside");
    const lakeside = await insertProgram(t, { organisationId: lakeOrg, name: "Lakeside" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    lakeNurse = await staffSession(t, { email: "lou@lakeside.test", role: "clinician_team_member" });
    await addToOrganisation(t, lakeNurse.id, lakeOrg, "clinician_team_member");
    const grace = await enrol(
      heart,
      {
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@patients.test",
        patientIdType: "nhs_number",
        patientId: "943 476 5919",
      },
      "1961-04-12",
    );
    const alan = await enrol(
      heart,
      {
        firstName: "Alan",
        lastName: "Turing",
        email: "alan@patients.test",
        patientIdType: "hospital_id",
        patientId: "MRN-0042",
      },
      "1972-06-23",
    );
    await enrol(
      lakeside,
      {
        firstName: "Grace",
        lastName: "Lake",
        email: "lena@patients.test",
        patientIdType: "hospital_id",
        patientId: "MRN-0042",
      },
      "1961-04-12",
      lakeNurse.token,
    );
    const byEmail = async (email: string) =>
      (
        await t.ctx.db
          .selectFrom("programPatients")
          .select("id")
          .where("inviteEmail", "=", email)
          .executeTakeFirstOrThrow()
      ).id;
    enrolment.grace = await byEmail("grace@patients.test");
    enrolment.alan = await byEmail("alan@patients.test");
    enrolment.lena = await byEmail("lena@patients.test");
    const [nausea, fatigue, temperature, weight, steps, mood] = await insertLogs(
      t,
      { programId: heart, patientId: grace.userId },
      [
        { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "10028813", grade: 3 },
        { logClass: "SYMPTOMS", at: "2026-03-03T08:30:00+00:00", logTypeId: "10016256", grade: 1 },
        { logClass: "TEMPERATURE", at: "2026-03-04T08:30:00+00:00", value: 38.2, unit: "C" },
        { logClass: "WEIGHT", at: "2026-03-05T08:30:00+00:00", value: 71.4, unit: "kg" },
        { logClass: "ACTIVITY", at: "2026-03-06T20:00:00+00:00", data: { activityType: "Steps", steps: 6400 } },
        { logClass: "MOOD", at: "2026-03-06T21:00:00+00:00", value: 4 },
      ],
    );
    Object.assign(logIds, { nausea, fatigue, temperature, weight, steps, mood });
    await insertLogs(t, { programId: heart, patientId: alan.userId }, [
      { logClass: "TEMPERATURE", at: "2026-03-04T09:30:00+00:00", value: 37.1, unit: "C" },
    ]);
  });
  afterAll(() => t.close());

  it("finds a patient's Observations by code: LOINC, MedDRA, the CTCAE term, ours, and either of two", async () => {
    expect(await observations("code=http://loinc.org|8310-5")).toEqual([logIds.temperature]);
    expect(await observations("code=8310-5")).toEqual([logIds.temperature]);
    expect(await observations("code=http://terminology.hl7.org/CodeSystem/mdr|10028813")).toEqual([logIds.nausea]);
    expect(await observations("code=urn:openpro:fhir:ctcae-5.0-term|Fatigue")).toEqual([logIds.fatigue]);
    expect(await observations("code=urn:openpro:fhir:self-rating|mood")).toEqual([logIds.mood]);
    expect(await observations("code=http://loinc.org|8310-5,http://loinc.org|29463-7")).toEqual(
      [logIds.temperature, logIds.weight].sort(),
    );
    // A code of another system, or one this server never writes, matches nothing.
    expect(await observations("code=http://snomed.info/sct|8310-5")).toEqual([]);
    expect(await observations("code=http://loinc.org|2339-0")).toEqual([]);
  });

  it("combines code, category and dates with every prefix", async () => {
    expect(await observations("category=vital-signs")).toEqual([logIds.temperature, logIds.weight].sort());
    expect(await observations("category=vital-signs&date=ge2026-03-05")).toEqual([logIds.weight]);
    expect(await observations("category=survey&date=ge2026-03-02&date=lt2026-03-03")).toEqual([logIds.nausea]);
    expect(await observations("category=survey&date=eq2026-03-03")).toEqual([logIds.fatigue]);
    expect(await observations("category=survey&date=ne2026-03-02")).toEqual([logIds.fatigue, logIds.mood].sort());
    expect(await observations("category=survey&date=gt2026-03-03&date=le2026-03-06")).toEqual([logIds.mood]);
    expect(await observations("code=8310-5,29463-7&date=lt2026-03-05T00:00:00Z")).toEqual([logIds.temperature]);
    expect(await observations("code=8310-5&category=activity")).toEqual([]);
    // Paging as before: one per page, the next link goes on.
    const { body } = await search(`/fhir/R4/Observation?patient=${enrolment.grace}&category=vital-signs&_count=1`);
    expect(body.entry).toHaveLength(1);
    expect((body.link as { relation: string }[]).map((l) => l.relation)).toEqual(["self", "next"]);
  });

  it("finds Patients by identifier, name and birth date, within the caller's programs only", async () => {
    expect(await ids("/fhir/R4/Patient?identifier=https://fhir.nhs.uk/Id/nhs-number|9434765919")).toEqual([
      enrolment.grace,
    ]);
    expect(await ids("/fhir/R4/Patient?identifier=9434765919")).toEqual([enrolment.grace]);
    expect(await ids(`/fhir/R4/Patient?identifier=urn:openpro:organisation:${northbridge}:mrn|MRN-0042`)).toEqual([
      enrolment.alan,
    ]);
    // The same number under another organisation's system names no one here.
    expect(await ids("/fhir/R4/Patient?identifier=https://fhir.nhs.uk/Id/nhs-number|MRN-0042")).toEqual([]);
    expect(await ids("/fhir/R4/Patient?name=gra")).toEqual([enrolment.grace]);
    expect(await ids("/fhir/R4/Patient?family=TUR")).toEqual([enrolment.alan]);
    expect(await ids("/fhir/R4/Patient?given=alan,grace")).toEqual([enrolment.alan, enrolment.grace].sort());
    expect(await ids("/fhir/R4/Patient?birthdate=1961-04-12")).toEqual([enrolment.grace]);
    expect(await ids("/fhir/R4/Patient?birthdate=ge1970-01-01")).toEqual([enrolment.alan]);
    expect(await ids("/fhir/R4/Patient?name=grace&birthdate=lt1970-01-01")).toEqual([enrolment.grace]);
    // Lakeside's nurse finds her own Grace only, by the same name and identifier value.
    expect(await ids("/fhir/R4/Patient?name=grace", lakeNurse.token)).toEqual([enrolment.lena]);
    expect(await ids("/fhir/R4/Patient?identifier=MRN-0042", lakeNurse.token)).toEqual([enrolment.lena]);
  });

  it("refuses a malformed search with a message naming the parameter, and a parameter it does not serve", async () => {
    const refused = async (query: string, message: string) => {
      const { status, body } = await search(`/fhir/R4/${query}`);
      expect(status, query).toBe(400);
      expect((body.issue as { diagnostics: string }[])[0]!.diagnostics).toBe(message);
    };
    await refused("Patient?identifier=https://fhir.nhs.uk/Id/nhs-number|", messages.fhirInvalidIdentifier);
    await refused("Patient?name=", messages.fhirInvalidName("name"));
    await refused("Patient?birthdate=1961", messages.fhirInvalidDate("birthdate", "1961"));
    await refused("Observation?date=sa2026-03-01", messages.fhirInvalidDate("date", "sa2026-03-01"));
    await refused("Observation?code-text=nausea", messages.fhirUnsupportedParameter("code-text", "Observation"));
    await refused("Patient?code=8310-5", messages.fhirUnsupportedParameter("code", "Patient"));
  });

  it("lists exactly the search parameters it serves in its CapabilityStatement", async () => {
    const response = await t.request({ method: "GET", url: "/fhir/R4/metadata" });
    const statement = response.json() as Resource & {
      rest: { resource: { type: string; searchParam: { name: string }[] }[] }[];
    };
    expect(fhirSchemaProblems(statement)).toEqual([]);
    const names = (type: string) =>
      statement.rest[0]!.resource.find((r) => r.type === type)!
        .searchParam.map((p) => p.name)
        .sort();
    const common = ["_count", "_lastUpdated", "_offset", "_total"];
    expect(names("Observation")).toEqual(["category", "code", "date", "patient", "subject", ...common].sort());
    expect(names("Patient")).toEqual(["_id", "birthdate", "family", "given", "identifier", "name", ...common].sort());
    // Each one listed is accepted (200), with a value of its kind.
    const values: Record<string, string> = {
      _id: enrolment.grace!,
      identifier: "9434765919",
      name: "g",
      family: "h",
      given: "g",
      birthdate: "1961-04-12",
      patient: enrolment.grace!,
      subject: enrolment.grace!,
      code: "8310-5",
      date: "ge2026-01-01",
      category: "survey",
      _count: "5",
      _offset: "0",
      _total: "accurate",
      _lastUpdated: "ge2026-01-01",
    };
    for (const type of ["Patient", "Observation"])
      for (const name of names(type))
        expect((await search(`/fhir/R4/${type}?${name}=${encodeURIComponent(values[name]!)}`)).status, name).toBe(200);
  });
});
