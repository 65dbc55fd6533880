import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browserAutofills } from "../../../lib/autofill-testing";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { NewPasswordForm } from "./new-password-form";

const NEW_PASSWORD = "Harbour-Lights-2026!";
const setPassword = () => screen.getByRole("button", { name: "Set new password" });

describe("the new password form", { timeout: 30_000 }, () => {
  it("waits for a change, shows the mismatch only after the first press, then sets the password", async () => {
    const fetchMock = stubFetch({
      "POST /api/v2/auth/reset_password/email/reset": () => jsonResponse(200, { message: messages.passwordUpdated }),
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewPasswordForm email="ann@example.org" code="123456" onDone={onDone} />);
    expect(setPassword()).toHaveProperty("disabled", true);

    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), "Harbour");
    expect(setPassword()).toHaveProperty("disabled", false);
    expect(screen.queryByText(messages.passwordMismatch)).toBeNull();
    await user.click(setPassword());
    expect(await screen.findByText(messages.passwordMismatch)).toBeTruthy();
    expect(setPassword()).toHaveProperty("disabled", true);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Confirm new password/), "-Lights-2026!");
    expect(screen.queryByText(messages.passwordMismatch)).toBeNull();
    await user.click(setPassword());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(null));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: "ann@example.org",
      otpCode: "123456",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
  });

  it("takes a password its manager filled into both fields, with one press", async () => {
    const fetchMock = stubFetch({
      "POST /api/v2/auth/reset_password/email/reset": () => jsonResponse(200, { message: messages.passwordUpdated }),
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewPasswordForm email="ann@example.org" code="123456" onDone={onDone} />);
    browserAutofills(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    browserAutofills(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    expect(setPassword()).toHaveProperty("disabled", false);
    await user.click(setPassword());
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
  });
});
