import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test-utils";
import { DownloadReportButton } from "./components/download-report-button";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";

describe("the patient report download", { timeout: 20_000 }, () => {
  it("POSTs the range and saves the blob under the server's file name", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="report.pdf"' },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => "blob:report");
    URL.revokeObjectURL = vi.fn();
    let saved = "";
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <DownloadReportButton
        programId={projectId}
        userId={userId}
        range={{ startDate: "2026-03-01", endDate: "2026-03-31" }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Download patient report" }));
    await waitFor(() => expect(saved || document.body.textContent).toBe("report.pdf"));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/v1/pro-dashboard/projects/${projectId}/users/${userId}/reports/export`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ startDate: "2026-03-01", endDate: "2026-03-31" });
  });
});
