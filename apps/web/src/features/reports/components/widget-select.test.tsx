import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { WidgetSelect } from "./widget-select";

describe("a widget's small select", () => {
  it("shows the chosen option's label and gives the one chosen", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <WidgetSelect
        label="Month"
        value={0}
        minWidth={140}
        options={[
          { value: 0, label: "January" },
          { value: 1, label: "February" },
        ]}
        onChange={onChange}
        menuMaxHeight={300}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Month" });
    expect(select.textContent).toBe("January");

    await user.click(select);
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "February" }));
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
