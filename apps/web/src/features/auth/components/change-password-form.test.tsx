import { errorCodes, messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browserAutofills } from "../../../lib/autofill-testing";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ChangePasswordForm } from "./change-password-form";

const NEW_PASSWORD = "Harbour-Lights-2026!";
const submit = () => screen.getByRole("button", { name: "Update password" });
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>) => JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));

const typeNewPassword = async (userEvents: ReturnType<typeof userEvent.setup>) => {
  await userEvents.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
  await userEvents.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
};

describe("the change-password form", { timeout: 30_000 }, () => {
  it("from settings asks for the current password and sends it", async () => {
    const onChanged = vi.fn();
    const fetchMock = stubFetch({
      "POST /api/v2/auth/change-password": () => jsonResponse(200, { message: messages.passwordUpdated }),
    });
    const userEvents = userEvent.setup();
    renderWithProviders(<ChangePasswordForm requireCurrentPassword onChanged={onChanged} />);

    const current = screen.getByLabelText(/^Current password/);
    expect(current.getAttribute("type")).toBe("password");
    expect(current.getAttribute("autocomplete")).toBe("current-password");

    // Untouched, Update password is disabled (document 1 §5, decision 031).
    expect(submit()).toHaveProperty("disabled", true);
    // Without it nothing is sent.
    await typeNewPassword(userEvents);
    expect(screen.queryByText(messages.required)).toBeNull();
    await userEvents.click(submit());
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvents.type(current, "Old-Password-2025!{Enter}");
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock)).toEqual({
      currentPassword: "Old-Password-2025!",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
  });

  it("shows a wrong current password on its field", async () => {
    const onChanged = vi.fn();
    stubFetch({
      "POST /api/v2/auth/change-password": () =>
        jsonResponse(422, {
          statusCode: 422,
          message: messages.currentPasswordIncorrect,
          errorCode: errorCodes.validation,
          errors: [{ field: "currentPassword", message: messages.currentPasswordIncorrect }],
        }),
    });
    const userEvents = userEvent.setup();
    renderWithProviders(<ChangePasswordForm requireCurrentPassword onChanged={onChanged} />);
    await userEvents.type(screen.getByLabelText(/^Current password/), "a-wrong-guess");
    await typeNewPassword(userEvents);
    await userEvents.click(submit());
    expect(await screen.findAllByText(messages.currentPasswordIncorrect)).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Current password/).getAttribute("aria-invalid")).toBe("true");
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("after signing in with an expired password sends the spec's payload, without the current password", async () => {
    const onChanged = vi.fn();
    const fetchMock = stubFetch({
      "POST /api/v2/auth/change-password": () => jsonResponse(200, { message: messages.passwordUpdated }),
    });
    const userEvents = userEvent.setup();
    renderWithProviders(<ChangePasswordForm email="ann@example.org" onChanged={onChanged} />);
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await typeNewPassword(userEvents);
    await userEvents.click(submit());
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock)).toEqual({ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  });

  it("counts a current password its manager filled as a change; the first press asks for the new one", async () => {
    const fetchMock = stubFetch({});
    const userEvents = userEvent.setup();
    renderWithProviders(<ChangePasswordForm requireCurrentPassword onChanged={vi.fn()} />);
    expect(submit()).toHaveProperty("disabled", true);
    browserAutofills(screen.getByLabelText(/^Current password/), "Old-Password-2025!");
    expect(submit()).toHaveProperty("disabled", false);
    expect(screen.queryByText(messages.required)).toBeNull();
    await userEvents.click(submit());
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(screen.getByLabelText(/^Current password/).getAttribute("aria-invalid")).toBe("false");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
