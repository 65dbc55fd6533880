import { type Grants, messages } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { newLogs, reportFixture } from "../features/reports/report-fixture";
import { dailyReportFixture } from "../test-fixtures";
import { jsonResponse, renderWithProviders } from "../test-utils";
import { PatientDashboard } from "./patient-dashboard-page";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";
const base = `/programs/${projectId}/participants/${userId}`;

const everything: Grants = {
  permissions: [
    "view_user_dashboard",
    "view_user_dashboard_weight",
    "view_user_dashboard_calendar",
    "view_user_dashboard_temperature",
    "view_user_symptom_logs",
    "view_user_symptom_red_flags",
    "view_user_medication_adherence",
    "view_user_activities",
    "validate_user_log",
  ],
};
const without = (...removed: string[]): Grants => ({
  permissions: everything.permissions.filter((p) => !removed.includes(p)),
});

const render = (actor: Grants, report = reportFixture(), program?: { populateNvAppointments: boolean }) =>
  renderWithProviders(
    <PatientDashboard
      program={program}
      programId={projectId}
      userId={userId}
      base={base}
      actor={actor}
      range={{ startDate: "2026-03-01", endDate: "2026-03-05" }}
      report={report}
      consentDate="2026-03-01"
    />,
    { route: base },
  );

const section = (name: string) => screen.getByRole("region", { name });

describe("the patient dashboard", { timeout: 30_000 }, () => {
  it("renders every widget the actor may see from the report", () => {
    render(everything);
    for (const name of [
      "Calendar",
      "Most logged symptoms",
      "New symptom logs",
      "Acknowledged symptom logs",
      "Symptom history",
      "Weight",
      "Temperature",
      "Medication adherence",
      "Activities",
      "Steps",
    ]) {
      expect(section(name)).toBeTruthy();
    }
    // Weight: average, trend and the timeline (day, time, kg).
    expect(within(section("Weight")).getByText(/−1 kg since 01\/03\/2026/)).toBeTruthy();
    expect(within(section("Weight")).getByRole("table", { name: "Weight timeline" })).toBeTruthy();
    // Most logged symptoms: grade columns 0 to 4 and links to the symptom page.
    const most = within(section("Most logged symptoms")).getByRole("table");
    expect(
      within(most)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Symptom", "Logs", "Grade 0", "Grade 1", "Grade 2", "Grade 3", "Grade 4"]);
    expect(within(most).getByRole("link", { name: "Nausea" }).getAttribute("href")).toBe(`${base}/symptoms/10028813`);
    // Medication chart selector leaves out AS_NEEDED medications.
    expect(within(section("Medication adherence")).getByRole("combobox", { name: "Medication" }).textContent).toBe(
      "Ondansetron",
    );
    // Calendar: legend with red flags; a worst-symptom day is described in words.
    expect(within(section("Calendar")).getByText("Worst symptom days")).toBeTruthy();
    expect(screen.getByRole("button", { name: /2 March 2026, worst symptom day/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /1 March 2026, logged, all acknowledged/ })).toBeTruthy();
    // Charts have a text equivalent.
    expect(screen.getByRole("table", { name: "Average weight per day" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "Steps per day" })).toBeTruthy();
  });

  it("hides a widget without its permission, and acknowledge controls without validate_user_log", () => {
    render(without("view_user_dashboard_weight", "validate_user_log", "view_user_symptom_red_flags"));
    expect(screen.queryByRole("region", { name: "Weight" })).toBeNull();
    expect(section("Temperature")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Acknowledge All" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Acknowledge / })).toBeNull();
    expect(within(section("Calendar")).queryByText("Worst symptom days")).toBeNull();
  });

  it("shows the spec's empty texts", () => {
    render(
      everything,
      reportFixture({
        temperatures: [],
        symptomsNew: [],
        symptomsAcknowledged: [],
        symptoms: [],
        mostLoggedSymptoms: [],
      }),
    );
    expect(within(section("Temperature")).getByText(messages.noTemperatureLogs)).toBeTruthy();
    expect(within(section("Most logged symptoms")).getByText(messages.noSymptomLogs)).toBeTruthy();
    expect(within(section("New symptom logs")).getByText(messages.noSymptomLogs)).toBeTruthy();
  });

  it("Acknowledge All sends one POST per new log and shows the outcome of each", async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === "POST" && url.includes("/validate/")) {
          calls.push({ url, body: JSON.parse(String(init.body)) });
          if (url.includes(newLogs[1]!.logId)) {
            return jsonResponse(409, { statusCode: 409, message: messages.logAlreadyAcknowledged });
          }
          return jsonResponse(200, { ...newLogs[0], validationStatus: "Acknowledged" });
        }
        throw new Error(`Unexpected fetch ${url}`);
      }),
    );
    const user = userEvent.setup();
    render(everything);
    await user.click(screen.getByRole("button", { name: "Acknowledge All" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url).sort()).toEqual(
      newLogs.map((l) => `/api/v1/logs/${l.logId}/validate/${projectId}`).sort(),
    );
    expect(calls.every((c) => JSON.stringify(c.body) === JSON.stringify({ status: "Acknowledged" }))).toBe(true);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("1 log acknowledged and moved to Acknowledged symptom logs.");
    expect(alert.textContent).toContain("1 log could not be acknowledged");
    expect(alert.textContent).toContain(messages.logAlreadyAcknowledged);
  });

  it("shows the daily report of a clicked calendar day", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === `/api/v1/pro-dashboard/projects/${projectId}/users/${userId}/reports/2026-03-02`) {
          return jsonResponse(200, dailyReportFixture("2026-03-02", { symptoms: [newLogs[0]!] }));
        }
        throw new Error(`Unexpected fetch ${url}`);
      }),
    );
    const user = userEvent.setup();
    render(everything);
    await user.click(screen.getByRole("button", { name: /^2 March 2026/ }));
    // Inside the calendar's card: drawn after it, the day spilled over the widgets below.
    const calendar = within(section("Calendar"));
    expect(await calendar.findByText(/Nausea · Grade 3 – Severe/)).toBeTruthy();
    expect(calendar.getByRole("heading", { name: "Logged medications" })).toBeTruthy();
  });

  it("lists the chosen day's appointments in the calendar card, with their time and status", async () => {
    const appointment = {
      id: "55555555-5555-4555-8555-555555555555",
      projectId,
      appointmentType: "BLOOD_TEST",
      date: "2026-03-02",
      startTime: "09:30",
      endTime: "10:00",
      mode: "FACE_TO_FACE",
      status: "COMPLETED",
      isDraft: false,
      withWhom: "Nia",
      notes: null,
      locked: true,
      startsAt: "2026-03-02T09:30:00.000Z",
      endsAt: "2026-03-02T10:00:00.000Z",
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === `/api/v1/pro-dashboard/projects/${projectId}/users/${userId}/reports/2026-03-02`)
        return jsonResponse(200, dailyReportFixture("2026-03-02"));
      if (url.startsWith(`/api/v1/users/${userId}/nurse_visit_appointments?`)) {
        const query = new URL(url, "http://x").searchParams;
        const onTheDay = query.get("intervalStart") === "2026-03-02" && query.get("intervalEnd") === "2026-03-02";
        return jsonResponse(200, { results: onTheDay ? [appointment] : [], totalCount: onTheDay ? 1 : 0 });
      }
      throw new Error(`Unexpected fetch ${url}`);
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render({ permissions: [...everything.permissions, "view_nurse_visit_appointments"] }, reportFixture(), {
      populateNvAppointments: true,
    });
    await user.click(screen.getByRole("button", { name: /^2 March 2026/ }));
    const calendar = within(section("Calendar"));
    expect(calendar.getByRole("heading", { name: "Appointments" })).toBeTruthy();
    const item = await calendar.findByText(/Blood Test/);
    expect(item.closest("li")?.textContent).toMatch(/09:30/);
    expect(item.closest("li")?.textContent).toMatch(/Completed/);
  });
});
