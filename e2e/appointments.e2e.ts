import { addDays, wallClockAt } from "@openpro/core";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectVisible, signIn } from "./support/journeys.js";

/** The clinic's wall clock now (the demo program is in the UK): date and minute, as core's rules read it. */
const londonNow = () => wallClockAt(new Date(), "Europe/London");
const display = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * A nurse books a visit for a patient, edits it, and finds a visit that has just passed locked:
 * its type, date and mode can no longer change, its status can.
 */
describe("a nurse schedules and follows up a patient's nurse visits", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let nurse: Page;
  let programId = "";
  let patientId = "";
  let base = "";
  let token = "";
  const tomorrow = addDays(londonNow().date, 1);
  const form = () => nurse.getByRole("form", { name: "Appointment" });

  beforeAll(async () => {
    token = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    programId = await demoProgramId(call, token);
    patientId = (await patientsWithAccounts(call, token, programId))[0]!.id;
    base = `/programs/${programId}/participants/${patientId}`;
    nurse = await (await newContext(journey.browser, product.baseUrl)).newPage();
    await signIn(nurse, mail, "nurse@openpro.demo");
  });

  it("shows the demo patient's past and upcoming visits on the dashboard", async () => {
    await nurse.goto(base);
    const upcoming = nurse.getByRole("region", { name: "Upcoming appointments" });
    const past = nurse.getByRole("region", { name: "Past appointments" });
    await expectVisible(upcoming.getByRole("listitem"));
    await expectVisible(past.getByRole("listitem"));
    expect(await upcoming.getByRole("listitem").count()).toBeLessThanOrEqual(3);
    expect(await past.getByRole("listitem").count()).toBeLessThanOrEqual(3);
    await expectAccessible(nurse, "patient-dashboard-appointments");
    await past.getByRole("link", { name: "See more: Past appointments" }).click();
    await nurse.waitForURL(/scheduled-nurse-appointment\?filterTime=Past/);
    await expectVisible(nurse.getByRole("list", { name: "Past appointments" }));
    await expectAccessible(nurse, "appointments-past");
  });

  it("books a blood test for tomorrow, after the form refuses a past date", async () => {
    await nurse.getByRole("group", { name: "Show appointments" }).getByRole("button", { name: "Upcoming" }).click();
    await nurse.getByRole("link", { name: "Add appointment" }).click();
    await nurse.waitForURL(/schedule-nurse-appointment\/create/);
    await expectAccessible(nurse, "appointment-create");
    await nurse.getByRole("combobox", { name: /Appointment type/ }).click();
    await nurse.getByRole("option", { name: "Blood Test" }).click();
    await form().getByLabel(/^Date/).fill(addDays(tomorrow, -2));
    await nurse.getByRole("radio", { name: "Specific time" }).check();
    await form()
      .getByLabel(/^Start time/)
      .fill("10:00");
    await form()
      .getByLabel(/^End time/)
      .fill("10:20");
    await nurse.getByRole("radio", { name: "Face-to-Face" }).check();
    await form()
      .getByLabel(/With whom/)
      .fill("Sister Okafor");
    await nurse.getByRole("button", { name: "Schedule appointment" }).click();
    await expectVisible(nurse.getByText("The date cannot be in the past"));
    await form().getByLabel(/^Date/).fill(tomorrow);
    await nurse.getByRole("button", { name: "Schedule appointment" }).click();
    await expectVisible(nurse.getByText("You have successfully scheduled Blood Test"));
    await nurse.waitForURL(/scheduled-nurse-appointment\?filterTime=Upcoming/);
    await expectVisible(nurse.getByText(`${display(tomorrow)} · 10:00–10:20 · Face-to-Face · with Sister Okafor`));
  });

  it("edits the booking's time", async () => {
    await nurse
      .getByRole("listitem")
      .filter({ hasText: `${display(tomorrow)} · 10:00–10:20` })
      .getByRole("link", { name: "Blood Test" })
      .click();
    await nurse.waitForURL(/schedule-nurse-appointment\/[0-9a-f-]{36}$/);
    await expectAccessible(nurse, "appointment-edit");
    await form()
      .getByLabel(/^Start time/)
      .fill("11:00");
    await form()
      .getByLabel(/^End time/)
      .fill("11:30");
    await nurse.getByRole("button", { name: "Save changes" }).click();
    await expectVisible(nurse.getByText("You have successfully edited Blood Test"));
    await expectVisible(nurse.getByText(`${display(tomorrow)} · 11:00–11:30 · Face-to-Face · with Sister Okafor`));
  });

  it("locks a visit once it is over: type, date and mode are frozen, the status is not", async () => {
    // The server's clock cannot be moved: book a visit that ends at the current minute, which is
    // over the moment it is saved (the lock starts at the end minute; see core rules/appointments.ts).
    let booked: { status: number; body: { id: string; locked: boolean } } | undefined;
    for (let attempt = 0; attempt < 2 && booked?.status !== 201; attempt++) {
      const now = londonNow();
      booked = await call("POST", `/api/v1/users/${patientId}/nurse_visit_appointments?projectId=${programId}`, {
        token,
        body: {
          appointmentType: "NURSE_APPOINTMENT",
          date: now.date,
          startTime: now.time,
          endTime: now.time,
          mode: "FACE_TO_FACE",
          status: "CONFIRMED",
          isDraft: false,
          withWhom: "Nurse Patel",
        },
      });
    }
    expect(booked!.status, JSON.stringify(booked!.body)).toBe(201);
    const id = booked!.body.id;
    await nurse.goto(`${base}/schedule-nurse-appointment/${id}`);
    await expectVisible(nurse.getByText(/This appointment is in the past/));
    expect(await nurse.getByRole("combobox", { name: /Appointment type/ }).getAttribute("aria-disabled")).toBe("true");
    expect(await form().getByLabel(/^Date/).isDisabled()).toBe(true);
    expect(await nurse.getByRole("radio", { name: "Telephone" }).isDisabled()).toBe(true);
    expect(await nurse.getByRole("button", { name: "Delete appointment" }).count()).toBe(0);
    await expectAccessible(nurse, "appointment-locked");
    await nurse.getByRole("combobox", { name: /Status/ }).click();
    await nurse.getByRole("option", { name: "Completed" }).click();
    await nurse.getByRole("button", { name: "Save changes" }).click();
    await expectVisible(nurse.getByText("You have successfully edited Nurse appointment"));

    // The server holds the line whatever a client sends.
    const moved = await call(
      "PATCH",
      `/api/v1/users/${patientId}/nurse_visit_appointments/${id}?projectId=${programId}`,
      {
        token,
        body: { date: tomorrow, mode: "TELEPHONE" },
      },
    );
    expect(moved.status).toBe(409);
    const after = await call(
      "GET",
      `/api/v1/users/${patientId}/nurse_visit_appointments/${id}?projectId=${programId}`,
      {
        token,
      },
    );
    expect(after.body).toMatchObject({ status: "COMPLETED", mode: "FACE_TO_FACE", locked: true });
  });

  it("downloads the upcoming visits as a calendar file", async () => {
    await nurse.goto(`${base}/scheduled-nurse-appointment?filterTime=Upcoming`);
    const downloading = nurse.waitForEvent("download");
    await nurse.getByRole("button", { name: "Download upcoming (.ics)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^appointments-[A-Z]+\.ics$/);
    await expectAccessible(nurse, "appointments-upcoming");
  });

  it("shows the day's visits on the calendar day page", async () => {
    const today = londonNow().date;
    await nurse.goto(`${base}/calendar?date=${today}`);
    // The day's appointments are listed under the day's "Appointments" heading, each a link.
    await expectVisible(nurse.getByRole("heading", { name: "Appointments" }));
    await expectVisible(nurse.getByRole("link", { name: "Nurse appointment" }));
    await expectAccessible(nurse, "calendar-day-appointments");
  });
});
