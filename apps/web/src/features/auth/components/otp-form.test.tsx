import { ThemeProvider } from "@mui/material/styles";
import { limits } from "@openpro/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../../test-utils";
import { OtpForm } from "./otp-form";

const renderForm = (props: Partial<Parameters<typeof OtpForm>[0]> = {}) => {
  const onVerify = props.onVerify ?? vi.fn(() => Promise.resolve());
  const onResend = props.onResend ?? vi.fn(() => Promise.resolve());
  render(
    <ThemeProvider theme={theme}>
      <OtpForm
        intro="Enter the code we e-mailed you."
        verifying={false}
        error={null}
        {...props}
        onVerify={onVerify}
        onResend={onResend}
      />
    </ThemeProvider>,
  );
  return { onVerify, onResend };
};

const boxes = () => Array.from({ length: 6 }, (_, i) => screen.getByRole("textbox", { name: `Digit ${i + 1} of 6` }));
const shownCode = () =>
  boxes()
    .map((box) => (box as HTMLInputElement).value)
    .join("");
const confirmButton = () => screen.getByRole("button", { name: "Confirm code" });

describe("the one-time code form", () => {
  it("shows six numeric boxes, each labelled with its position, inside a labelled group", () => {
    renderForm();
    expect(screen.getByRole("group", { name: "Enter the code we e-mailed you." })).toBeTruthy();
    for (const box of boxes()) expect(box.getAttribute("inputmode")).toBe("numeric");
  });

  it("moves focus forward as digits are typed", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(boxes()[0]!);
    await user.keyboard("123");
    expect(shownCode()).toBe("123");
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it("ignores letters", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(boxes()[0]!);
    await user.keyboard("a1b");
    expect(shownCode()).toBe("1");
  });

  it("fills all six boxes when six digits are pasted into any box", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(boxes()[3]!);
    await user.paste("482 913");
    expect(shownCode()).toBe("482913");
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it("clears with Backspace and moves back, and moves with the arrow keys", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(boxes()[0]!);
    await user.keyboard("1234");
    expect(document.activeElement).toBe(boxes()[4]);

    await user.keyboard("{Backspace}");
    expect(shownCode()).toBe("123");
    expect(document.activeElement).toBe(boxes()[3]);

    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(boxes()[2]);

    await user.keyboard("{Backspace}");
    expect((boxes()[2] as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it("enables Confirm code only with all six digits, and confirms that code", async () => {
    const user = userEvent.setup();
    const { onVerify } = renderForm();
    expect(confirmButton().hasAttribute("disabled")).toBe(true);
    await user.click(boxes()[0]!);
    await user.keyboard("12345");
    expect(confirmButton().hasAttribute("disabled")).toBe(true);
    await user.keyboard("6");
    expect(confirmButton().hasAttribute("disabled")).toBe(false);
    await user.click(confirmButton());
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith("123456");
  });

  it("verifies a complete code 1500 ms after focus leaves the boxes", () => {
    vi.useFakeTimers();
    const { onVerify } = renderForm();
    fireEvent.focus(boxes()[0]!);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => "654321" } });
    expect(shownCode()).toBe("654321");
    fireEvent.blur(boxes()[5]!, { relatedTarget: document.body });

    act(() => vi.advanceTimersByTime(limits.otpVerifyDebounceMs - 1));
    expect(onVerify).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onVerify).toHaveBeenCalledWith("654321");
  });

  it("does not verify on blur while the code is incomplete, or when focus comes back in time", () => {
    vi.useFakeTimers();
    const { onVerify } = renderForm();
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => "123" } });
    fireEvent.blur(boxes()[2]!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(5_000));
    expect(onVerify).not.toHaveBeenCalled();

    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => "123456" } });
    fireEvent.blur(boxes()[5]!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.focus(boxes()[5]!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(5_000));
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("clears the boxes after a failed resend", async () => {
    const user = userEvent.setup();
    const onResend = vi.fn(() => Promise.reject(new Error("429")));
    renderForm({ onResend });
    await user.click(boxes()[0]!);
    await user.paste("123456");
    expect(shownCode()).toBe("123456");
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(onResend).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(shownCode()).toBe(""));
  });

  it("keeps the boxes after a successful resend and offers a Contact link", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(boxes()[0]!);
    await user.paste("123456");
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(shownCode()).toBe("123456");
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toMatch(/^mailto:/);
  });

  it("shows the error it is given", () => {
    renderForm({ error: "Incorrect code, please try again" });
    expect(screen.getByText("Incorrect code, please try again")).toBeTruthy();
  });
});
