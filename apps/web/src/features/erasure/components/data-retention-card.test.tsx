import { messages } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeTokens } from "../../../lib/tokens";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { DataRetentionCard } from "./data-retention-card";

const projectId = "11111111-1111-4111-8111-111111111111";
const url = `/api/v1/admin/projects/${projectId}/retention`;
const signedIn = () => storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });

afterEach(() => vi.unstubAllGlobals());

describe("the program's data retention", () => {
  it("shows the years and until when an ended program's data is kept, and saves a new period", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () =>
        jsonResponse(200, { retentionYears: 25, programEnded: "2026-02-27", keptUntil: "2051-02-27" }),
      [`PUT ${url}`]: () =>
        jsonResponse(200, { retentionYears: 10, programEnded: "2026-02-27", keptUntil: "2036-02-27" }),
    });
    renderWithProviders(<DataRetentionCard programId={projectId} />);
    const field = await screen.findByRole("textbox", { name: "Kept after the program ends (years)" });
    expect((field as HTMLInputElement).value).toBe("25");
    screen.getByText("The program ended on 27/02/2026: its patient data is kept until 27/02/2051.");

    await userEvent.clear(field);
    await userEvent.type(field, "10");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(messages.retentionSaved);
    screen.getByText("The program ended on 27/02/2026: its patient data is kept until 27/02/2036.");
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
    expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({ retentionYears: 10 });
  });

  it("says the period starts at the end while the program runs, and refuses more than 100 years without sending", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, { retentionYears: 25, programEnded: null, keptUntil: null }),
    });
    renderWithProviders(<DataRetentionCard programId={projectId} />);
    const field = await screen.findByRole("textbox", { name: "Kept after the program ends (years)" });
    screen.getByText("The program is running: the period starts when it ends.");
    await userEvent.clear(field);
    await userEvent.type(field, "101");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => screen.getByText(messages.retentionYearsInvalid));
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "PUT")).toBe(false);
  });
});
