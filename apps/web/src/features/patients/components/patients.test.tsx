import { type EnrolledPatient, type Grants, messages, type Program } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { PatientDrawer } from "./patient-drawer";
import { PatientEnrolment } from "./patient-enrolment";

const projectId = "33333333-3333-4333-8333-333333333333";

const program = (over: Partial<Program> = {}): Program => programFixture({ projectId, ...over });

const patient = (over: Partial<EnrolledPatient> = {}): EnrolledPatient => ({
  id: "44444444-4444-4444-8444-444444444444",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  patientIdType: "nhs_number",
  patientId: "1234567890",
  status: "CONSENTED",
  statusHistory: [
    { status: "INVITE_SENT", date: "2025-03-01T10:00:00.000Z" },
    { status: "CONSENTED", date: "2025-03-05T10:00:00.000Z" },
  ],
  verificationStatus: "AWAITING_VERIFICATION",
  verificationStatusHistory: [
    { verificationStatus: "N_A", dateUpdated: "2025-03-01T10:00:00.000Z" },
    { verificationStatus: "AWAITING_VERIFICATION", dateUpdated: "2025-03-05T10:00:00.000Z" },
  ],
  consentGiven: true,
  dateConsentGiven: "2025-03-05T10:00:00.000Z",
  dateConsentRevoked: null,
  inviteAccepted: true,
  enrolledWith: "individual",
  createdAt: "2025-03-01T10:00:00.000Z",
  ...over,
});

const idTypes = [
  { id: "nhs_number", name: "NHS Number" },
  { id: "sciensus_id", name: "Sciensus ID" },
  { id: "other", name: "Other" },
];

const renderDrawer = () =>
  renderWithProviders(<PatientDrawer programId={projectId} patient={null} idTypes={idTypes} open onClose={vi.fn()} />);

const chooseType = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole("combobox", { name: /Patient id type/ }));
  await user.click(await screen.findByRole("option", { name }));
};

const fillNames = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole("textbox", { name: /First name/ }), "Ada");
  await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Lovelace");
  await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.org");
};

describe("the add-patient drawer", () => {
  it("enables the id once a type is chosen, groups NHS numbers 3-3-4, clears on a type change, strips spaces", async () => {
    const fetchMock = stubFetch({
      "POST /api/v1/users": () => jsonResponse(201, { userId: "u1", message: "ok" }),
    });
    const user = userEvent.setup();
    renderDrawer();
    expect(screen.getByRole("dialog", { name: "Add a new patient to the program" })).toBeTruthy();
    const id = () => screen.getByRole("textbox", { name: /^Patient id/ }) as HTMLInputElement;
    expect(id().disabled).toBe(true);

    await chooseType(user, "NHS Number");
    expect(id().disabled).toBe(false);
    expect(id().placeholder).toBe("--- --- ----");
    await user.type(id(), "1234567890");
    expect(id().value).toBe("123 456 7890");

    await chooseType(user, "Sciensus ID");
    expect(id().value).toBe("");
    expect(id().placeholder).toBe("REF-********* OR UUID");

    await chooseType(user, "NHS Number");
    await user.type(id(), "9876543210");
    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.patientAdded)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === "/api/v1/users");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      patientIdType: "nhs_number",
      patientId: "9876543210",
      projectId,
    });
  });

  it("refuses an NHS number whose check digit is wrong, on the id field, and sends nothing", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderDrawer();
    await fillNames(user);
    await chooseType(user, "NHS Number");
    await user.type(screen.getByRole("textbox", { name: /^Patient id/ }), "9434765918");
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.nhsNumberCheckDigit)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/v1/users")).toBe(false);
  });

  it("checks a social security number as an AHV number in a Swiss program", async () => {
    const fetchMock = stubFetch({
      "POST /api/v1/users": () => jsonResponse(201, { userId: "u1", message: "ok" }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <PatientDrawer
        programId={projectId}
        patient={null}
        idTypes={[{ id: "social_security_number", name: "Social Security Number" }]}
        territory="CH"
        open
        onClose={vi.fn()}
      />,
    );
    await fillNames(user);
    await chooseType(user, "Social Security Number");
    const id = screen.getByRole("textbox", { name: /^Patient id/ }) as HTMLInputElement;
    expect(id.placeholder).toBe("756.----.----.--");
    await user.type(id, "123-45-6789");
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.ahvNumberInvalid)).toBeTruthy();
    await user.clear(id);
    await user.type(id, "756.1234.5678.97");
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.patientAdded)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === "/api/v1/users");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ patientId: "7561234567897" });
  });

  it("validates Sciensus ids and requires the type", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderDrawer();
    // Nothing changed: Add patient is disabled (document 1 §5, decision 031); a change enables it.
    expect(screen.getByRole("button", { name: "Add patient" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Lovelace");
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.patientIdTypeRequired)).toBeTruthy();
    expect(screen.getByText(messages.patientFirstNameRequired)).toBeTruthy();
    await user.clear(screen.getByRole("textbox", { name: /Last name/ }));
    await fillNames(user);
    await chooseType(user, "Sciensus ID");
    // After the first submit, fields re-validate as they change.
    await user.type(screen.getByRole("textbox", { name: /^Patient id/ }), "ABC-12");
    expect(await screen.findByText(messages.sciensusIdInvalid)).toBeTruthy();
    await user.clear(screen.getByRole("textbox", { name: /^Patient id/ }));
    await user.type(screen.getByRole("textbox", { name: /^Patient id/ }), "REF-123456789");
    await vi.waitFor(() => expect(screen.queryByText(messages.sciensusIdInvalid)).toBeNull());
  });

  it("enables Save only while the form differs from the patient, and Add patient only once something was typed", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    const view = renderWithProviders(
      <PatientDrawer programId={projectId} patient={patient()} idTypes={idTypes} open onClose={vi.fn()} />,
    );
    expect(screen.getByRole("dialog", { name: "Edit patient" })).toBeTruthy();
    const save = () => screen.getByRole("button", { name: "Save" });
    expect(save().hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "-King");
    expect(save().hasAttribute("disabled")).toBe(false);
    // The change undone: the form is the patient again, so there is nothing to save.
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "{Backspace>5/}");
    expect((screen.getByRole("textbox", { name: /Last name/ }) as HTMLInputElement).value).toBe("Lovelace");
    expect(save().hasAttribute("disabled")).toBe(true);
    view.unmount();

    renderDrawer();
    const add = () => screen.getByRole("button", { name: "Add patient" });
    expect(add().hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "A");
    expect(add().hasAttribute("disabled")).toBe(false);
    await user.clear(screen.getByRole("textbox", { name: /First name/ }));
    expect(add().hasAttribute("disabled")).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains a territory mismatch on the e-mail field", async () => {
    stubFetch({
      "POST /api/v1/users": () => jsonResponse(400, { statusCode: 400, message: messages.territoryMismatch }),
    });
    const user = userEvent.setup();
    renderDrawer();
    await fillNames(user);
    await chooseType(user, "Other");
    await user.type(screen.getByRole("textbox", { name: /^Patient id/ }), "H-1");
    await user.click(screen.getByRole("button", { name: "Add patient" }));
    expect(await screen.findByText(messages.territoryMismatchExplained)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("aria-invalid")).toBe("true");
  });
});

const listBase = `/api/v1/admin/projects/${projectId}/users?_page=1&_perPage=25`;

const stubList = (results: EnrolledPatient[]) => {
  const urls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    if (url.startsWith(`/api/v1/admin/projects/${projectId}/users`)) {
      return jsonResponse(200, { results, totalCount: results.length });
    }
    throw new Error(`Unexpected fetch: ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return urls;
};

const everything: Grants = {
  permissions: [
    "view_project_users",
    "invite_project_users",
    "edit_project_user",
    "delete_project_user",
    "withdraw_consent_project_users",
  ],
};

/** The enrolment list of an open program, for an actor with every permission unless told. */
const renderEnrolment = (actor: Grants = everything) =>
  renderWithProviders(<PatientEnrolment program={fromWire(program())} actor={actor} idTypes={idTypes} />);

describe("the enrolment filters", () => {
  it("sends statuses and verification_status; ALL clears; verified and awaiting exclude each other", async () => {
    const urls = stubList([]);
    const user = userEvent.setup();
    renderEnrolment();
    await vi.waitFor(() => expect(urls).toContain(listBase));
    const chip = (name: string) => screen.getByRole("button", { name });
    expect(chip("All").getAttribute("aria-pressed")).toBe("true");

    await user.click(chip("Invite sent"));
    await vi.waitFor(() => expect(urls).toContain(`${listBase}&statuses=INVITE_SENT`));
    expect(chip("All").getAttribute("aria-pressed")).toBe("false");

    await user.click(chip("Verified"));
    await vi.waitFor(() => expect(urls).toContain(`${listBase}&statuses=INVITE_SENT&verification_status=VERIFIED`));
    await user.click(chip("Awaiting verification"));
    await vi.waitFor(() =>
      expect(urls).toContain(`${listBase}&statuses=INVITE_SENT&verification_status=AWAITING_VERIFICATION`),
    );
    expect(chip("Verified").getAttribute("aria-pressed")).toBe("false");

    await user.click(chip("All"));
    expect(chip("All").getAttribute("aria-pressed")).toBe("true");
    expect(chip("Invite sent").getAttribute("aria-pressed")).toBe("false");
    expect(chip("Awaiting verification").getAttribute("aria-pressed")).toBe("false");
    // Filtered and empty: "No results found"; the plain list is the add-patient empty state.
    expect(
      await screen.findByText(messages.patientsEmpty.split("click here")[0] as string, { exact: false }),
    ).toBeTruthy();
  });

  it("hides the verification chips for private programs", async () => {
    stubList([]);
    renderWithProviders(
      <PatientEnrolment program={fromWire(program({ isPrivate: true }))} actor={everything} idTypes={idTypes} />,
    );
    expect(await screen.findByRole("button", { name: "Consented" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Verified" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Awaiting verification" })).toBeNull();
  });

  it("opens the add drawer from the empty state's click here", async () => {
    stubList([]);
    const user = userEvent.setup();
    renderEnrolment();
    await user.click(await screen.findByRole("button", { name: "click here" }));
    expect(await screen.findByRole("dialog", { name: "Add a new patient to the program" })).toBeTruthy();
  });
});

describe("re-sending invites to several patients", () => {
  it("offers a box only where the invite may go again, and sends the chosen ones in one call", async () => {
    const invited = (id: string, firstName: string) =>
      patient({ id, firstName, status: "INVITE_SENT", inviteAccepted: false, consentGiven: false });
    const results = [
      invited("55555555-5555-4555-8555-555555555551", "Alan"),
      invited("55555555-5555-4555-8555-555555555552", "Grace"),
      patient(),
    ];
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === "POST") {
          calls.push({ url, body: JSON.parse(String(init.body)) });
          return jsonResponse(200, { sent: 1, skipped: 1 });
        }
        return jsonResponse(200, { results, totalCount: results.length });
      }),
    );
    const user = userEvent.setup();
    renderEnrolment();
    await user.click(await screen.findByRole("checkbox", { name: "Select Alan Lovelace to re-send the invite" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Grace Lovelace to re-send the invite" }));
    // Ada has joined: no box for her.
    expect(screen.queryByRole("checkbox", { name: /Select Ada/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Re-send invite to 2 selected" }));
    expect(await screen.findByText(messages.invitesResent(1, 1))).toBeTruthy();
    expect(calls).toEqual([
      {
        url: "/api/v1/users/batch/invite",
        body: {
          projectId,
          userIds: ["55555555-5555-4555-8555-555555555551", "55555555-5555-4555-8555-555555555552"],
        },
      },
    ]);
    expect(screen.queryByRole("button", { name: /selected/ })).toBeNull();
  });

  it("offers no boxes without the invite permission", async () => {
    stubList([patient({ status: "INVITE_SENT", inviteAccepted: false, consentGiven: false })]);
    renderEnrolment({ permissions: ["view_project_users"] });
    expect(await screen.findByText("Ada Lovelace")).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});

describe("the status history", () => {
  it("merges the verification history, newest first, without N_A, with long dates", async () => {
    stubList([patient()]);
    const user = userEvent.setup();
    renderEnrolment();
    expect(await screen.findByText("1 patient")).toBeTruthy();
    const row = screen.getByRole("heading", { name: "Ada Lovelace" }).closest("li") as HTMLElement;
    expect(within(row).getByText("Awaiting verification")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Show history" }));
    const items = within(within(row).getByRole("list", { name: "Status history" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Awaiting verification — 5 March 2025",
      "Consented — 5 March 2025",
      "Invite sent — 1 March 2025",
    ]);
    expect(within(row).queryByText(/Not applicable/)).toBeNull();
    expect(within(row).getByRole("button", { name: "Verify Ada Lovelace" })).toBeTruthy();
  });

  it("shows no history without the consent-withdrawal permission", async () => {
    stubList([patient()]);
    renderEnrolment({ permissions: ["view_project_users"] });
    expect(await screen.findByText("1 patient")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show history" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Actions for/ })).toBeNull();
  });
});
