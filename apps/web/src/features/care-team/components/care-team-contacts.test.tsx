import { type CareTeamContact, messages, type Program, visibleGeneralTabs } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { CareTeamContacts } from "./care-team-contacts";

const projectId = "33333333-3333-4333-8333-333333333333";
const program = { projectId, territory: "UK_IRE", inviteMode: "individual", closed: false } as Program;
const base = `/api/v1/admin/projects/${projectId}/care-team-contacts`;
const listUrl = `GET ${base}`;

const contact = (n: number, more: Partial<CareTeamContact> = {}): CareTeamContact => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  careTeamName: `Contact ${n}`,
  generalGuidance: "",
  hoursOfOperation: "",
  contactPhones: ["+441132068000"],
  contactEmails: [],
  ...more,
});
const dayUnit = contact(1, {
  careTeamName: "Chemotherapy Day Unit",
  generalGuidance: "Call about new symptoms.",
  hoursOfOperation: "Mon-Fri",
  contactEmails: ["chemo@northbridge.test"],
});

const cards = () => screen.getAllByRole("form");
const newCard = async () => {
  const user = userEvent.setup();
  renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
  await user.click(await screen.findByRole("button", { name: "Add contact" }));
  return { user, card: screen.getByRole("form", { name: "New contact 1" }) };
};

describe("the care team contacts tab", () => {
  it("shows each saved contact as a labelled form", async () => {
    stubFetch({ [listUrl]: () => jsonResponse(200, [dayUnit]) });
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    const card = await screen.findByRole("form", { name: "Chemotherapy Day Unit" });
    expect((within(card).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Chemotherapy Day Unit");
    expect((within(card).getByLabelText("General guidance") as HTMLTextAreaElement).value).toBe(
      "Call about new symptoms.",
    );
    // Stored in E.164, read back as a nurse in the program's territory dials it.
    expect((within(card).getByLabelText("Phone number 1") as HTMLInputElement).value).toBe("0113 206 8000");
    expect((within(card).getByLabelText("Email address 1") as HTMLInputElement).value).toBe("chemo@northbridge.test");
    // The long texts stop at 2999 characters.
    expect(within(card).getByLabelText("Hours of operation").getAttribute("maxlength")).toBe("2999");
  });

  it("shows the spec's messages on the fields of a new contact, and sends nothing", async () => {
    const fetchMock = stubFetch({ [listUrl]: () => jsonResponse(200, []) });
    const { user, card } = await newCard();
    // Nothing changed: Save is disabled (document 1 §5, decision 031); the first press after a change shows
    // what is missing.
    expect(within(card).getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.type(within(card).getByLabelText(/General guidance/), "Call before 5pm");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await within(card).findByText(messages.careTeamNameRequired)).toBeTruthy();
    expect(within(card).getByText(messages.careTeamContactMethodRequired)).toBeTruthy();

    await user.type(within(card).getByLabelText(/^Name/), "Ward 5");
    await user.type(within(card).getByLabelText("Phone number 1"), "0999 999 9999");
    await user.type(within(card).getByLabelText("Email address 1"), "ward5@northbridge");
    expect(await within(card).findByText(messages.careTeamPhoneInvalid)).toBeTruthy();
    expect(within(card).getByText(messages.invalidEmail)).toBeTruthy();
    expect(within(card).queryByText(messages.careTeamNameRequired)).toBeNull();
    expect(within(card).queryByText(messages.careTeamContactMethodRequired)).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("adds up to two phones and two emails, and saves without the blank rows", async () => {
    let saved: CareTeamContact[] = [];
    const fetchMock = stubFetch({
      [listUrl]: () => jsonResponse(200, saved),
      [`POST ${base}`]: (init) => {
        const body = JSON.parse(String(init?.body));
        saved = [{ id: "00000000-0000-4000-8000-000000000009", ...body }];
        return jsonResponse(201, saved[0]);
      },
    });
    const { user, card } = await newCard();
    await user.type(within(card).getByLabelText(/^Name/), "Ward 5");
    await user.type(within(card).getByLabelText("Phone number 1"), "+441132068000");
    await user.click(within(card).getByRole("button", { name: "Add phone number" }));
    await user.type(within(card).getByLabelText("Phone number 2"), "0113 206 8001");
    expect(within(card).queryByRole("button", { name: "Add phone number" })).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Add email address" }));
    expect(within(card).queryByRole("button", { name: "Add email address" })).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Remove email address 2" }));
    // Removing the first phone moves the second one up.
    await user.click(within(card).getByRole("button", { name: "Remove phone number 1" }));
    expect((within(card).getByLabelText("Phone number 1") as HTMLInputElement).value).toBe("0113 206 8001");
    expect(within(card).queryByLabelText("Phone number 2")).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Add phone number" }));
    await user.type(within(card).getByLabelText("Phone number 2"), "+41445551234");
    await user.click(within(card).getByRole("button", { name: "Save" }));

    expect(await screen.findByText(messages.changesSaved)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      careTeamName: "Ward 5",
      generalGuidance: "",
      hoursOfOperation: "",
      // The national number as the app can dial it from anywhere (E.164).
      contactPhones: ["+441132068001", "+41445551234"],
      contactEmails: [],
    });
    // The draft becomes the saved contact.
    expect(await screen.findByRole("form", { name: "Ward 5" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New contact 1" })).toBeNull();
  });

  it("enables a saved contact's Save only while the card differs from it", async () => {
    const fetchMock = stubFetch({ [listUrl]: () => jsonResponse(200, [dayUnit]) });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    const card = await screen.findByRole("form", { name: "Chemotherapy Day Unit" });
    const save = () => within(card).getByRole("button", { name: "Save" });
    expect(save().hasAttribute("disabled")).toBe(true);
    await user.type(within(card).getByLabelText(/Hours of operation/), "!");
    expect(save().hasAttribute("disabled")).toBe(false);
    await user.type(within(card).getByLabelText(/Hours of operation/), "{Backspace}");
    expect(save().hasAttribute("disabled")).toBe(true);
    // A row added and removed again is no change either.
    await user.click(within(card).getByRole("button", { name: "Add email address" }));
    expect(save().hasAttribute("disabled")).toBe(false);
    await user.click(within(card).getByRole("button", { name: "Remove email address 2" }));
    expect(save().hasAttribute("disabled")).toBe(true);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH")).toHaveLength(0);
  });

  it("offers Add contact only while there are fewer than five cards", async () => {
    stubFetch({
      [listUrl]: () =>
        jsonResponse(
          200,
          [1, 2, 3, 4].map((n) => contact(n)),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    await user.click(await screen.findByRole("button", { name: "Add contact" }));
    expect(cards()).toHaveLength(5);
    expect(screen.queryByRole("button", { name: "Add contact" })).toBeNull();
    // Deleting an unsaved card removes it without asking, and says there was no saved contact.
    await user.click(
      within(screen.getByRole("form", { name: "New contact 5" })).getByRole("button", { name: "Delete" }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText(messages.careTeamContactMissing)).toBeTruthy();
    expect(cards()).toHaveLength(4);
    expect(screen.getByRole("button", { name: "Add contact" })).toBeTruthy();
  });

  it("shows no Add contact with five saved contacts", async () => {
    stubFetch({
      [listUrl]: () =>
        jsonResponse(
          200,
          [1, 2, 3, 4, 5].map((n) => contact(n)),
        ),
    });
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    expect(await screen.findByRole("form", { name: "Contact 5" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add contact" })).toBeNull();
  });

  it("asks before deleting a saved contact", async () => {
    let saved = [dayUnit];
    const fetchMock = stubFetch({
      [listUrl]: () => jsonResponse(200, saved),
      [`DELETE ${base}/${dayUnit.id}`]: () => {
        saved = [];
        return jsonResponse(204, null);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    const card = await screen.findByRole("form", { name: "Chemotherapy Day Unit" });
    await user.click(within(card).getByRole("button", { name: "Delete" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete contact?" });
    expect(within(dialog).getByText(messages.careTeamConfirmDelete)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await user.click(within(card).getByRole("button", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete contact?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(messages.changesSaved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Chemotherapy Day Unit" })).toBeNull());
  });

  it("reports failures as 'Error - {msg}', 'Error: {msg}' on delete, or 'Oops'", async () => {
    let saveStatus = 409;
    let deleteStatus = 404;
    stubFetch({
      [listUrl]: () => jsonResponse(200, [dayUnit]),
      [`PATCH ${base}/${dayUnit.id}`]: () =>
        saveStatus === 409
          ? jsonResponse(409, { statusCode: 409, message: "Too many contacts" })
          : jsonResponse(500, { statusCode: 500, message: messages.somethingWentWrong }),
      [`DELETE ${base}/${dayUnit.id}`]: () =>
        deleteStatus === 404
          ? jsonResponse(404, { statusCode: 404, message: messages.careTeamContactMissing })
          : Promise.reject(new TypeError("Failed to fetch")),
    });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    const card = await screen.findByRole("form", { name: "Chemotherapy Day Unit" });

    await user.type(within(card).getByLabelText(/Hours of operation/), " (weekdays)");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.errorWithMessage("Too many contacts"))).toBeTruthy();
    saveStatus = 500;
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.oops)).toBeTruthy();

    await user.click(within(card).getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(`Error: ${messages.careTeamContactMissing}`)).toBeTruthy();
    deleteStatus = 0;
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(within(card).getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getAllByText(messages.oops)).toHaveLength(2));
  });

  it("puts the server's field errors beside the fields", async () => {
    stubFetch({
      [listUrl]: () => jsonResponse(200, [dayUnit]),
      [`PATCH ${base}/${dayUnit.id}`]: () =>
        jsonResponse(422, {
          statusCode: 422,
          message: messages.careTeamPhoneInvalid,
          errorCode: "VALIDATION_ERROR",
          errors: [{ field: "contactPhones.0", message: messages.careTeamPhoneInvalid }],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CareTeamContacts program={fromWire(program)} />);
    const card = await screen.findByRole("form", { name: "Chemotherapy Day Unit" });
    expect(within(card).getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.type(within(card).getByLabelText(/Hours of operation/), " (weekdays)");
    await user.click(within(card).getByRole("button", { name: "Save" }));
    expect(await within(card).findByText(messages.careTeamPhoneInvalid)).toBeTruthy();
    expect(screen.getByText(messages.errorWithMessage(messages.careTeamPhoneInvalid))).toBeTruthy();
  });
});

describe("the Program settings tabs", () => {
  it("show Care Team Information only with edit_project", () => {
    expect(visibleGeneralTabs({ permissions: ["view_project"] }).map((t) => t.label)).toEqual(["General settings"]);
    expect(visibleGeneralTabs({ permissions: ["view_project", "edit_project"] }).map((t) => t.label)).toEqual([
      "General settings",
      "Care team information",
    ]);
  });
});
