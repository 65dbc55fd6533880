import { messages, type ResearchExport } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleoAndNiaOfHeart, graceAndAlan, lakesideWithLena, northbridgeHeart } from "../../../test/data-out.js";
import { bookGraceBloodTest } from "../../../test/northbridge.js";
import { insertLogs, insertMedicationEvent, insertTamoxifen } from "../../../test/patient-data.js";
import { auditRows } from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { readZip } from "./zip.js";

/**
 * A statistician exports a program anonymised, a clinical admin identifiable; the file is made by
 * the durable job and fetched when ready. A patient downloads everything held about them, and a
 * clinical admin produces the same zip for a patient who asks the program. Each story has its own
 * Northbridge Heart with Sam (statistician), Cleo and Nia, Grace (consented) and Alan (invited);
 * Lakeside with Lena and her pain log, out of their reach, is shared and never written.
 */
describe("data out: research exports and a patient's own data", () => {
  let t: TestApp;
  let lakeside: string;
  let lakeToken: string;
  let lenaId: string;

  const exportsUrl = (programId: string) => `/api/v1/admin/projects/${programId}/data-exports`;
  const start = (token: string, payload: Record<string, unknown>, programId: string) =>
    t.request({ method: "POST", url: exportsUrl(programId), token, payload });
  const status = (token: string, id: string, programId: string) =>
    t.request({ method: "GET", url: `${exportsUrl(programId)}/${id}`, token });
  const download = (token: string, id: string, programId: string) =>
    t.request({ method: "GET", url: `${exportsUrl(programId)}/${id}/file`, token });
  /** Starts an export, runs the job, and returns the ready export and its file's entries. */
  const exportOf = async (
    token: string,
    payload: { format: "csv" | "xlsx"; anonymised: boolean },
    programId: string,
  ) => {
    const started = await start(token, payload, programId);
    expect(started.statusCode).toBe(202);
    const queued = started.json() as ResearchExport;
    expect(queued).toMatchObject({ status: "queued", percent: 0, fileName: null });
    await t.runJobs();
    const done = (await status(token, queued.id, programId)).json() as ResearchExport;
    expect(done).toMatchObject({ status: "ready", percent: 100 });
    const file = await download(token, queued.id, programId);
    expect(file.statusCode).toBe(200);
    return { done, file, entries: readZip(file.rawPayload) };
  };
  const text = (entries: Map<string, Buffer>, name: string) => entries.get(name)?.toString("utf8") ?? "";
  const allText = (entries: Map<string, Buffer>) => [...entries.values()].map((b) => b.toString("utf8")).join("\n");

  let stories = 0;
  /** The story's own Northbridge Heart N with Sam, its statistician, Cleo and Nia; Grace consented in it and Alan invited. */
  const heartWithGraceAndAlan = async () => {
    const world = await northbridgeHeart(t, ++stories, {
      stats: ["sam", "life_sciences_team_member"],
      ...cleoAndNiaOfHeart,
    });
    return { ...world, ...(await graceAndAlan(t, world.heart, world.tok.clinical)) };
  };
  type World = Awaited<ReturnType<typeof heartWithGraceAndAlan>>;

  /**
   * Grace's records in Heart, one or more of every kind an export holds: a grade-3 nausea noted "Grace
   * felt sick" and a fatigue; a temperature, a weight and a day's steps; a Tamoxifen dose taken and one
   * skipped; an answered EQ-5D; a blood test Nia booked with Sister Okafor. Five logs in all.
   */
  const gracesRecords = async ({ heart, graceId, tok }: World) => {
    const grace = { programId: heart, patientId: graceId };
    await insertLogs(t, grace, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "NAUSEA", grade: 3, note: "Grace felt sick" },
      { logClass: "SYMPTOMS", at: "2026-03-03T09:00:00+00:00", logTypeId: "FATIGUE", grade: 1 },
      { logClass: "TEMPERATURE", at: "2026-03-02T08:35:00+00:00", value: 38.2, unit: "C" },
      { logClass: "WEIGHT", at: "2026-03-02T08:40:00+00:00", value: 64.5, unit: "kg" },
      {
        logClass: "ACTIVITY",
        at: "2026-03-02T18:00:00+00:00",
        data: { activityType: "Steps", steps: 4200, source: "APPLE_HEALTH" },
      },
    ]);
    const tamoxifen = await insertTamoxifen(t, grace);
    await insertMedicationEvent(t, grace, {
      medicationId: tamoxifen,
      status: "LOGGED",
      at: "2026-03-02T07:00:00+00:00",
    });
    await insertMedicationEvent(t, grace, {
      medicationId: tamoxifen,
      status: "SKIPPED",
      at: "2026-03-03T07:00:00+00:00",
      skipReason: "FORGOT",
    });
    // One answered EQ-5D (the global licensed type: item codes only) of a program schedule.
    const scheduleId = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });
    await insertQuestionnaireEvent(t, {
      programId: heart,
      patientId: graceId,
      scheduleId,
      questionnaireTypeId: EQ5D_TYPE_ID,
      occurrence: 1,
      dueDate: "2026-03-04",
      windowClosesAt: "2026-03-11T00:00:00Z",
      state: "COMPLETED",
      scores: [{ scale: "VAS", label: "Health today", kind: "vas", score: 70 }],
      answers: { MO: 2, VAS: 70 },
    });
    await bookGraceBloodTest(t, { heart, graceId, nurseToken: tok.nurse });
  };
  /** Heart N with Grace's records (gracesRecords). */
  const heartWithGracesRecords = async () => {
    const world = await heartWithGraceAndAlan();
    await gracesRecords(world);
    return world;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    ({ lakeside, lakeToken, lenaId } = await lakesideWithLena(t));
    await insertLogs(t, { programId: lakeside, patientId: lenaId }, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "PAIN", grade: 2 },
    ]);
  });

  afterAll(() => t.close());

  it("a statistician's anonymised XLSX holds every kind with stable headers and nothing that names Grace", async () => {
    const { heart, name, tok, graceId, graceEmail } = await heartWithGracesRecords();
    const { done, file, entries } = await exportOf(tok.stats, { format: "xlsx", anonymised: true }, heart);
    expect(file.headers["content-type"]).toContain("spreadsheetml.sheet");
    expect(file.headers["content-disposition"]).toMatch(
      new RegExp(`${name.replaceAll(" ", "-")}-anonymised-2026-03-09\\.xlsx"$`),
    );
    expect(Number(file.headers["content-length"])).toBe(done.byteSize);
    // Grace (consented): 1 participant + 2 symptoms + 3 measurements + 2 doses + 2 questionnaire passes + 1 appointment.
    expect(done).toMatchObject({ rowsDone: 11, rowsTotal: 11, anonymised: true, format: "xlsx" });
    const workbook = text(entries, "xl/workbook.xml");
    for (const kind of ["participants", "symptoms", "measurements", "medications", "questionnaire_answers"])
      expect(workbook).toContain(`name="${kind}"`);
    const participants = text(entries, "xl/worksheets/sheet1.xml");
    expect(participants).toMatch(/<row r="1">.*patient_key.*birth_year.*sex.*status/);
    expect(participants).toContain("<v>1961</v>");
    const everything = allText(entries);
    for (const identifying of ["Grace", "Hopper", graceEmail, "1961-04-12", graceId, "Sister Okafor", "felt sick"])
      expect(everything).not.toContain(identifying);
    // Alan never consented; Lena is another program's.
    expect(everything).not.toContain("Turing");
    expect(everything).not.toContain("PAIN");
    expect(text(entries, "xl/worksheets/sheet2.xml")).toContain("NAUSEA");
    expect(text(entries, "xl/worksheets/sheet6.xml")).toContain("<v>70</v>");
    expect((await auditRows(t, "research_export.start")).filter((r) => r.programId === heart)).toHaveLength(1);
    expect((await auditRows(t, "research_export.download")).filter((r) => r.programId === heart)).toHaveLength(1);
  });

  it("an identifiable CSV zip names the patient, keys rows the same way in every file, and keeps the notes", async () => {
    const { heart, tok, graceId, graceEmail } = await heartWithGracesRecords();
    const { entries } = await exportOf(tok.clinical, { format: "csv", anonymised: false }, heart);
    expect([...entries.keys()]).toEqual([
      "participants.csv",
      "symptoms.csv",
      "measurements.csv",
      "medications.csv",
      "questionnaire_answers.csv",
      "questionnaire_scores.csv",
      "appointments.csv",
    ]);
    const participants = text(entries, "participants.csv").trimEnd().split("\r\n");
    expect(participants[0]).toBe(
      "patient_key,user_id,first_name,last_name,email,patient_identifier_type,patient_identifier,date_of_birth,birth_year,sex,status,enrolled_with,enrolled_at,consent_date,consent_withdrawn_date",
    );
    expect(participants[1]).toContain(`,${graceId},Grace,Hopper,${graceEmail},`);
    const key = participants[1]!.split(",")[0]!;
    const symptoms = text(entries, "symptoms.csv").trimEnd().split("\r\n");
    expect(symptoms[1]).toBe(`${key},${graceId},2026-03-02T08:30:00.000Z,2026-03-02,0,NAUSEA,3,true,,Grace felt sick`);
    expect(text(entries, "measurements.csv")).toContain(",temperature,38.2,Cel,");
    expect(text(entries, "measurements.csv")).toMatch(/,activity,,,,,"\{[^\r\n]*""steps"":4200/);
    const doses = text(entries, "medications.csv");
    expect(doses).toContain(",Tamoxifen,20,mg,ONCE_DAILY,,taken,2026-03-02T07:00:00.000Z,");
    expect(doses).toContain(",skipped,2026-03-03T07:00:00.000Z,2026-03-03,FORGOT,");
    expect(text(entries, "questionnaire_answers.csv")).toContain(
      ",EQ5D,2026-03-04,COMPLETED,2026-03-04T10:05:00.000Z,MO,2",
    );
    expect(text(entries, "questionnaire_scores.csv")).toContain(",VAS,70");
    expect(text(entries, "appointments.csv")).toContain(
      ",BLOOD_TEST,2026-03-20,10:00,10:30,false,FACE_TO_FACE,SCHEDULED,Sister Okafor,",
    );
  });

  it("refuses what the permissions do not allow, and hides other programs and other people's exports", async () => {
    const { heart, tok } = await heartWithGraceAndAlan();
    // Sam exported Heart anonymised, Cleo identifiable; both files are ready.
    expect((await start(tok.stats, { format: "xlsx", anonymised: true }, heart)).statusCode).toBe(202);
    expect((await start(tok.clinical, { format: "csv", anonymised: false }, heart)).statusCode).toBe(202);
    await t.runJobs();
    const refusedBefore = (await auditRows(t, "permission.refused")).length;
    // A statistician holds the anonymised permission only; a nurse holds neither.
    const identifiable = await start(tok.stats, { format: "csv", anonymised: false }, heart);
    expect(identifiable.statusCode).toBe(403);
    expect((await start(tok.nurse, { format: "csv", anonymised: true }, heart)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: exportsUrl(heart), token: tok.nurse })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/user/data-export", token: tok.clinical })).statusCode).toBe(
      403,
    );
    expect((await auditRows(t, "permission.refused")).length - refusedBefore).toBeGreaterThanOrEqual(3);
    // Another organisation's program is not there for them.
    expect((await start(lakeToken, { format: "csv", anonymised: true }, heart)).statusCode).toBe(404);
    const mine = (await t.request({ method: "GET", url: exportsUrl(heart), token: tok.stats })).json() as {
      results: ResearchExport[];
    };
    expect(mine.results.map((e) => e.anonymised)).toEqual([true]);
    const theirs = mine.results[0]!.id;
    expect((await status(tok.clinical, theirs, heart)).statusCode).toBe(404);
    expect((await download(lakeToken, theirs, lakeside)).statusCode).toBe(404);
    expect((await download(tok.stats, theirs, lakeside)).statusCode).toBe(404);
    // Bad input names the field.
    const bad = await start(tok.stats, { format: "pdf", anonymised: true }, heart);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: "format", message: messages.exportFormatRequired }]);
  });

  it("a download before the file is ready is refused with a message, and shows progress meanwhile", async () => {
    const { heart, tok } = await heartWithGraceAndAlan();
    const queued = (await start(tok.stats, { format: "csv", anonymised: true }, heart)).json() as ResearchExport;
    const early = await download(tok.stats, queued.id, heart);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(messages.exportNotReady);
    await t.runJobs();
    expect(((await status(tok.stats, queued.id, heart)).json() as ResearchExport).status).toBe("ready");
  });

  it("a patient downloads a zip of everything held about them", async () => {
    const { heart, name, graceId, graceToken, graceEmail } = await heartWithGracesRecords();
    const response = await t.request({ method: "GET", url: "/api/v1/user/data-export", token: graceToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="my-data-2026-03-09.zip"');
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      "my-data.json",
      "profile.csv",
      "enrolments.csv",
      "status_history.csv",
      "logs.csv",
      "medications.csv",
      "medication_doses.csv",
      "questionnaire_answers.csv",
      "questionnaire_scores.csv",
      "appointments.csv",
      "notifications.csv",
      "export.csv",
    ]);
    const mine = JSON.parse(text(entries, "my-data.json"));
    expect(mine.profile).toMatchObject({ email: graceEmail, firstName: "Grace", dateOfBirth: "1961-04-12" });
    expect(mine.enrolments).toEqual([
      expect.objectContaining({ projectId: heart, projectName: name, status: "CONSENTED" }),
    ]);
    expect(mine.statusHistory.map((h: { status: string }) => h.status)).toContain("CONSENTED");
    expect(mine.logs).toHaveLength(5);
    expect(mine.medicationDoses.map((d: { status: string }) => d.status)).toEqual(["taken", "skipped"]);
    expect(mine.questionnaires[0]).toMatchObject({ code: "EQ5D", answers: { MO: 2, VAS: 70 } });
    expect(mine.appointments[0]).toMatchObject({ type: "BLOOD_TEST", date: "2026-03-20" });
    expect(text(entries, "logs.csv").split("\r\n")[0]).toBe(
      "projectId,kind,loggedAt,localDate,symptomCode,grade,value,unit,originalValue,originalUnit,details,note,reviewStatus,reviewReason,receivedAt",
    );
    expect(text(entries, "logs.csv")).toContain("Grace felt sick");
    expect(allText(entries)).not.toContain("PAIN"); // Lena's
    expect((await auditRows(t, "patient.data_export")).filter((r) => r.patientId === graceId)).toEqual([
      expect.objectContaining({ patientId: graceId, actorUserId: graceId, outcome: "success" }),
    ]);
  });

  it("a clinical admin produces the same zip for a patient of their program, and no other", async () => {
    const { heart, tok, graceId, graceEmail } = await heartWithGracesRecords();
    const url = (programId: string, userId: string) =>
      `/api/v1/admin/projects/${programId}/users/${userId}/data-export`;
    const response = await t.request({ method: "GET", url: url(heart, graceId), token: tok.clinical });
    expect(response.statusCode).toBe(200);
    const mine = JSON.parse(readZip(response.rawPayload).get("my-data.json")!.toString("utf8"));
    expect(mine.profile.email).toBe(graceEmail);
    expect(mine.logs).toHaveLength(5);
    expect((await t.request({ method: "GET", url: url(heart, graceId), token: tok.stats })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: url(heart, lenaId), token: tok.clinical })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: url(lakeside, lenaId), token: tok.clinical })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: url(heart, graceId), token: lakeToken })).statusCode).toBe(404);
    const audited = (await auditRows(t, "patient.data_export")).filter((r) => r.patientId === graceId);
    expect(audited.at(-1)).toMatchObject({ programId: heart, patientId: graceId, outcome: "success" });
  });
});
