import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { postSignInRoute } from "../lib/sign-in-state";
import { nurseNia } from "../test-fixtures";
import {
  jsonResponse,
  renderSignedIn,
  signedInSession,
  signInBodyOf,
  stubFetch,
  stubPasswordChange,
} from "../test-utils";
import { UpdatePasswordPage } from "./update-password-page";

const NEW_PASSWORD = "Harbour-Lights-2026!";
/** A nurse whose password expired yesterday. */
const expiredNia = nurseNia({ passwordExpireDate: new Date(Date.now() - 86_400_000).toISOString() });
const renewedNia = { ...expiredNia, passwordExpireDate: new Date(Date.now() + 90 * 86_400_000).toISOString() };

const changePassword = async () => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
  await user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
  await user.click(screen.getByRole("button", { name: "Update password" }));
};

describe("the forced password change (an expired password)", { timeout: 60_000 }, () => {
  it("signs the user back in with the new password and continues to the page the sign-in was going to", async () => {
    const fetchMock = stubPasswordChange(renewedNia);
    // The sign-in sent her here on the way to a patient's page.
    expect(postSignInRoute(expiredNia, "/programs/p1/patients/u1")).toBe("/update-password");
    const session = signedInSession(expiredNia);
    const { router } = renderSignedIn(session, <UpdatePasswordPage />, {
      route: "/update-password",
      path: "/update-password",
    });
    await changePassword();

    await vi.waitFor(() =>
      expect(session.signIn).toHaveBeenCalledWith({ accessToken: "a2", refreshToken: "r2" }, renewedNia),
    );
    expect(session.signOut).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/programs/p1/patients/u1"));
    expect(signInBodyOf(fetchMock)).toEqual({
      email: "nia@clinic.test",
      password: NEW_PASSWORD,
      scope: "clinical",
    });
  });

  it("continues to the instructions for use when they are not yet accepted", async () => {
    stubPasswordChange({ ...renewedNia, instructionsAcknowledged: false });
    const session = signedInSession({ ...expiredNia, instructionsAcknowledged: false });
    const { router } = renderSignedIn(session, <UpdatePasswordPage />, {
      route: "/update-password",
      path: "/update-password",
    });
    await changePassword();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/instructions-for-use"));
    expect(router.state.location.search).toBe("?required=true");
  });

  it("signs out only when the sign-in with the new password fails", async () => {
    stubFetch({
      "POST /api/v2/auth/change-password": () => jsonResponse(200, { message: messages.passwordUpdated }),
      "POST /api/v2/auth/login": () => jsonResponse(503, { statusCode: 503, message: messages.somethingWentWrong }),
    });
    const session = signedInSession(expiredNia);
    renderSignedIn(session, <UpdatePasswordPage />, { route: "/update-password", path: "/update-password" });
    await changePassword();
    await vi.waitFor(() => expect(session.signOut).toHaveBeenCalledWith({ callServer: false }));
    expect(session.signIn).not.toHaveBeenCalled();
  });
});
