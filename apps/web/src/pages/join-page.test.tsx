import { errorCodes, messages } from "@openpro/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageLoad } from "../lib/page-address";
import { forgetLoadedData } from "../lib/remote";
import { readPendingInvite, takeReturnTo } from "../lib/sign-in-state";
import { readTokens, storeTokens } from "../lib/tokens";
import { PublicPagesSwitch } from "../public-pages-app/public-pages-switch";
import { signedInStaffUser } from "../test-fixtures";
import { jsonResponse, stubFetch } from "../test-utils";

const code = "invite-code-1";
const checkUrl = `GET /api/v1/auth/staff-invite?code=${code}&email=new%40example.org&organisationName=Northbridge`;
const address = `/join/${code}?email=new%40example.org&organisationName=Northbridge`;

/** Someone invited to a team who is signing up: a code to enter, the instructions not yet acknowledged. */
const newUser = signedInStaffUser({
  firstName: "New",
  lastName: "Person",
  email: "new@example.org",
  otpRequired: true,
  instructionsAcknowledged: false,
});

/** The invitation link as the browser opens it: the light entry of the public pages. */
const openInvitation = () => {
  window.history.replaceState(null, "", address);
  return render(<PublicPagesSwitch />);
};

let leftFor: ReturnType<typeof vi.fn<(to: string, replace: boolean) => void>>;
beforeEach(() => {
  forgetLoadedData();
  // jsdom loads no page: where the invitation continues is seen here.
  leftFor = vi.fn<(to: string, replace: boolean) => void>();
  vi.spyOn(fullPageLoad, "open").mockImplementation(leftFor);
});

const document = (id: string, title: string) => () =>
  jsonResponse(200, {
    id,
    title,
    version: "1",
    updatedAt: "2026-01-01T00:00:00.000Z",
    blocks: [{ type: "paragraph", text: `${title} text` }],
  });

describe("the clinician invite page (light entry)", () => {
  it("shows the Invalid link page for an invalid or expired invitation", async () => {
    stubFetch({
      [checkUrl]: () =>
        jsonResponse(400, {
          statusCode: 400,
          message: messages.invitationExpired,
          errorCode: errorCodes.invitationExpired,
        }),
    });
    openInvitation();
    expect(await screen.findByRole("heading", { level: 1, name: messages.invalidLinkTitle })).toBeTruthy();
    expect(screen.getByText(messages.invitationInvalid)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to log in" }).getAttribute("href")).toBe("/login");
  });

  it("lets an existing user sign in with the e-mail filled in, then accepts the invitation and goes to /", async () => {
    const fetchMock = stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: true, email: "new@example.org", teamName: "Northbridge" }),
      "POST /api/v2/auth/login": () =>
        jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r1", user: { ...newUser, otpRequired: false } }),
      "POST /api/v1/auth/staff-invite": () => jsonResponse(200, { message: "Invitation accepted" }),
    });
    const user = userEvent.setup();
    openInvitation();
    expect(await screen.findByRole("heading", { level: 1, name: /Log in to join Northbridge/ })).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("new@example.org");
    expect(readPendingInvite()).toBe(address);
    await user.type(screen.getByLabelText(/Password/), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/", true));
    const accept = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/v1/auth/staff-invite" && init?.method === "POST",
    );
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ userId: newUser.id, code });
    expect(new Headers(accept?.[1]?.headers).get("authorization")).toBe("Bearer a.b.c");
    expect(readPendingInvite()).toBeNull();
  });

  it("sends an existing user whose sign-in needs a code to the code screen, to come back here after it", async () => {
    stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: true, email: "new@example.org", teamName: "Northbridge" }),
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r1", user: newUser }),
    });
    const user = userEvent.setup();
    openInvitation();
    await user.type(await screen.findByLabelText(/Password/), "correct horse battery{Enter}");
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/2FA/login/new%40example.org", true));
    expect(takeReturnTo()).toBe(address);
  });

  it("accepts at once for a user already signed in", async () => {
    storeTokens({ accessToken: "signed.in.token", refreshToken: "r0" });
    const fetchMock = stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: true, email: "new@example.org", teamName: "Northbridge" }),
      "GET /api/v1/current": () => jsonResponse(200, { ...newUser, otpRequired: false }),
      "POST /api/v1/auth/staff-invite": () => jsonResponse(200, { message: "Invitation accepted" }),
    });
    openInvitation();
    expect(await screen.findByRole("heading", { level: 1, name: "Joining the team" })).toBeTruthy();
    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/", true));
    const accept = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ userId: newUser.id, code });
  });

  it("walks a new user through the acknowledgement, documents and password, then to the sign-up code", async () => {
    const fetchMock = stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: false, email: "new@example.org", teamName: "Northbridge" }),
      "GET /api/v1/content/privacy-policy": document("privacy-policy", "Privacy policy"),
      "GET /api/v1/content/eula": document("eula", "EULA"),
      "POST /api/v2/auth/register": () =>
        jsonResponse(201, { accessToken: "a.b.c", refreshToken: "r1", user: newUser }),
    });
    const user = userEvent.setup();
    openInvitation();
    expect(await screen.findByRole("heading", { level: 1, name: "Create account" })).toBeTruthy();
    expect(screen.getByText(/invited to join Northbridge/)).toBeTruthy();

    // Nothing changed yet: Create account waits for a change (document 1 §5, decision 031).
    expect(screen.getByRole("button", { name: "Create account" })).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText(/^New password/), "Str0ng!Passw0rd#");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(messages.privacyPolicyRequired)).toBeTruthy();
    expect(screen.getByText(messages.eulaRequired)).toBeTruthy();
    expect(screen.getByText(messages.dataSharingRequired)).toBeTruthy();

    // The privacy policy opens in a dialog whose Accept appears once it has loaded.
    await user.click(screen.getByRole("button", { name: "privacy policy" }));
    const policy = await screen.findByRole("dialog", { name: "Privacy policy" });
    await within(policy).findByText("Privacy policy text");
    await user.click(within(policy).getByRole("button", { name: "Accept" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((screen.getByRole("checkbox", { name: /privacy policy/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole("button", { name: "licence agreement" }));
    const eula = await screen.findByRole("dialog", { name: "EULA" });
    await user.click(await within(eula).findByRole("button", { name: "Accept" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("checkbox", { name: /data is shared/ }));

    await user.type(screen.getByLabelText(/Confirm new password/), "Str0ng!Passw0rd#");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await vi.waitFor(() => expect(leftFor).toHaveBeenCalledWith("/2FA/signup/new%40example.org", true));
    expect(readTokens()).toEqual({ accessToken: "a.b.c", refreshToken: "r1" });
    // Accepted with the sign-up: not returned to (it is single use), but to where it leads.
    expect(readPendingInvite()).toBeNull();
    expect(takeReturnTo()).toBe("/programs");
    const post = fetchMock.mock.calls.find(([url]) => url === "/api/v2/auth/register")!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      inviteCode: code,
      email: "new@example.org",
      password: "Str0ng!Passw0rd#",
      confirmPassword: "Str0ng!Passw0rd#",
      privacyPolicy: true,
      eula: true,
      dataSharing: true,
    });
  });
});
