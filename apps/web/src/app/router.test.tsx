import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { type CurrentUser, messages } from "@openpro/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SnackbarProvider } from "notistack";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fullPageLoad } from "../lib/page-address";
import { rememberOtpSent } from "../lib/sign-in-state";
import { storageKeys } from "../lib/storage-keys";
import { theme } from "../lib/theme";
import { storeTokens } from "../lib/tokens";
import { instructionsForUseFixture, outboxWithSignInCode, programFixture, signedInStaffUser } from "../test-fixtures";
import { fakeJwt, jsonResponse, stubFetch } from "../test-utils";
import { createQueryClient } from "./query-client";
import { routes } from "./router";

const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider maxSnack={5}>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
};

const signInAs = (user: Partial<CurrentUser>, extra: Parameters<typeof stubFetch>[0] = {}) => {
  storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });
  return stubFetch({ "GET /api/v1/current": () => jsonResponse(200, signedInStaffUser(user)), ...extra });
};

const heading = (name: string | RegExp) => screen.findByRole("heading", { level: 1, name }, { timeout: 10_000 });

describe("routes and guards", () => {
  it("sends a signed-out visitor to the login page", async () => {
    stubFetch({});
    const router = renderApp("/settings");
    expect(await heading(messages.welcomeBack)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the expired-session notice after an inactivity sign-out", async () => {
    stubFetch({});
    window.localStorage.setItem(storageKeys.sessionExpired, "1");
    renderApp("/login");
    expect(await heading(messages.sessionExpiredHeading)).toBeTruthy();
    expect(screen.getByText(messages.sessionExpiredLine)).toBeTruthy();
  });

  it("sends an admin who may view users from / to Programs too, inside the shell", async () => {
    signInAs({ permissions: ["view_user", "view_projects"] });
    const router = renderApp("/");
    expect(await heading("Programs")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/programs");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.getByText("Ann Lee")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Programs" })).toBeTruthy();
  });

  it("sends everyone else from / to /programs", async () => {
    signInAs({});
    const router = renderApp("/");
    expect(await heading("Programs")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/programs");
    expect(screen.queryByRole("link", { name: "Outbox" })).toBeNull();
  });

  it("forces a user whose password expired to /update-password", async () => {
    signInAs({ passwordExpireDate: "2020-01-01T00:00:00.000Z" });
    const router = renderApp("/programs");
    expect(await heading("Update your password")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/update-password");
    expect((screen.getByLabelText("Email") as HTMLInputElement).disabled).toBe(true);
  });

  it("sends a sign-in that still needs its code to /2FA/login/{email}", async () => {
    signInAs({ otpRequired: true });
    const router = renderApp("/settings");
    expect(await heading("Check your e-mail")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/2FA/login/ann%40example.org");
  });

  it("says the code was sent on the code screen that the sign-in (light entry) loaded", async () => {
    signInAs({ otpRequired: true });
    rememberOtpSent();
    renderApp("/2FA/login/ann%40example.org");
    expect(await heading("Check your e-mail")).toBeTruthy();
    expect(await screen.findByText(messages.otpSent)).toBeTruthy();
  });

  it("sends a signed-in user away from /login (the sign-in page leaves by a full page load)", async () => {
    const leftFor = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    signInAs({});
    renderApp("/login");
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/", true));
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
  });

  it("shows 404 for an unknown route with a link home", async () => {
    stubFetch({});
    renderApp("/no/such/page");
    expect(await heading("404")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toBeTruthy();
  });

  it("lists the outbox for an admin", async () => {
    signInAs(
      { permissions: ["admin", "view_user"] },
      {
        "GET /api/v1/admin/outbox?_page=1&_perPage=25": () => jsonResponse(200, outboxWithSignInCode()),
      },
    );
    renderApp("/outbox");
    expect(await heading("Outbox")).toBeTruthy();
    expect(await screen.findByText("Your code is 123456")).toBeTruthy();
  });

  it("verifies the login code and continues to the instructions when not yet acknowledged", async () => {
    let verified = false;
    signInAs(
      { otpRequired: true, instructionsAcknowledged: false },
      {
        "GET /api/v1/current": () =>
          jsonResponse(200, signedInStaffUser({ otpRequired: !verified, instructionsAcknowledged: false })),
        "POST /api/v2/auth/signin/email/verify_otp": () => {
          verified = true;
          return jsonResponse(200, { message: messages.otpVerified });
        },
        "GET /api/v1/content/sciensuspro-instructions-for-use": () =>
          jsonResponse(200, instructionsForUseFixture("Read me.")),
      },
    );
    const user = userEvent.setup();
    const router = renderApp("/2FA/login/ann%40example.org");
    await heading("Check your e-mail");
    await user.click(screen.getByRole("textbox", { name: "Digit 1 of 6" }));
    await user.paste("123456");
    await user.click(screen.getByRole("button", { name: "Confirm code" }));
    expect(await heading("Instructions for use")).toBeTruthy();
    expect(router.state.location.search).toBe("?required=true");
    // jsdom has no layout: the text does not scroll, so the button is enabled at once.
    const understand = await screen.findByRole("button", { name: "I understand" });
    await vi.waitFor(() => expect(understand.hasAttribute("disabled")).toBe(false));
  });
});

describe("the Program settings area", () => {
  const projectId = "33333333-3333-4333-8333-333333333333";
  const program = programFixture({
    projectId,
    name: "Breast Care",
    organisationId: "44444444-4444-4444-8444-444444444444",
    organisationName: "Northbridge",
  });
  const programCalls = {
    [`GET /api/v1/admin/projects/${projectId}`]: () => jsonResponse(200, program),
    "GET /api/v1/admin/projects/patient-id-types": () => jsonResponse(200, { patientIdTypes: [] }),
    [`GET /api/v1/admin/projects/${projectId}/care-team-contacts`]: () => jsonResponse(200, []),
  };
  const tabs = () => screen.findByRole("tablist", { name: "Program settings tabs" }, { timeout: 10_000 });

  it("opens Care Team Information at its own URL for a user with edit_project", async () => {
    signInAs({ permissions: ["view_projects", "view_project", "edit_project"] }, programCalls);
    renderApp(`/programs/${projectId}/settings/general/careTeamInformation`);
    const tablist = await tabs();
    expect(
      within(tablist)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["General settings", "Care team information"]);
    expect(await screen.findByRole("heading", { level: 2, name: "Care team information" })).toBeTruthy();
  });

  it("keeps /settings/general on the general settings, and hides the care team without edit_project", async () => {
    signInAs({ permissions: ["view_projects", "view_project"] }, programCalls);
    const router = renderApp(`/programs/${projectId}/settings/general`);
    const tablist = await tabs();
    expect(
      within(tablist)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["General settings"]);
    expect(await screen.findByRole("heading", { level: 2, name: "Program settings" })).toBeTruthy();
    await router.navigate(`/programs/${projectId}/settings/general/careTeamInformation`);
    expect(await screen.findByText(messages.forbidden)).toBeTruthy();
  });
});
