import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
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
    expect(await screen.findByText(messages.latestVersionRequired)).toBeTruthy();
    expect(screen.getByText(messages.minimumVersionRequired)).toBeTruthy();

    await user.type(latest, "2.x");
    expect(await screen.findByText(messages.versionFormat)).toBeTruthy();
    await user.clear(latest);
    await user.type(latest, "1.0");
    await user.type(screen.getByLabelText(/Minimum required version/), "1.5");
    expect(await screen.findByText(messages.minimumAboveLatest)).toBeTruthy();
    await user.click(screen.getByLabelText(/Release notes/));
    await user.paste("n".repeat(101));
    expect(await screen.findByText(messages.maxLength(100))).toBeTruthy();
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
    await user.clear(latest);
    await user.type(latest, "2.2.0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.appVersionUpdated)).toBeTruthy();

    fail = true;
    await user.clear(latest);
    await user.type(latest, "2.3.0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.errorWithMessage("Nope"))).toBeTruthy();
  });
});

describe("the end program form", () => {
  const id = "33333333-3333-4333-8333-333333333333";

  it("requires a UUID-shaped program id", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<EndProgramForm />);
    await user.click(screen.getByRole("button", { name: "End program" }));
    expect(await screen.findByText(messages.programIdRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/Program id/), "abc");
    expect(await screen.findByText(messages.programIdInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ends the program, and shows Oops on a server fault", async () => {
    let status = 200;
    stubFetch({
      [`POST /api/v1/admin/projects/${id}/end`]: () =>
        status === 200
          ? jsonResponse(200, { message: messages.projectEnded })
          : jsonResponse(500, { statusCode: 500, message: "db down" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EndProgramForm />);
    await user.type(screen.getByLabelText(/Program id/), `${id}{Enter}`);
    expect(await screen.findByText(messages.projectEnded)).toBeTruthy();
    status = 500;
    await user.type(screen.getByLabelText(/Program id/), `${id}{Enter}`);
    expect(await screen.findByText(messages.oops)).toBeTruthy();
  });
});
