import { messages, passwordChecklist } from "@openpro/core";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordChecklist } from "./password-checklist";

const itemStates = () =>
  Object.fromEntries(
    screen
      .getAllByRole("listitem")
      .map((item) => [item.textContent?.replace(/ \((done|not yet)\)$/, ""), item.textContent?.endsWith("(done)")]),
  );

describe("the password checklist", () => {
  it("lists every rule of the core checklist, none met for an empty password", () => {
    render(<PasswordChecklist password="" />);
    const states = itemStates();
    expect(Object.keys(states)).toEqual(passwordChecklist.map((item) => item.label));
    expect(Object.values(states).every((met) => met === false)).toBe(true);
  });

  it("ticks the rules a password meets as it grows", () => {
    const { rerender } = render(<PasswordChecklist password="abc" />);
    expect(itemStates()).toMatchObject({
      "One lowercase letter": true,
      "One uppercase letter": false,
      "No spaces": true,
    });

    rerender(<PasswordChecklist password="abc DEF1" />);
    expect(itemStates()).toMatchObject({
      // The length line shows the enforced minimum: 8 characters are not enough.
      "At least 12 characters": false,
      "One uppercase letter": true,
      "One number": true,
      "No spaces": false,
    });

    rerender(<PasswordChecklist password="abc DEF1 ghi" />);
    expect(itemStates()).toMatchObject({
      "At least 12 characters": true,
      "One uppercase letter": true,
      "One number": true,
      "No spaces": false,
    });

    rerender(<PasswordChecklist password="Clinic-Visit-2026!" />);
    expect(Object.values(itemStates()).every(Boolean)).toBe(true);
  });

  it("says a password meeting every rule is too common when zxcvbn (loaded lazily) can guess it", async () => {
    const { rerender } = render(<PasswordChecklist password="P@ssw0rd2024!" />);
    expect(Object.values(itemStates()).every(Boolean)).toBe(true);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(messages.passwordTooCommon), {
      timeout: 15_000,
    });

    rerender(<PasswordChecklist password="Harbour-Lights-2026!" />);
    expect(screen.getByRole("status").textContent).toBe("");
    // The verdict for the new password arrives after the debounce; it must stay silent.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole("status").textContent).toBe("");

    rerender(<PasswordChecklist password="Margaret.Hughes-77" email="margaret.hughes@clinic.test" />);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(messages.passwordTooCommon), {
      timeout: 15_000,
    });
  }, 30_000);
});
