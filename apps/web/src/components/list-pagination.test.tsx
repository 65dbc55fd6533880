import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test-utils";
import { ListPagination } from "./list-pagination";

describe("a server-paged list's pagination", () => {
  it("speaks 1-based pages and goes back to page 1 for another page size", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ListPagination count={120} page={2} perPage={25} perPageOptions={[25, 50]} onChange={onChange} />,
    );
    expect(screen.getByText("26–50 of 120")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(onChange).toHaveBeenLastCalledWith(3, 25);
    await user.click(screen.getByRole("button", { name: "Go to previous page" }));
    expect(onChange).toHaveBeenLastCalledWith(1, 25);

    await user.click(screen.getByRole("combobox"));
    await user.click(await screen.findByRole("option", { name: "50" }));
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });
});
