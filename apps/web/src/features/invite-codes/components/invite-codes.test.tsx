import { messages, type Program } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { InviteCodeBanner } from "./invite-code-banner";
import { InviteCodesTab } from "./invite-codes-tab";

const projectId = "33333333-3333-4333-8333-333333333333";
const program = { projectId, territory: "UK_IRE", inviteMode: "public", isPrivate: false, closed: false } as Program;
const listUrl = `GET /api/v1/invite-codes?projectId=${projectId}`;
const active = {
  id: "c1",
  code: "ABCD2345",
  dateCreated: "2026-01-02T10:00:00.000Z",
  dateExpires: "2099-12-31T23:59:59.999Z",
  dateDeactivated: null,
};
const actor = { permissions: ["view_public_invite_codes", "create_public_invite_codes", "edit_public_invite_codes"] };

/** The tab with an active code, whose Create code the server answers with a new one; returns the expiry field. */
const renderTabThatCreatesACode = async () => {
  const fetchMock = stubFetch({
    [listUrl]: () => jsonResponse(200, { active, inactive: [] }),
    "POST /api/v1/invite-codes": () => jsonResponse(201, { ...active, id: "c2", code: "WXYZ6789" }),
  });
  const user = userEvent.setup();
  renderWithProviders(<InviteCodesTab program={fromWire(program)} actor={actor} />);
  const expiry = (await screen.findByLabelText(/^Expiry date/)) as HTMLInputElement;
  return { fetchMock, user, expiry };
};

describe("the invite codes tab", () => {
  it("copies the active code, shows its dates and the empty deactivated table", async () => {
    stubFetch({ [listUrl]: () => jsonResponse(200, { active, inactive: [] }) });
    const user = userEvent.setup();
    renderWithProviders(<InviteCodesTab program={fromWire(program)} actor={actor} />);
    const copy = await screen.findByRole("button", { name: "Copy invite code ABCD2345" });
    expect(screen.getByText("Created 02/01/2026")).toBeTruthy();
    expect(screen.getByText("Expires 31/12/2099")).toBeTruthy();
    expect(screen.getByText(messages.inviteCodesEmpty)).toBeTruthy();
    await user.click(copy);
    expect(await screen.findByText(messages.inviteCodeCopied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe("ABCD2345");
  });

  it("warns that creating a code replaces the active one, then creates it at the end of the day", async () => {
    const { fetchMock, user, expiry } = await renderTabThatCreatesACode();
    // In the reader's order (en-GB in the tests), never the mm/dd/yyyy of a native input.
    expect(expiry.getAttribute("placeholder")).toBe("DD/MM/YYYY");
    await user.type(expiry, "30/06/20");
    await user.click(screen.getByRole("button", { name: "Create code" }));
    expect(screen.getByText("Please enter a real date as DD/MM/YYYY, such as 27/11/2026")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.type(expiry, "99");
    await user.click(screen.getByRole("button", { name: "Create code" }));
    const dialog = await screen.findByRole("dialog", { name: "Replace the active code?" });
    expect(within(dialog).getByText(messages.inviteCodeReplaceWarning)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Create code" }));
    expect(await screen.findByText(messages.inviteCodeCreated)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ projectId, dateExpires: "2099-06-30T23:59:59.999Z" });
  });

  it("offers Create code and the drawer's Save only once a date changed, and says what is wrong only once pressed", async () => {
    const { fetchMock, user, expiry } = await renderTabThatCreatesACode();
    const createCode = () => screen.getByRole("button", { name: "Create code" }) as HTMLButtonElement;
    expect(createCode().disabled).toBe(true);
    await user.type(expiry, "01/01/2020");
    expect(createCode().disabled).toBe(false);
    expect(screen.queryByText(messages.inviteCodeFutureOnly)).toBeNull();
    await user.click(createCode());
    expect(await screen.findByText(messages.inviteCodeFutureOnly)).toBeTruthy();
    expect(createCode().disabled).toBe(true);
    await user.clear(expiry);
    await user.type(expiry, "01/01/2099");
    await waitFor(() => expect(createCode().disabled).toBe(false));
    await user.click(createCode());
    await user.click(
      within(await screen.findByRole("dialog", { name: "Replace the active code?" })).getByRole("button", {
        name: "Create code",
      }),
    );
    expect(await screen.findByText(messages.inviteCodeCreated)).toBeTruthy();
    // The code made, the create form starts again untouched.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((screen.getByLabelText(/^Expiry date/) as HTMLInputElement).value).toBe("");
    expect(createCode().disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Change expiry date" }));
    const drawer = await screen.findByRole("dialog", { name: "Change expiry date" });
    const save = within(drawer).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const newExpiry = within(drawer).getByLabelText(/^New expiry date/);
    await user.clear(newExpiry);
    await user.type(newExpiry, "15/03/2099");
    expect(save.disabled).toBe(false);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH" || init?.method === "PUT")).toEqual([]);
  });

  it("offers Deactivate to whoever may create codes (the server's check), not to whoever may only edit", async () => {
    stubFetch({ [listUrl]: () => jsonResponse(200, { active, inactive: [] }) });
    const creator = { permissions: ["view_public_invite_codes", "create_public_invite_codes"] };
    const { unmount } = renderWithProviders(<InviteCodesTab program={fromWire(program)} actor={creator} />);
    expect(await screen.findByRole("button", { name: "Deactivate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change expiry date" })).toBeNull();
    unmount();

    const editor = { permissions: ["view_public_invite_codes", "edit_public_invite_codes"] };
    renderWithProviders(<InviteCodesTab program={fromWire(program)} actor={editor} />);
    expect(await screen.findByRole("button", { name: "Change expiry date" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Deactivate" })).toBeNull();
  });

  it("lists deactivated codes with DD/MM/YYYY dates", async () => {
    stubFetch({
      [listUrl]: () =>
        jsonResponse(200, {
          active: null,
          inactive: [
            { ...active, dateDeactivated: "2026-02-03T10:00:00.000Z", dateExpires: "2026-03-04T23:59:59.999Z" },
          ],
        }),
    });
    renderWithProviders(<InviteCodesTab program={fromWire(program)} actor={actor} />);
    const table = await screen.findByRole("table", { name: "Deactivated codes" });
    const cells = within(table)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual(["ABCD2345", "02/01/2026", "03/02/2026", "04/03/2026"]);
    expect(screen.getByText(messages.inviteCodeNoActive)).toBeTruthy();
  });
});

describe("the invite code banner", () => {
  it("warns about a code expiring soon and links to the tab", async () => {
    stubFetch({
      [listUrl]: () =>
        jsonResponse(200, { active: { ...active, dateExpires: "2026-01-05T23:59:59.999Z" }, inactive: [] }),
    });
    renderWithProviders(
      <InviteCodeBanner program={fromWire(program)} actor={actor} now={new Date("2026-01-01T12:00:00Z")} />,
    );
    expect(await screen.findByText(/expiring in 5 days/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage invite codes" }).getAttribute("href")).toBe(
      `/programs/${projectId}/settings/inviteCodes`,
    );
  });

  it("fetches nothing for programs with individual invites", () => {
    const fetchMock = stubFetch({});
    renderWithProviders(
      <InviteCodeBanner program={fromWire({ ...program, inviteMode: "individual" as const })} actor={actor} />,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
