import { messages } from "@openpro/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageLoad } from "../lib/page-address";
import { rememberReturnTo, takeOtpSent } from "../lib/sign-in-state";
import { storageKeys } from "../lib/storage-keys";
import { readTokens, storeTokens } from "../lib/tokens";
import { PublicPagesSwitch } from "../public-pages-app/public-pages-switch";
import { signedInStaffUser } from "../test-fixtures";
import { jsonResponse, stubFetch } from "../test-utils";

/** A nurse whose sign-in still needs its code. */
const nurse = signedInStaffUser({ firstName: "Nia", email: "nia@example.org", otpRequired: true });

/** /login as the browser opens it: the light entry of the public pages. */
const openLogin = () => {
  window.history.replaceState(null, "", "/login");
  return render(<PublicPagesSwitch />);
};

let leftFor: ReturnType<typeof vi.fn<(to: string, replace: boolean) => void>>;
beforeEach(() => {
  // jsdom loads no page: where the sign-in continues is seen here.
  leftFor = vi.fn<(to: string, replace: boolean) => void>();
  vi.spyOn(fullPageLoad, "open").mockImplementation(leftFor);
});

const signInWith = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), `${password}{Enter}`);
};

describe("the login page (light entry)", () => {
  it("keeps the session and continues to the code screen, which is told that the code was sent", async () => {
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user: nurse }),
    });
    openLogin();
    expect(await screen.findByRole("heading", { level: 1, name: messages.welcomeBack })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/reset-password");
    expect(screen.getByRole("link", { name: "I have a reset code" }).getAttribute("href")).toBe("/confirm-code");

    await signInWith("Nia@Example.org", "correct horse battery");
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/2FA/login/nia%40example.org", true));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: "nia@example.org",
      password: "correct horse battery",
      scope: "clinical",
    });
    expect(readTokens()).toEqual({ accessToken: "a.b.c", refreshToken: "r" });
    expect(window.localStorage.getItem(storageKeys.inactivityDeadline)).not.toBeNull();
    expect(takeOtpSent()).toBe(true);
  });

  it("goes where the signed-out user was going when no code is needed", async () => {
    rememberReturnTo("/programs/7/participants");
    stubFetch({
      "POST /api/v2/auth/login": () =>
        jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user: { ...nurse, otpRequired: false } }),
    });
    openLogin();
    await signInWith("nia@example.org", "correct horse battery");
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/programs/7/participants", true));
  });

  it("shows the login failure from the catalogue on a wrong password, and the required fields first", async () => {
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(401, { statusCode: 401, message: "Unauthorized" }),
    });
    const user = userEvent.setup();
    openLogin();
    // Untouched, Log in waits for a change (document 1 §5, decision 031); the messages wait for the first press.
    expect(await screen.findByRole("button", { name: "Log in" })).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText(/Email/), "nia");
    expect(screen.queryByText(messages.invalidEmail)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(screen.getByText(messages.required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Email/));

    await signInWith("nia@example.org", "wrong password");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", messages.loginFailed);
    expect(leftFor).not.toHaveBeenCalled();
    expect(readTokens()).toBeNull();
  });

  it("says the session expired after an inactivity sign-out, until the next sign-in", async () => {
    window.localStorage.setItem(storageKeys.sessionExpired, "1");
    stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user: nurse }),
    });
    openLogin();
    expect(await screen.findByRole("heading", { level: 1, name: messages.sessionExpiredHeading })).toBeTruthy();
    expect(screen.getByText(messages.sessionExpiredLine)).toBeTruthy();
    await signInWith("nia@example.org", "correct horse battery");
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalled());
    expect(window.localStorage.getItem(storageKeys.sessionExpired)).toBeNull();
  });

  it("sends a signed-in user to /", async () => {
    storeTokens({ accessToken: "a.b.c", refreshToken: "r" });
    stubFetch({ "GET /api/v1/current": () => jsonResponse(200, { ...nurse, otpRequired: false }) });
    openLogin();
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/", true));
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
  });

  it("lets a sign-in that still waits for its code start again", async () => {
    storeTokens({ accessToken: "a.b.c", refreshToken: "r" });
    stubFetch({ "GET /api/v1/current": () => jsonResponse(200, nurse) });
    openLogin();
    expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
    expect(leftFor).not.toHaveBeenCalled();
  });
});
