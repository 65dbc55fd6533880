import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browserAutofills } from "../../../lib/autofill-testing";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ResetRequestForm } from "./reset-request-form";

const sendCode = () => screen.getByRole("button", { name: "Send code" });
const sent = () => jsonResponse(200, { message: messages.otpSent });

describe("the reset request form", () => {
  it("waits for a change, and shows what is wrong only after the first press", async () => {
    const fetchMock = stubFetch({ "POST /api/v2/auth/reset_password/email/send_otp": sent });
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResetRequestForm onSent={onSent} />);
    expect(sendCode()).toHaveProperty("disabled", true);

    await user.type(screen.getByLabelText(/Email/), "ann@");
    expect(sendCode()).toHaveProperty("disabled", false);
    expect(screen.queryByText(messages.invalidEmail)).toBeNull();
    await user.click(sendCode());
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(sendCode()).toHaveProperty("disabled", true);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Email/), "example.org");
    expect(screen.queryByText(messages.invalidEmail)).toBeNull();
    await user.click(sendCode());
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith("ann@example.org"));
  });

  it("sends the code for an e-mail the browser filled, with one press", async () => {
    const fetchMock = stubFetch({ "POST /api/v2/auth/reset_password/email/send_otp": sent });
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResetRequestForm onSent={onSent} />);
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    // Filled, but hidden from scripts until the person interacts (Chrome's saved credentials).
    browserAutofills(email, "");
    expect(sendCode()).toHaveProperty("disabled", false);
    email.value = "ann@example.org";
    await user.click(sendCode());
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith("ann@example.org"));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ email: "ann@example.org" });
  });

  it("takes an autofilled e-mail the browser shows at once", async () => {
    stubFetch({ "POST /api/v2/auth/reset_password/email/send_otp": sent });
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResetRequestForm onSent={onSent} />);
    browserAutofills(screen.getByLabelText(/Email/), "ann@example.org");
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("ann@example.org");
    await user.click(sendCode());
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith("ann@example.org"));
  });
});
