import { messages } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { OrganisationCreateForm } from "./organisation-create-form";

const orgId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("the create organisation form", () => {
  it("shows the required and max-length messages only after a submit", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<OrganisationCreateForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByText(messages.required)).toBeNull();
    // Nothing changed yet: Save is disabled (document 1 §5, decision 031).
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/Organisation name/), "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.required)).toBeTruthy();

    await user.clear(screen.getByLabelText(/Organisation name/));
    await user.click(screen.getByLabelText(/Organisation name/));
    await user.paste("x".repeat(251));
    expect(await screen.findByText(messages.maxLength(250))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's 409 message on the name field", async () => {
    stubFetch({
      "POST /api/v1/admin/organisations": () =>
        jsonResponse(409, { statusCode: 409, message: messages.organisationNameTaken }),
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrganisationCreateForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText(/Organisation name/), "  Northbridge  {Enter}");
    const field = screen.getByLabelText(/Organisation name/);
    await vi.waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(messages.organisationNameTaken)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    // No app-wide error dialog on top of the field message.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("sends the trimmed name and reports the new id", async () => {
    const fetchMock = stubFetch({
      "POST /api/v1/admin/organisations": () => jsonResponse(201, { organisationId: orgId }),
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrganisationCreateForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText(/Organisation name/), "  Northbridge  {Enter}");
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(orgId));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ name: "Northbridge" });
  });

  it("asks before Cancel leaves", async () => {
    stubFetch({});
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrganisationCreateForm onCreated={vi.fn()} onCancel={onCancel} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard this form?" });
    await user.click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
