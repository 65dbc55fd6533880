import { messages } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeTokens } from "../../../lib/tokens";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { WorklistQueue } from "./worklist-queue";

const projectId = "11111111-1111-4111-8111-111111111111";
const alanId = "22222222-2222-4222-8222-222222222222";
const graceId = "33333333-3333-4333-8333-333333333333";
const listUrl = `/api/v1/admin/projects/${projectId}/worklist?_page=1&_perPage=25`;
const contactUrl = `/api/v1/admin/projects/${projectId}/worklist/${alanId}/contacts`;

const signedIn = () => storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });
const row = (patientId: string, patientName: string, reasons: { reason: string; since: string }[]) => ({
  patientId,
  patientName,
  reasons,
  quietSince: reasons[0]!.since,
  lastLogAt: null,
  lastContact: null,
  careTeamPhone: "+44 20 7946 0018",
});

afterEach(() => vi.unstubAllGlobals());

describe("the worklist", () => {
  it("lists who has gone quiet with why and since when, and records a call, after which the row leaves", async () => {
    signedIn();
    let contacted = false;
    const fetchMock = stubFetch({
      [`GET ${listUrl}`]: () =>
        jsonResponse(200, {
          results: [
            ...(contacted ? [] : [row(alanId, "Alan Turing", [{ reason: "never_opened", since: "2026-02-01" }])]),
            row(graceId, "Grace Hopper", [{ reason: "reporting_dropped", since: "2026-02-27" }]),
          ],
          totalCount: contacted ? 1 : 2,
        }),
      [`POST ${contactUrl}`]: () => {
        contacted = true;
        return jsonResponse(201, {
          contactId: "44444444-4444-4444-8444-444444444444",
          patientId: alanId,
          outcome: "called",
          note: "App tonight",
          contactedAt: "2026-03-12T12:00:00.000Z",
          contactedBy: { id: "n1", name: "Nia Okafor" },
        });
      },
    });
    renderWithProviders(
      <WorklistQueue programs={[{ programId: projectId, name: "Northbridge Heart" }]} canSetQuietDays={false} />,
    );
    const table = await screen.findByRole("table", { name: "Patients gone quiet" });
    const alan = within(table).getByRole("row", { name: /Alan Turing/ });
    within(alan).getByText(/Has not opened the app since consenting, since/);
    within(alan).getByText("+44 20 7946 0018");
    within(alan).getByText("Never");
    expect(screen.getByRole("status").textContent).toBe("2 patients gone quiet");

    await userEvent.click(within(alan).getByRole("button", { name: "Record contact: Alan Turing" }));
    const dialog = await screen.findByRole("dialog", { name: "Record a contact with Alan Turing" });
    // Nothing is sent without an outcome.
    await userEvent.click(within(dialog).getByRole("button", { name: "Record contact" }));
    within(dialog).getByText(messages.worklistContactOutcomeRequired);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await userEvent.click(within(dialog).getByRole("radio", { name: "Called: spoke with the patient" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Note" }), "App tonight");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record contact" }));
    await screen.findByText(messages.worklistContactRecorded);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ outcome: "called", note: "App tonight" });
    await waitFor(() => expect(screen.queryByRole("row", { name: /Alan Turing/ })).toBeNull());
    screen.getByRole("row", { name: /Grace Hopper/ });
  });

  it("says so when nobody has gone quiet", async () => {
    signedIn();
    stubFetch({ [`GET ${listUrl}`]: () => jsonResponse(200, { results: [], totalCount: 0 }) });
    renderWithProviders(
      <WorklistQueue programs={[{ programId: projectId, name: "Northbridge Heart" }]} canSetQuietDays={false} />,
    );
    await screen.findByText(messages.worklistEmpty);
  });

  it("shows the care-team phone as the program's staff dial it: nationally for its own country, else internationally", async () => {
    signedIn();
    stubFetch({
      [`GET ${listUrl}`]: () =>
        jsonResponse(200, {
          results: [
            {
              ...row(alanId, "Alan Turing", [{ reason: "never_opened", since: "2026-02-01" }]),
              careTeamPhone: "+441132068000",
            },
            {
              ...row(graceId, "Grace Hopper", [{ reason: "reporting_dropped", since: "2026-02-27" }]),
              careTeamPhone: "+35312345678",
            },
          ],
          totalCount: 2,
        }),
    });
    renderWithProviders(
      <WorklistQueue
        programs={[{ programId: projectId, name: "Northbridge Heart", territory: "UK_IRE" }]}
        canSetQuietDays={false}
      />,
    );
    const table = await screen.findByRole("table", { name: "Patients gone quiet" });
    within(within(table).getByRole("row", { name: /Alan Turing/ })).getByText("0113 206 8000");
    // An Irish number in a UK and Ireland program: read nationally it could be taken for a British one.
    within(within(table).getByRole("row", { name: /Grace Hopper/ })).getByText("+353 1 234 5678");
  });
});
