import { messages, type NurseAppointment } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, userIdOf } from "../../../test/patients.js";
import {
  addToOrganisation,
  changePermissions,
  insertOrganisation,
  insertProgram,
  staffSession,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { escapeText, foldLine } from "./ical.js";

describe("nurse-visit appointments: a nurse books, edits and closes a patient's visits", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let heart: string;
  let lakeside: string;
  let quiet: string;
  let graceId: string;
  let alanId: string;
  let lenaId: string;

  const path = (userId: string, id?: string) => `/api/v1/users/${userId}/nurse_visit_appointments${id ? `/${id}` : ""}`;
  const create = (payload: Record<string, unknown>, programId = heart, userId = graceId, token = nurse.token) =>
    t.request({ method: "POST", url: `${path(userId)}?projectId=${programId}`, token, payload });
  const list = (query: Record<string, string>, programId = heart, userId = graceId, token = nurse.token) =>
    t.request({
      method: "GET",
      url: `${path(userId)}?${new URLSearchParams({ projectId: programId, ...query })}`,
      token,
    });
  const patch = (id: string, payload: Record<string, unknown>, programId = heart, token = nurse.token) =>
    t.request({ method: "PATCH", url: `${path(graceId, id)}?projectId=${programId}`, token, payload });
  const remove = (id: string, programId = heart, token = nurse.token) =>
    t.request({ method: "DELETE", url: `${path(graceId, id)}?projectId=${programId}`, token });
  const get = (id: string, programId = heart, token = nurse.token) =>
    t.request({ method: "GET", url: `${path(graceId, id)}?projectId=${programId}`, token });
  const count = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("nurseVisitAppointments")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
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
  const ids: Record<string, string> = {};
  /** Moves the clock; the nurse signs in again (access tokens live 15 minutes). */
  const setClock = async (iso: string) => {
    t.clock.set(iso);
    nurse.token = (await signIn(t, "nia@clinic.test")).accessToken;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-09T12:00:00Z");
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    quiet = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Quiet" });
    const lakeOrg = await insertOrganisation(t, "Lakeside");
    lakeside = await insertProgram(t, { organisationId: lakeOrg, name: "Lakeside", territory: "US" });
    await t.ctx.db
      .updateTable("programs")
      .set({ populateNvAppointments: true })
      .where("id", "in", [heart, lakeside])
      .execute();
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, northbridge, "clinician_team_member");
    const lakeNurse = await staffSession(t, { email: "lou@lakeside.test", role: "clinician_team_member" });
    await addToOrganisation(t, lakeNurse.id, lakeOrg, "clinician_team_member");
    for (const [programId, token, firstName, lastName, email] of [
      [heart, nurse.token, "Grace", "Hopper", "grace@patients.test"],
      [heart, nurse.token, "Alan", "Turing", "alan@patients.test"],
      [lakeside, lakeNurse.token, "Lena", "Lake", "lena@patients.test"],
    ] as const) {
      expect((await addPatient(t, token, newPatient(programId, { firstName, lastName, email }))).statusCode).toBe(201);
    }
    for (const [email, programId] of [
      ["grace@patients.test", heart],
      ["lena@patients.test", lakeside],
    ] as const) {
      const session = await acceptInvite(t, email);
      expect((await giveConsent(t, session, programId)).statusCode).toBe(200);
    }
    graceId = await userIdOf(t, "grace@patients.test");
    alanId = await userIdOf(t, "alan@patients.test");
    lenaId = await userIdOf(t, "lena@patients.test");
    // Tuesday 10 March, 09:15 in London (GMT).
    await setClock("2026-03-10T09:15:00Z");
  });

  afterAll(() => t.close());

  it("books a timed visit for later today and an all-day one next week", async () => {
    const response = await create(timed);
    expect(response.statusCode).toBe(201);
    const booked = response.json() as NurseAppointment;
    expect(booked).toMatchObject({
      projectId: heart,
      appointmentType: "BLOOD_TEST",
      date: "2026-03-10",
      startTime: "10:00",
      endTime: "10:30",
      mode: "FACE_TO_FACE",
      status: "CONFIRMED",
      isDraft: false,
      withWhom: "Sister Okafor",
      notes: null,
      locked: false,
      startsAt: "2026-03-10T10:00:00.000Z",
      endsAt: "2026-03-10T10:30:00.000Z",
    });
    ids.today = booked.id;

    const allDay = await create({
      appointmentType: "CHEMOTHERAPY",
      date: "2026-03-17",
      mode: "FACE_TO_FACE",
      isDraft: true,
      withWhom: "",
    });
    expect(allDay.statusCode).toBe(201);
    expect(allDay.json()).toMatchObject({ status: "SCHEDULED", startTime: null, endTime: null, withWhom: null });
    ids.chemo = allDay.json().id;

    const phone = await create({
      ...timed,
      appointmentType: "TELEPHONE_CONSULTATION",
      mode: "TELEPHONE",
      date: "2026-03-12",
      startTime: "14:00",
      endTime: "14:15",
      status: "SCHEDULED",
      withWhom: "Dr Ames, oncology; (ward 3)",
    });
    expect(phone.statusCode).toBe(201);
    ids.phone = phone.json().id;

    const created = await auditRows(t, "appointment.create");
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      programId: heart,
      patientId: graceId,
      actorUserId: nurse.id,
      outcome: "success",
    });
  });

  it("puts the range's appointments in the dashboard report and the day's in the daily report", async () => {
    const reports = `/api/v1/pro-dashboard/projects/${heart}/users/${graceId}/reports`;
    const range = await t.request({
      method: "GET",
      url: `${reports}?startDate=2026-03-09&endDate=2026-03-20`,
      token: nurse.token,
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
    const day = await t.request({ method: "GET", url: `${reports}/2026-03-17`, token: nurse.token });
    expect(day.json().appointments.map((a: { appointmentType: string }) => a.appointmentType)).toEqual([
      "CHEMOTHERAPY",
    ]);
    // Without the appointment permission, none leave the server.
    await changePermissions(t, nurse.id, { revoke: ["view_nurse_visit_appointments"] });
    const hidden = await t.request({
      method: "GET",
      url: `${reports}?startDate=2026-03-09&endDate=2026-03-20`,
      token: nurse.token,
    });
    expect(hidden.json().appointments).toEqual([]);
    await changePermissions(t, nurse.id, { grant: ["view_nurse_visit_appointments"] });
  });

  it("refuses what the form refuses, with the spec's words on the field, and stores nothing", async () => {
    const before = await count();
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
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldErrors(response)).toContainEqual({ field, message });
    }
    // An all-day appointment today is not in the past; a start time equal to now is allowed.
    expect((await create({ ...timed, date: "2026-03-10", isDraft: true, status: "SCHEDULED" })).statusCode).toBe(201);
    expect((await create({ ...timed, startTime: "09:15", endTime: "09:15" })).statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it("lists Upcoming from now ascending and Past to now descending, 20 a page, and a calendar day by date", async () => {
    const upcoming = await list({ intervalStart: "2026-03-10T09:15:00Z", ordering: "date" });
    expect(upcoming.statusCode).toBe(200);
    const rows = upcoming.json().results as NurseAppointment[];
    // 09:15-09:15 ends at this very minute: it is already past (locked), so not upcoming.
    expect(rows.map((r) => [r.date, r.startTime ?? "all day", r.locked])).toEqual([
      ["2026-03-10", "all day", false],
      ["2026-03-10", "10:00", false],
      ["2026-03-12", "14:00", false],
      ["2026-03-17", "all day", false],
    ]);
    const paged = await list({ intervalStart: "2026-03-10T09:15:00Z", _perPage: "2", _page: "2" });
    expect(paged.json().totalCount).toBe(4);
    expect(paged.json().results.map((r: NurseAppointment) => r.startTime)).toEqual(["14:00", null]);
    expect(paged.headers["x-total-count"]).toBe("4");

    await setClock("2026-03-10T09:16:00Z");
    const past = await list({ intervalEnd: "2026-03-10T09:16:00Z", ordering: "-date" });
    expect(past.json().results.map((r: NurseAppointment) => [r.startTime, r.locked])).toEqual([["09:15", true]]);
    const day = await list({ intervalStart: "2026-03-12", intervalEnd: "2026-03-12" });
    expect(day.json().results.map((r: NurseAppointment) => r.id)).toEqual([ids.phone]);
    const bad = await list({ intervalStart: "yesterday", ordering: "soonest" });
    expect(bad.statusCode).toBe(422);
    expect(
      fieldErrors(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(["intervalStart", "ordering"]);
    expect((await auditRows(t, "appointment.list")).length).toBeGreaterThanOrEqual(4);
  });

  it("edits a future appointment freely and refuses moving it into the past", async () => {
    const moved = await patch(ids.phone!, { date: "2026-03-13", startTime: "15:00", endTime: "15:30" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: "2026-03-13", startTime: "15:00", endsAt: "2026-03-13T15:30:00.000Z" });
    const back = await patch(ids.phone!, { date: "2026-03-01" });
    expect(back.statusCode).toBe(422);
    expect(fieldErrors(back)).toEqual([{ field: "date", message: messages.appointmentDateInPast }]);
    const face = await patch(ids.phone!, { mode: "FACE_TO_FACE" });
    expect(fieldErrors(face)).toEqual([{ field: "mode", message: messages.appointmentTelephoneMode }]);
    expect((await get(ids.phone!)).json()).toMatchObject({ date: "2026-03-13", mode: "TELEPHONE" });
    expect((await auditRows(t, "appointment.read")).length).toBe(1);
  });

  it("locks a visit once its end time passes: status and withWhom change, type, date, time and mode do not", async () => {
    await setClock("2026-03-10T10:29:59Z");
    expect((await get(ids.today!)).json().locked).toBe(false);
    await setClock("2026-03-10T10:30:00Z");
    expect((await get(ids.today!)).json().locked).toBe(true);

    for (const change of [
      { appointmentType: "CHEMOTHERAPY" },
      { date: "2026-03-20" },
      { startTime: "10:05" },
      { mode: "TELEPHONE" },
      { isDraft: true, status: "SCHEDULED" },
    ]) {
      const refused = await patch(ids.today!, { ...change, status: "COMPLETED" });
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().message).toBe(messages.appointmentLocked);
    }
    const done = await patch(ids.today!, { status: "COMPLETED", withWhom: "Nurse Patel", date: "2026-03-10" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "COMPLETED", withWhom: "Nurse Patel", date: "2026-03-10" });
    const gone = await remove(ids.today!);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(messages.appointmentPastDelete);
  });

  it("deletes an upcoming appointment", async () => {
    expect((await remove(ids.chemo!)).statusCode).toBe(204);
    expect((await get(ids.chemo!)).statusCode).toBe(404);
    expect(await auditRows(t, "appointment.delete")).toHaveLength(1);
  });

  it("shows the patient's notes only with view_appointment_notes and while the program allows appointment notes", async () => {
    await t.ctx.db
      .updateTable("nurseVisitAppointments")
      .set({ notes: "Bring the blood diary" })
      .where("id", "=", ids.phone!)
      .execute();
    expect((await get(ids.phone!)).json().notes).toBe("Bring the blood diary");
    await changePermissions(t, nurse.id, { revoke: ["view_appointment_notes"] });
    expect((await get(ids.phone!)).json().notes).toBeNull();
    await changePermissions(t, nurse.id, { grant: ["view_appointment_notes"] });
    await t.ctx.db
      .updateTable("programs")
      .set({ disabledNoteTypes: ["appointments"] })
      .where("id", "=", heart)
      .execute();
    expect((await get(ids.phone!)).json().notes).toBeNull();
    await t.ctx.db.updateTable("programs").set({ disabledNoteTypes: [] }).where("id", "=", heart).execute();
  });

  it("exports the upcoming appointments as an iCalendar file without identifying the patient", async () => {
    const response = await t.request({
      method: "GET",
      url: `${path(graceId)}/upcoming.ics?projectId=${heart}`,
      token: nurse.token,
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
    expect(await auditRows(t, "appointment.calendar.export")).toHaveLength(1);
  });

  it("judges today in the program's zone: late evening in New York is still the day before", async () => {
    // 03:30 on 11 March in London is 23:30 on 10 March in New York.
    await setClock("2026-03-11T03:30:00Z");
    const lakeNurse = await staffSession(t, { email: "lee@lakeside.test", role: "clinician_team_member" });
    const lakeOrg = (
      await t.ctx.db
        .selectFrom("programs")
        .select("organisationId")
        .where("id", "=", lakeside)
        .executeTakeFirstOrThrow()
    ).organisationId!;
    await addToOrganisation(t, lakeNurse.id, lakeOrg, "clinician_team_member");
    const tonight = await create(
      { ...timed, date: "2026-03-10", startTime: "23:45", endTime: "23:50" },
      lakeside,
      lenaId,
      lakeNurse.token,
    );
    expect(tonight.statusCode).toBe(201);
    expect(tonight.json()).toMatchObject({ endsAt: "2026-03-11T03:50:00.000Z", locked: false });
    const londonDay = await create({ ...timed, date: "2026-03-10", isDraft: true, status: "SCHEDULED" });
    expect(fieldErrors(londonDay)).toEqual([{ field: "date", message: messages.appointmentDateInPast }]);
  });

  it("refuses the anonymous, the unpermitted, other programs' patients and inactive ones", async () => {
    const anonymous = await t.request({ method: "GET", url: `${path(graceId)}?projectId=${heart}` });
    expect(anonymous.statusCode).toBe(401);

    // Lena's program is another organisation's; asking through Heart finds no such patient.
    expect((await list({}, lakeside, lenaId)).statusCode).toBe(404);
    expect((await list({}, heart, lenaId)).statusCode).toBe(404);
    expect((await create({ ...timed, date: "2026-03-20" }, heart, lenaId)).statusCode).toBe(404);
    // Another patient's appointment through Grace's path.
    const lenaAppointment = (
      await t.ctx.db
        .selectFrom("nurseVisitAppointments")
        .select("id")
        .where("patientId", "=", lenaId)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await get(lenaAppointment)).statusCode).toBe(404);
    expect((await patch(lenaAppointment, { status: "COMPLETED" })).statusCode).toBe(404);
    expect((await remove(lenaAppointment)).statusCode).toBe(404);
    // Alan never consented: no appointments.
    expect((await list({}, heart, alanId)).statusCode).toBe(404);

    // A program that does not record appointments.
    const quietList = await list({}, quiet);
    expect(quietList.statusCode).toBe(404);

    await changePermissions(t, nurse.id, { revoke: ["create_nurse_visit_appointments"] });
    expect((await create({ ...timed, date: "2026-03-20" })).statusCode).toBe(403);
    expect((await patch(ids.phone!, { status: "CONFIRMED" })).statusCode).toBe(403);
    expect((await remove(ids.phone!)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(200);
    await changePermissions(t, nurse.id, { revoke: ["view_nurse_visit_appointments"] });
    expect((await list({})).statusCode).toBe(403);
    expect((await get(ids.phone!)).statusCode).toBe(403);
    await changePermissions(t, nurse.id, {
      grant: ["create_nurse_visit_appointments", "view_nurse_visit_appointments"],
    });

    await t.ctx.db.updateTable("programs").set({ populateNvAppointments: false }).where("id", "=", heart).execute();
    const off = await create({ ...timed, date: "2026-03-20" });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(messages.appointmentsNotUsed);
    expect((await list({})).statusCode).toBe(409);
    await t.ctx.db.updateTable("programs").set({ populateNvAppointments: true }).where("id", "=", heart).execute();

    await t.ctx.db
      .updateTable("programPatients")
      .set({ status: "CONSENT_WITHDRAWN" })
      .where("userId", "=", graceId)
      .execute();
    const withdrawn = await create({ ...timed, date: "2026-03-20" });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toBe(messages.appointmentPatientInactive);
    expect((await list({})).statusCode).toBe(200);
    await t.ctx.db.updateTable("programPatients").set({ status: "CONSENTED" }).where("userId", "=", graceId).execute();

    await t.ctx.db.updateTable("programs").set({ endedAt: t.clock.now() }).where("id", "=", heart).execute();
    const closed = await patch(ids.phone!, { status: "CONFIRMED" });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(messages.appointmentPatientInactive);
    await t.ctx.db.updateTable("programs").set({ endedAt: null }).where("id", "=", heart).execute();
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
