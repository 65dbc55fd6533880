import { type CurrentUser, messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, SessionProvider, stubFetch } from "../test-utils";
import { LoginPage } from "./login-page";

const nurse: CurrentUser = {
  id: "4f1c0d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f",
  firstName: "Nia",
  lastName: "Lee",
  displayName: null,
  email: "nia@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects"],
  passwordExpireDate: null,
  otpRequired: true,
  instructionsAcknowledged: true,
};

describe("the login page", () => {
  it("says the code was sent and moves to the code screen once the password is right", async () => {
    stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user: nurse }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <SessionProvider>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/2FA/:requestType/:email" element={<p>Code screen</p>} />
        </Routes>
      </SessionProvider>,
      { route: "/login" },
    );
    await user.type(await screen.findByLabelText(/Email/), "nia@example.org");
    await user.type(screen.getByLabelText(/Password/), "correct horse battery{Enter}");
    expect(await screen.findByText("Code screen")).toBeTruthy();
    expect(await screen.findByText(messages.otpSent)).toBeTruthy();
  });
});
