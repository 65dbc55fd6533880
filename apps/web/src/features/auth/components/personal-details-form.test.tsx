import type { CurrentUser } from "@openpro/core";
import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { PersonalDetailsForm } from "./personal-details-form";

const ann: CurrentUser = {
  id: "4f1c0d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f",
  firstName: "Ann",
  lastName: "Lee",
  displayName: null,
  email: "ann@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects"],
  passwordExpireDate: null,
  otpRequired: true,
  instructionsAcknowledged: true,
  language: null,
};

const save = () => screen.getByRole("button", { name: "Save" });

describe("the personal details form", () => {
  it("saves only when valid and changed, and sends the changed name only", async () => {
    const fetchMock = stubFetch({
      "PATCH /api/v1/current": (init) => jsonResponse(200, { ...ann, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PersonalDetailsForm user={ann} />);
    expect(save()).toHaveProperty("disabled", true);

    // Emptied and left: the settings page's own rule says why Save stays off.
    const first = screen.getByLabelText(/First name/);
    await user.clear(first);
    expect(screen.queryByText(messages.firstNameRequired)).toBeNull();
    await user.tab();
    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
    expect(save()).toHaveProperty("disabled", true);

    // Spaces added to the saved name are no change.
    await user.type(first, "Ann  ");
    expect(screen.queryByText(messages.firstNameRequired)).toBeNull();
    expect(save()).toHaveProperty("disabled", true);

    await user.clear(first);
    await user.type(first, "Anne");
    expect(save()).toHaveProperty("disabled", false);
    await user.click(save());
    expect(await screen.findByText(messages.settingsUpdated)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ firstName: "Anne" });
    // The saved name is the new baseline.
    await vi.waitFor(() => expect(save()).toHaveProperty("disabled", true));
  });
});
