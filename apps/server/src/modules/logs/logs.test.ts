import { randomUUID } from "node:crypto";
import { type ctcaeCatalogue, logItemSchema, messages, symptomGradeLabels } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tamoxifenFromApp } from "../../../test/app-uploads.js";
import { fieldErrors } from "../../../test/factories.js";
import { lakesideWithOmar } from "../../../test/outsiders.js";
import {
  acceptInvite,
  addPatient,
  giveConsent,
  newPatient,
  patientLogin,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";
const FATIGUE = "10016256";
const HEADACHE = "10019211";

describe("patients send their logs from the app and the care team acknowledges them", () => {
  let t: TestApp;
  /** Lakeside, another hospital, with its nurse Omar: no story writes there. */
  let lakeside: string;
  let outsiderEmail: string;
  let programs = 0;

  const severeCount = async (programId: string, patient: string) =>
    (
      await t.ctx.db
        .selectFrom("programPatients")
        .select("severeSymptomsCount")
        .where("programId", "=", programId)
        .where("userId", "=", patient)
        .executeTakeFirstOrThrow()
    ).severeSymptomsCount;
  /** A program's audit rows of an action, oldest first: who did it, where, about whom, and its details. */
  const programAudit = (action: string, programId: string) =>
    t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "programId", "patientId", "details"])
      .where("action", "=", action)
      .where("programId", "=", programId)
      .orderBy("chainPosition")
      .execute();
  const logRow = (logId: string) =>
    t.ctx.db.selectFrom("patientLogs").selectAll().where("id", "=", logId).executeTakeFirstOrThrow();
  const symptom = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    logClass: "SYMPTOMS",
    date: "2026-03-03T08:15:00+01:00",
    logTypeId: NAUSEA,
    grade: 1,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ programId: lakeside, omarEmail: outsiderEmail } = await lakesideWithOmar(t, "clinician_team_member"));
  });
  afterAll(() => t.close());

  type Patient = "grace" | "alan" | "wendy" | "clara";
  /**
   * Each story's world: a hospital of its own with two programs ("Northbridge Heart 3", "Northbridge
   * Lung 3") and its nurse Nia. The patients the story names join on 2 March 2026 at 09:00 UTC: Grace
   * consents to Heart, Alan only signs up to it, Wendy consents and withdraws, Clara consents to Lung.
   * Two days later, at noon on 4 March, they open the app (signed in again).
   */
  const northbridgeWith = async (patients: readonly Patient[] = ["grace"]) => {
    t.clock.set("2026-03-02T09:00:00Z");
    const n = ++programs;
    const domain = uniqueMailDomain();
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lung = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Lung ${n}` });
    const nurseEmail = `nia@${domain}`;
    const nurse = await organisationStaff(t, northbridge, { email: nurseEmail, role: "clinician_team_member" });
    const token: Partial<Record<Patient, string>> = {};
    const userId: Partial<Record<Patient, string>> = {};
    for (const name of patients) {
      const programId = name === "clara" ? lung : heart;
      const email = `${name}@${domain}`;
      const added = await addPatient(t, nurse.token, newPatient(programId, { firstName: name, email }));
      expect(added.statusCode).toBe(201);
      token[name] = await acceptInvite(t, email);
      userId[name] = await userIdOf(t, email);
      if (name !== "alan") expect((await giveConsent(t, token[name]!, programId)).statusCode).toBe(200);
      if (name === "wendy") expect((await giveConsent(t, token.wendy!, heart, false)).statusCode).toBe(200);
    }
    t.clock.set("2026-03-04T12:00:00Z");
    for (const name of patients) {
      const response = await patientLogin(t, `${name}@${domain}`);
      expect(response.statusCode).toBe(200);
      token[name] = response.json().accessToken;
    }
    nurse.token = (await signIn(t, nurseEmail)).accessToken;
    return {
      heart,
      lung,
      nurse,
      token: token as Record<Patient, string>,
      userId: userId as Record<Patient, string>,
      /** The app's calls, to Heart unless told. */
      upload: (who: string, logs: unknown, programId = heart) =>
        t.request({ method: "POST", url: `/api/v1/user/projects/${programId}/logs`, token: who, payload: { logs } }),
      uploadMedications: (who: string, medications: unknown, programId = heart) =>
        t.request({
          method: "POST",
          url: `/api/v1/user/projects/${programId}/medications`,
          token: who,
          payload: { medications },
        }),
      uploadEvents: (who: string, events: unknown, programId = heart) =>
        t.request({
          method: "POST",
          url: `/api/v1/user/projects/${programId}/medication-events`,
          token: who,
          payload: { events },
        }),
      /** The care team's acknowledgement or invalidation of a log. */
      validate: (who: string, logId: string, payload: unknown, programId = heart, method: "POST" | "PATCH" = "POST") =>
        t.request({
          method,
          url: `/api/v1/logs/${logId}/validate/${programId}`,
          token: who,
          payload: payload as object,
        }),
      /** An analyst of the hospital (life sciences), signed in. */
      analyst: () => organisationStaff(t, northbridge, { email: `lena@${domain}`, role: "life_sciences_team_member" }),
      /** The logs of this hospital's programs. */
      logCount: async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom("patientLogs")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("programId", "in", [heart, lung])
              .executeTakeFirstOrThrow()
          ).n,
        ),
    };
  };
  type World = Awaited<ReturnType<typeof northbridgeWith>>;

  /**
   * Grace's first batch: one log of each kind, in the units and zones her phone used (a grade-3 nausea
   * with a note, 100.4 °F, 154 lb in New York's evening, steps, sleep, mood, blood pressure, fatigue).
   */
  const withFirstBatch = async (w: World) => {
    const batch: Record<string, unknown>[] = [
      symptom({ grade: 3, note: "Worse after breakfast" }),
      { clientId: randomUUID(), logClass: "TEMPERATURE", date: "2026-03-03T21:00:00+01:00", value: 100.4, unit: "F" },
      // Late evening in New York is already the next day in UTC: the patient's own day counts.
      { clientId: randomUUID(), logClass: "WEIGHT", date: "2026-03-03T23:30:00-05:00", value: 154, unit: "lb" },
      {
        clientId: randomUUID(),
        logClass: "ACTIVITY",
        date: "2026-03-03T18:00:00Z",
        activityType: "Steps",
        steps: 6500,
        source: "APPLE_HEALTH",
      },
      { clientId: randomUUID(), logClass: "SLEEP", date: "2026-03-04T07:00:00+0000", hours: 7.5 },
      { clientId: randomUUID(), logClass: "MOOD", date: "2026-03-04T07:05:00Z", value: 4 },
      {
        clientId: randomUUID(),
        logClass: "BLOOD_PRESSURE",
        date: "2026-03-04T07:10:00Z",
        systolic: 128,
        diastolic: 82,
        pulse: 70,
      },
      symptom({ logTypeId: FATIGUE, grade: 2, date: "2026-03-04T11:00:00Z" }),
    ];
    const response = await w.upload(w.token.grace, batch);
    expect(response.statusCode).toBe(200);
    return { batch, firstAnswer: response.json().results as { clientId: string; logId: string; status: string }[] };
  };

  /** Grace's Tamoxifen (once daily) and Ondansetron (as needed), listed from 2 March. */
  const tamoxifenAndOndansetron = (tamoxifen: string, ondansetron: string) => [
    tamoxifenFromApp(tamoxifen),
    {
      clientId: ondansetron,
      name: "Ondansetron",
      frequency: "AS_NEEDED",
      snomedId: "372487007",
      startDate: "2026-03-02",
    },
  ];

  /**
   * Grace's first batch (its grade-3 nausea open), then three symptoms on 4 March: a grade-4 headache
   * (danger), a grade-1 headache (mild) and a grade-3 nausea (otherDanger).
   */
  const withDangerLogs = async (w: World) => {
    await withFirstBatch(w);
    const response = await w.upload(w.token.grace, [
      symptom({ logTypeId: HEADACHE, grade: 4, date: "2026-03-04T10:00:00Z" }),
      symptom({ logTypeId: HEADACHE, grade: 1, date: "2026-03-04T10:05:00Z" }),
      symptom({ logTypeId: NAUSEA, grade: 3, date: "2026-03-04T10:10:00Z" }),
    ]);
    const [danger, mild, otherDanger] = response.json().results.map((r: { logId: string }) => r.logId) as string[];
    return { danger: danger!, mild: mild!, otherDanger: otherDanger! };
  };

  describe("the symptom catalogue", () => {
    it("serves at least 40 CTCAE v5.0 terms to staff and patients, with grades 0–4 and danger from grade 3", async () => {
      const { nurse, token } = await northbridgeWith(["grace"]);
      for (const who of [nurse.token, token.grace]) {
        const response = await t.request({ method: "GET", url: "/api/v1/logs/types", token: who });
        expect(response.statusCode).toBe(200);
        const { results } = response.json() as { results: typeof ctcaeCatalogue };
        expect(results.length).toBeGreaterThanOrEqual(40);
        expect(new Set(results.map((r) => r.logTypeId)).size).toBe(results.length);
        expect(new Set(results.map((r) => r.name)).size).toBe(results.length);
        const nausea = results.find((r) => r.name === "Nausea")!;
        expect(nausea).toMatchObject({
          logTypeId: NAUSEA,
          identifier: NAUSEA,
          ctcaeVersion: "5.0",
          category: "Gastrointestinal disorders",
        });
        expect(nausea.levels.map((l) => l.label)).toEqual([...symptomGradeLabels]);
        expect(nausea.levels.map((l) => l.isDanger)).toEqual([false, false, false, true, true]);
        for (const term of results) expect(term.identifier).toMatch(/^100\d{5}$/);
      }
      expect((await t.request({ method: "GET", url: "/api/v1/logs/types" })).statusCode).toBe(401);
    });

    it("documents the app's endpoints in the OpenAPI reference", async () => {
      const response = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json().paths);
      for (const path of [
        "/api/v1/user/projects/{projectId}/logs",
        "/api/v1/user/projects/{projectId}/medications",
        "/api/v1/user/projects/{projectId}/medication-events",
        "/api/v1/logs/types",
        "/api/v1/logs/{logId}/validate/{projectId}",
      ]) {
        expect(paths).toContain(path);
      }
    });
  });

  describe("uploading logs", () => {
    it("stores a batch in canonical units, keeping what the patient typed and their calendar day", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, userId } = w;
      const { batch, firstAnswer } = await withFirstBatch(w);
      expect(firstAnswer).toHaveLength(batch.length);
      expect(firstAnswer.map((r) => r.status)).toEqual(batch.map(() => "created"));
      expect(firstAnswer.map((r) => r.clientId)).toEqual(batch.map((b) => b.clientId));

      const [nausea, temperature, weight, activity, sleep] = await Promise.all(
        firstAnswer.slice(0, 5).map((r) => logRow(r.logId)),
      );
      expect(nausea).toMatchObject({
        programId: heart,
        patientId: userId.grace,
        logClass: "SYMPTOMS",
        logTypeId: NAUSEA,
        grade: 3,
        isDanger: true,
        localDate: "2026-03-03",
        utcOffsetMinutes: 60,
        note: "Worse after breakfast",
        validationStatus: null,
      });
      expect(new Date(nausea!.loggedAt).toISOString()).toBe("2026-03-03T07:15:00.000Z");
      expect(temperature).toMatchObject({ value: 38, unit: "C", originalValue: 100.4, originalUnit: "F" });
      expect(weight).toMatchObject({
        value: 70,
        unit: "kg",
        originalValue: 154,
        originalUnit: "lb",
        localDate: "2026-03-03",
        utcOffsetMinutes: -300,
      });
      expect(activity).toMatchObject({ value: 6500, unit: "steps" });
      expect(activity!.data).toEqual({ activityType: "Steps", source: "APPLE_HEALTH", steps: 6500 });
      expect(sleep).toMatchObject({ value: 7.5, unit: "h", utcOffsetMinutes: 0 });
      // One open danger log: the participant list's counter shows it.
      expect(await severeCount(heart, userId.grace!)).toBe(1);
      expect(await programAudit("logs.upload", heart)).toEqual([
        {
          actorUserId: userId.grace,
          programId: heart,
          patientId: userId.grace,
          details: { received: batch.length, created: batch.length, duplicates: 0 },
        },
      ]);
    });

    it("answers a retried batch with the same ids and creates nothing", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, token, userId, logCount, upload } = w;
      const { batch, firstAnswer } = await withFirstBatch(w);
      const before = await logCount();
      const retry = await upload(token.grace!, batch);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().results).toEqual(firstAnswer.map((r) => ({ ...r, status: "duplicate" })));
      const again = await upload(token.grace!, batch);
      expect(again.json()).toEqual(retry.json());
      expect(await logCount()).toBe(before);
      expect(await severeCount(heart, userId.grace!)).toBe(1);

      // A batch that is half old, half new: only the new half is written.
      const fresh = symptom({ logTypeId: HEADACHE, grade: 1 });
      const mixed = await upload(token.grace!, [batch[0], fresh]);
      expect(mixed.json().results).toEqual([
        { ...firstAnswer[0], status: "duplicate" },
        { clientId: fresh.clientId, logId: expect.any(String), status: "created" },
      ]);
      expect(await logCount()).toBe(before + 1);
      // Each upload audited with what it wrote: the two retries nothing, the mixed one one log.
      const audited = await programAudit("logs.upload", heart);
      expect(audited.slice(-3).map((row) => row.details)).toEqual([
        { received: batch.length, created: 0, duplicates: batch.length },
        { received: batch.length, created: 0, duplicates: batch.length },
        { received: 2, created: 1, duplicates: 1 },
      ]);
    });

    it("refuses malformed items with a human message on logs.<i>.<field>, writing nothing", async () => {
      const { heart, token, logCount, upload } = await northbridgeWith(["grace"]);
      const before = await logCount();
      const response = await upload(token.grace!, [
        symptom({ grade: 7 }),
        symptom({ logClass: "SNEEZES" }),
        { clientId: randomUUID(), logClass: "SYMPTOMS", date: "2026-03-03T08:15:00Z" },
        { clientId: randomUUID(), logClass: "TEMPERATURE", date: "2026-03-03T08:15:00Z", value: 37, unit: "K" },
        symptom({ date: "yesterday" }),
        "nausea",
        symptom({ clientId: "not-a-uuid" }),
        symptom({ colour: "green" }),
        { clientId: randomUUID(), logClass: "WEIGHT", date: "2026-03-03T08:15:00Z", value: "heavy", unit: "kg" },
        { clientId: randomUUID(), date: "2026-03-03T08:15:00Z", value: 3 },
      ]);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)).toEqual([
        { field: "logs.0.grade", message: messages.logGradeInvalid },
        { field: "logs.1.logClass", message: messages.logClassInvalid },
        { field: "logs.2.logTypeId", message: messages.logTypeUnknown },
        { field: "logs.2.grade", message: messages.logGradeInvalid },
        { field: "logs.3.unit", message: messages.logUnitInvalid },
        { field: "logs.4.date", message: messages.logDateInvalid },
        { field: "logs.5", message: messages.logClassInvalid },
        { field: "logs.6.clientId", message: messages.logClientIdInvalid },
        { field: "logs.7.colour", message: messages.unknownField("colour") },
        { field: "logs.8.value", message: messages.logValueInvalid },
        { field: "logs.9.logClass", message: messages.logClassInvalid },
      ]);
      // Zod's own wording never reaches the app.
      expect(response.body).not.toMatch(/Invalid input|expected|received/i);
      expect(await logCount()).toBe(before);

      for (const body of [{}, { logs: "all of them" }, "logs", [1, 2], null, { logs: [] }]) {
        const bad = await t.request({
          method: "POST",
          url: `/api/v1/user/projects/${heart}/logs`,
          token: token.grace,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        expect(bad.statusCode).toBe(422);
        expect(bad.body).not.toMatch(/Invalid input|expected|received/i);
      }
      const tooMany = await upload(
        token.grace!,
        Array.from({ length: 501 }, () => symptom()),
      );
      expect(tooMany.statusCode).toBe(422);
      expect(fieldErrors(tooMany)).toEqual([{ field: "logs", message: messages.logBatchSize }]);
      expect(await logCount()).toBe(before);
    });

    it("refuses items the rules reject (time, consent, catalogue, plausibility, notes), all at once", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, token, logCount, upload } = w;
      const { batch, firstAnswer } = await withFirstBatch(w);
      await t.ctx.db
        .updateTable("programs")
        .set({ disabledNoteTypes: ["symptoms"] })
        .where("id", "=", heart)
        .execute();
      const before = await logCount();
      const shared = randomUUID();
      const response = await upload(token.grace!, [
        // Ten minutes ahead of the server: beyond the five minutes allowed for the phone's clock.
        symptom({ date: "2026-03-04T12:10:00Z" }),
        symptom({ date: "2026-03-01T20:00:00Z" }),
        symptom({ logTypeId: "99999999" }),
        { clientId: randomUUID(), logClass: "TEMPERATURE", date: "2026-03-03T08:00:00Z", value: 15, unit: "C" },
        { clientId: randomUUID(), logClass: "WEIGHT", date: "2026-03-03T08:00:00Z", value: 900, unit: "kg" },
        symptom({ note: "Notes are off in this program" }),
        symptom({ clientId: shared }),
        symptom({ clientId: shared }),
        // Within the allowance: fine, but nothing of the batch is written.
        symptom({ date: "2026-03-04T12:03:00Z" }),
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json().errorCode).toBe("VALIDATION_ERROR");
      expect(fieldErrors(response)).toEqual([
        { field: "logs.0.date", message: messages.logDateInFuture },
        { field: "logs.1.date", message: messages.logDateBeforeConsent },
        { field: "logs.2.logTypeId", message: messages.logTypeUnknown },
        { field: "logs.3.value", message: messages.logValueImplausible },
        { field: "logs.4.value", message: messages.logValueImplausible },
        { field: "logs.5.note", message: messages.logNotesDisabled },
        { field: "logs.7.clientId", message: messages.logClientIdDuplicate },
      ]);
      expect(await logCount()).toBe(before);
      // The first batch had a symptom note: retried now, it is still answered as received before.
      const retry = await upload(token.grace!, batch);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().results).toEqual(firstAnswer.map((r) => ({ ...r, status: "duplicate" })));
      // 97 °F is a normal temperature; a note on a temperature log is still allowed here.
      const ok = await upload(token.grace!, [
        {
          clientId: randomUUID(),
          logClass: "TEMPERATURE",
          date: "2026-03-03T08:00:00Z",
          value: 97,
          unit: "F",
          note: "ok",
        },
        symptom({ date: "2026-03-02T08:00:00Z" }),
      ]);
      expect(ok.statusCode).toBe(200);
      await t.ctx.db.updateTable("programs").set({ disabledNoteTypes: [] }).where("id", "=", heart).execute();
    });

    it("takes data only from a consented patient of an open program they joined", async () => {
      const { heart, lung, nurse, token, logCount, upload } = await northbridgeWith([
        "grace",
        "alan",
        "wendy",
        "clara",
      ]);
      const before = await logCount();
      for (const who of ["alan", "wendy"]) {
        const refused = await upload(token[who as Patient], [symptom()], heart);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(messages.logUploadNotAllowed);
      }
      // Clara's program ends: her app can no longer send to it.
      expect((await upload(token.clara!, [symptom()], lung)).statusCode).toBe(200);
      await setProgram(t, lung, { endedAt: t.clock.now() });
      const closed = await upload(token.clara!, [symptom()], lung);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe(messages.logUploadNotAllowed);
      // A program Grace never joined, or that does not exist, is not found.
      expect((await upload(token.grace!, [symptom()], lung)).statusCode).toBe(404);
      expect((await upload(token.grace!, [symptom()], lakeside)).statusCode).toBe(404);
      expect((await upload(token.grace!, [symptom()], randomUUID())).statusCode).toBe(404);
      // Staff accounts do not upload as patients; nobody uploads anonymously.
      expect((await upload(nurse.token, [symptom()], heart)).statusCode).toBe(403);
      expect(
        (
          await t.request({
            method: "POST",
            url: `/api/v1/user/projects/${heart}/logs`,
            payload: { logs: [symptom()] },
          })
        ).statusCode,
      ).toBe(401);
      expect(await logCount()).toBe(before + 1);
    });
  });

  describe("medications and doses", () => {
    it("creates the list, then updates it in place on the same client ids", async () => {
      const { token, userId, uploadMedications } = await northbridgeWith(["grace", "wendy"]);
      const [tamoxifen, ondansetron] = [randomUUID(), randomUUID()];
      const first = await uploadMedications(token.grace, tamoxifenAndOndansetron(tamoxifen, ondansetron));
      expect(first.statusCode).toBe(200);
      expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(["created", "created"]);
      const second = await uploadMedications(token.grace!, [
        {
          clientId: tamoxifen,
          name: "Tamoxifen",
          dosage: "40",
          dosageUnit: "mg",
          frequency: "ONCE_DAILY",
          startDate: "2026-03-02",
        },
      ]);
      expect(second.json().results).toEqual([
        { clientId: tamoxifen, logId: first.json().results[0].logId, status: "updated" },
      ]);
      const rows = await t.ctx.db
        .selectFrom("patientMedications")
        .select(["name", "dosage"])
        .where("patientId", "=", userId.grace!)
        .orderBy("name")
        .execute();
      expect(rows).toEqual([
        { name: "Ondansetron", dosage: null },
        { name: "Tamoxifen", dosage: "40" },
      ]);
      const bad = await uploadMedications(token.grace!, [
        {
          clientId: randomUUID(),
          name: "",
          frequency: "HOURLY",
          dosage: 5,
          startDate: "2026-03-05",
          endDate: "2026-03-01",
        },
      ]);
      expect(bad.statusCode).toBe(422);
      expect(bad.body).not.toMatch(/Invalid input|expected|received/i);
      expect(fieldErrors(bad).map((e) => e.field)).toEqual([
        "medications.0.name",
        "medications.0.dosage",
        "medications.0.frequency",
      ]);
      const backwards = await uploadMedications(token.grace!, [
        {
          clientId: randomUUID(),
          name: "Letrozole",
          frequency: "ONCE_DAILY",
          startDate: "2026-03-05",
          endDate: "2026-03-01",
        },
      ]);
      expect(fieldErrors(backwards)).toEqual([{ field: "medications.0.endDate", message: messages.dateRangeInvalid }]);
      expect(
        (
          await uploadMedications(token.wendy!, [
            { clientId: randomUUID(), name: "X", frequency: "ONCE_DAILY", startDate: "2026-03-02" },
          ])
        ).statusCode,
      ).toBe(403);
    });

    it("records doses once per client id, for the patient's own medications only", async () => {
      const { token, userId, uploadMedications, uploadEvents } = await northbridgeWith(["grace"]);
      const tamoxifen = randomUUID();
      expect((await uploadMedications(token.grace, tamoxifenAndOndansetron(tamoxifen, randomUUID()))).statusCode).toBe(
        200,
      );
      const events = [
        { clientId: randomUUID(), medicationClientId: tamoxifen, status: "LOGGED", date: "2026-03-03T08:00:00+01:00" },
        {
          clientId: randomUUID(),
          medicationClientId: tamoxifen,
          status: "SKIPPED",
          skipReason: "SIDE_EFFECTS",
          date: "2026-03-04T08:00:00+01:00",
        },
      ];
      const first = await uploadEvents(token.grace!, events);
      expect(first.statusCode).toBe(200);
      expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(["created", "created"]);
      const retry = await uploadEvents(token.grace!, events);
      expect(retry.json().results).toEqual(first.json().results.map((r: object) => ({ ...r, status: "duplicate" })));
      const stored = await t.ctx.db
        .selectFrom("medicationEvents")
        .select(["status", "skipReason", "localDate"])
        .where("patientId", "=", userId.grace!)
        .orderBy("takenAt")
        .execute();
      expect(stored).toEqual([
        { status: "LOGGED", skipReason: null, localDate: "2026-03-03" },
        { status: "SKIPPED", skipReason: "SIDE_EFFECTS", localDate: "2026-03-04" },
      ]);
      const unknown = await uploadEvents(token.grace!, [
        { clientId: randomUUID(), medicationClientId: randomUUID(), status: "LOGGED", date: "2026-03-03T08:00:00Z" },
      ]);
      expect(unknown.statusCode).toBe(422);
      expect(fieldErrors(unknown)).toEqual([
        { field: "events.0.medicationClientId", message: messages.medicationUnknown },
      ]);
      const badStatus = await uploadEvents(token.grace!, [
        { clientId: randomUUID(), medicationClientId: tamoxifen, status: "MISSED", date: "2026-03-03T08:00:00Z" },
      ]);
      expect(fieldErrors(badStatus)).toEqual([
        { field: "events.0.status", message: messages.medicationEventStatusInvalid },
      ]);
    });
  });

  describe("acknowledging and invalidating logs", () => {
    it("acknowledges a danger log once; the severe-symptom count drops and the change is audited", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, nurse, userId, validate } = w;
      const { danger } = await withDangerLogs(w);
      const open = await severeCount(heart, userId.grace!);
      expect(open).toBe(3);
      const response = await validate(nurse.token, danger, { status: "Acknowledged" });
      expect(response.statusCode).toBe(200);
      const item = logItemSchema.parse(response.json());
      expect(item).toMatchObject({
        logId: danger,
        logClass: "SYMPTOMS",
        logTypeId: HEADACHE,
        validationStatus: "Acknowledged",
        validationReason: null,
        level: { grade: 4, isDanger: true },
        localDate: "2026-03-04",
      });
      expect(await severeCount(heart, userId.grace!)).toBe(open - 1);
      expect(await logRow(danger)).toMatchObject({ validatedBy: nurse.id, validatedAt: t.clock.now() });
      const audit = await t.ctx.db
        .selectFrom("auditLog")
        .select(["actorUserId", "entityId", "programId", "patientId", "details"])
        .where("action", "=", "log.validate")
        .where("programId", "=", heart)
        .execute();
      expect(audit).toEqual([
        {
          actorUserId: nurse.id,
          entityId: danger,
          programId: heart,
          patientId: userId.grace,
          details: { before: { status: null, reason: null }, after: { status: "Acknowledged", reason: null } },
        },
      ]);
      const twice = await validate(nurse.token, danger, { status: "Acknowledged" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(messages.logAlreadyAcknowledged);
    });

    it("changes an acknowledged log with PATCH, and then a Removed log stays as it is", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, nurse, validate } = w;
      const { danger, mild } = await withDangerLogs(w);
      expect((await validate(nurse.token, danger, { status: "Acknowledged" }, heart)).statusCode).toBe(200);
      const notYet = await validate(nurse.token, mild, { status: "Acknowledged" }, heart, "PATCH");
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().message).toBe(messages.logNotAcknowledged);

      const removed = await validate(
        nurse.token,
        danger,
        { status: "Removed", reason: "Incorrect symptom severity" },
        heart,
        "PATCH",
      );
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({
        validationStatus: "Removed",
        validationReason: "Incorrect symptom severity",
      });
      const [audit] = await programAudit("log.revalidate", heart);
      expect(audit?.details).toEqual({
        before: { status: "Acknowledged", reason: null },
        after: { status: "Removed", reason: "Incorrect symptom severity" },
      });
      for (const method of ["POST", "PATCH"] as const) {
        const again = await validate(nurse.token, danger, { status: "Acknowledged" }, heart, method);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(messages.logRemoved);
      }
    });

    it("invalidates a new danger log straight away, with one of the five reasons", async () => {
      const w = await northbridgeWith(["grace"]);
      const { heart, nurse, userId, validate } = w;
      const { otherDanger } = await withDangerLogs(w);
      const open = await severeCount(heart, userId.grace!);
      const noReason = await validate(nurse.token, otherDanger, { status: "Removed" });
      expect(noReason.statusCode).toBe(422);
      expect(fieldErrors(noReason)).toEqual([{ field: "reason", message: messages.invalidationReasonRequired }]);
      const madeUp = await validate(nurse.token, otherDanger, { status: "Removed", reason: "Felt like it" });
      expect(fieldErrors(madeUp)).toEqual([{ field: "reason", message: messages.invalidationReasonRequired }]);
      const unknown = await validate(nurse.token, otherDanger, { status: "Seen" });
      expect(fieldErrors(unknown)).toEqual([{ field: "status", message: messages.validationStatusInvalid }]);
      expect(unknown.body).not.toMatch(/Invalid input|expected|received/i);

      const removed = await validate(nurse.token, otherDanger, { status: "Removed", reason: "Accidental log" });
      expect(removed.statusCode).toBe(200);
      expect(await severeCount(heart, userId.grace!)).toBe(open - 1);
    });

    it("refuses those without the permission and hides logs outside the caller's reach or program", async () => {
      const w = await northbridgeWith(["grace", "clara"]);
      const { lung, nurse, token, upload, validate } = w;
      const { mild } = await withDangerLogs(w);
      const analyst = await w.analyst();
      const outsider = (await signIn(t, outsiderEmail)).accessToken;
      const clara = await upload(token.clara, [symptom()], lung);
      expect(clara.statusCode).toBe(200);
      const claraLog = clara.json().results[0].logId as string;
      const refused = await validate(analyst.token, mild, { status: "Acknowledged" });
      expect(refused.statusCode).toBe(403);
      expect((await validate(token.grace!, mild, { status: "Acknowledged" })).statusCode).toBe(403);
      // Lakeside's nurse cannot reach Northbridge Heart at all.
      expect((await validate(outsider, mild, { status: "Acknowledged" })).statusCode).toBe(404);
      // Grace's log through another program Nia can reach, and Clara's log through Heart: not found.
      expect((await validate(nurse.token, mild, { status: "Acknowledged" }, lung)).statusCode).toBe(404);
      expect((await validate(nurse.token, claraLog, { status: "Acknowledged" })).statusCode).toBe(404);
      expect((await validate(nurse.token, randomUUID(), { status: "Acknowledged" })).statusCode).toBe(404);
      expect((await validate(nurse.token, "not-a-log", { status: "Acknowledged" })).statusCode).toBe(404);
      expect((await logRow(mild)).validationStatus).toBeNull();
      const ok = await validate(nurse.token, mild, { status: "Acknowledged" });
      expect(ok.statusCode).toBe(200);
    });
  });
});
