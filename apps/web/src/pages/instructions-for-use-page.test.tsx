import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fullPageLoad } from "../lib/page-address";
import {
  invitationDestination,
  postSignInRoute,
  rememberPendingInvite,
  rememberReturnTo,
  takeReturnTo,
} from "../lib/sign-in-state";
import { instructionsForUseFixture, signedInStaffUser } from "../test-fixtures";
import { jsonResponse, renderSignedIn, signedInSession, stubFetch } from "../test-utils";
import { InstructionsForUsePage } from "./instructions-for-use-page";

/** A clinician who has just signed up: the instructions for use are not yet acknowledged. */
const newClinician = signedInStaffUser({
  id: "c1",
  firstName: "Ravi",
  lastName: "Patel",
  email: "ravi@clinic.test",
  permissions: [],
  instructionsAcknowledged: false,
});

/** The server answers the instructions and their acknowledgement. */
const stubInstructionsToAcknowledge = () =>
  stubFetch({
    "GET /api/v1/content/sciensuspro-instructions-for-use": () => jsonResponse(200, instructionsForUseFixture()),
    "PATCH /api/v1/current": () => jsonResponse(200, { ...newClinician, instructionsAcknowledged: true }),
  });

/** Opens the page as the new clinician, the acknowledgement required. */
const renderRequiredInstructions = (path = "*") =>
  renderSignedIn(signedInSession(newClinician), <InstructionsForUsePage />, {
    route: "/instructions-for-use?required=true",
    path,
  });

/** Presses "I understand" once the page enables it. */
const acknowledge = async () => {
  const understand = await screen.findByRole("button", { name: "I understand" });
  await waitFor(() => expect(understand).toHaveProperty("disabled", false));
  await userEvent.setup().click(understand);
};

describe("the instructions for use, to acknowledge", { timeout: 60_000 }, () => {
  afterEach(() => window.sessionStorage.clear());

  it("returns a new clinician to the invitation they opened before signing up", async () => {
    const invitation = "/join/inv-123?email=ravi%40clinic.test";
    rememberPendingInvite(invitation);
    stubInstructionsToAcknowledge();
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    renderRequiredInstructions();
    await acknowledge();
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
    stubInstructionsToAcknowledge();
    const open = vi.spyOn(fullPageLoad, "open").mockImplementation(() => undefined);
    const { router } = renderRequiredInstructions("/instructions-for-use");
    await acknowledge();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/programs/${programId}`));
    expect(open).not.toHaveBeenCalled();
  });

  it("goes to programs when nothing was saved", async () => {
    stubInstructionsToAcknowledge();
    const { router } = renderRequiredInstructions("/instructions-for-use");
    await acknowledge();
    await waitFor(() => expect(router.state.location.pathname).toBe("/programs"));
  });
});
