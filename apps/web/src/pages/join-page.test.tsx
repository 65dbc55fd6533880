import { type CurrentUser, errorCodes, messages } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { readTokens } from "../lib/tokens";
import { jsonResponse, renderWithProviders, SessionProvider, stubFetch } from "../test-utils";
import { JoinPage } from "./join-page";

const code = "invite-code-1";
const checkUrl = `GET /api/v1/auth/staff-invite?code=${code}&email=new%40example.org&organisationName=Northbridge`;
const route = `/join/${code}?email=new%40example.org&organisationName=Northbridge`;

const newUser: CurrentUser = {
  id: "4f1c0d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f",
  firstName: "New",
  lastName: "Person",
  displayName: null,
  email: "new@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects"],
  passwordExpireDate: null,
  otpRequired: true,
  instructionsAcknowledged: false,
};

const renderJoin = () =>
  renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/join/:inviteId" element={<JoinPage />} />
        <Route path="/2FA/:requestType/:email" element={<p>Code screen</p>} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
    </SessionProvider>,
    { route },
  );

const document = (id: string, title: string) => () =>
  jsonResponse(200, {
    id,
    title,
    version: "1",
    updatedAt: "2026-01-01T00:00:00.000Z",
    blocks: [{ type: "paragraph", text: `${title} text` }],
  });

describe("the clinician invite page", () => {
  it("shows the Invalid link page for an invalid or expired invitation", async () => {
    stubFetch({
      [checkUrl]: () =>
        jsonResponse(400, {
          statusCode: 400,
          message: messages.invitationExpired,
          errorCode: errorCodes.invitationExpired,
        }),
    });
    renderJoin();
    expect(await screen.findByRole("heading", { level: 1, name: messages.invalidLinkTitle })).toBeTruthy();
    expect(screen.getByText(messages.invitationInvalid)).toBeTruthy();
  });

  it("lets an existing user sign in with the e-mail filled in", async () => {
    stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: true, email: "new@example.org", teamName: "Northbridge" }),
    });
    renderJoin();
    expect(await screen.findByRole("heading", { level: 1, name: /Log in to join Northbridge/ })).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("new@example.org");
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
  });

  it("walks a new user through the acknowledgement, documents and password, then to the sign-up code", async () => {
    const fetchMock = stubFetch({
      [checkUrl]: () => jsonResponse(200, { hasAccepted: false, email: "new@example.org", teamName: "Northbridge" }),
      "GET /api/v1/content/privacy-policy": document("privacy-policy", "Privacy policy"),
      "GET /api/v1/content/eula": document("eula", "EULA"),
      "POST /api/v2/auth/register": () =>
        jsonResponse(201, { accessToken: "a.b.c", refreshToken: "r1", user: newUser }),
      "GET /api/v1/current": () => jsonResponse(200, newUser),
    });
    const user = userEvent.setup();
    const { router } = renderJoin();
    expect(await screen.findByRole("heading", { level: 1, name: "Create account" })).toBeTruthy();
    expect(screen.getByText(/invited to join Northbridge/)).toBeTruthy();

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

    await user.click(screen.getByRole("button", { name: "EULA" }));
    const eula = await screen.findByRole("dialog", { name: "EULA" });
    await user.click(await within(eula).findByRole("button", { name: "Accept" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("checkbox", { name: /data is shared/ }));

    await user.type(screen.getByLabelText(/^New password/), "Str0ng!Passw0rd#");
    await user.type(screen.getByLabelText(/Confirm new password/), "Str0ng!Passw0rd#");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/2FA/signup/new%40example.org"));
    expect(readTokens()).toEqual({ accessToken: "a.b.c", refreshToken: "r1" });
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
