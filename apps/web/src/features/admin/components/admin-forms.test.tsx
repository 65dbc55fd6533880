import { messages } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { programFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { AppVersionForm } from "./app-version-form";
import { EndProgramForm } from "./end-program-form";

const current = { latest: "2.1.0", minimum: "2.0.0", releaseNotes: "Fixes" };

describe("the app version form", () => {
  it("validates the versions and the release notes", async () => {
    stubFetch({ "GET /api/v1/service/app-version": () => jsonResponse(200, current) });
    const user = userEvent.setup();
    renderWithProviders(<AppVersionForm />);
    const latest = screen.getByLabelText(/Latest version/);
    await vi.waitFor(() => expect((latest as HTMLInputElement).value).toBe("2.1.0"));

    await user.clear(latest);
    await user.clear(screen.getByLabelText(/Minimum required version/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(messages.latestVersionRequired);
    screen.getByText(messages.minimumVersionRequired);

    await user.type(latest, "2.x");
    await screen.findByText(messages.versionFormat);
    await user.clear(latest);
    await user.type(latest, "1.0");
    await user.type(screen.getByLabelText(/Minimum required version/), "1.5");
    await screen.findByText(messages.minimumAboveLatest);
    await user.click(screen.getByLabelText(/Release notes/));
    await user.paste("n".repeat(101));
    await screen.findByText(messages.maxLength(100));
  });

  it("saves and reports success, or shows Error - {message}", async () => {
    let fail = false;
    stubFetch({
      "GET /api/v1/service/app-version": () => jsonResponse(200, current),
      "PATCH /api/v1/service/app-version": (init) =>
        fail
          ? jsonResponse(400, { statusCode: 400, message: "Nope" })
          : jsonResponse(200, JSON.parse(String(init?.body))),
    });
    const user = userEvent.setup();
    renderWithProviders(<AppVersionForm />);
    const latest = screen.getByLabelText(/Latest version/);
    await vi.waitFor(() => expect((latest as HTMLInputElement).value).toBe("2.1.0"));
    // The versions as served: nothing changed, Save is disabled (document 1 §5, decision 031).
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    await user.clear(latest);
    await user.type(latest, "2.2.0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(messages.appVersionUpdated);
    // The saved values are the form's new baseline: nothing changed since, so Save is disabled again.
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true));

    fail = true;
    await user.clear(latest);
    await user.type(latest, "2.3.0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(messages.errorWithMessage("Nope"));
  });
});

describe("the end program form", () => {
  const id = "33333333-3333-4333-8333-333333333333";
  const programList = () =>
    jsonResponse(200, {
      results: [
        programFixture({ projectId: id, name: "Breast Cancer Symptom Monitoring" }),
        programFixture({ projectId: "44444444-4444-4444-8444-444444444444", name: "Old Study", closed: true }),
      ],
      totalCount: 2,
    });

  it("asks for the program's name, not its id, and refuses a name no open program has", async () => {
    const fetchMock = stubFetch({ "GET /api/v1/admin/projects?_page=1&_perPage=500": programList });
    const user = userEvent.setup();
    renderWithProviders(<EndProgramForm />);
    expect(screen.queryByLabelText(/Program id/)).toBeNull();
    // Nothing typed: End program is disabled (document 1 §5, decision 031); blank text is a change, and refused.
    expect(screen.getByRole("button", { name: "End program" })).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText(/Program name/), "  ");
    await waitFor(() => expect(screen.getByRole("button", { name: "End program" })).toHaveProperty("disabled", false));
    await user.click(screen.getByRole("button", { name: "End program" }));
    expect(await screen.findByText(messages.endProgramNameRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/Program name/), "Old Study{Enter}");
    expect(await screen.findByText(messages.endProgramNameUnknown)).toBeTruthy();
    // Refused: End program stays off until the name changes.
    expect(screen.getByRole("button", { name: "End program" })).toHaveProperty("disabled", true);
    // Only the list was read: nothing was ended.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? "GET") === "GET")).toBe(true);
  });

  it("checks the typed name when End program is pressed, never while typing", async () => {
    stubFetch({ "GET /api/v1/admin/projects?_page=1&_perPage=500": programList });
    const user = userEvent.setup();
    renderWithProviders(<EndProgramForm />);
    const name = screen.getByLabelText(/Program name/);
    const endProgram = () => screen.getByRole("button", { name: "End program" });
    // A part of a name is no open program's, but nothing says so while it is typed.
    await user.type(name, "Breast Cancer");
    await waitFor(() => expect(endProgram()).toHaveProperty("disabled", false));
    expect(screen.queryByText(messages.endProgramNameUnknown)).toBeNull();
    await user.click(endProgram());
    expect(await screen.findByText(messages.endProgramNameUnknown)).toBeTruthy();
    expect(endProgram()).toHaveProperty("disabled", true);

    // Typing on clears the message and enables End program; the next press checks again.
    await user.type(name, " Symptom");
    await waitFor(() => expect(screen.queryByText(messages.endProgramNameUnknown)).toBeNull());
    expect(endProgram()).toHaveProperty("disabled", false);
    await user.click(endProgram());
    expect(await screen.findByText(messages.endProgramNameUnknown)).toBeTruthy();
  });

  it("ends the program named (any letter case), and shows Oops on a server fault", async () => {
    let status = 200;
    stubFetch({
      "GET /api/v1/admin/projects?_page=1&_perPage=500": programList,
      [`POST /api/v1/admin/projects/${id}/end`]: () =>
        status === 200
          ? jsonResponse(200, { message: messages.projectEnded })
          : jsonResponse(500, { statusCode: 500, message: "db down" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EndProgramForm />);
    await user.type(screen.getByLabelText(/Program name/), "breast cancer symptom monitoring");
    await waitFor(() => expect(screen.getByRole("button", { name: "End program" })).toHaveProperty("disabled", false));
    await user.click(screen.getByRole("button", { name: "End program" }));
    expect(await screen.findByText(messages.projectEnded, {}, { timeout: 5000 })).toBeTruthy();
    status = 500;
    await user.type(screen.getByLabelText(/Program name/), "Breast Cancer Symptom Monitoring{Enter}");
    expect(await screen.findByText(messages.oops, {}, { timeout: 5000 })).toBeTruthy();
  });
});
