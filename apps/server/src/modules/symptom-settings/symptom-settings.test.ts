import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient } from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const FEVER = "10016558";
const NAUSEA = "10028813";
const FATIGUE = "10016256";

describe("the Symptom settings tab: prioritised symptoms, alert messages and reminders", () => {
  let t: TestApp;
  let worlds = 0;
  const base = (programId: string) => `/api/v1/admin/projects/${programId}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world, at 09:00 on 2 March 2026: a hospital of its own ("Northbridge Health 3")
   * running "Northbridge Heart 3", with its clinical admin Cara, its nurse Nia and a life-sciences
   * analyst Lena; and another hospital ("Lakeside 3") running "Lakeside Oncology 3", with its admin Omar.
   */
  const heartAndLakeside = async () => {
    t.clock.set("2026-03-02T09:00:00Z");
    const n = ++worlds;
    const domain = uniqueMailDomain();
    const lakeDomain = uniqueMailDomain("lakeside");
    const email = {
      admin: `cara@${domain}`,
      nurse: `nia@${domain}`,
      analyst: `lena@${domain}`,
      outsider: `omar@${lakeDomain}`,
      grace: `grace@${domain}`,
    };
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const lakesideOrg = await insertOrganisation(t, `Lakeside ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lakeside = await insertProgram(t, { organisationId: lakesideOrg, name: `Lakeside Oncology ${n}` });
    const admin = await organisationStaff(t, northbridge, { email: email.admin, role: "clinical_project_admin" });
    const nurse = await organisationStaff(t, northbridge, { email: email.nurse, role: "clinician_team_member" });
    const analyst = await organisationStaff(t, northbridge, {
      email: email.analyst,
      role: "life_sciences_team_member",
    });
    const outsider = await organisationStaff(t, lakesideOrg, { email: email.outsider, role: "clinical_project_admin" });
    return {
      heart,
      lakeside,
      email,
      admin,
      nurse,
      analyst,
      outsider,
      /** Staff sign in again after the clock moved past the idle limit. */
      refresh: async () => {
        admin.token = (await signIn(t, email.admin)).accessToken;
        nurse.token = (await signIn(t, email.nurse)).accessToken;
        outsider.token = (await signIn(t, email.outsider)).accessToken;
      },
    };
  };
  type World = Awaited<ReturnType<typeof heartAndLakeside>>;

  /** Heart prioritises Fever, then Nausea. */
  const withFeverAndNausea = async (w: World) => {
    const saved = await t.request({
      method: "PUT",
      url: `${base(w.heart)}/prioritised-symptoms`,
      token: w.admin.token,
      payload: { identifiers: [FEVER, NAUSEA] },
    });
    expect(saved.statusCode).toBe(200);
  };

  /** A severe-symptom message of a program with no pair yet; its id. */
  const severeMessage = async (programId: string, token: string, message: string) => {
    const created = await t.request({
      method: "POST",
      url: `${base(programId)}/severe-symptom-messages`,
      token,
      payload: { message },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  };

  /**
   * Heart's two alert messages: "Please call the ward now…" for Fever at grade 3 (messageId), and a
   * minute later "Rest and drink water.", with no pair (otherId).
   */
  const withTwoMessages = async (w: World) => {
    const messageId = await severeMessage(w.heart, w.admin.token, "Please call the ward now on 0113 200 0000.");
    const pair = await t.request({
      method: "POST",
      url: `${base(w.heart)}/severe-symptom-messages/${messageId}/grades`,
      token: w.admin.token,
      payload: { identifier: FEVER, grade: 3 },
    });
    expect(pair.statusCode).toBe(201);
    t.clock.advanceSeconds(60);
    return { messageId, otherId: await severeMessage(w.heart, w.admin.token, "Rest and drink water.") };
  };

  /** Grace Hopper, added to Heart by Cara, signed up through her invitation and consented (now); her token. */
  const withGrace = async (w: World) => {
    const added = await addPatient(t, w.admin.token, newPatient(w.heart, { firstName: "Grace", email: w.email.grace }));
    expect(added.statusCode).toBe(201);
    const patientToken = await acceptInvite(t, w.email.grace);
    expect((await giveConsent(t, patientToken, w.heart)).statusCode).toBe(200);
    return patientToken;
  };

  /** The app's notifications Grace has in the database. */
  const notificationsOf = async (w: World) =>
    Number(
      (
        await t.ctx.db
          .selectFrom("patientNotifications")
          .innerJoin("users", "users.id", "patientNotifications.patientId")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("users.email", "=", w.email.grace)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("prioritised symptoms", () => {
    it("keeps up to 10 symptoms of the catalogue in the order chosen", async () => {
      const { heart, admin } = await heartAndLakeside();
      const saved = await t.request({
        method: "PUT",
        url: `${base(heart)}/prioritised-symptoms`,
        token: admin.token,
        payload: { identifiers: [FEVER, NAUSEA] },
      });
      expect(saved.statusCode).toBe(200);
      const read = await t.request({ method: "GET", url: `${base(heart)}/prioritised-symptoms`, token: admin.token });
      expect(read.json().logTypes).toEqual([
        { identifier: FEVER, name: "Fever" },
        { identifier: NAUSEA, name: "Nausea" },
      ]);
    });

    it("refuses an eleventh symptom and a symptom outside the catalogue, changing nothing", async () => {
      const w = await heartAndLakeside();
      const { heart, admin } = w;
      await withFeverAndNausea(w);
      const eleven = await t.request({
        method: "PUT",
        url: `${base(heart)}/prioritised-symptoms`,
        token: admin.token,
        payload: { identifiers: Array.from({ length: 11 }, (_, i) => `1000000${i}`) },
      });
      expect(eleven.statusCode).toBe(422);
      expect(fieldErrors(eleven)).toContainEqual({ field: "identifiers", message: messages.prioritisedSymptomsMax });
      const unknown = await t.request({
        method: "PUT",
        url: `${base(heart)}/prioritised-symptoms`,
        token: admin.token,
        payload: { identifiers: [FEVER, "99999999"] },
      });
      expect(unknown.statusCode).toBe(422);
      expect(fieldErrors(unknown)).toEqual([{ field: "identifiers.1", message: messages.logTypeUnknown }]);
      const read = await t.request({ method: "GET", url: `${base(heart)}/prioritised-symptoms`, token: admin.token });
      expect(read.json().logTypes).toHaveLength(2);
    });

    it("is read with the view permission, changed only with the edit permission, only in reach", async () => {
      const { heart, nurse, analyst, outsider } = await heartAndLakeside();
      expect(
        (await t.request({ method: "GET", url: `${base(heart)}/prioritised-symptoms`, token: nurse.token })).statusCode,
      ).toBe(403);
      expect(
        (
          await t.request({
            method: "PUT",
            url: `${base(heart)}/prioritised-symptoms`,
            token: analyst.token,
            payload: { identifiers: [] },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.request({ method: "GET", url: `${base(heart)}/prioritised-symptoms`, token: outsider.token }))
          .statusCode,
      ).toBe(404);
      expect((await t.request({ method: "GET", url: `${base(heart)}/prioritised-symptoms` })).statusCode).toBe(401);
    });
  });

  describe("severe symptom (alert) messages", () => {
    it("creates a message, adds symptom-and-grade pairs, and lists them", async () => {
      const { heart, admin } = await heartAndLakeside();
      const created = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages`,
        token: admin.token,
        payload: { message: "Please call the ward now on 0113 200 0000." },
      });
      expect(created.statusCode).toBe(201);
      const messageId = created.json().id;
      const pair = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages/${messageId}/grades`,
        token: admin.token,
        payload: { identifier: FEVER, grade: 3 },
      });
      expect(pair.statusCode).toBe(201);
      expect(pair.json().severeSymptomGrade).toEqual([{ logType: { identifier: FEVER, name: "Fever" }, grade: 3 }]);
      t.clock.advanceSeconds(60);
      const other = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages`,
        token: admin.token,
        payload: { message: "Rest and drink water." },
      });
      expect(other.statusCode).toBe(201);
      const list = await t.request({
        method: "GET",
        url: `${base(heart)}/severe-symptom-messages`,
        token: admin.token,
      });
      expect(list.json().map((m: { message: string }) => m.message)).toEqual([
        "Please call the ward now on 0113 200 0000.",
        "Rest and drink water.",
      ]);
      const pairsAdded = (await auditRows(t, "symptom-settings.grade.add")).filter((r) => r.programId === heart);
      expect(pairsAdded.length).toBe(1);
    });

    it("refuses a pair already used by any alert of the program", async () => {
      const w = await heartAndLakeside();
      const { heart, lakeside, admin, outsider } = w;
      const { otherId } = await withTwoMessages(w);
      const again = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages/${otherId}/grades`,
        token: admin.token,
        payload: { identifier: FEVER, grade: 3 },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(messages.symptomPairTaken);
      // Another program may use the same pair.
      const lakeId = await severeMessage(lakeside, outsider.token, "Call us.");
      const lakePair = await t.request({
        method: "POST",
        url: `${base(lakeside)}/severe-symptom-messages/${lakeId}/grades`,
        token: outsider.token,
        payload: { identifier: FEVER, grade: 3 },
      });
      expect(lakePair.statusCode).toBe(201);
    });

    it("lets exactly one of two parallel saves of the same pair win", async () => {
      const w = await heartAndLakeside();
      const { heart, admin } = w;
      const { messageId, otherId } = await withTwoMessages(w);
      const save = (id: string) =>
        t.request({
          method: "POST",
          url: `${base(heart)}/severe-symptom-messages/${id}/grades`,
          token: admin.token,
          payload: { identifier: NAUSEA, grade: 4 },
        });
      const answers = await Promise.all([save(messageId), save(otherId)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const pairs = await t.ctx.db
        .selectFrom("severeSymptomGrades")
        .selectAll()
        .where("programId", "=", heart)
        .where("logTypeId", "=", NAUSEA)
        .execute();
      expect(pairs).toHaveLength(1);
    });

    it("checks grades 0 to 5, the 500-character message and the catalogue", async () => {
      const w = await heartAndLakeside();
      const { heart, admin } = w;
      const { messageId } = await withTwoMessages(w);
      const grade = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages/${messageId}/grades`,
        token: admin.token,
        payload: { identifier: FEVER, grade: 6 },
      });
      expect(grade.statusCode).toBe(422);
      expect(fieldErrors(grade)).toEqual([{ field: "grade", message: messages.symptomGradeRange }]);
      const long = await t.request({
        method: "PATCH",
        url: `${base(heart)}/severe-symptom-messages/${messageId}`,
        token: admin.token,
        payload: { message: "x".repeat(501) },
      });
      expect(long.statusCode).toBe(422);
      expect(fieldErrors(long)).toEqual([{ field: "message", message: messages.maxLength(500) }]);
      const unknown = await t.request({
        method: "POST",
        url: `${base(heart)}/severe-symptom-messages/${messageId}/grades`,
        token: admin.token,
        payload: { identifier: "12345678", grade: 1 },
      });
      expect(unknown.statusCode).toBe(422);
    });

    it("edits and deletes a message and a pair; another program's message is 404", async () => {
      const w = await heartAndLakeside();
      const { heart, lakeside, admin, nurse, outsider } = w;
      const { messageId, otherId } = await withTwoMessages(w);
      await severeMessage(lakeside, outsider.token, "Call us.");
      const edited = await t.request({
        method: "PATCH",
        url: `${base(heart)}/severe-symptom-messages/${messageId}`,
        token: admin.token,
        payload: { message: "Call the ward now." },
      });
      expect(edited.json().message).toBe("Call the ward now.");
      const removedPair = await t.request({
        method: "DELETE",
        url: `${base(heart)}/severe-symptom-messages/${messageId}/grades/${FEVER}/3`,
        token: admin.token,
      });
      expect(removedPair.statusCode).toBe(204);
      const lakeMessages = await t.request({
        method: "GET",
        url: `${base(lakeside)}/severe-symptom-messages`,
        token: outsider.token,
      });
      const lakeId = lakeMessages.json()[0].id;
      expect(
        (
          await t.request({
            method: "DELETE",
            url: `${base(heart)}/severe-symptom-messages/${lakeId}`,
            token: admin.token,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.request({
            method: "DELETE",
            url: `${base(heart)}/severe-symptom-messages/${otherId}`,
            token: admin.token,
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await t.request({
            method: "POST",
            url: `${base(heart)}/severe-symptom-messages`,
            token: nurse.token,
            payload: { message: "x" },
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe("symptom reminders", () => {
    const schedule = {
      type: "interval_schedule",
      data: {
        offsetAmount: 1,
        offsetPeriod: "days",
        durationAmount: 1,
        durationPeriod: "weeks",
        intervalAmount: 2,
        intervalPeriod: "days",
      },
    };
    /** Every day from consent, with no end. */
    const daily = { type: "interval_schedule", data: { offsetAmount: 0, intervalAmount: 1, intervalPeriod: "days" } };

    /** Heart reminds its patients to log Fatigue and Nausea on this schedule; the reminder's id. */
    const withReminder = async (w: World, on: object) => {
      const created = await t.request({
        method: "POST",
        url: `${base(w.heart)}/symptom-reminders`,
        token: w.admin.token,
        payload: { logs: [{ identifier: FATIGUE }, { identifier: NAUSEA }], schedule: on },
      });
      expect(created.statusCode).toBe(201);
      return created.json().reminderId as string;
    };

    /**
     * Grace consented at 09:00 on 2 March and Heart's reminder (from day 2, every 2 days, for a week)
     * reached her four times, in the app and by e-mail, the reminder jobs running on each of those days;
     * 11 March, staff signed in again.
     */
    const withAWeekOfReminders = async (w: World) => {
      await withGrace(w);
      const reminderId = await withReminder(w, schedule);
      for (const at of [
        "2026-03-03T09:10:00Z",
        "2026-03-05T09:20:00Z",
        "2026-03-07T09:20:00Z",
        "2026-03-09T09:20:00Z",
      ]) {
        t.clock.set(at);
        await t.runJobs();
        await t.runJobs();
      }
      t.clock.set("2026-03-11T09:20:00Z");
      await t.runJobs();
      await w.refresh();
      return reminderId;
    };
    it("reminds each consented patient in the app and by e-mail, once per occurrence, until the duration ends", async () => {
      const w = await heartAndLakeside();
      const { heart, admin, email } = w;
      await withGrace(w);
      // Consent at 09:00 on 2 March; the reminder starts on day 2 and repeats every 2 days for a week.
      const created = await t.request({
        method: "POST",
        url: `${base(heart)}/symptom-reminders`,
        token: admin.token,
        payload: { logs: [{ identifier: FATIGUE }, { identifier: NAUSEA }], schedule },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().logs.map((l: { name: string }) => l.name)).toEqual(["Fatigue", "Nausea"]);
      const reminderMails = async () =>
        (await t.mailsTo(email.grace)).filter((m) => m.subject.startsWith("Reminder: log your symptoms"));

      await t.runJobs();
      expect(await reminderMails()).toHaveLength(0);
      t.clock.set("2026-03-03T09:10:00Z");
      await t.runJobs();
      await t.runJobs();
      expect(await reminderMails()).toHaveLength(1);
      const mail = (await reminderMails())[0]!;
      // The e-mail names the symptoms in the patient's plain words, as the app lists them.
      expect(mail.textBody).toContain("Tiredness or lack of energy, Feeling sick (nausea)");
      expect(mail.textBody).toContain("/unsubscribe?");
      t.clock.set("2026-03-05T09:20:00Z");
      await t.runJobs();
      t.clock.set("2026-03-05T09:40:00Z");
      await t.runJobs();
      expect(await reminderMails()).toHaveLength(2);
      // Days 2, 4, 6 and 8 from consent; day 9 (3 + 7) is past the week.
      for (const at of ["2026-03-07T09:20:00Z", "2026-03-09T09:20:00Z", "2026-03-11T09:20:00Z"]) {
        t.clock.set(at);
        await t.runJobs();
      }
      expect(await reminderMails()).toHaveLength(4);

      const signedIn = await t.request({
        method: "POST",
        url: "/api/v2/auth/login",
        payload: { email: email.grace, password: "Harbour-Lights-2026!", scope: "patient" },
      });
      const notes = await t.request({
        method: "GET",
        url: `/api/v1/user/projects/${heart}/notifications`,
        token: signedIn.json().accessToken,
      });
      expect(notes.statusCode).toBe(200);
      expect(notes.json().results).toHaveLength(4);
      // Rendered when read, in the patient's language and plain words (the stored row keeps the CTCAE terms).
      expect(notes.json().results[0]).toMatchObject({
        title: "Time to log your symptoms",
        body: "Please log: Tiredness or lack of energy, Feeling sick (nausea).",
      });
    });

    it("honours unsubscribe: the app is still reminded, no more e-mails", async () => {
      const w = await heartAndLakeside();
      const { heart, admin, email } = w;
      await withAWeekOfReminders(w);
      await t.ctx.db
        .updateTable("users")
        .set({ questionnaireReminders: false })
        .where("email", "=", email.grace)
        .execute();
      const reminder = (
        await t.request({ method: "GET", url: `${base(heart)}/symptom-reminders`, token: admin.token })
      ).json()[0];
      const patched = await t.request({
        method: "PATCH",
        url: `${base(heart)}/symptom-reminders/${reminder.reminderId}`,
        token: admin.token,
        payload: { schedule: daily },
      });
      expect(patched.statusCode).toBe(200);
      const before = (await t.mailsTo(email.grace)).length;
      t.clock.set("2026-03-12T09:20:00Z");
      await t.runJobs();
      expect((await t.mailsTo(email.grace)).length).toBe(before);
      expect(await notificationsOf(w)).toBe(5);
    });

    it("refuses a duration without its period and an interval, naming the fields", async () => {
      const { heart, admin } = await heartAndLakeside();
      const bad = await t.request({
        method: "POST",
        url: `${base(heart)}/symptom-reminders`,
        token: admin.token,
        payload: {
          logs: [{ identifier: FEVER }],
          schedule: { type: "interval_schedule", data: { offsetAmount: 0, durationAmount: 2 } },
        },
      });
      expect(bad.statusCode).toBe(422);
      expect(fieldErrors(bad)).toEqual(
        expect.arrayContaining([
          { field: "schedule.data.durationPeriod", message: messages.reminderPeriodRequired },
          { field: "schedule.data.intervalAmount", message: messages.reminderIntervalRequired },
        ]),
      );
      const none = await t.request({
        method: "POST",
        url: `${base(heart)}/symptom-reminders`,
        token: admin.token,
        payload: { logs: [], schedule },
      });
      expect(fieldErrors(none)).toEqual([{ field: "logs", message: messages.reminderSymptomRequired }]);
    });

    it("deletes a reminder (404 from another program; 403 without the edit permission)", async () => {
      const w = await heartAndLakeside();
      const { heart, lakeside, admin, nurse, outsider } = w;
      // Grace, consented on 2 March, has been reminded every day since.
      await withGrace(w);
      await withReminder(w, daily);
      t.clock.set("2026-03-13T09:20:00Z");
      await t.runJobs();
      expect(await notificationsOf(w)).toBeGreaterThan(0);
      await w.refresh();
      const reminder = (
        await t.request({ method: "GET", url: `${base(heart)}/symptom-reminders`, token: admin.token })
      ).json()[0];
      expect(
        (
          await t.request({
            method: "DELETE",
            url: `${base(lakeside)}/symptom-reminders/${reminder.reminderId}`,
            token: outsider.token,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.request({
            method: "DELETE",
            url: `${base(heart)}/symptom-reminders/${reminder.reminderId}`,
            token: nurse.token,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.request({
            method: "DELETE",
            url: `${base(heart)}/symptom-reminders/${reminder.reminderId}`,
            token: admin.token,
          })
        ).statusCode,
      ).toBe(204);
      const before = await notificationsOf(w);
      t.clock.set("2026-03-14T09:20:00Z");
      await t.runJobs();
      expect(await notificationsOf(w)).toBe(before);
    });
  });
});
