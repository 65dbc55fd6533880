import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { DownloadSummaryButton } from "./download-summary-button";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";

const answer = (response: Response) => {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => "blob:summary");
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { fetchMock, saved };
};

describe("the pre-visit summary's Download PDF", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("fetches the summary's PDF and saves it under the server's file name", async () => {
    const { fetchMock, saved } = answer(
      new Response("%PDF-1.7", {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="pre-visit-summary-hopper-2026-03-12.pdf"',
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DownloadSummaryButton programId={projectId} userId={userId} />);
    await user.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(saved).toEqual(["pre-visit-summary-hopper-2026-03-12.pdf"]));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/v1/pro-dashboard/projects/${projectId}/users/${userId}/pre-visit-summary/pdf`);
    expect(init.method).toBe("GET");
    expect((screen.getByRole("button", { name: "Download PDF" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says why when the server refuses, in the server's words, and saves nothing", async () => {
    const { saved } = answer(
      new Response(JSON.stringify({ statusCode: 403, message: "You do not have permission to do this." }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DownloadSummaryButton programId={projectId} userId={userId} />);
    await user.click(screen.getByRole("button", { name: "Download PDF" }));
    expect((await screen.findByRole("alert")).textContent).toContain("You do not have permission to do this.");
    expect(saved).toEqual([]);
  });
});
