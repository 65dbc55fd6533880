import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { DateRangePicker } from "./date-range-picker";

/** The picker on 1–20 November 2026, its bounds 1 October to 27 November. */
const renderNovemberRange = () => {
  const onChange = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <DateRangePicker
      value={{ startDate: "2026-11-01", endDate: "2026-11-20" }}
      min="2026-10-01"
      max="2026-11-27"
      onChange={onChange}
    />,
  );
  return { onChange, user };
};

describe("the patient dashboard header's date range", () => {
  it("shows and takes dates in the reader's order (27/11/2026 for en-GB), and applies a whole range only", async () => {
    const { onChange, user } = renderNovemberRange();
    const from = screen.getByLabelText("From") as HTMLInputElement;
    const to = screen.getByLabelText("To") as HTMLInputElement;
    expect(from.value).toBe("01/11/2026");
    expect(to.value).toBe("20/11/2026");
    expect(to.type).toBe("text");
    await user.clear(to);
    await user.type(to, "27/11/20");
    expect(onChange).not.toHaveBeenCalled();
    screen.getByText("Please enter a real date as DD/MM/YYYY, such as 27/11/2026");
    await user.type(to, "26");
    expect(onChange).toHaveBeenLastCalledWith({ startDate: "2026-11-01", endDate: "2026-11-27" });
  });

  it("says the bounds in the reader's order when a date is outside them", async () => {
    const { onChange, user } = renderNovemberRange();
    const from = screen.getByLabelText("From");
    await user.clear(from);
    await user.type(from, "30/09/2026");
    screen.getByText("Please choose a date from 01/10/2026 to 27/11/2026");
    expect(onChange).not.toHaveBeenCalled();
  });
});
