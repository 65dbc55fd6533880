import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { nurseNia } from "../test-fixtures";
import { renderSignedIn, signedInSession, signInBodyOf, stubPasswordChange } from "../test-utils";
import { SettingsPage } from "./settings-page";

const NEW_PASSWORD = "Harbour-Lights-2026!";
const nia = nurseNia();

describe("the settings page", { timeout: 60_000 }, () => {
  it("signs the user back in with the new password (scope clinical) after a change, not out", async () => {
    const fetchMock = stubPasswordChange(nia);
    const session = signedInSession(nia);
    const user = userEvent.setup();
    renderSignedIn(session, <SettingsPage />);
    await user.type(screen.getByLabelText(/^Current password/), "Old-Password-2025!");
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Update password" }));

    await vi.waitFor(() => expect(session.signIn).toHaveBeenCalledWith({ accessToken: "a2", refreshToken: "r2" }, nia));
    expect(session.signOut).not.toHaveBeenCalled();
    expect(signInBodyOf(fetchMock)).toEqual({
      email: "nia@clinic.test",
      password: NEW_PASSWORD,
      scope: "clinical",
    });
  });
});
