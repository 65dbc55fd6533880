import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { signedInStaffUser } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ResearchExportPanel } from "./research-export-panel";

const programId = "55555555-5555-4555-8555-555555555555";
const exportsPath = `/api/v1/admin/projects/${programId}/data-exports`;

describe("the research export's choices", () => {
  it("sends the format and the data chosen: Excel and anonymised at first, then CSV and identifiable", async () => {
    const started = vi.fn();
    stubFetch({
      [`GET ${exportsPath}`]: () => jsonResponse(200, { results: [], totalCount: 0 }),
      [`POST ${exportsPath}`]: (init) => {
        started(JSON.parse(String(init?.body)));
        return jsonResponse(500, { statusCode: 500, message: "" });
      },
    });
    const user = userEvent.setup();
    const actor = signedInStaffUser({ permissions: ["export_project_data_identifiable"] });
    renderWithProviders(<ResearchExportPanel programId={programId} actor={actor} />);

    const format = screen.getByRole("radiogroup", { name: "Format" });
    const data = screen.getByRole("radiogroup", { name: "Data" });
    expect((screen.getByRole("radio", { name: /^Excel/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /^Anonymised/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Start export" }));
    await vi.waitFor(() => expect(started).toHaveBeenLastCalledWith({ format: "xlsx", anonymised: true }));

    await user.click(screen.getByRole("radio", { name: /^CSV/ }));
    await user.click(screen.getByRole("radio", { name: /^Identifiable/ }));
    expect(format.contains(screen.getByRole("radio", { name: /^CSV/ }))).toBe(true);
    expect(data.contains(screen.getByRole("radio", { name: /^Identifiable/ }))).toBe(true);
    await user.click(screen.getByRole("button", { name: "Start export" }));
    await vi.waitFor(() => expect(started).toHaveBeenLastCalledWith({ format: "csv", anonymised: false }));
  });
});
