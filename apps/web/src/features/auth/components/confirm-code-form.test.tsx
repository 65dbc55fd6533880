import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browserAutofills } from "../../../lib/autofill-testing";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ConfirmCodeForm } from "./confirm-code-form";

const confirm = () => screen.getByRole("button", { name: "Confirm code" });
const checked = () => jsonResponse(200, { message: "Reset code is valid" });

describe("the confirm reset code form", () => {
  it("waits for a change even with the e-mail given, and shows the code's length only after the first press", async () => {
    const fetchMock = stubFetch({ "POST /api/v1/auth/password-reset/check": checked });
    const onConfirmed = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ConfirmCodeForm defaultEmail="ann@example.org" onConfirmed={onConfirmed} />);
    expect(confirm()).toHaveProperty("disabled", true);

    await user.type(screen.getByLabelText(/Reset code/), "AB12");
    expect(confirm()).toHaveProperty("disabled", false);
    expect(screen.queryByText(messages.exactLength(8))).toBeNull();
    await user.click(confirm());
    expect(await screen.findByText(messages.exactLength(8))).toBeTruthy();
    expect(confirm()).toHaveProperty("disabled", true);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Reset code/), "CD34{Enter}");
    await vi.waitFor(() =>
      expect(onConfirmed).toHaveBeenCalledWith({ email: "ann@example.org", resetCode: "AB12CD34" }),
    );
  });

  it("counts an e-mail the browser filled as a change", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<ConfirmCodeForm onConfirmed={vi.fn()} />);
    browserAutofills(screen.getByLabelText(/Email/), "ann@example.org");
    expect(confirm()).toHaveProperty("disabled", false);
    // The code is still missing: the first press says so.
    await user.click(confirm());
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("ann@example.org");
  });
});
