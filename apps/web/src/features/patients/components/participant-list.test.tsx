import type { Grants, Program } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders } from "../../../test-utils";
import type { Participant } from "../api";
import { ParticipantList, participantSortStorageKey } from "./participant-list";

const projectId = "33333333-3333-4333-8333-333333333333";
const program = (over: Partial<Program> = {}): Program => programFixture({ projectId, ...over });
const actor = (...permissions: string[]): Grants => ({ permissions });

const participant = (n: number, over: Partial<Participant> = {}): Participant => ({
  id: `44444444-4444-4444-8444-${String(n).padStart(12, "0")}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `p${n}@example.org`,
  patientIdType: "nhs_number",
  patientId: null,
  status: "CONSENTED",
  statusHistory: [{ status: "CONSENTED", date: "2026-01-05T10:00:00.000Z" }],
  verificationStatus: "VERIFIED",
  verificationStatusHistory: [{ verificationStatus: "VERIFIED", dateUpdated: "2026-01-05T10:00:00.000Z" }],
  consentGiven: true,
  dateConsentGiven: "2026-01-05T10:00:00.000Z",
  dateConsentRevoked: null,
  inviteAccepted: true,
  enrolledWith: "individual",
  createdAt: "2026-01-01T10:00:00.000Z",
  dob: "1960-04-09",
  severeSymptomsCount: 0,
  ...over,
});

/** Every list request, as URLSearchParams; answers with `pages` by _page. */
const stubList = (pages: Record<number, Participant[]>, totalCount: number) => {
  const requests: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== `/api/v1/admin/projects/${projectId}/users`) throw new Error(`Unexpected fetch ${url}`);
    requests.push(url.searchParams);
    return jsonResponse(200, { results: pages[Number(url.searchParams.get("_page"))] ?? [], totalCount });
  });
  vi.stubGlobal("fetch", fetchMock);
  return requests;
};

/** jsdom has no IntersectionObserver: this one lets the test scroll the sentinel into view. */
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class FakeObserver {
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    observers.push({ callback, options });
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const scrollToEnd = () => {
  const latest = observers.at(-1);
  latest?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
};

beforeEach(() => {
  observers = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => window.localStorage.clear());

const render = (grants: Grants, over: Partial<Program> = {}) =>
  renderWithProviders(<ParticipantList program={fromWire(program(over))} actor={grants} idTypes={[]} />, {
    route: `/programs/${projectId}`,
    path: "/programs/:programId",
  });

describe("the participant list", { timeout: 20_000 }, () => {
  it("lists consented, withdrawn and completed patients with dob, verification icon, withdrawn marker and severe label", async () => {
    const requests = stubList(
      {
        1: [
          participant(1, { severeSymptomsCount: 2 }),
          participant(2, { status: "CONSENT_WITHDRAWN", severeSymptomsCount: 3 }),
          participant(3, {
            verificationStatus: "AWAITING_VERIFICATION",
            verificationStatusHistory: [
              { verificationStatus: "AWAITING_VERIFICATION", dateUpdated: "2026-01-05T10:00:00.000Z" },
            ],
            severeSymptomsCount: 1,
          }),
        ],
      },
      3,
    );
    render(actor("view_project_users", "view_project_users_symptom_counts"));
    const list = await screen.findByRole("list", { name: "Participants list" });
    const rows = within(list).getAllByRole("link");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.getAttribute("href")).toBe(`/programs/${projectId}/participants/${participant(1).id}`);
    expect(within(rows[0]!).getByText("2 severe symptoms")).toBeTruthy();
    expect(within(rows[0]!).getByText("Date of birth: 09/04/1960")).toBeTruthy();
    expect(within(rows[0]!).getByTitle("Verified")).toBeTruthy();
    // Withdrawn: the marker, and no severe label.
    expect(within(rows[1]!).getByText("(withdrawn)")).toBeTruthy();
    expect(within(rows[1]!).queryByText(/severe symptom/)).toBeNull();
    expect(within(rows[2]!).getByText("1 severe symptom")).toBeTruthy();
    expect(within(rows[2]!).getByTitle("Awaiting verification")).toBeTruthy();

    const query = requests[0]!;
    expect(query.get("statuses")).toBe("CONSENTED,CONSENT_WITHDRAWN,PROJECT_COMPLETED");
    expect(query.get("showSevereSymptomsCount")).toBe("true");
    expect(query.get("orderBy")).toBe("name");
    expect(query.get("orderDir")).toBe("asc");
    expect(query.get("_perPage")).toBe("25");
  });

  it("hides severe labels and the column without view_project_users_symptom_counts, and does not ask for counts", async () => {
    const requests = stubList({ 1: [participant(1, { severeSymptomsCount: 2 })] }, 1);
    render(actor("view_project_users"));
    await screen.findByRole("list", { name: "Participants list" });
    expect(screen.queryByText(/severe symptom/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Sort by Severe symptoms/ })).toBeNull();
    expect(requests[0]!.get("showSevereSymptomsCount")).toBeNull();
  });

  it("toggles the sort direction, switches column, and remembers the choice", async () => {
    const requests = stubList({ 1: [participant(1)] }, 1);
    const user = userEvent.setup();
    const view = render(actor("view_project_users", "view_project_users_symptom_counts"));
    await screen.findByRole("list", { name: "Participants list" });
    expect(screen.getByRole("button", { name: "Sort by Name, ascending" }).getAttribute("aria-pressed")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Sort by Name, ascending" }));
    await waitFor(() => expect(requests.at(-1)!.get("orderDir")).toBe("desc"));
    expect(requests.at(-1)!.get("orderBy")).toBe("name");
    expect(screen.getByRole("button", { name: "Sort by Name, descending" })).toBeTruthy();

    // The most severe first on the first click; the second click turns it round and back.
    await user.click(screen.getByRole("button", { name: "Sort by Severe symptoms" }));
    await waitFor(() => expect(requests.at(-1)!.get("orderBy")).toBe("severeSymptoms"));
    expect(requests.at(-1)!.get("orderDir")).toBe("desc");
    await user.click(screen.getByRole("button", { name: "Sort by Severe symptoms, descending" }));
    await waitFor(() => expect(requests.at(-1)!.get("orderDir")).toBe("asc"));
    await user.click(screen.getByRole("button", { name: "Sort by Severe symptoms, ascending" }));
    await waitFor(() => expect(requests.at(-1)!.get("orderDir")).toBe("desc"));
    expect(JSON.parse(window.localStorage.getItem(participantSortStorageKey) ?? "null")).toEqual({
      orderBy: "severeSymptoms",
      orderDir: "desc",
    });

    // A new visit starts from the remembered sort.
    view.unmount();
    const before = requests.length;
    render(actor("view_project_users", "view_project_users_symptom_counts"));
    await screen.findByRole("button", { name: "Sort by Severe symptoms, descending" });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(requests.at(-1)!.get("orderBy")).toBe("severeSymptoms");
    expect(requests.at(-1)!.get("orderDir")).toBe("desc");
  });

  it("loads page 2 when the end of the list scrolls into view (threshold 0.5)", async () => {
    const first = Array.from({ length: 25 }, (_, i) => participant(i + 1));
    const second = [participant(26), participant(27)];
    const requests = stubList({ 1: first, 2: second }, 27);
    render(actor("view_project_users"));
    const list = await screen.findByRole("list", { name: "Participants list" });
    expect(within(list).getAllByRole("link")).toHaveLength(25);
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    expect(observers.at(-1)!.options?.threshold).toBe(0.5);

    scrollToEnd();
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(27));
    expect(requests.map((r) => r.get("_page"))).toEqual(["1", "2"]);
    // Everything is loaded: scrolling again asks for nothing more.
    scrollToEnd();
    expect(requests).toHaveLength(2);
  });

  it("applies the filter panel as removable chips; Awaiting verification only for non-private programs", async () => {
    const requests = stubList({ 1: [participant(1)] }, 1);
    const user = userEvent.setup();
    render(actor("view_project_users"));
    await screen.findByRole("list", { name: "Participants list" });
    await user.click(screen.getByRole("button", { name: "Filter patients" }));
    await user.type(screen.getByRole("textbox", { name: "Name or e-mail" }), "ada");
    await user.click(screen.getByRole("checkbox", { name: "Awaiting verification" }));
    await user.click(screen.getByRole("button", { name: "Apply filter" }));
    await waitFor(() => expect(requests.at(-1)!.get("term")).toBe("ada"));
    expect(requests.at(-1)!.get("verification_status")).toBe("AWAITING_VERIFICATION");
    const chips = screen.getByRole("group", { name: "Applied filters" });
    expect(within(chips).getByText("Search: ada")).toBeTruthy();
    await user.click(within(chips).getAllByTestId("CancelIcon")[1]!);
    await waitFor(() => expect(requests.at(-1)!.get("verification_status")).toBeNull());
  });

  it("offers no Awaiting verification filter in a private program, and Add new patient only when allowed", async () => {
    stubList({ 1: [participant(1)] }, 1);
    const user = userEvent.setup();
    render(actor("view_project_users", "invite_project_users"), { isPrivate: true });
    await screen.findByRole("list", { name: "Participants list" });
    expect(screen.queryByRole("button", { name: "Add new patient" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Filter patients" }));
    expect(screen.queryByRole("checkbox", { name: "Awaiting verification" })).toBeNull();
  });

  it("opens the add-patient drawer with invite_project_users in an individual-invite program", async () => {
    stubList({ 1: [participant(1)] }, 1);
    const user = userEvent.setup();
    render(actor("view_project_users", "invite_project_users"));
    await user.click(await screen.findByRole("button", { name: "Add new patient" }));
    expect(await screen.findByRole("dialog", { name: "Add a new patient to the program" })).toBeTruthy();
  });
});
