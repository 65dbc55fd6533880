import { type Grants, messages } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProgramDashboard } from "../features/program-dashboard/components/program-dashboard";
import { fromWire } from "../lib/wire";
import { programFixture } from "../test-fixtures";
import { jsonResponse, renderWithProviders } from "../test-utils";

const projectId = "33333333-3333-4333-8333-333333333333";
const grace = "44444444-4444-4444-8444-444444444444";
const base = `/api/v1/pro-dashboard/projects/${projectId}/reports`;
const now = new Date("2026-03-07T10:00:00Z");
const program = programFixture({
  projectId,
  name: "Northbridge Heart",
  description: "Weekly symptom reporting during chemotherapy.",
  startDate: "2026-01-05",
  endDate: "2026-12-31",
  consentedPatientsCount: 12,
  availableQuestionnaireTypes: ["EQ5D", "QLQC30"],
});

const levels = (logTypeId: string) =>
  ["Did not experience", "Mild", "Moderate", "Severe", "Very severe"].map((label, grade) => ({
    id: `${logTypeId}-${grade}`,
    grade,
    label,
    isDanger: grade >= 3,
  }));
const logType = (logTypeId: string, name: string) => ({
  logTypeId,
  name,
  identifier: logTypeId,
  ctcaeVersion: "5.0",
  category: "Gastrointestinal",
  levels: levels(logTypeId),
});
const nausea = logType("10028813", "Nausea");
const fatigue = logType("10016256", "Fatigue");
const mostLogged = {
  results: [
    {
      logType: nausea,
      count: 4,
      severe: 2,
      grades: [0, 1, 1, 2, 0].map((count, grade) => ({ grade, count, severe: grade >= 3 })),
    },
    {
      logType: fatigue,
      count: 1,
      severe: 0,
      grades: [0, 0, 1, 0, 0].map((count, grade) => ({ grade, count, severe: grade >= 3 })),
    },
  ],
};

const week = (from: string, to: string, loggedDays: number, completed: number) => ({
  from,
  to,
  patients: 4,
  patientDays: 28,
  loggedDays,
  loggingRate: Math.round((loggedDays / 28) * 100),
  questionnairesDue: 4,
  questionnairesCompleted: completed,
  completionRate: completed * 25,
});
const reportingTrend = {
  quiet: 3,
  weeks: [week("2026-02-20", "2026-02-26", 21, 4), week("2026-02-27", "2026-03-05", 14, 3)],
};

const everything: Grants = {
  permissions: ["view_project_symptom_data", "view_project_temperature_data", "view_project_users"],
};

/** The API as the server answers it; every request recorded with its query. */
const stubApi = (empty = false) => {
  const calls: { path: string; query: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === `/api/v1/admin/projects/${projectId}/worklist/trend`) {
        calls.push({ path: "/worklist/trend", query });
        return jsonResponse(200, empty ? { quiet: 0, weeks: [] } : reportingTrend);
      }
      const path = url.pathname.slice(base.length);
      calls.push({ path, query });
      const byDay = query.axis === "involvementDay";
      switch (path) {
        case "/symptoms":
          return jsonResponse(200, empty ? { results: [] } : mostLogged);
        case "/symptoms/trends":
          return jsonResponse(200, {
            axis: query.axis,
            logType: { ...(query.logTypeId === fatigue.logTypeId ? fatigue : nausea), maxGradeDescriptionLength: 18 },
            daysGradesAvg: byDay ? { "1": 1.5, "2": 3 } : { "2026-03-02": 1, "2026-03-03": 2.5 },
            daysCounts: byDay ? { "1": 2, "2": 1 } : { "2026-03-02": 1, "2026-03-03": 2 },
          });
        case "/temperature/trends":
          return jsonResponse(200, {
            axis: query.axis,
            days: empty ? {} : { "2026-03-03": { mean: 37, stDev: 1, count: 2 } },
            normalMin: 36,
            normalMax: 37.5,
            highReadings: empty ? 0 : 1,
            lowReadings: empty ? 0 : 1,
          });
        case "/medication":
          return jsonResponse(200, {
            results: empty
              ? []
              : [{ medicationName: "Omeprazole", adherence: 57, eventsMissed: 2, logged: 4, skipped: 1, patients: 2 }],
          });
        case "/patients":
          return jsonResponse(200, {
            results: [{ userId: grace, firstName: "Grace", lastName: "Hopper", count: 1, worst: 3 }],
            totalCount: 1,
          });
      }
      throw new Error(`Unexpected fetch ${url}`);
    }),
  );
  return calls;
};

const render = (actor: Grants = everything) =>
  renderWithProviders(<ProgramDashboard program={fromWire(program)} actor={actor} now={now} />, {
    route: `/programs/${projectId}/reports`,
  });
const section = (name: string) => screen.getByRole("region", { name });
/** Figures arrive after one or two requests: a loaded machine may take more than the default second. */
const slow = { timeout: 8000 };

describe("the program dashboard", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the program and every widget's figures, charts with tables for screen readers", async () => {
    const calls = stubApi();
    render();
    const about = screen.getByRole("region", { name: "About the program" });
    expect(within(about).getByText("05/01/2026")).toBeTruthy();
    expect(within(about).getByText("31/12/2026")).toBeTruthy();
    expect(within(about).getByText("EQ5D, QLQC30")).toBeTruthy();
    expect(within(about).getByText("12")).toBeTruthy();
    expect(within(about).getByText("Weekly symptom reporting during chemotherapy.")).toBeTruthy();

    // Full program by default: from the first day to today.
    const trend = await within(section("Symptom Trends")).findByRole(
      "table",
      {
        name: "Nausea: average grade per day",
      },
      slow,
    );
    expect(
      within(trend)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["DateAverage gradeLogs", "02/03/20261.00 (Mild)1", "03/03/20262.50 (Severe)2"]);
    expect(calls.find((c) => c.path === "/symptoms/trends")?.query).toEqual({
      startDate: "2026-01-05",
      endDate: "2026-03-07",
      axis: "date",
      logTypeId: "10028813",
    });

    const most = within(section("Most logged symptoms")).getByRole("table");
    expect(
      within(most)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Symptom", "Logs", "Severe", "Grade 0", "Grade 1", "Grade 2", "Grade 3", "Grade 4"]);
    expect(within(most).getAllByRole("row")[1]!.textContent).toBe("Nausea4201120");

    const temperature = await within(section("Temperature trends")).findByRole(
      "table",
      {
        name: /Temperature per day/,
      },
      slow,
    );
    expect(within(temperature).getAllByRole("row")[1]!.textContent).toBe("03/03/202637.01.002");

    const medication = section("Medication adherence");
    expect(await within(medication).findByText("Omeprazole: 57%", {}, slow)).toBeTruthy();
    expect(within(medication).getByText(/2 events missed/)).toBeTruthy();

    // Beside the worklist's count (a link to it), the weekly reporting of the last weeks.
    const reporting = section("Reporting");
    const quiet = await within(reporting).findByRole("link", { name: "3 patients gone quiet" }, slow);
    expect(quiet.getAttribute("href")).toBe(`/worklist?projectId=${projectId}`);
    expect(
      within(within(reporting).getByRole("table", { name: "Reporting by week" }))
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "WeekPatientsDays loggedLogging rateQuestionnaires answeredCompletion rate",
      "w/c 20/02/2026421 of 2875%4 of 4100%",
      "w/c 27/02/2026414 of 2850%3 of 475%",
    ]);
  });

  it("asks for the chosen range and lines patients up by involvement day", async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    render();
    await within(section("Symptom Trends")).findByRole("table", {}, slow);
    await user.click(screen.getByRole("combobox", { name: "Date range" }));
    await user.click(screen.getByRole("option", { name: "Last 4 weeks" }));
    await waitFor(
      () =>
        expect(calls.some((c) => c.path === "/temperature/trends" && c.query.startDate === "2026-02-08")).toBe(true),
      slow,
    );
    expect(screen.getByText("08/02/2026 – 07/03/2026")).toBeTruthy();

    await user.click(screen.getByRole("switch", { name: "By patient involvement day" }));
    const trend = await within(section("Symptom Trends")).findByRole(
      "table",
      {
        name: "Nausea: average grade per day of involvement",
      },
      slow,
    );
    expect(
      within(trend)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["Day of involvementAverage gradeLogs", "Day 11.50 (Moderate)2", "Day 23.00 (Severe)1"]);
    expect(
      calls.some(
        (c) => c.path === "/symptoms/trends" && c.query.axis === "involvementDay" && c.query.startDate === "2026-02-08",
      ),
    ).toBe(true);

    // Another symptom of those logged.
    await user.click(screen.getByRole("combobox", { name: "Symptom" }));
    await user.click(screen.getByRole("option", { name: "Fatigue" }));
    expect(
      await screen.findByRole("table", { name: "Fatigue: average grade per day of involvement" }, slow),
    ).toBeTruthy();
  });

  it("opens the patients behind a figure, each linking to their dashboard", async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "2 severe Nausea logs: show the patients" }, slow));
    const dialog = await screen.findByRole("dialog", { name: "Patients who logged severe Nausea" }, slow);
    const link = await within(dialog).findByRole("link", { name: "Hopper, Grace" }, slow);
    expect(link.getAttribute("href")).toBe(`/programs/${projectId}/participants/${grace}/dashboard`);
    expect(calls.find((c) => c.path === "/patients")?.query).toEqual({
      startDate: "2026-01-05",
      endDate: "2026-03-07",
      figure: "severeSymptom",
      logTypeId: "10028813",
    });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), slow);
  });

  it("shows only what the actor may see", async () => {
    const calls = stubApi();
    render({ permissions: ["view_project_temperature_data"] });
    expect(await within(section("Temperature trends")).findByRole("table", {}, slow)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Symptom Trends" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Medication adherence" })).toBeNull();
    // No patients by name without the patient list.
    expect(screen.queryByRole("button", { name: /High: 1 reading/ })).toBeNull();
    expect(calls.every((c) => c.path === "/temperature/trends")).toBe(true);
    // No reporting trend without the worklist's permission.
    expect(screen.queryByRole("region", { name: "Reporting" })).toBeNull();
  });

  it("says so when the range has no logs", async () => {
    stubApi(true);
    render();
    expect(await within(section("Temperature trends")).findByText(messages.noTemperatureLogs, {}, slow)).toBeTruthy();
    expect(within(section("Symptom Trends")).getByText(messages.noSymptomLogs)).toBeTruthy();
    expect(within(section("Most logged symptoms")).getByText(messages.noSymptomLogs)).toBeTruthy();
    expect(await within(section("Medication adherence")).findByText(messages.noMedicationLogs, {}, slow)).toBeTruthy();
  });
});
