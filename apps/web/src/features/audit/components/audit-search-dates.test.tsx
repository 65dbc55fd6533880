import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { AuditSearch } from "./audit-search";

const emptyPage = { results: [], totalCount: 0, page: 1, perPage: 25 };

describe("the audit search's dates", () => {
  it("are typed in the reader's order (27/11/2026 for en-GB) and searched as YYYY-MM-DD", async () => {
    stubFetch({ "GET /api/v1/admin/audit?_page=1&_perPage=25": () => jsonResponse(200, emptyPage) });
    const onSearch = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AuditSearch filter={{}} page={1} perPage={25} onSearch={onSearch} onPage={vi.fn()} />);
    const from = screen.getByLabelText("From") as HTMLInputElement;
    expect(from.getAttribute("placeholder")).toBe("DD/MM/YYYY");
    await user.type(from, "01/11/2026");
    await user.type(screen.getByLabelText("To"), "27/11/2026");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).toHaveBeenCalledWith({ from: "2026-11-01", to: "2026-11-27" });
  });

  it("does not search for a date still being typed, and says how to write one", async () => {
    stubFetch({ "GET /api/v1/admin/audit?_page=1&_perPage=25": () => jsonResponse(200, emptyPage) });
    const onSearch = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AuditSearch filter={{}} page={1} perPage={25} onSearch={onSearch} onPage={vi.fn()} />);
    await user.type(screen.getByLabelText("From"), "31/02/2026");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).not.toHaveBeenCalled();
    screen.getByText("Please enter a real date as DD/MM/YYYY, such as 27/11/2026");
  });
});
