import { messages, type NurseAppointment } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addConsentedNhsPatient } from "../../../test/consented-patients.js";
import { fieldErrors } from "../../../test/factories.js";
import { addPatient, auditRows, newPatient, userIdOf } from "../../../test/patients.js";
import {
  changePermissions,
  insertOrganisation,
  insertProgram,
  organisationStaff,
  setNurseVisitAppointments,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { escapeText, foldLine } from "./ical.js";

describe("nurse-visit appointments: a nurse books, edits and closes a patient's visits", () => {
  let t: TestApp;
  let northbridge: string;
  let lakeOrg: string;
  /** Lakeside runs its program in New York's zone (territory US) and records appointments. */
  let lakeside: string;

  const path = (userId: string, id?: string) => `/api/v1/users/${userId}/nurse_visit_appointments${id ? `/${id}` : ""}`;
  const timed = {
    appointmentType: "BLOOD_TEST",
    date: "2026-03-10",
    startTime: "10:00",
    endTime: "10:30",
    mode: "FACE_TO_FACE",
    status: "CONFIRMED",
    isDraft: false,
    withWhom: "Sister Okafor",
  };
  /** An all-day visit today (Tuesday 10 March), scheduled. */
  const allDayToday = { ...timed, date: "2026-03-10", isDraft: true, status: "SCHEDULED" };
  /** An all-day chemotherapy session next Tuesday (a draft), with no one named. */
  const chemoNextWeek = {
    appointmentType: "CHEMOTHERAPY",
    date: "2026-03-17",
    mode: "FACE_TO_FACE",
    isDraft: true,
    withWhom: "",
  };
  /** A telephone consultation on Thursday, 14:00–14:15, with Dr Ames. */
  const phoneOnThursday = {
    ...timed,
    appointmentType: "TELEPHONE_CONSULTATION",
    mode: "TELEPHONE",
    date: "2026-03-12",
    startTime: "14:00",
    endTime: "14:15",
    status: "SCHEDULED",
    withWhom: "Dr Ames, oncology; (ward 3)",
  };
  let programs = 0;

  /**
   * Each story's world, on Tuesday 10 March 2026 at 09:15 in London (GMT): a Northbridge program of
   * its own that records appointments ("Northbridge Heart 3"), a nurse of its own (its grants may
   * change), and Grace Hopper, who consented there on Monday.
   */
  const heartWithGrace = async () => {
    t.clock.set("2026-03-10T09:15:00Z");
    const n = ++programs;
    const domain = uniqueMailDomain();
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    await setNurseVisitAppointments(t, heart);
    const nurseEmail = `nia@${domain}`;
    const nurse = await organisationStaff(t, northbridge, { email: nurseEmail, role: "clinician_team_member" });
    const graceId = await addConsentedNhsPatient(
      t,
      nurse.token,
      heart,
      { firstName: "Grace", lastName: "Hopper", email: `grace@${domain}` },
      { dob: "1961-04-12", sex: "female", consentedAt: "2026-03-09T12:00:00Z" },
    );
    const w = {
      heart,
      domain,
      nurse,
      graceId,
      /** Moves the clock; the nurse signs in again (access tokens live 15 minutes). */
      setClock: async (iso: string) => {
        t.clock.set(iso);
        nurse.token = (await signIn(t, nurseEmail)).accessToken;
      },
      create: (payload: Record<string, unknown>, programId = heart, userId = graceId, token = nurse.token) =>
        t.request({ method: "POST", url: `${path(userId)}?projectId=${programId}`, token, payload }),
      list: (query: Record<string, string>, programId = heart, userId = graceId, token = nurse.token) =>
        t.request({
          method: "GET",
          url: `${path(userId)}?${new URLSearchParams({ projectId: programId, ...query })}`,
          token,
        }),
      patch: (id: string, payload: Record<string, unknown>, programId = heart, token = nurse.token) =>
        t.request({ method: "PATCH", url: `${path(graceId, id)}?projectId=${programId}`, token, payload }),
      remove: (id: string, programId = heart, token = nurse.token) =>
        t.request({ method: "DELETE", url: `${path(graceId, id)}?projectId=${programId}`, token }),
      get: (id: string, programId = heart, token = nurse.token) =>
        t.request({ method: "GET", url: `${path(graceId, id)}?projectId=${programId}`, token }),
      /** Grace's appointments in the database. */
      count: async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom("nurseVisitAppointments")
              .select((eb) => eb.fn.countAll<string>().as("n"))
              .where("patientId", "=", graceId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      /** This story's audit rows of an action (Grace's). */
      audit: async (action: string) => (await auditRows(t, action)).filter((r) => r.patientId === graceId),
    };
    return w;
  };
  type World = Awaited<ReturnType<typeof heartWithGrace>>;

  /**
   * Grace's three visits, booked at 09:15: a blood test later today (10:00–10:30, confirmed), an
   * all-day chemotherapy session next Tuesday (a draft), and a telephone consultation on Thursday.
   */
  const withGraceVisits = async (w: World) => {
    const booked = async (payload: Record<string, unknown>) => {
      const response = await w.create(payload);
      if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
      return (response.json() as NurseAppointment).id;
    };
    return {
      today: await booked(timed),
      chemo: await booked(chemoNextWeek),
      phone: await booked(phoneOnThursday),
    };
  };

  /** …and two more booked at 09:15: an all-day visit today, and one that starts and ends at 09:15. */
  const withTodaysEdgeVisits = async (w: World) => {
    expect((await w.create(allDayToday)).statusCode).toBe(201);
    expect((await w.create({ ...timed, startTime: "09:15", endTime: "09:15" })).statusCode).toBe(201);
  };

  /** Lena, consented in Lakeside (another organisation), added by a Lakeside nurse of the story's own. */
  const lenaInLakeside = async () => {
    const domain = uniqueMailDomain("lakeside");
    const lakeNurse = await organisationStaff(t, lakeOrg, { email: `lee@${domain}`, role: "clinician_team_member" });
    const lenaId = await addConsentedNhsPatient(
      t,
      lakeNurse.token,
      lakeside,
      { firstName: "Lena", lastName: "Lake", email: `lena@${domain}` },
      { dob: "1970-01-01", sex: "female" },
    );
    return { lakeNurse, lenaId };
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    northbridge = await insertOrganisation(t, "Northbridge Health");
    lakeOrg = await insertOrganisation(t, "Lakeside");
    lakeside = await insertProgram(t, { organisationId: lakeOrg, name: "Lakeside", territory: "US" });
    await setNurseVisitAppointments(t, lakeside);
  });

  afterAll(() => t.close());

  it("books a timed visit for later today and an all-day one next week", async () => {
    const w = await heartWithGrace();
    const ids: Record<string, string> = {};
    const response = await w.create(timed);
    expect(response.statusCode).toBe(201);
    const booked = response.json() as NurseAppointment;
    // The visit as booked, in the program's zone (London, on GMT in March) and as instants.
    expect(booked).toMatchObject({
      ...timed,
      projectId: w.heart,
      notes: null,
      locked: false,
      startsAt: "2026-03-10T10:00:00.000Z",
      endsAt: "2026-03-10T10:30:00.000Z",
    });
    ids.today = booked.id;

    const allDay = await w.create(chemoNextWeek);
    expect(allDay.statusCode).toBe(201);
    expect(allDay.json()).toMatchObject({ status: "SCHEDULED", startTime: null, endTime: null, withWhom: null });
    ids.chemo = allDay.json().id;

    const phone = await w.create(phoneOnThursday);
    expect(phone.statusCode).toBe(201);
    ids.phone = phone.json().id;

    const created = await w.audit("appointment.create");
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      programId: w.heart,
      patientId: w.graceId,
      actorUserId: w.nurse.id,
      outcome: "success",
    });
  });

  it("puts the range's appointments in the dashboard report and the day's in the daily report", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    const reports = `/api/v1/pro-dashboard/projects/${w.heart}/users/${w.graceId}/reports`;
    const range = await t.request({
      method: "GET",
      url: `${reports}?startDate=2026-03-09&endDate=2026-03-20`,
      token: w.nurse.token,
    });
    expect(range.statusCode).toBe(200);
    const history = range.json().appointments as { appointmentType: string }[];
    expect(history.map((a) => a.appointmentType)).toEqual(["BLOOD_TEST", "TELEPHONE_CONSULTATION", "CHEMOTHERAPY"]);
    expect(history[0]).toEqual({
      appointmentId: ids.today,
      appointmentType: "BLOOD_TEST",
      startDate: "2026-03-10T10:00",
      endDate: "2026-03-10T10:30",
      status: "CONFIRMED",
      attended: false,
    });
    expect(history[2]).toMatchObject({ startDate: "2026-03-17", endDate: "2026-03-17" });
    const day = await t.request({ method: "GET", url: `${reports}/2026-03-17`, token: w.nurse.token });
    expect(day.json().appointments.map((a: { appointmentType: string }) => a.appointmentType)).toEqual([
      "CHEMOTHERAPY",
    ]);
    // Without the appointment permission, none leave the server.
    await changePermissions(t, w.nurse.id, { revoke: ["view_nurse_visit_appointments"] });
    const hidden = await t.request({
      method: "GET",
      url: `${reports}?startDate=2026-03-09&endDate=2026-03-20`,
      token: w.nurse.token,
    });
    expect(hidden.json().appointments).toEqual([]);
    await changePermissions(t, w.nurse.id, { grant: ["view_nurse_visit_appointments"] });
  });

  it("refuses what the form refuses, with the spec's words on the field, and stores nothing", async () => {
    const w = await heartWithGrace();
    const before = await w.count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...timed, appointmentType: undefined }, "appointmentType", messages.appointmentTypeRequired],
      [{ ...timed, date: undefined }, "date", messages.appointmentDateRequired],
      [{ ...timed, isDraft: undefined }, "isDraft", messages.appointmentTimeKindRequired],
      [{ ...timed, startTime: null }, "startTime", "This is required"],
      [{ ...timed, endTime: "09:59" }, "endTime", "Please select a time greater than 10:00"],
      [{ ...timed, startTime: "09:00" }, "startTime", "Please select a time in the future"],
      [{ ...timed, date: "2026-03-09" }, "date", messages.appointmentDateInPast],
      [{ ...timed, isDraft: true, status: "CONFIRMED" }, "status", messages.appointmentAllDayScheduled],
      [{ ...timed, appointmentType: "TELEPHONE_CONSULTATION" }, "mode", messages.appointmentTelephoneMode],
      [{ ...timed, withWhom: "x".repeat(31) }, "withWhom", "Max length is 30 characters."],
      [{ ...timed, withWhom: "<script>" }, "withWhom", messages.unsupportedCharacters],
      [{ ...timed, date: "2026-02-30" }, "date", messages.dateInvalid],
      [{ ...timed, startTime: "25:00" }, "startTime", messages.notValidValue],
      [{ ...timed, mode: "VIDEO" }, "mode", messages.appointmentModeRequired],
    ];
    for (const [payload, field, message] of cases) {
      const response = await w.create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldErrors(response)).toContainEqual({ field, message });
    }
    // An all-day appointment today is not in the past; a start time equal to now is allowed.
    await withTodaysEdgeVisits(w);
    expect(await w.count()).toBe(before + 2);
  });

  it("lists Upcoming from now ascending and Past to now descending, 20 a page, and a calendar day by date", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    await withTodaysEdgeVisits(w);
    const upcoming = await w.list({ intervalStart: "2026-03-10T09:15:00Z", ordering: "date" });
    expect(upcoming.statusCode).toBe(200);
    const rows = upcoming.json().results as NurseAppointment[];
    // 09:15-09:15 ends at this very minute: it is already past (locked), so not upcoming.
    expect(rows.map((r) => [r.date, r.startTime ?? "all day", r.locked])).toEqual([
      ["2026-03-10", "all day", false],
      ["2026-03-10", "10:00", false],
      ["2026-03-12", "14:00", false],
      ["2026-03-17", "all day", false],
    ]);
    const paged = await w.list({ intervalStart: "2026-03-10T09:15:00Z", _perPage: "2", _page: "2" });
    expect(paged.json().totalCount).toBe(4);
    expect(paged.json().results.map((r: NurseAppointment) => r.startTime)).toEqual(["14:00", null]);
    expect(paged.headers["x-total-count"]).toBe("4");

    await w.setClock("2026-03-10T09:16:00Z");
    const past = await w.list({ intervalEnd: "2026-03-10T09:16:00Z", ordering: "-date" });
    expect(past.json().results.map((r: NurseAppointment) => [r.startTime, r.locked])).toEqual([["09:15", true]]);
    const day = await w.list({ intervalStart: "2026-03-12", intervalEnd: "2026-03-12" });
    expect(day.json().results.map((r: NurseAppointment) => r.id)).toEqual([ids.phone]);
    const bad = await w.list({ intervalStart: "yesterday", ordering: "soonest" });
    expect(bad.statusCode).toBe(422);
    expect(
      fieldErrors(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(["intervalStart", "ordering"]);
    expect((await w.audit("appointment.list")).length).toBeGreaterThanOrEqual(4);
  });

  it("edits a future appointment freely and refuses moving it into the past", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    const moved = await w.patch(ids.phone, { date: "2026-03-13", startTime: "15:00", endTime: "15:30" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: "2026-03-13", startTime: "15:00", endsAt: "2026-03-13T15:30:00.000Z" });
    const back = await w.patch(ids.phone, { date: "2026-03-01" });
    expect(back.statusCode).toBe(422);
    expect(fieldErrors(back)).toEqual([{ field: "date", message: messages.appointmentDateInPast }]);
    const face = await w.patch(ids.phone, { mode: "FACE_TO_FACE" });
    expect(fieldErrors(face)).toEqual([{ field: "mode", message: messages.appointmentTelephoneMode }]);
    expect((await w.get(ids.phone)).json()).toMatchObject({ date: "2026-03-13", mode: "TELEPHONE" });
    expect((await w.audit("appointment.read")).length).toBe(1);
  });

  it("locks a visit once its end time passes: status and withWhom change, type, date, time and mode do not", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    await w.setClock("2026-03-10T10:29:59Z");
    expect((await w.get(ids.today)).json().locked).toBe(false);
    await w.setClock("2026-03-10T10:30:00Z");
    expect((await w.get(ids.today)).json().locked).toBe(true);

    for (const change of [
      { appointmentType: "CHEMOTHERAPY" },
      { date: "2026-03-20" },
      { startTime: "10:05" },
      { mode: "TELEPHONE" },
      { isDraft: true, status: "SCHEDULED" },
    ]) {
      const refused = await w.patch(ids.today, { ...change, status: "COMPLETED" });
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().message).toBe(messages.appointmentLocked);
    }
    const done = await w.patch(ids.today, { status: "COMPLETED", withWhom: "Nurse Patel", date: "2026-03-10" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "COMPLETED", withWhom: "Nurse Patel", date: "2026-03-10" });
    const gone = await w.remove(ids.today);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(messages.appointmentPastDelete);
  });

  it("deletes an upcoming appointment", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    expect((await w.remove(ids.chemo)).statusCode).toBe(204);
    expect((await w.get(ids.chemo)).statusCode).toBe(404);
    expect(await w.audit("appointment.delete")).toHaveLength(1);
  });

  it("shows the patient's notes only with view_appointment_notes and while the program allows appointment notes", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    await t.ctx.db
      .updateTable("nurseVisitAppointments")
      .set({ notes: "Bring the blood diary" })
      .where("id", "=", ids.phone)
      .execute();
    expect((await w.get(ids.phone)).json().notes).toBe("Bring the blood diary");
    await changePermissions(t, w.nurse.id, { revoke: ["view_appointment_notes"] });
    expect((await w.get(ids.phone)).json().notes).toBeNull();
    await changePermissions(t, w.nurse.id, { grant: ["view_appointment_notes"] });
    await t.ctx.db
      .updateTable("programs")
      .set({ disabledNoteTypes: ["appointments"] })
      .where("id", "=", w.heart)
      .execute();
    expect((await w.get(ids.phone)).json().notes).toBeNull();
    await t.ctx.db.updateTable("programs").set({ disabledNoteTypes: [] }).where("id", "=", w.heart).execute();
  });

  it("exports the upcoming appointments as an iCalendar file without identifying the patient", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    // As the morning went: an all-day visit added for today, the call moved to Friday 15:00 with a
    // note, the chemotherapy cancelled; now it is 10:30 and the blood test has ended.
    expect((await w.create(allDayToday)).statusCode).toBe(201);
    expect((await w.patch(ids.phone, { date: "2026-03-13", startTime: "15:00", endTime: "15:30" })).statusCode).toBe(
      200,
    );
    await t.ctx.db
      .updateTable("nurseVisitAppointments")
      .set({ notes: "Bring the blood diary" })
      .where("id", "=", ids.phone)
      .execute();
    expect((await w.remove(ids.chemo)).statusCode).toBe(204);
    await w.setClock("2026-03-10T10:30:00Z");
    const response = await t.request({
      method: "GET",
      url: `${path(w.graceId)}/upcoming.ics?projectId=${w.heart}`,
      token: w.nurse.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="appointments-GH.ics"');
    const ics = response.body;
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    // Still to come: today's all-day visit (it ends at midnight) and the telephone consultation.
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded).toContain(`UID:${ids.phone}@openpro.test`);
    expect(unfolded).toContain("DTSTART:20260313T150000Z");
    expect(unfolded).toContain("DTEND:20260313T153000Z");
    expect(unfolded).toContain("DTSTART;VALUE=DATE:20260310\r\nDTEND;VALUE=DATE:20260311");
    expect(unfolded).toContain("DTSTAMP:20260310T103000Z");
    expect(unfolded).toContain("SUMMARY:Telephone consultation (Telephone)");
    expect(unfolded).toContain("With: Dr Ames\\, oncology\\; (ward 3)");
    for (const secret of ["Grace", "Hopper", "9434765919", "grace@", "Bring the blood diary"]) {
      expect(unfolded).not.toContain(secret);
    }
    expect(await w.audit("appointment.calendar.export")).toHaveLength(1);
  });

  it("judges today in the program's zone: late evening in New York is still the day before", async () => {
    const w = await heartWithGrace();
    // 03:30 on 11 March in London is 23:30 on 10 March in New York.
    await w.setClock("2026-03-11T03:30:00Z");
    const { lakeNurse, lenaId } = await lenaInLakeside();
    const tonight = await w.create(
      { ...timed, date: "2026-03-10", startTime: "23:45", endTime: "23:50" },
      lakeside,
      lenaId,
      lakeNurse.token,
    );
    expect(tonight.statusCode).toBe(201);
    expect(tonight.json()).toMatchObject({ endsAt: "2026-03-11T03:50:00.000Z", locked: false });
    const londonDay = await w.create(allDayToday);
    expect(fieldErrors(londonDay)).toEqual([{ field: "date", message: messages.appointmentDateInPast }]);
  });

  it("refuses the anonymous, the unpermitted, other programs' patients and inactive ones", async () => {
    const w = await heartWithGrace();
    const ids = await withGraceVisits(w);
    // Alan was added to the program but never consented; a program of Northbridge records no appointments.
    expect(
      (
        await addPatient(
          t,
          w.nurse.token,
          newPatient(w.heart, { firstName: "Alan", lastName: "Turing", email: `alan@${w.domain}` }),
        )
      ).statusCode,
    ).toBe(201);
    const alanId = await userIdOf(t, `alan@${w.domain}`);
    const quiet = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Quiet ${programs}` });
    // Lena, in another organisation's program, has a visit booked by her own nurse.
    const { lakeNurse, lenaId } = await lenaInLakeside();
    expect((await w.create({ ...timed, date: "2026-03-20" }, lakeside, lenaId, lakeNurse.token)).statusCode).toBe(201);
    const anonymous = await t.request({ method: "GET", url: `${path(w.graceId)}?projectId=${w.heart}` });
    expect(anonymous.statusCode).toBe(401);

    // Lena's program is another organisation's; asking through Heart finds no such patient.
    expect((await w.list({}, lakeside, lenaId)).statusCode).toBe(404);
    expect((await w.list({}, w.heart, lenaId)).statusCode).toBe(404);
    expect((await w.create({ ...timed, date: "2026-03-20" }, w.heart, lenaId)).statusCode).toBe(404);
    // Another patient's appointment through Grace's path.
    const lenaAppointment = (
      await t.ctx.db
        .selectFrom("nurseVisitAppointments")
        .select("id")
        .where("patientId", "=", lenaId)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await w.get(lenaAppointment)).statusCode).toBe(404);
    expect((await w.patch(lenaAppointment, { status: "COMPLETED" })).statusCode).toBe(404);
    expect((await w.remove(lenaAppointment)).statusCode).toBe(404);
    // Alan never consented: no appointments.
    expect((await w.list({}, w.heart, alanId)).statusCode).toBe(404);

    // A program that does not record appointments.
    const quietList = await w.list({}, quiet);
    expect(quietList.statusCode).toBe(404);

    await changePermissions(t, w.nurse.id, { revoke: ["create_nurse_visit_appointments"] });
    expect((await w.create({ ...timed, date: "2026-03-20" })).statusCode).toBe(403);
    expect((await w.patch(ids.phone, { status: "CONFIRMED" })).statusCode).toBe(403);
    expect((await w.remove(ids.phone)).statusCode).toBe(403);
    expect((await w.list({})).statusCode).toBe(200);
    await changePermissions(t, w.nurse.id, { revoke: ["view_nurse_visit_appointments"] });
    expect((await w.list({})).statusCode).toBe(403);
    expect((await w.get(ids.phone)).statusCode).toBe(403);
    await changePermissions(t, w.nurse.id, {
      grant: ["create_nurse_visit_appointments", "view_nurse_visit_appointments"],
    });

    await setNurseVisitAppointments(t, w.heart, false);
    const off = await w.create({ ...timed, date: "2026-03-20" });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(messages.appointmentsNotUsed);
    expect((await w.list({})).statusCode).toBe(409);
    await setNurseVisitAppointments(t, w.heart);

    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENT_WITHDRAWN" })
      .where("userId", "=", w.graceId)
      .execute();
    const withdrawn = await w.create({ ...timed, date: "2026-03-20" });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toBe(messages.appointmentPatientInactive);
    expect((await w.list({})).statusCode).toBe(200);
    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENTED" })
      .where("userId", "=", w.graceId)
      .execute();

    await t.ctx.db.updateTable("programs").set({ endedAt: t.clock.now() }).where("id", "=", w.heart).execute();
    const closed = await w.patch(ids.phone, { status: "CONFIRMED" });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(messages.appointmentPatientInactive);
    await t.ctx.db.updateTable("programs").set({ endedAt: null }).where("id", "=", w.heart).execute();
  });

  it("documents the endpoints in the OpenAPI reference", async () => {
    const response = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/api/v1/users/{userId}/nurse_visit_appointments"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(paths["/api/v1/users/{userId}/nurse_visit_appointments/{appointmentId}"]!).sort()).toEqual([
      "delete",
      "get",
      "patch",
    ]);
    expect(paths["/api/v1/users/{userId}/nurse_visit_appointments/upcoming.ics"]).toBeTruthy();
  });
});

describe("iCalendar text", () => {
  it("escapes TEXT values and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    const line = `DESCRIPTION:${"é".repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});
