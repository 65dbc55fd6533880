import type { CurrentUser } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fullPageLoad } from "../lib/page-address";
import { type Session, SessionContext } from "../lib/session-context";
import {
  invitationDestination,
  postSignInRoute,
  rememberPendingInvite,
  rememberReturnTo,
  takeReturnTo,
} from "../lib/sign-in-state";
import { jsonResponse, renderWithProviders, stubFetch } from "../test-utils";
import { InstructionsForUsePage } from "./instructions-for-use-page";

const newClinician: CurrentUser = {
  id: "c1",
  firstName: "Ravi",
  lastName: "Patel",
  displayName: null,
  email: "ravi@clinic.test",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: [],
  passwordExpireDate: null,
  otpRequired: false,
  instructionsAcknowledged: false,
  language: null,
};

const session: Session = {
  status: "signed-in",
  user: newClinician,
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
  refetchUser: vi.fn(async () => newClinician),
};

describe("the instructions for use, to acknowledge", { timeout: 60_000 }, () => {
  afterEach(() => window.sessionStorage.clear());

  it("returns a new clinician to the invitation they opened before signing up", async () => {
    const invitation = "/join/inv-123?email=ravi%40clinic.test";
    rememberPendingInvite(invitation);
    stubFetch({
      "GET /api/v1/content/sciensuspro-instructions-for-use": () =>
        jsonResponse(200, {
          id: "sciensuspro-instructions-for-use",
          title: "Instructions for use",
          version: "1",
          updatedAt: "2026-01-01T00:00:00.000Z",
          blocks: [{ type: "paragraph", text: "Read the alerts every morning." }],
        }),
      "PATCH /api/v1/current": () => jsonResponse(200, { ...newClinician, instructionsAcknowledged: true }),
    });
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(
      <SessionContext.Provider value={session}>
        <InstructionsForUsePage />
      </SessionContext.Provider>,
      { route: "/instructions-for-use?required=true" },
    );
    const understand = await screen.findByRole("button", { name: "I understand" });
    await waitFor(() => expect(understand).toHaveProperty("disabled", false));
    await user.click(understand);
    await waitFor(() => expect(open).toHaveBeenCalledWith(invitation, true));
  });

  it("sends a brand-new clinician, after the sign-up code, on to the program of the invitation they signed up through", async () => {
    const programId = "33333333-3333-4333-8333-333333333333";
    // The invitation page, on registering (the invitation is accepted with the sign-up).
    rememberReturnTo(
      invitationDestination(`/join/inv-9?email=ravi%40clinic.test&projectName=Heart&projectId=${programId}`),
    );
    // The sign-up code page sends the new clinician to the instructions first, keeping where to go next.
    expect(postSignInRoute(newClinician, takeReturnTo())).toBe("/instructions-for-use?required=true");
    stubFetch({
      "GET /api/v1/content/sciensuspro-instructions-for-use": () =>
        jsonResponse(200, {
          id: "sciensuspro-instructions-for-use",
          title: "Instructions for use",
          version: "1",
          updatedAt: "2026-01-01T00:00:00.000Z",
          blocks: [{ type: "paragraph", text: "Read the alerts every morning." }],
        }),
      "PATCH /api/v1/current": () => jsonResponse(200, { ...newClinician, instructionsAcknowledged: true }),
    });
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <SessionContext.Provider value={session}>
        <InstructionsForUsePage />
      </SessionContext.Provider>,
      { route: "/instructions-for-use?required=true", path: "/instructions-for-use" },
    );
    const understand = await screen.findByRole("button", { name: "I understand" });
    await waitFor(() => expect(understand).toHaveProperty("disabled", false));
    await user.click(understand);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/programs/${programId}`));
    expect(open).not.toHaveBeenCalled();
  });

  it("goes to programs when nothing was saved", async () => {
    stubFetch({
      "GET /api/v1/content/sciensuspro-instructions-for-use": () =>
        jsonResponse(200, {
          id: "sciensuspro-instructions-for-use",
          title: "Instructions for use",
          version: "1",
          updatedAt: "2026-01-01T00:00:00.000Z",
          blocks: [{ type: "paragraph", text: "Read the alerts every morning." }],
        }),
      "PATCH /api/v1/current": () => jsonResponse(200, { ...newClinician, instructionsAcknowledged: true }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <SessionContext.Provider value={session}>
        <InstructionsForUsePage />
      </SessionContext.Provider>,
      { route: "/instructions-for-use?required=true", path: "/instructions-for-use" },
    );
    const understand = await screen.findByRole("button", { name: "I understand" });
    await waitFor(() => expect(understand).toHaveProperty("disabled", false));
    await user.click(understand);
    await waitFor(() => expect(router.state.location.pathname).toBe("/programs"));
  });
});
