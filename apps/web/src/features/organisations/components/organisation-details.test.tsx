import { messages, type Organisation } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { OrganisationDetails } from "./organisation-details";

const organisation: Organisation = {
  organisationId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  name: "Northbridge Hospital",
  description: null,
  programCount: 2,
  createdAt: "2026-01-05T09:00:00.000Z",
};
const url = `/api/v1/admin/organisations/${organisation.organisationId}`;

const renderDetails = () =>
  renderWithProviders(
    <OrganisationDetails organisation={organisation} canRename canDelete={false} onDeleted={vi.fn()} />,
  );

describe("the organisation details' rename", () => {
  it("keeps Save disabled until the name changed and shows a broken rule only once Save was pressed", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderDetails();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    const name = screen.getByLabelText(/Organisation name/);
    await user.clear(name);
    await user.type(name, "   ");
    expect(save.hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText(messages.required)).toBeNull();
    await user.click(save);
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(save.hasAttribute("disabled")).toBe(true);
    await user.type(name, "Lakeside");
    await waitFor(() => expect(screen.queryByText(messages.required)).toBeNull());
    expect(save.hasAttribute("disabled")).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the new name, says so, and takes it as the saved one", async () => {
    let sent: unknown;
    stubFetch({
      [`PATCH ${url}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...organisation, name: "Northbridge General" });
      },
    });
    const user = userEvent.setup();
    renderDetails();
    const name = screen.getByLabelText(/Organisation name/);
    await user.clear(name);
    await user.type(name, "Northbridge General ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.organisationUpdated)).toBeTruthy();
    expect(sent).toEqual({ name: "Northbridge General" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true));
    expect((name as HTMLInputElement).value).toBe("Northbridge General");
  });
});
