import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleoAndNiaOfHeart, graceAndAlan, lakesideWithLena, northbridgeHeart } from "../../../test/data-out.js";
import { bookGraceBloodTest } from "../../../test/northbridge.js";
import { insertLogs, insertMedicationEvent, insertTamoxifen } from "../../../test/patient-data.js";
import { addPatient, auditRows, listPatients, newPatient, setProgram } from "../../../test/patients.js";
import { insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import { insertProgram } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { verifyAuditChain } from "../../platform/audit/verify.js";
import { readZip } from "../exports/zip.js";
import { fhirSchemaProblems } from "../fhir/fhir-schema.js";

/**
 * A patient asks the program to erase their data. While the program runs the clinical admin is
 * told to answer by withdrawal; once there is no legal ground (or the retention is over, or the
 * patient never consented) the erasure clears what names the person and keeps the clinical rows.
 * Each story has its own Northbridge Heart with Cleo and Nia, Grace (consented) and Alan (invited);
 * Lakeside with Lena, out of their reach, is shared and never written.
 */
describe("erasure of a patient's personal data", () => {
  let t: TestApp;
  let lakeside: string;
  let lakeToken: string;
  let lenaId: string;

  const url = (programId: string, userId: string) => `/api/v1/admin/projects/${programId}/users/${userId}/erasure`;
  const erase = (token: string, programId: string, userId: string, payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: url(programId, userId), token, payload });
  const status = (token: string, programId: string, userId: string) =>
    t.request({ method: "GET", url: url(programId, userId), token });
  const enrolment = (programId: string, userId: string) =>
    t.ctx.db
      .selectFrom("programPatients")
      .selectAll()
      .where("programId", "=", programId)
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();

  let stories = 0;
  /** The story's own Northbridge Heart N with Cleo and Nia, Grace consented in it and Alan invited. */
  const heartWithGraceAndAlan = async () => {
    const world = await northbridgeHeart(t, ++stories, cleoAndNiaOfHeart);
    return { ...world, ...(await graceAndAlan(t, world.heart, world.tok.clinical)) };
  };
  type World = Awaited<ReturnType<typeof heartWithGraceAndAlan>>;

  /**
   * What Grace has in Heart that may name her or others: her postcode and cancer (on each of her
   * enrolments), a grade-3 nausea noted "Grace felt sick at Tom's" and a temperature, a Tamoxifen dose
   * "Taken with Tom", a custom questionnaire answered 7 and in free text, and a blood test Nia booked,
   * noted "Grace's daughter drives her".
   */
  const gracesRecords = async ({ heart, graceId, tok }: World) => {
    await t.ctx.db
      .updateTable("programPatients")
      .set({
        postcode: "NB1 2HX",
        cancerTypes: JSON.stringify([{ cancerType: "Breast", diagnosisDate: "2025-11-02" }]),
      })
      .where("userId", "=", graceId)
      .execute();

    const grace = { programId: heart, patientId: graceId };
    await insertLogs(t, grace, [
      {
        logClass: "SYMPTOMS",
        at: "2026-03-02T08:30:00+00:00",
        logTypeId: "NAUSEA",
        grade: 3,
        note: "Grace felt sick at Tom's",
      },
      { logClass: "TEMPERATURE", at: "2026-03-02T08:35:00+00:00", value: 38.2, unit: "C" },
    ]);
    const tamoxifen = await insertTamoxifen(t, grace);
    await insertMedicationEvent(t, grace, {
      medicationId: tamoxifen,
      status: "LOGGED",
      at: "2026-03-02T07:00:00+00:00",
      notes: "Taken with Tom",
    });
    // A custom questionnaire with a free-text question and a choice, answered.
    const custom = await t.ctx.db
      .insertInto("questionnaireTypes")
      .values({
        programId: heart,
        kind: "custom",
        code: null,
        name: "How was clinic?",
        specification: JSON.stringify({
          questions: [
            { id: "q1", index: 0, title: "Rate it", type: "range", data: { min: 0, max: 10 } },
            { id: "q2", index: 1, title: "Tell us more", type: "freeText", data: {} },
          ],
        }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const scheduleId = await insertProgramSchedule(t, {
      programId: heart,
      questionnaireTypeId: custom.id,
      name: "How was clinic?",
      kind: "questionnaire",
    });
    await insertQuestionnaireEvent(t, {
      programId: heart,
      patientId: graceId,
      scheduleId,
      questionnaireTypeId: custom.id,
      occurrence: 1,
      dueDate: "2026-03-04",
      windowClosesAt: "2026-03-11T00:00:00Z",
      state: "COMPLETED",
      answers: { q1: 7, q2: "Dr Patel was kind to me and my husband Tom" },
    });
    await bookGraceBloodTest(t, { heart, graceId, nurseToken: tok.nurse });
    await t.ctx.db
      .updateTable("nurseVisitAppointments")
      .set({ notes: "Grace's daughter drives her" })
      .where("patientId", "=", graceId)
      .execute();
  };

  /**
   * Grace also took part in an earlier program of the same organisation, "Northbridge Archive N": she
   * consented there on 10 January 2019, gave it her birth date and sex, and logged a fatigue noted
   * "Archive note". Its id.
   */
  const graceInArchive = async ({ northbridge, tok, graceId, graceEmail }: World) => {
    const archive = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Archive ${stories}` });
    expect(
      (
        await addPatient(
          t,
          tok.clinical,
          newPatient(archive, { firstName: "Grace", lastName: "Hopper", email: graceEmail }),
        )
      ).statusCode,
    ).toBe(201);
    await t.ctx.db
      .updateTable("programPatients")
      .set({
        status: "CONSENTED",
        consentGiven: true,
        dateConsentGiven: new Date("2019-01-10T10:00:00Z"),
        inviteAcceptedAt: new Date("2019-01-10T10:00:00Z"),
        // What she gave the archive program when she consented (the enrolment's, migration 0019).
        dob: "1961-04-12",
        sex: "female",
      })
      .where("programId", "=", archive)
      .execute();
    await insertLogs(t, { programId: archive, patientId: graceId }, [
      { logClass: "SYMPTOMS", at: "2026-03-02T08:30:00+00:00", logTypeId: "FATIGUE", grade: 1, note: "Archive note" },
    ]);
    return archive;
  };

  /** Cleo erased Grace from the running Heart as there was no legal ground (answered 200). */
  const graceErased = async ({ heart, graceId, tok }: World) => {
    const erased = await erase(tok.clinical, heart, graceId, { reason: "no_legal_ground", confirm: true });
    expect(erased.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    ({ lakeside, lakeToken, lenaId } = await lakesideWithLena(t));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("refuses staff without the permission (403) and another program's patient or program (404)", async () => {
    const { heart, tok, graceId } = await heartWithGraceAndAlan();
    const body = { reason: "no_legal_ground", confirm: true };
    expect((await erase(tok.nurse, heart, graceId, body)).statusCode).toBe(403);
    expect((await status(tok.nurse, heart, graceId)).statusCode).toBe(403);
    // Lakeside's admin cannot reach Northbridge; Cleo cannot reach Lena (another program).
    expect((await erase(lakeToken, heart, graceId, body)).statusCode).toBe(404);
    expect((await erase(tok.clinical, heart, lenaId, body)).statusCode).toBe(404);
    expect((await erase(tok.clinical, lakeside, lenaId, body)).statusCode).toBe(404);
    expect((await status(lakeToken, heart, graceId)).statusCode).toBe(404);
    // Nothing was touched.
    expect((await enrolment(heart, graceId)).erasedAt).toBeNull();
    expect((await enrolment(lakeside, lenaId)).firstName).toBe("Lena");
  });

  it("asks for a reason and an explicit confirmation, in words", async () => {
    const { heart, tok, graceId } = await heartWithGraceAndAlan();
    const noConfirm = await erase(tok.clinical, heart, graceId, { reason: "patient_request" });
    expect(noConfirm.statusCode).toBe(422);
    expect(noConfirm.json().errors).toContainEqual({ field: "confirm", message: messages.erasureConfirmRequired });
    const noReason = await erase(tok.clinical, heart, graceId, { reason: "because", confirm: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toContainEqual({ field: "reason", message: messages.erasureReasonRequired });
  });

  it("answers a consented patient's request by withdrawal while the program runs (409), and audits the refusal", async () => {
    const { heart, tok, graceId } = await heartWithGraceAndAlan();
    const shown = await status(tok.clinical, heart, graceId);
    expect(shown.json()).toMatchObject({
      erased: false,
      allowedOnRequest: false,
      refusal: messages.erasureRefusedProgramRunning,
    });
    const refused = await erase(tok.clinical, heart, graceId, { reason: "patient_request", confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.erasureRefusedProgramRunning);
    expect(refused.json().message).toContain("Retract consent");
    expect((await enrolment(heart, graceId)).firstName).toBe("Grace");
    expect(await auditRows(t, "patient.erasure_refused")).toContainEqual(
      expect.objectContaining({ programId: heart, patientId: graceId, outcome: "refused" }),
    );
  });

  it("keeps an ended program's data through its retention, then erases on request", async () => {
    const world = await heartWithGraceAndAlan();
    const archive = await graceInArchive(world);
    await gracesRecords(world);
    const { heart, tok, graceId, graceEmail } = world;
    await setProgram(t, archive, { endedAt: new Date("2020-06-30T12:00:00Z") });
    const during = await erase(tok.clinical, archive, graceId, { reason: "patient_request", confirm: true });
    expect(during.statusCode).toBe(409);
    expect(during.json().message).toBe(messages.erasureRefusedRetention("2045-06-30"));
    await t.ctx.db.updateTable("programs").set({ retentionYears: 5 }).where("id", "=", archive).execute();
    const after = await erase(tok.clinical, archive, graceId, { reason: "patient_request", confirm: true });
    expect(after.statusCode).toBe(200);
    // Grace still takes part in Northbridge Heart: her account stays open.
    expect(after.json()).toMatchObject({ ground: "retention_over", accountClosed: false });
    const archived = await enrolment(archive, graceId);
    expect(archived).toMatchObject({
      firstName: messages.erasedPatientName,
      lastName: "",
      patientId: null,
      birthYear: 1961,
    });
    const account = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", graceId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: graceEmail, firstName: "Grace" });
    // Only the archive's notes went.
    const notes = await t.ctx.db
      .selectFrom("patientLogs")
      .select(["programId", "note"])
      .where("patientId", "=", graceId)
      .execute();
    expect(notes.find((n) => n.programId === archive)?.note).toBeNull();
    expect(notes.find((n) => n.programId === heart && n.note)?.note).toBe("Grace felt sick at Tom's");
  });

  it("erases when there is no legal ground: clears what names Grace, closes her account, keeps her clinical rows", async () => {
    const world = await heartWithGraceAndAlan();
    await gracesRecords(world);
    const { heart, tok, graceId, graceToken, graceEmail } = world;
    const clinicalBefore = await t.ctx.db
      .selectFrom("patientLogs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("programId", "=", heart)
      .where("patientId", "=", graceId)
      .executeTakeFirstOrThrow();
    const myPrograms = () => t.request({ method: "GET", url: "/api/v1/user/projects", token: graceToken });
    expect((await myPrograms()).statusCode).toBe(200);
    const erased = await erase(tok.clinical, heart, graceId, { reason: "no_legal_ground", confirm: true });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      message: messages.patientErased,
      ground: "no_legal_ground",
      accountClosed: true,
      erasedAt: "2026-03-09T12:00:00.000Z",
    });

    const row = await enrolment(heart, graceId);
    expect(row).toMatchObject({
      firstName: "Erased patient",
      lastName: "",
      inviteEmail: "",
      consentedEmail: null,
      patientId: null,
      patientIdType: null,
      postcode: null,
      cancerTypes: [],
      birthYear: 1961,
      erasureGround: "no_legal_ground",
      // Nothing new is collected from an erased patient of a running program.
      status: "CONSENT_WITHDRAWN",
    });
    const account = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", graceId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ firstName: "Erased patient", lastName: "", passwordHash: null, dob: null });
    expect(account.email).not.toContain("grace");
    // Free text: log, dose and appointment notes and the free-text answer; the other answer stays.
    const db = t.ctx.db;
    expect(
      await db
        .selectFrom("patientLogs")
        .select("note")
        .where("patientId", "=", graceId)
        .where("note", "is not", null)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("medicationEvents")
        .select("notes")
        .where("patientId", "=", graceId)
        .where("notes", "is not", null)
        .execute(),
    ).toEqual([]);
    const visit = await db
      .selectFrom("nurseVisitAppointments")
      .selectAll()
      .where("patientId", "=", graceId)
      .executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ notes: null, appointmentType: "BLOOD_TEST" });
    const answers = await db
      .selectFrom("questionnaireAnswers")
      .select(["questionId", "value"])
      .where("patientId", "=", graceId)
      .orderBy("questionId")
      .execute();
    expect(answers).toEqual([
      { questionId: "q1", value: 7 },
      { questionId: "q2", value: null },
    ]);
    // The clinical rows stay.
    const clinicalAfter = await db
      .selectFrom("patientLogs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("programId", "=", heart)
      .where("patientId", "=", graceId)
      .executeTakeFirstOrThrow();
    expect(Number(clinicalAfter.n)).toBe(Number(clinicalBefore.n));
    // Her sessions are over, her mails and codes gone.
    expect((await myPrograms()).statusCode).toBe(401);
    expect(await t.mailsTo(graceEmail)).toEqual([]);
    expect(await db.selectFrom("oneTimeCodes").select("id").where("userId", "=", graceId).execute()).toEqual([]);
    // Audited with the reason, and the audit chain still verifies.
    const audit = await db
      .selectFrom("auditLog")
      .select(["actorUserId", "programId", "patientId", "details"])
      .where("action", "=", "patient.erased")
      .where("programId", "=", heart)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      reason: "no_legal_ground",
      ground: "no_legal_ground",
      accountClosed: true,
    });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, broken: null });
  });

  it("answers a second call the same, without a second audit row", async () => {
    const world = await heartWithGraceAndAlan();
    await graceErased(world);
    const { heart, tok, graceId } = world;
    const again = await erase(tok.clinical, heart, graceId, { reason: "patient_request", confirm: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      ground: "no_legal_ground",
      erasedAt: "2026-03-09T12:00:00.000Z",
      accountClosed: true,
    });
    expect((await auditRows(t, "patient.erased")).filter((r) => r.programId === heart)).toHaveLength(1);
    expect((await status(tok.clinical, heart, graceId)).json()).toMatchObject({
      erased: true,
      ground: "no_legal_ground",
    });
  });

  it("shows Erased patient in the list, the header, exports and FHIR", async () => {
    const world = await heartWithGraceAndAlan();
    await gracesRecords(world);
    await graceErased(world);
    const { heart, tok, graceId, graceEmail } = world;
    const list = await listPatients(t, tok.clinical, heart);
    const names = (list.json().results as { id: string; firstName: string; lastName: string }[]).map((r) =>
      `${r.firstName} ${r.lastName}`.trim(),
    );
    expect(names).toContain("Erased patient");
    expect(names.join()).not.toContain("Grace");
    const header = await t.request({
      method: "GET",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: tok.clinical,
    });
    expect(header.json()).toMatchObject({ firstName: "Erased patient", lastName: "", patientId: null, dob: null });

    const started = await t.request({
      method: "POST",
      url: `/api/v1/admin/projects/${heart}/data-exports`,
      token: tok.clinical,
      payload: { format: "csv", anonymised: false },
    });
    expect(started.statusCode).toBe(202);
    await t.runJobs();
    const file = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${heart}/data-exports/${started.json().id}/file`,
      token: tok.clinical,
    });
    const entries = readZip(file.rawPayload);
    const participants = entries.get("participants.csv")!.toString("utf8").split("\r\n");
    const graceLine = participants.find((line) => line.includes(graceId))!;
    expect(graceLine).toContain("Erased patient");
    expect(graceLine).toContain(",1961,");
    expect(graceLine).not.toContain("1961-04-12");
    const everything = [...entries.values()].map((b) => b.toString("utf8")).join("\n");
    for (const gone of ["Grace", "Hopper", graceEmail, "943 476 5919", "Tom"]) expect(everything).not.toContain(gone);

    const patient = await t.request({ method: "GET", url: `/fhir/R4/Patient?_count=50`, token: tok.clinical });
    const resources = (patient.json().entry as { resource: Record<string, unknown> }[]).map((e) => e.resource);
    const erasedOne = resources.find((r) => r.birthDate === "1961")!;
    expect(erasedOne).toBeDefined();
    expect(erasedOne).not.toHaveProperty("name");
    expect(erasedOne).not.toHaveProperty("telecom");
    expect(erasedOne).not.toHaveProperty("identifier");
    expect(fhirSchemaProblems(erasedOne)).toEqual([]);
    expect(JSON.stringify(patient.json())).not.toContain("Hopper");
  });

  it("erases someone who never consented on request, whatever the program's state", async () => {
    const { heart, tok, alanId, alanEmail } = await heartWithGraceAndAlan();
    const shown = await status(tok.clinical, heart, alanId);
    expect(shown.json()).toMatchObject({ erased: false, allowedOnRequest: true, refusal: null });
    // Two clicks at once erase once.
    const [erased, twice] = await Promise.all([
      erase(tok.clinical, heart, alanId, { reason: "patient_request", confirm: true }),
      erase(tok.clinical, heart, alanId, { reason: "patient_request", confirm: true }),
    ]);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ ground: "never_consented", accountClosed: true });
    expect(twice.json()).toEqual(erased.json());
    expect((await auditRows(t, "patient.erased")).filter((r) => r.patientId === alanId)).toHaveLength(1);
    expect(
      await t.ctx.db
        .selectFrom("patientInvites")
        .select("id")
        .where("enrolmentId", "=", (await enrolment(heart, alanId)).id)
        .execute(),
    ).toEqual([]);
    expect(await t.mailsTo(alanEmail)).toEqual([]);
    expect((await enrolment(heart, alanId)).status).toBe("INVITE_SENT");
  });
});
