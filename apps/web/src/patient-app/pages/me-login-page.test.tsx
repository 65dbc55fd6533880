import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { readTokens, storeTokens } from "../../lib/tokens";
import { jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { readMeTokens, readMeUserId } from "../session";
import { patientAccount } from "../test-support";
import { MeLoginPage } from "./me-login-page";

describe("the patient web app's sign-in", () => {
  it("signs a patient in with the patient scope, keeps the session apart from a staff one, and opens /me", async () => {
    storeTokens({ accessToken: "staff.a.b", refreshToken: "staff-r" });
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () =>
        jsonResponse(200, { accessToken: "patient.a.b", refreshToken: "patient-r", user: patientAccount() }),
    });
    const u = userEvent.setup();
    const { router } = renderWithProviders(<MeLoginPage />, { route: "/me/login" });
    await u.type(await screen.findByLabelText(new RegExp(t("email"))), "freya@example.org");
    await u.type(screen.getByLabelText(new RegExp(t("password"))), "Clinic-Demo-2026!");
    await u.click(screen.getByRole("button", { name: t("signInButton") }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/me"));
    const login = fetchMock.mock.calls.find(([url]) => url === "/api/v2/auth/login");
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: "freya@example.org",
      password: "Clinic-Demo-2026!",
      scope: "patient",
    });
    expect(readMeTokens()).toEqual({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    expect(readMeUserId()).toBe("p1");
    expect(readTokens()).toEqual({ accessToken: "staff.a.b", refreshToken: "staff-r" });
  });

  it("says so when the e-mail or password is wrong, or the account is a staff one", async () => {
    let answer = jsonResponse(401, { statusCode: 401, message: "Wrong" });
    stubFetch({ "POST /api/v2/auth/login": () => answer });
    const u = userEvent.setup();
    renderWithProviders(<MeLoginPage />, { route: "/me/login" });
    await u.click(await screen.findByRole("button", { name: t("signInButton") }));
    expect(screen.getByText(t("emailNeeded"))).toBeTruthy();
    expect(screen.getByText(t("passwordNeeded"))).toBeTruthy();
    await u.type(screen.getByLabelText(new RegExp(t("email"))), "nurse@example.org");
    await u.type(screen.getByLabelText(new RegExp(t("password"))), "nope");
    await u.click(screen.getByRole("button", { name: t("signInButton") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("wrongDetails"));
    answer = jsonResponse(403, { statusCode: 403, message: "Wrong scope", errorCode: "WRONG_SCOPE" });
    await u.click(screen.getByRole("button", { name: t("signInButton") }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(t("staffAccount")));
    expect(readMeTokens()).toBeNull();
  });
});
