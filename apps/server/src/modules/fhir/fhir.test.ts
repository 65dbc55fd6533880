import { hardcodedTypeIds, instruments, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { insertLogs, insertMedication, insertMedicationEvent } from "../../../test/patient-data.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import {
  addToOrganisation,
  addToProgram,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { fhirSchemaProblems } from "./fhir-schema.js";

type Resource = Record<string, unknown> & { resourceType: string; id?: string };
interface Bundle {
  resourceType: "Bundle";
  link: { relation: string; url: string }[];
  entry: { fullUrl: string; resource: Resource }[];
}

describe("FHIR R4 API: an integrator reads a program's patients and their data", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let lead: { id: string; token: string };
  let lakeNurse: { id: string; token: string };
  let patientToken: string;
  let heart: string;
  let lakeside: string;
  let grace: { userId: string; enrolmentId: string };
  let lena: { userId: string; enrolmentId: string };
  let graceLogIds: string[];
  let lenaLogIds: string[];

  /** A FHIR GET as an integrator sends it; every JSON answer must be FHIR R4 by the official schema. */
  const get = async (path: string, token?: string, headers: Record<string, string> = {}) => {
    const url = path.startsWith("http") ? new URL(path).pathname + new URL(path).search : path;
    const response = await t.request({ method: "GET", url, ...(token ? { token } : {}), headers });
    if (response.headers["content-type"]?.toString().includes("fhir+json")) {
      const body = response.json() as Resource;
      expect(fhirSchemaProblems(body)).toEqual([]);
    }
    return response;
  };
  const bundle = async (path: string, token = nurse.token) => {
    const response = await get(path, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Bundle;
  };
  const outcome = (response: { json(): unknown }) =>
    (response.json() as { resourceType: string; issue: { code: string; diagnostics: string }[] }).issue[0]!;
  const enrolmentOf = async (programId: string, userId: string) =>
    (
      await t.ctx.db
        .selectFrom("programPatients")
        .select("id")
        .where("programId", "=", programId)
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-07T09:00:00Z");
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const lakeOrg = await insertOrganisation(t, "Lakeside");
    lakeside = await insertProgram(t, { organisationId: lakeOrg, name: "Lakeside" });
    await t.ctx.db.updateTable("programs").set({ populateNvAppointments: true }).where("id", "=", heart).execute();
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    lead = await staffSession(t, { email: "lee@clinic.test", role: "clinical_project_admin" });
    await addToProgram(t, lead.id, heart, "clinical_project_admin");
    lakeNurse = await staffSession(t, { email: "lou@lakeside.test", role: "clinician_team_member" });
    await addToOrganisation(t, lakeNurse.id, lakeOrg, "clinician_team_member");
    for (const [programId, token, firstName, lastName, email] of [
      [heart, nurse.token, "Grace", "Hopper", "grace@patients.test"],
      [heart, nurse.token, "Alan", "Turing", "alan@patients.test"],
      [lakeside, lakeNurse.token, "Lena", "Lake", "lena@patients.test"],
    ] as const)
      expect((await addPatient(t, token, newPatient(programId, { firstName, lastName, email }))).statusCode).toBe(201);
    patientToken = await acceptInvite(t, "grace@patients.test");
    expect((await giveConsent(t, patientToken, heart)).statusCode).toBe(200);
    expect((await giveConsent(t, await acceptInvite(t, "lena@patients.test"), lakeside)).statusCode).toBe(200);
    const graceId = await userIdOf(t, "grace@patients.test");
    const lenaId = await userIdOf(t, "lena@patients.test");
    grace = { userId: graceId, enrolmentId: await enrolmentOf(heart, graceId) };
    lena = { userId: lenaId, enrolmentId: await enrolmentOf(lakeside, lenaId) };

    const owner = { programId: heart, patientId: graceId };
    graceLogIds = await insertLogs(t, owner, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "10028813", grade: 3 },
      { logClass: "SYMPTOMS", at: "2026-03-03T08:30:00+00:00", logTypeId: "10016256", grade: 1 },
      { logClass: "TEMPERATURE", at: "2026-03-04T08:30:00+00:00", value: 38.2, unit: "C" },
      { logClass: "WEIGHT", at: "2026-03-05T08:30:00+00:00", value: 71.4, unit: "kg" },
      { logClass: "ACTIVITY", at: "2026-03-06T20:00:00+00:00", data: { activityType: "Steps", steps: 6400 } },
      // Neither is served as an Observation: a walk (not a step count) and a mood without its rating.
      { logClass: "ACTIVITY", at: "2026-03-06T21:00:00+00:00", data: { activityType: "Walking", durationMinutes: 20 } },
      { logClass: "MOOD", at: "2026-03-06T21:00:00+00:00", data: { mood: 3 } },
    ]);
    lenaLogIds = await insertLogs(t, { programId: lakeside, patientId: lenaId }, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "10028813", grade: 2 },
    ]);
    const medicationId = await insertMedication(t, owner, {
      name: "Ondansetron",
      dosage: "8",
      dosageUnit: "mg",
      frequency: "TWICE_A_DAY",
      startDate: "2026-03-01",
    });
    await insertMedicationEvent(t, owner, { medicationId, status: "LOGGED", at: "2026-03-02T08:00:00+00:00" });
    await insertMedicationEvent(t, owner, {
      medicationId,
      status: "SKIPPED",
      at: "2026-03-02T20:00:00+00:00",
      skipReason: "SIDE_EFFECTS",
    });
    const now = t.clock.now();
    await t.ctx.db
      .insertInto("nurseVisitAppointments")
      .values({
        programId: heart,
        patientId: graceId,
        appointmentType: "BLOOD_TEST",
        date: "2026-03-10",
        startTime: "10:00",
        endTime: "10:30",
        isDraft: false,
        mode: "FACE_TO_FACE",
        status: "CONFIRMED",
        withWhom: "Sister Okafor",
        notes: "Fasting",
        startsAt: new Date("2026-03-10T10:00:00Z"),
        endsAt: new Date("2026-03-10T10:30:00Z"),
        createdBy: nurse.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // A completed EQ-5D (licensed: codes and numbers only).
    const schedule = await t.ctx.db
      .insertInto("questionnaireSchedules")
      .values({
        programId: heart,
        patientId: null,
        itemType: "hardcoded",
        questionnaireTypeId: hardcodedTypeIds.EQ5D,
        name: "EQ-5D weekly",
        frequency: 7,
        numberToSend: 1,
        responseWindow: 3,
        startDay: 0,
        createdBy: nurse.id,
        createdAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const event = await t.ctx.db
      .insertInto("questionnaireEvents")
      .values({
        programId: heart,
        patientId: graceId,
        scheduleId: schedule.id,
        questionnaireTypeId: hardcodedTypeIds.EQ5D,
        occurrence: 1,
        planMemberOrder: 0,
        batchMemberOrder: 0,
        dueDate: "2026-03-02",
        windowClosesAt: new Date("2026-03-05T00:00:00Z"),
        state: "COMPLETED",
        createdAt: now,
        startedAt: new Date("2026-03-02T09:00:00Z"),
        completedAt: new Date("2026-03-02T09:05:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto("questionnaireAnswers")
      .values(
        [
          ["MO", 1],
          ["SC", 2],
          ["VAS", 80],
        ].map(([questionId, value]) => ({
          eventId: event.id,
          programId: heart,
          patientId: graceId,
          questionId: String(questionId),
          value: JSON.stringify(value),
          skipped: false,
          answeredAt: new Date("2026-03-02T09:04:00Z"),
        })),
      )
      .execute();
  });

  afterAll(() => t.close());

  it("publishes its CapabilityStatement without a token, as FHIR JSON", async () => {
    const response = await get("/fhir/R4/metadata");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/fhir+json");
    const statement = response.json() as { fhirVersion: string; rest: { resource: { type: string }[] }[] };
    expect(statement.fhirVersion).toBe("4.0.1");
    expect(statement.rest[0]!.resource.map((r) => r.type)).toContain("Observation");
  });

  it("finds the nurse's patients, reads one, and writes who was shown to the audit", async () => {
    const patients = await bundle("/fhir/R4/Patient");
    expect(patients.entry.map((e) => (e.resource.name as { family: string }[])[0]!.family).sort()).toEqual([
      "Hopper",
      "Turing",
    ]);
    const read = await get(`/fhir/R4/Patient/${grace.enrolmentId}`, nurse.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ resourceType: "Patient", id: grace.enrolmentId, active: true });
    const audits = await auditRows(t, "fhir.read");
    expect(audits.at(-1)).toMatchObject({ actorUserId: nurse.id, patientId: grace.userId, programId: heart });
    expect((await auditRows(t, "fhir.search")).length).toBeGreaterThan(0);
  });

  it("serves a patient's observations coded as the brief says, page by page with next links", async () => {
    const first = await bundle(`/fhir/R4/Observation?patient=Patient/${grace.enrolmentId}&_count=2`);
    expect(first.entry).toHaveLength(2);
    const next = first.link.find((l) => l.relation === "next");
    expect(next?.url).toContain("_offset=2");
    const resources = [...first.entry.map((e) => e.resource)];
    let url: string | undefined = next?.url;
    while (url) {
      const page = await bundle(url);
      resources.push(...page.entry.map((e) => e.resource));
      url = page.link.find((l) => l.relation === "next")?.url;
    }
    // Five logs are Observations: two symptoms, a temperature, a weight, a step count.
    expect(resources.map((r) => r.id).sort()).toEqual(graceLogIds.slice(0, 5).sort());
    const codes = resources.map((r) => (r.code as { coding: { code: string }[] }).coding[0]!.code);
    expect(codes).toEqual(["10028813", "10016256", "8310-5", "29463-7", "41950-7"]);
    expect(resources[2]).toMatchObject({ valueQuantity: { value: 38.2, code: "Cel" } });
  });

  it("filters by date, _lastUpdated and category", async () => {
    const days = await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&date=ge2026-03-03&date=le2026-03-04`);
    expect(days.entry.map((e) => e.resource.id)).toEqual([graceLogIds[1], graceLogIds[2]]);
    const vitals = await bundle(`/fhir/R4/Observation?category=vital-signs`);
    expect(vitals.entry.map((e) => e.resource.id)).toEqual([graceLogIds[2], graceLogIds[3]]);
    // Logs 4–6 arrived on the 6th; of them only the step count is an Observation.
    expect((await bundle("/fhir/R4/Observation?_lastUpdated=ge2026-03-06")).entry.map((e) => e.resource.id)).toEqual([
      graceLogIds[4],
    ]);
    expect((await bundle("/fhir/R4/Observation?_lastUpdated=gt2026-03-06")).entry).toEqual([]);
    const bad = await get("/fhir/R4/Observation?date=yesterday", nurse.token);
    expect(bad.statusCode).toBe(400);
    expect(outcome(bad)).toMatchObject({ code: "invalid", diagnostics: messages.fhirInvalidDate("date", "yesterday") });
    const unknown = await get("/fhir/R4/Observation?value-quantity=gt38", nurse.token);
    expect(outcome(unknown).diagnostics).toBe(messages.fhirUnsupportedParameter("value-quantity", "Observation"));
  });

  it("serves doses, the medication list, the appointment and a licensed questionnaire's answers by code", async () => {
    const doses = await bundle(`/fhir/R4/MedicationAdministration?patient=${grace.enrolmentId}`);
    expect(doses.entry.map((e) => e.resource.status)).toEqual(["completed", "not-done"]);
    const list = await bundle("/fhir/R4/MedicationStatement");
    expect(list.entry).toHaveLength(1);
    const visits = await bundle("/fhir/R4/Appointment?date=ge2026-03-10");
    expect(visits.entry[0]!.resource).toMatchObject({ status: "booked", start: "2026-03-10T10:00:00.000Z" });
    expect(JSON.stringify(visits)).not.toContain("Fasting");
    const responses = await bundle("/fhir/R4/QuestionnaireResponse");
    expect(responses.entry[0]!.resource).toMatchObject({
      status: "completed",
      questionnaire: `http://openpro.test/fhir/R4/Questionnaire/${hardcodedTypeIds.EQ5D}|${instruments.EQ5D.version}`,
      item: [
        { linkId: "MO", answer: [{ valueInteger: 1 }] },
        { linkId: "SC", answer: [{ valueInteger: 2 }] },
        { linkId: "VAS", answer: [{ valueInteger: 80 }] },
      ],
    });
    const eq5d = await get(`/fhir/R4/Questionnaire/${hardcodedTypeIds.EQ5D}`, nurse.token);
    expect(eq5d.statusCode).toBe(200);
    expect((eq5d.json() as { item: { text?: string }[] }).item.every((i) => i.text === undefined)).toBe(true);
  });

  it("answers 404 for another program's patient and data, as if they did not exist", async () => {
    const other = await get(`/fhir/R4/Observation?patient=${lena.enrolmentId}`, nurse.token);
    expect(other.statusCode).toBe(404);
    expect(outcome(other).code).toBe("not-found");
    expect((await get(`/fhir/R4/Observation/${lenaLogIds[0]}`, nurse.token)).statusCode).toBe(404);
    expect((await get(`/fhir/R4/Patient/${lena.enrolmentId}`, nurse.token)).statusCode).toBe(404);
    // Lakeside's nurse sees Lakeside only.
    const theirs = await bundle("/fhir/R4/Observation", lakeNurse.token);
    expect(theirs.entry.map((e) => e.resource.id)).toEqual(lenaLogIds);
    const unicorn = await get("/fhir/R4/Unicorn", nurse.token);
    expect(outcome(unicorn)).toMatchObject({ code: "not-found", diagnostics: expect.stringContaining("Unicorn") });
    const deep = await get(`/fhir/R4/Patient/${grace.enrolmentId}/_history/1`, nurse.token);
    expect(deep.statusCode).toBe(404);
    expect(deep.headers["content-type"]).toContain("application/fhir+json");
  });

  it("leaves out the kinds of data a permission withholds, and refuses a type with none (403)", async () => {
    // The nurse is shared by the file's stories: she gets her permissions back even when this one fails.
    onTestFinished(() =>
      changePermissions(t, nurse.id, { grant: ["view_user_symptom_logs", "view_nurse_visit_appointments"] }),
    );
    await changePermissions(t, nurse.id, { revoke: ["view_user_symptom_logs"] });
    const noSymptoms = await bundle("/fhir/R4/Observation");
    expect(noSymptoms.entry.map((e) => e.resource.id)).toEqual(graceLogIds.slice(2, 5));
    expect((await get(`/fhir/R4/Observation/${graceLogIds[0]}`, nurse.token)).statusCode).toBe(404);
    await changePermissions(t, nurse.id, { revoke: ["view_nurse_visit_appointments"] });
    const refused = await get("/fhir/R4/Appointment", nurse.token);
    expect(refused.statusCode).toBe(403);
    expect(outcome(refused)).toMatchObject({ code: "forbidden", diagnostics: messages.fhirForbidden("Appointment") });
  });

  it("refuses a patient's token (403) and no token (401), as OperationOutcome", async () => {
    const patient = await get("/fhir/R4/Observation", patientToken);
    expect(patient.statusCode).toBe(403);
    expect(outcome(patient).diagnostics).toBe(messages.fhirPatientOnly);
    const anonymous = await get("/fhir/R4/Patient");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["content-type"]).toContain("application/fhir+json");
    expect(outcome(anonymous).code).toBe("login");
  });

  it("counts every match in Bundle.total only when _total=accurate is asked", async () => {
    const plain = await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&_count=2`);
    expect(plain).not.toHaveProperty("total");
    const counted = await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&_count=2&_total=accurate`);
    expect(counted.entry).toHaveLength(2);
    // Every log the search matches, over all pages (the mood without a rating is a match the page leaves out).
    expect((counted as Bundle & { total: number }).total).toBe(6);
    expect(counted.link.find((l) => l.relation === "next")?.url).toContain("_total=accurate");
    const patients = await bundle("/fhir/R4/Patient?_total=accurate&_count=1");
    expect((patients as Bundle & { total: number }).total).toBe(2);
    const vitals = await bundle("/fhir/R4/Observation?category=vital-signs&_total=accurate");
    expect((vitals as Bundle & { total: number }).total).toBe(vitals.entry.length);
    expect(await bundle("/fhir/R4/Observation?_total=none")).not.toHaveProperty("total");
    const bad = await get("/fhir/R4/Observation?_total=all", nurse.token);
    expect(bad.statusCode).toBe(400);
    expect(outcome(bad).diagnostics).toBe(messages.fhirInvalidTotal);
  });

  it("serves sleep, nutrition, feeling, mood and blood pressure as Observations", async () => {
    const ids = await insertLogs(t, { programId: heart, patientId: grace.userId }, [
      { logClass: "SLEEP", at: "2026-03-08T07:00:00+00:00", value: 7.5, unit: "h" },
      { logClass: "NUTRITION", at: "2026-03-08T12:00:00+00:00", value: 4 },
      { logClass: "FEELING", at: "2026-03-08T13:00:00+00:00", value: 2 },
      { logClass: "MOOD", at: "2026-03-08T14:00:00+00:00", value: 5 },
      {
        logClass: "BLOOD_PRESSURE",
        at: "2026-03-08T16:00:00+01:00",
        value: 128,
        unit: "mmHg",
        data: { systolic: 128, diastolic: 82, pulse: 71 },
      },
    ]);
    // Grace's logs are the file's shared world (the paging, the totals and the permissions count them):
    // this story's logs, and the nurse's calendar permission, are taken back when it ends, pass or fail.
    onTestFinished(async () => {
      await t.ctx.db.deleteFrom("patientLogs").where("id", "in", ids).execute();
      await changePermissions(t, nurse.id, { grant: ["view_user_dashboard_calendar"] });
    });
    const day = await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&date=ge2026-03-08`);
    const [sleep, nutrition, feeling, mood, pressure] = day.entry.map((e) => e.resource);
    expect(day.entry.map((e) => e.resource.id)).toEqual(ids);
    expect(sleep).toMatchObject({
      code: { coding: [{ system: "http://loinc.org", code: "93832-4" }] },
      valueQuantity: { value: 7.5, code: "h", system: "http://unitsofmeasure.org" },
    });
    expect(nutrition).toMatchObject({ code: { coding: [{ code: "nutrition" }] }, valueInteger: 4 });
    expect(feeling).toMatchObject({ code: { coding: [{ code: "feeling" }] }, valueInteger: 2 });
    expect(mood).toMatchObject({ code: { coding: [{ code: "mood" }] }, valueInteger: 5 });
    expect(pressure).toMatchObject({
      category: [{ coding: [{ code: "vital-signs" }] }],
      code: { coding: [{ system: "http://loinc.org", code: "85354-9" }] },
      effectiveDateTime: "2026-03-08T16:00:00+01:00",
      component: [
        { code: { coding: [{ code: "8480-6" }] }, valueQuantity: { value: 128, code: "mm[Hg]" } },
        { code: { coding: [{ code: "8462-4" }] }, valueQuantity: { value: 82, code: "mm[Hg]" } },
        { code: { coding: [{ code: "8867-4" }] }, valueQuantity: { value: 71, code: "/min" } },
      ],
    });
    expect(pressure).not.toHaveProperty("valueQuantity");
    // The categories find them too.
    const survey = await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&date=ge2026-03-08&category=survey`);
    expect(survey.entry.map((e) => e.resource.id)).toEqual(ids.slice(1, 4));
    const activity = await bundle(
      `/fhir/R4/Observation?patient=${grace.enrolmentId}&date=ge2026-03-08&category=activity`,
    );
    expect(activity.entry.map((e) => e.resource.id)).toEqual([ids[0]]);
    // They show on the calendar: without its permission they are left out.
    await changePermissions(t, nurse.id, { revoke: ["view_user_dashboard_calendar"] });
    expect((await bundle(`/fhir/R4/Observation?patient=${grace.enrolmentId}&date=ge2026-03-08`)).entry).toEqual([]);
  });

  it("exports the program in bulk: kick-off, status, NDJSON files counted against the database, cancel", async () => {
    const kickoff = `/fhir/R4/Group/${heart}/$export`;
    expect(outcome(await get(kickoff, lead.token)).diagnostics).toBe(messages.fhirPreferAsync);
    // The nurse has no permission to export identifiable data.
    expect((await get(kickoff, nurse.token, { prefer: "respond-async" })).statusCode).toBe(403);
    expect((await get(`/fhir/R4/Group/${lakeside}/$export`, lead.token, { prefer: "respond-async" })).statusCode).toBe(
      404,
    );
    const badType = await get(`${kickoff}?_type=Encounter`, lead.token, { prefer: "respond-async" });
    expect(outcome(badType).diagnostics).toBe(messages.fhirInvalidTypes("Encounter"));
    const accepted = await get(kickoff, lead.token, { prefer: "respond-async" });
    expect(accepted.statusCode).toBe(202);
    const status = String(accepted.headers["content-location"]);
    expect(status).toMatch(/^http:\/\/openpro\.test\/fhir\/R4\/bulk-export\/[0-9a-f-]{36}$/);
    const pending = await get(status, lead.token);
    expect(pending.statusCode).toBe(202);
    expect(pending.headers["x-progress"]).toBe("queued");
    // Someone else's export does not exist for them.
    expect((await get(status, nurse.token)).statusCode).toBe(404);

    await t.runJobs();
    const done = await get(status, lead.token);
    expect(done.statusCode).toBe(200);
    // The manifest is plain JSON (Bulk Data), not a FHIR resource.
    expect(done.headers["content-type"]).toContain("application/json");
    const manifest = done.json() as {
      requiresAccessToken: boolean;
      output: { type: string; url: string; count: number }[];
    };
    expect(manifest.requiresAccessToken).toBe(true);
    const files = new Map(manifest.output.map((o) => [o.type, o]));
    const count = async (table: "programPatients" | "medicationEvents" | "nurseVisitAppointments") =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("programId", "=", heart)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const observations = Number(
      (
        await t.ctx.db
          .selectFrom("patientLogs")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("programId", "=", heart)
          .where((eb) =>
            eb.or([
              eb("logClass", "in", [
                "SYMPTOMS",
                "TEMPERATURE",
                "WEIGHT",
                "SLEEP",
                "NUTRITION",
                "FEELING",
                "BLOOD_PRESSURE",
              ]),
              eb.and([eb("logClass", "=", "MOOD"), eb("value", "is not", null)]),
              eb.and([eb("logClass", "=", "ACTIVITY"), eb(eb.ref("data", "->>").key("activityType"), "=", "Steps")]),
            ]),
          )
          .executeTakeFirstOrThrow()
      ).n,
    );
    const expected: Record<string, number> = {
      Patient: await count("programPatients"),
      Observation: observations,
      MedicationAdministration: await count("medicationEvents"),
      Appointment: await count("nurseVisitAppointments"),
    };
    for (const [type, rows] of Object.entries(expected)) {
      const file = files.get(type);
      expect(file?.count, type).toBe(rows);
      const download = await get(file!.url, lead.token);
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toContain("application/fhir+ndjson");
      const lines = download.body
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Resource);
      expect(lines).toHaveLength(rows);
      for (const resource of lines) {
        expect(resource.resourceType).toBe(type);
        expect(fhirSchemaProblems(resource)).toEqual([]);
      }
    }
    expect(JSON.stringify([...files.keys()])).not.toContain("Lena");
    expect((await auditRows(t, "fhir.export.complete")).at(-1)).toMatchObject({
      actorUserId: lead.id,
      programId: heart,
    });
    expect((await auditRows(t, "fhir.export.download")).length).toBe(4);

    const cancel = await t.request({ method: "DELETE", url: new URL(status).pathname, token: lead.token });
    expect(cancel.statusCode).toBe(202);
    expect((await get(status, lead.token)).statusCode).toBe(404);
    expect((await get(files.get("Patient")!.url, lead.token)).statusCode).toBe(404);
  });
});
