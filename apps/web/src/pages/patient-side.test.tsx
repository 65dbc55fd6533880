import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { unsubscribedSnackbarMs } from "../features/patient-side/components/unsubscribe-form";
import { fullPageLoad } from "../lib/page-address";
import { storePatientTokens } from "../lib/patient-session";
import { t } from "../lib/patient-text";
import { forgetLoadedData } from "../lib/remote";
import { readTokens, storeTokens } from "../lib/tokens";
import { patientAccount } from "../patient-app/test-support";
import { PublicPagesSwitch } from "../public-pages-app/public-pages-switch";
import { jsonResponse, stubFetch } from "../test-utils";

const programId = "33333333-3333-4333-8333-333333333333";
const invite = (over: Record<string, unknown> = {}) => ({
  consentMessage: "Please read.\n\n- **Important**: data is kept\n- <img src=x onerror=alert(1)>",
  hasAccepted: false,
  programId,
  programName: "Heart",
  email: "pat@example.org",
  kind: "individual",
  joined: false,
  firstName: "Pat",
  lastName: "Ient",
  ...over,
});

/** The light patient-side entry (public-pages.html) as a phone opens it at `address`. */
const renderAt = (address: string) => {
  window.history.replaceState(null, "", address);
  return render(<PublicPagesSwitch />);
};

beforeEach(() => {
  forgetLoadedData();
  // jsdom does not scroll; moving between pages scrolls to the top.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

describe("the patient invite page", () => {
  it("shows the sign-up panel for a new patient, with the invite's e-mail", async () => {
    stubFetch({ "GET /api/v1/auth/users-invite/CODE1234": () => jsonResponse(200, invite()) });
    renderAt("/invite/CODE1234");
    expect(await screen.findByRole("heading", { level: 1, name: "Join Heart" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Create account" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /E-mail address/ }) as HTMLInputElement).value).toBe("pat@example.org");
    // The names the care team entered are filled in for the patient to check.
    expect((screen.getByRole("textbox", { name: /First name/ }) as HTMLInputElement).value).toBe("Pat");
    expect((screen.getByRole("textbox", { name: /Last name/ }) as HTMLInputElement).value).toBe("Ient");
    expect(screen.getByRole("checkbox", { name: /licence agreement/ })).toBeTruthy();
    expect(screen.queryByText(/EULA/)).toBeNull();
    // The sign-in panel waits to be chosen.
    expect(within(screen.getByRole("region", { name: "Sign in" })).queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("signs an existing patient in with the invite code, keeping the staff session apart", async () => {
    storeTokens({ accessToken: "staff.a.b", refreshToken: "staff-r" });
    const fetchMock = stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234": () => jsonResponse(200, invite({ hasAccepted: true })),
      "POST /api/v2/auth/login": () =>
        jsonResponse(200, {
          accessToken: "patient.a.b",
          refreshToken: "patient-r",
          user: patientAccount({ firstName: "Pat", lastName: "Ient", email: "pat@example.org" }),
        }),
      // Not yet taking part: on to the consent.
      "GET /api/v1/user/projects": () => jsonResponse(200, { results: [] }),
    });
    const user = userEvent.setup();
    renderAt("/invite/CODE1234");
    await user.type(await screen.findByLabelText(/^Password/), "secret-password");
    // A forgotten password is reset in the patient app, from the address typed here.
    expect(screen.getByRole("link", { name: t("forgotPasswordLink") }).getAttribute("href")).toBe(
      "/me/forgot-password?email=pat%40example.org",
    );
    await user.click(screen.getAllByRole("button", { name: "Sign in" }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(window.location.pathname).toBe("/auth-consent/CODE1234"));
    expect(window.location.search).toBe(`?programId=${programId}`);
    const login = fetchMock.mock.calls.find(([url]) => url === "/api/v2/auth/login");
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: "pat@example.org",
      password: "secret-password",
      scope: "patient",
      inviteCode: "CODE1234",
    });
    expect(readTokens()).toEqual({ accessToken: "staff.a.b", refreshToken: "staff-r" });
    expect(window.sessionStorage.getItem("openpro.patient.accessToken")).toBe("patient.a.b");
  });

  it("shows each sign-up problem on its field, and ticks a document accepted in its dialog", async () => {
    const fetchMock = stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234": () =>
        jsonResponse(200, invite({ email: null, firstName: null, lastName: null })),
      "GET /api/v1/content/eula": () =>
        jsonResponse(200, {
          id: "eula",
          title: "End user licence agreement",
          version: "1",
          updatedAt: "2024-01-01T00:00:00.000Z",
          blocks: [{ type: "paragraph", text: "You may use the app." }],
        }),
    });
    const user = userEvent.setup();
    renderAt("/invite/CODE1234");
    const form = await screen.findByRole("form", { name: "Create account" });
    await user.type(within(form).getByRole("textbox", { name: /E-mail address/ }), "not-an-address");
    await user.type(within(form).getByLabelText(/^Password/), "short");
    await user.click(within(form).getByRole("button", { name: "Create account" }));

    const firstName = within(form).getByRole("textbox", { name: /First name/ });
    expect(firstName.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getByText(t("firstNameRequired"))).toBeTruthy();
    expect(within(form).getByText(t("emailInvalid"))).toBeTruthy();
    expect(within(form).getByText(t("licenceRequired"))).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(firstName));
    expect((within(form).getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(form).getByRole("button", { name: "licence agreement" }));
    const dialog = await screen.findByRole("dialog", { name: "End user licence agreement" });
    expect(await within(dialog).findByText("You may use the app.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(
      (within(form).getByRole("checkbox", { name: /I accept the licence agreement/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(form).queryByText(t("licenceRequired"))).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain("/api/v2/auth/register");
  });

  it("leads a patient who reopens her personal link after joining to sign in, her address filled in", async () => {
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234": () => jsonResponse(200, invite({ hasAccepted: true, joined: true })),
    });
    renderAt("/invite/CODE1234");
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith("/me/login?email=pat%40example.org", true));
    expect(screen.queryByText(t("invalidLinkTitle"))).toBeNull();
  });

  it("takes a patient already taking part, who signs in from the public code, into the app instead of the consent", async () => {
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    stubFetch({
      "GET /api/v1/auth/users-invite/OPENHEART": () =>
        jsonResponse(200, invite({ kind: "public", email: null, firstName: null, lastName: null })),
      "POST /api/v2/auth/login": () =>
        jsonResponse(200, { accessToken: "patient.a.b", refreshToken: "patient-r", user: { id: "p1" } }),
      "GET /api/v1/user/projects": () => jsonResponse(200, { results: [{ programId, name: "Heart" }] }),
    });
    const user = userEvent.setup();
    renderAt("/invite/OPENHEART");
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    await user.type(screen.getByRole("textbox", { name: /E-mail address/ }), "pat@example.org");
    await user.type(screen.getByLabelText(/^Password/), "secret-password");
    await user.click(screen.getAllByRole("button", { name: "Sign in" }).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith("/me", true));
    expect(window.location.pathname).not.toBe("/auth-consent/OPENHEART");
    // The app opens with this session: no second sign-in.
    expect(window.localStorage.getItem("openpro.me.accessToken")).toBe("patient.a.b");
    expect(window.localStorage.getItem("openpro.me.userId")).toBe("p1");
  });

  it("shows the Invalid link page for an unknown invite", async () => {
    stubFetch({
      "GET /api/v1/auth/users-invite/NOPE1234": () => jsonResponse(404, { statusCode: 404, message: "Not found" }),
    });
    renderAt("/invite/NOPE1234");
    expect(await screen.findByRole("heading", { level: 1, name: t("invalidLinkTitle") })).toBeTruthy();
    expect(screen.getByText(t("inviteLinkInvalid"))).toBeTruthy();
  });
});

describe("the consent page", () => {
  it("renders the markdown safely and enables Participate once ticked", async () => {
    storePatientTokens({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    const fetchMock = stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234": () => jsonResponse(200, invite()),
      [`PATCH /api/v1/user/project/${programId}/consent`]: () => jsonResponse(200, { message: "ok" }),
    });
    const user = userEvent.setup();
    const { container } = renderAt(`/auth-consent/CODE1234?programId=${programId}`);
    expect(await screen.findByRole("heading", { level: 1, name: t("consentTitle") })).toBeTruthy();
    // The Markdown renderer is a chunk of its own, loaded once the page shows.
    expect((await screen.findByText("Important")).tagName).toBe("STRONG");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();

    const participate = screen.getByRole("button", { name: "Take part" }) as HTMLButtonElement;
    expect(participate.disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: /agree to take part/ }));
    expect(participate.disabled).toBe(false);
    await user.click(participate);
    await vi.waitFor(() => expect(window.location.pathname).toBe("/demographic-info"));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ consentGiven: true });
    expect((patch?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe("Bearer patient.a.b");
  });

  it("confirms a withdrawal and shows the declined message", async () => {
    storePatientTokens({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    stubFetch({
      "GET /api/v1/auth/users-invite/CODE1234": () => jsonResponse(200, invite()),
      [`PATCH /api/v1/user/project/${programId}/consent-declined`]: () => jsonResponse(200, { message: "ok" }),
    });
    const user = userEvent.setup();
    renderAt(`/auth-consent/CODE1234?programId=${programId}`);
    await user.click(await screen.findByRole("button", { name: t("declineConsent") }));
    const dialog = await screen.findByRole("dialog", { name: t("declineConsentTitle") });
    await user.click(within(dialog).getByRole("button", { name: t("declineConsent") }));
    expect(await screen.findByText(t("consentDeclined"))).toBeTruthy();
  });
});

describe("the demographics page", () => {
  it("refuses a date of birth under 18 years", async () => {
    storePatientTokens({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderAt("/demographic-info");
    await user.click(await screen.findByRole("radio", { name: "Female" }));
    await user.type(screen.getByLabelText(/Date of birth/), "2020-01-01");
    await user.click(screen.getByRole("button", { name: "Open the app" }));
    expect(await screen.findByText(t("tooYoung"))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the specification's gender and dob", async () => {
    storePatientTokens({ accessToken: "patient.a.b", refreshToken: "patient-r" });
    const fetchMock = stubFetch({ "PATCH /api/v1/user/demographics": () => jsonResponse(200, { message: "ok" }) });
    const user = userEvent.setup();
    renderAt("/demographic-info");
    await user.click(await screen.findByRole("radio", { name: "Female" }));
    await user.type(screen.getByLabelText(/Date of birth/), "1970-01-01");
    await user.click(screen.getByRole("button", { name: "Open the app" }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ gender: "female", dob: "1970-01-01" });
  });
});

describe("the unsubscribe page", () => {
  it("enables Confirm with the checkbox; after success a snackbar says so for 3 seconds and the checkbox stays disabled", async () => {
    const userId = "44444444-4444-4444-8444-444444444444";
    const fetchMock = stubFetch({
      "POST /api/v1/questionnaire-reminders/unsubscribe": () => jsonResponse(200, { message: "ok" }),
    });
    const user = userEvent.setup();
    renderAt(`/unsubscribe?email=${btoa("pat@example.org")}&userId=${userId}&token=signed-token-123`);
    const confirm = (await screen.findByRole("button", { name: "Confirm" })) as HTMLButtonElement;
    const checkbox = screen.getByRole("checkbox", { name: /pat@example.org/ }) as HTMLInputElement;
    expect(confirm.disabled).toBe(true);
    await user.click(checkbox);
    expect(confirm.disabled).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("");
    // The snackbar's 3 seconds on a clock only the test moves: the answer arrives without it.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(confirm);
    for (let turn = 0; turn < 100 && !screen.getByRole("status").textContent; turn++)
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    expect(screen.getByRole("status").textContent).toBe(t("unsubscribed"));
    expect(checkbox.disabled).toBe(true);
    expect(checkbox.checked).toBe(true);
    expect(confirm.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(unsubscribedSnackbarMs - 1));
    expect(screen.getByRole("status").textContent).toBe(t("unsubscribed"));
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(checkbox.disabled).toBe(true);
    const post = fetchMock.mock.calls[0];
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: "pat@example.org",
      userId,
      token: "signed-token-123",
      isEnabled: false,
    });
  });

  it("says what to do with an old link that carries no signed token", async () => {
    const fetchMock = stubFetch({});
    renderAt(`/unsubscribe?email=${btoa("pat@example.org")}&userId=44444444-4444-4444-8444-444444444444`);
    expect(await screen.findByText(/This link is out of date/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
