import { type Alert, messages } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { AlertQueue } from "./alert-queue";

const projectId = "33333333-3333-4333-8333-333333333333";
const alertId = "55555555-5555-4555-8555-555555555555";

const feverAlert: Alert = {
  alertId,
  projectId,
  programName: "Breast",
  patientId: "44444444-4444-4444-8444-444444444444",
  patientName: "Ava Smith",
  patientDob: "1961-04-12",
  kind: "symptom",
  logTypeId: "10016558",
  symptomName: "Fever",
  grade: 3,
  temperature: null,
  severity: 3,
  status: "taken",
  raisedAt: "2026-11-27T08:00:00.000Z",
  lastLogAt: "2026-11-27T08:00:00.000Z",
  logCount: 2,
  logIds: [],
  owner: { id: "n1", name: "Nia Okafor" },
  takenAt: "2026-11-27T08:05:00.000Z",
  closedAt: null,
  closedBy: null,
  closeAction: null,
  closeNote: null,
  escalatedAt: null,
  timeToTakeSeconds: 300,
  timeToCloseSeconds: null,
  invalidatedLogCount: 0,
  readings: [],
};

describe("an alert card", { timeout: 30_000 }, () => {
  it("shows on the card that its logs were acknowledged, and names the patient in the Close dialog", async () => {
    stubFetch({
      "GET /api/v1/admin/alerts?_page=1&_perPage=25": () => jsonResponse(200, { results: [feverAlert], totalCount: 1 }),
      [`POST /api/v1/admin/projects/${projectId}/alerts/${alertId}/acknowledge-logs`]: () =>
        jsonResponse(200, { acknowledged: 2 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AlertQueue programs={[{ programId: projectId, name: "Breast" }]} />);
    const card = await screen.findByRole("article", { name: /Ava Smith/ });
    // The second identifier beside the name, in the reader's date format (en-GB in the tests).
    expect(within(card).getByText("Date of birth").nextElementSibling?.textContent).toBe("12/04/1961");
    await user.click(within(card).getByRole("button", { name: /^Acknowledge logs: Ava Smith/ }));
    expect(await within(card).findByText("2 logs acknowledged")).toBeTruthy();
    expect(within(card).getByRole("button", { name: /^Logs acknowledged: Ava Smith/ })).toHaveProperty(
      "disabled",
      true,
    );

    await user.click(within(card).getByRole("button", { name: /^Close alert: Ava Smith/ }));
    expect(await screen.findByRole("dialog", { name: /^Close alert: Ava Smith – / })).toBeTruthy();
  });

  it("shows both readings of a temperature alert, a high then a low", async () => {
    const temperatureAlert: Alert = {
      ...feverAlert,
      kind: "temperature",
      logTypeId: null,
      symptomName: null,
      grade: null,
      temperature: 35.2,
      readings: [
        { at: "2026-11-27T07:00:00.000Z", celsius: 38.6, invalidated: false },
        { at: "2026-11-27T08:30:00.000Z", celsius: 35.2, invalidated: false },
      ],
    };
    stubFetch({
      "GET /api/v1/admin/alerts?_page=1&_perPage=25": () =>
        jsonResponse(200, { results: [temperatureAlert], totalCount: 1 }),
    });
    renderWithProviders(<AlertQueue programs={[{ programId: projectId, name: "Breast" }]} />);
    const card = await screen.findByRole("article", { name: /Ava Smith/ });
    const readings = within(card)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toMatch(/^38\.6 °C at /);
    expect(readings[1]).toMatch(/^35\.2 °C at /);
  });

  it("says when every log was invalidated and closes the alert as not needed in one click", async () => {
    const groundless: Alert = { ...feverAlert, status: "open", owner: null, takenAt: null, invalidatedLogCount: 2 };
    const fetchMock = stubFetch({
      "GET /api/v1/admin/alerts?_page=1&_perPage=25": () => jsonResponse(200, { results: [groundless], totalCount: 1 }),
      [`POST /api/v1/admin/projects/${projectId}/alerts/${alertId}/close`]: () =>
        jsonResponse(200, { ...groundless, status: "closed", closeAction: "no_action_needed" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AlertQueue programs={[{ programId: projectId, name: "Breast" }]} />);
    const card = await screen.findByRole("article", { name: /Ava Smith/ });
    expect(within(card).getByText(messages.alertLogsAllInvalidated)).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: /^Close as not needed: Ava Smith/ }));
    expect(await screen.findByText(messages.alertClosed)).toBeTruthy();
    // No dialog: the one click sent the close.
    expect(screen.queryByRole("dialog")).toBeNull();
    const close = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/close"));
    expect(JSON.parse(String(close?.[1]?.body))).toEqual({
      action: "no_action_needed",
      note: messages.alertClosedLogsInvalidatedNote,
    });
  });

  it("offers no one-click close while a log still stands", async () => {
    stubFetch({
      "GET /api/v1/admin/alerts?_page=1&_perPage=25": () =>
        jsonResponse(200, { results: [{ ...feverAlert, invalidatedLogCount: 1 }], totalCount: 1 }),
    });
    renderWithProviders(<AlertQueue programs={[{ programId: projectId, name: "Breast" }]} />);
    const card = await screen.findByRole("article", { name: /Ava Smith/ });
    expect(within(card).queryByRole("button", { name: /^Close as not needed/ })).toBeNull();
    expect(within(card).queryByText(messages.alertLogsAllInvalidated)).toBeNull();
  });
});

describe("the alert queue opened at one alert (a link from the pre-visit summary)", { timeout: 30_000 }, () => {
  it("asks the server for that alert alone, says so, and shows the whole queue on request", async () => {
    const other = { ...feverAlert, alertId: "66666666-6666-4666-8666-666666666666", patientName: "Ben Jones" };
    const fetchMock = stubFetch({
      [`GET /api/v1/admin/alerts?_page=1&_perPage=25&projectId=${projectId}&alertId=${alertId}`]: () =>
        jsonResponse(200, { results: [feverAlert], totalCount: 1 }),
      "GET /api/v1/admin/alerts?_page=1&_perPage=25&projectId=33333333-3333-4333-8333-333333333333": () =>
        jsonResponse(200, { results: [feverAlert, other], totalCount: 2 }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <AlertQueue
        programs={[{ programId: projectId, name: "Breast" }]}
        initialProgramId={projectId}
        initialAlertId={alertId}
      />,
    );
    expect(await screen.findByRole("article", { name: /Ava Smith/ })).toBeTruthy();
    expect(screen.getByText("Showing the alert you followed a link to.")).toBeTruthy();
    expect(screen.queryByRole("article", { name: /Ben Jones/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Show all alerts" }));
    expect(await screen.findByRole("article", { name: /Ben Jones/ })).toBeTruthy();
    expect(screen.queryByText("Showing the alert you followed a link to.")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
