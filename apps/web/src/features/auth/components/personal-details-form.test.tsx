import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { signedInStaffUser } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { PersonalDetailsForm } from "./personal-details-form";

/** Ann Lee, with a sign-in code pending. */
const ann = signedInStaffUser({ otpRequired: true });

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
