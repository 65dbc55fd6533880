import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLog } from "../../../test/patient-data.js";
import { addConsentedPatient } from "../../../test/patients.js";
import { EQ5D_TYPE_ID, insertProgramSchedule, insertQuestionnaireEvent } from "../../../test/questionnaires.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import * as q from "./queries.js";
import { type QuietPatient, quietPatients } from "./service.js";

/**
 * The worklist's statement returns only candidates (findQuietFacts' pre-filter, a necessary
 * condition of each of quietReasons' reasons); the rule decides. This shows the pre-filter never
 * hides a quiet patient: Hudson Lung (US: New York's days, summer time from 8 March 2026) enrols
 * 48 patients whose consent, logs, sign-ins, contacts and missed questionnaires fall on both
 * sides of each of the rule's thresholds (the 2 days to open the app, N days without a log, the
 * two 14-day windows, the contact's day), many of them within an hour of New York's midnight;
 * on each day of five weeks, at four hours around New York's midnight (before and after the
 * change to summer time), and for N = 2, 7 and 14,
 * the list read from the candidates equals the rule applied to every enrolment.
 */
describe("the worklist's candidates: the rule applied to every enrolment lists no one more", () => {
  let t: TestApp;
  let hudson: string;
  let nurseToken: string;
  const program = { id: "", territory: "US" as const, endDate: null, endedAt: null };

  /** A small deterministic generator (the same patients on every run). */
  let seed = 20260227;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  /** An instant near New York's midnight on `day` (its evening before or its small hours), or at noon. */
  const nearMidnight = (day: string) =>
    pick([`${addDays(day, 1)}T04:30:00Z`, `${addDays(day, 1)}T05:30:00Z`, `${day}T03:45:00Z`, `${day}T17:00:00Z`]);

  const names = (list: QuietPatient[]) => list.map((p) => `${p.patientName}: ${JSON.stringify(p.reasons)}`);

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-01-05T15:00:00Z");
    const org = await insertOrganisation(t, "Hudson Health");
    hudson = await insertProgram(t, {
      organisationId: org,
      name: "Hudson Lung",
      territory: "US",
      startDate: "2026-01-01",
    });
    program.id = hudson;
    const nurse = await staffSession(t, { email: "nora@hudson.test", role: "clinical_project_admin" });
    await addToOrganisation(t, nurse.id, org, "clinical_project_admin");
    nurseToken = (await signIn(t, "nora@hudson.test")).accessToken;
    const schedule = await insertProgramSchedule(t, {
      programId: hudson,
      questionnaireTypeId: EQ5D_TYPE_ID,
      name: "EQ-5D",
    });

    for (let i = 0; i < 48; i++) {
      const consentDay = addDays("2026-01-20", Math.floor(random() * 55));
      const consentedAt = nearMidnight(consentDay);
      const { userId } = await addConsentedPatient(
        t,
        nurseToken,
        hudson,
        {
          firstName: `Patient${String(i).padStart(2, "0")}`,
          lastName: "Hudson",
          email: `p${i}@hudson.test`,
          patientIdType: "hospital_id",
          patientId: `HL-${7000 + i}`,
        },
        { dob: "1960-01-01", sex: i % 2 ? "female" : "male", consentedAt },
      );
      const patientId = userId as string;
      // Logs: none, every day then stopping, or sparse after a dense start (a drop), near midnight in New York or Zurich.
      const pattern = pick(["none", "none", "steady", "stops", "drops", "sparse"] as const);
      const firstLog = addDays(consentDay, Math.floor(random() * 3) - 1);
      const stopAfter = Math.floor(random() * 50);
      for (let d = 0; d < 60; d++) {
        const day = addDays(firstLog, d);
        const logs =
          pattern === "steady" ||
          (pattern === "stops" && d <= stopAfter) ||
          (pattern === "drops" && (d < 14 + (stopAfter % 14) || random() < 0.25)) ||
          (pattern === "sparse" && random() < 0.4);
        if (!logs) continue;
        const offset = pick(["-05:00", "+01:00", "-10:00"]);
        await insertLog(
          t,
          { programId: hudson, patientId },
          {
            logClass: "SYMPTOMS",
            at: `${day}T${pick(["23:30", "00:15", "12:00"])}:00${offset}`,
            logTypeId: "10028813",
            grade: 1,
          },
        );
      }
      // A sign-in to the app: before consenting (does not count) or after.
      if (random() < 0.4) {
        const at = new Date(Date.parse(consentedAt) + (random() < 0.5 ? -1 : 1) * (1 + random() * 3) * 86_400_000);
        await t.ctx.db
          .insertInto("sessions")
          .values({
            userId: patientId,
            scope: "patient",
            otpVerified: false,
            createdAt: at,
            lastActivityAt: at,
            absoluteExpiresAt: new Date(at.getTime() + 86_400_000),
            endedAt: at,
            endedReason: "logout",
            ip: null,
            userAgent: null,
          })
          .execute();
      }
      // A missed questionnaire (its window closing near midnight), sometimes answered a later one.
      if (random() < 0.35) {
        const dueDate = addDays(consentDay, Math.floor(random() * 45) - 5);
        await insertQuestionnaireEvent(t, {
          programId: hudson,
          patientId,
          scheduleId: schedule,
          questionnaireTypeId: EQ5D_TYPE_ID,
          occurrence: 1,
          dueDate,
          state: "MISSED",
          windowClosesAt: nearMidnight(addDays(dueDate, 2)),
        });
        if (random() < 0.3)
          await insertQuestionnaireEvent(t, {
            programId: hudson,
            patientId,
            scheduleId: schedule,
            questionnaireTypeId: EQ5D_TYPE_ID,
            occurrence: 2,
            dueDate: addDays(dueDate, 7 * Math.floor(random() * 3) - 7),
            state: "COMPLETED",
          });
      }
      // The team's contact, near midnight on some day around the windows.
      if (random() < 0.45)
        await q.insertContact(t.ctx.db, {
          programId: hudson,
          patientId,
          outcome: "called",
          note: null,
          contactedBy: nurse.id,
          contactedAt: new Date(nearMidnight(addDays(consentDay, Math.floor(random() * 50)))),
        });
    }
  });
  afterAll(() => t.close());

  it("lists the same patients, reasons and order from the candidates as from every enrolment, on every day, hour and N", async () => {
    let listed = 0;
    let narrowed = 0;
    for (const quietDays of [2, 7, 14]) {
      await q.upsertQuietDays(t.ctx.db, hudson, quietDays, t.clock.now());
      for (let d = 0; d < 35; d++) {
        const day = addDays("2026-02-20", d);
        for (const time of ["T03:30:00Z", "T04:30:00Z", "T05:30:00Z", "T06:30:00Z"]) {
          const now = new Date(`${day}${time}`);
          const fromCandidates = await quietPatients(t.ctx.db, program, now);
          const fromEveryEnrolment = await quietPatients(t.ctx.db, program, now, "every enrolment");
          expect(names(fromCandidates), `${now.toISOString()}, N = ${quietDays}`).toEqual(names(fromEveryEnrolment));
          listed += fromEveryEnrolment.length;
          const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(now);
          const candidates = await q.findQuietFacts(t.ctx.db, hudson, "America/New_York", { today });
          if (candidates.length < 48) narrowed++;
        }
      }
    }
    // The seeded patients are listed often, and the statement does narrow the rows it returns.
    expect(listed).toBeGreaterThan(1000);
    expect(narrowed).toBeGreaterThan(100);
  });

  it("keeps the pages and the side menu's count: every page of the list and the count as the rule on every enrolment", async () => {
    await q.upsertQuietDays(t.ctx.db, hudson, 7, t.clock.now());
    t.clock.set("2026-03-12T04:30:00Z");
    const token = (await signIn(t, "nora@hudson.test")).accessToken;
    const expected = await quietPatients(t.ctx.db, program, t.clock.now(), "every enrolment");
    expect(expected.length).toBeGreaterThan(10);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 5); page++) {
      const response = await t.request({
        method: "GET",
        url: `/api/v1/admin/projects/${hudson}/worklist?_page=${page}&_perPage=5`,
        token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().totalCount).toBe(expected.length);
      pages.push(...(response.json().results as { patientName: string }[]).map((r) => r.patientName));
    }
    expect(pages).toEqual(expected.map((p) => p.patientName));
    const count = await t.request({ method: "GET", url: "/api/v1/admin/worklist/count", token });
    expect(count.statusCode).toBe(200);
    expect(count.json().quiet).toBe(expected.length);
  });
});
