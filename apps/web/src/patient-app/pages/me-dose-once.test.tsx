import type { PatientProgram } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { storeMeTokens } from "../session";
import { MeMedicationsPage } from "./me-medications-page";

const programId = "33333333-3333-4333-8333-333333333333";
const program = {
  programId,
  name: "Heart care at home",
  disclaimer: null,
  disabledNoteTypes: [],
  careTeam: [],
  articles: [],
  prioritisedSymptoms: [],
  territory: "UK_IRE",
} as unknown as PatientProgram;

describe("I took it", () => {
  it("records one dose when tapped twice: one request, one client id, the button waiting", async () => {
    storeMeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" }, "p1");
    const sent: { clientId: string }[] = [];
    let answer: (() => void) | undefined;
    stubFetch({
      "GET /api/v1/user/projects": () => jsonResponse(200, { results: [program] }),
      [`GET /api/v1/user/projects/${programId}/medications`]: () =>
        jsonResponse(200, {
          results: [
            {
              medicationId: "m1",
              clientId: "c1",
              name: "Tamoxifen",
              dosage: "20 mg",
              dosageUnit: null,
              frequency: "ONCE_DAILY",
              snomedId: null,
              startDate: "2026-11-01",
              endDate: null,
              lastDose: null,
            },
          ],
        }),
      [`POST /api/v1/user/projects/${programId}/medication-events`]: (init) => {
        const { events } = JSON.parse(String(init?.body)) as { events: { clientId: string }[] };
        sent.push(...events);
        // The answer waits: the second tap comes while the first is still being sent.
        return new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              jsonResponse(200, {
                results: events.map((e) => ({ clientId: e.clientId, logId: "e1", status: "created" })),
              }),
            );
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MeMedicationsPage />, { route: "/me/medications" });
    const took = await screen.findByRole("button", { name: t("tookDose") });
    await user.dblClick(took);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((took as HTMLButtonElement).disabled).toBe(true);
    answer?.();
    expect(await screen.findByText(t("doseTaken", { name: "Tamoxifen" }))).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
