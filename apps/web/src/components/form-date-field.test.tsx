import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test-utils";
import { FormDateField } from "./form-date-field";

/** A form of one date that reports what it keeps. */
const DateForm = ({ initial, onSubmit }: { initial: string; onSubmit: (date: string) => void }) => {
  const form = useForm<{ date: string }>({ defaultValues: { date: initial } });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v.date))}>
      <FormDateField control={form.control} name="date" label="Start date" />
      <button type="submit">Save</button>
    </form>
  );
};

describe("the staff app's date input", () => {
  it("shows a British reader DD/MM/YYYY and keeps YYYY-MM-DD", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DateForm initial="2026-03-01" onSubmit={onSubmit} />);
    const input = screen.getByLabelText("Start date") as HTMLInputElement;
    // en-GB in the tests (test-setup.ts): never the mm/dd/yyyy a native input showed.
    expect(input.value).toBe("01/03/2026");
    expect(input.getAttribute("placeholder")).toBe("DD/MM/YYYY");
    expect(input.type).toBe("text");
    await user.clear(input);
    await user.type(input, "27/11/2026");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith("2026-11-27");
    expect(screen.getByRole("button", { name: "Choose start date from a calendar" })).toBeTruthy();
  });
});
