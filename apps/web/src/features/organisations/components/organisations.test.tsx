import { type Grants, messages, roleLabels, type TeamMember } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { OrganisationCreateForm } from "./organisation-create-form";
import { TeamMemberDrawer } from "./team-member-drawer";

const orgId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("the create organisation form", () => {
  it("shows the required and max-length messages only after a submit", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<OrganisationCreateForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByText(messages.required)).toBeNull();
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

const member: TeamMember = {
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  firstName: "Nina",
  lastName: "Nurse",
  displayName: null,
  email: "nina@example.org",
  role: "clinician_team_member",
  inviteAccepted: false,
};

const nonAdmin: Grants = { permissions: ["view_organisation", "create_organisation_users"] };
const admin: Grants = { permissions: ["admin", "view_organisations", "create_organisation_users"] };

const openRoleOptions = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("combobox", { name: /Role/ }));
  return (await screen.findAllByRole("option")).map((o) => o.textContent);
};

describe("the team member drawer", () => {
  it("shows the spec's messages after a submit", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberDrawer organisationId={orgId} actor={admin} member={null} open onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Add team member" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(messages.teamMemberFirstNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.teamMemberLastNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.teamMemberEmailRequired)).toBeTruthy();
    expect(screen.getByText(messages.required)).toBeTruthy();
    await user.type(screen.getByLabelText(/Email/), "nina@");
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hides the three admin-only roles from a non-admin", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(
      <TeamMemberDrawer organisationId={orgId} actor={nonAdmin} member={null} open onClose={vi.fn()} />,
    );
    const options = await openRoleOptions(user);
    expect(options).not.toContain(roleLabels.superadmin);
    expect(options).not.toContain(roleLabels.internal_tester);
    expect(options).not.toContain(roleLabels.internal_program_admin);
    expect(options).toContain(roleLabels.clinician_team_member);
    expect(options).toHaveLength(5);
  });

  it("offers every role to an admin", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberDrawer organisationId={orgId} actor={admin} member={null} open onClose={vi.fn()} />);
    expect(await openRoleOptions(user)).toHaveLength(8);
  });

  it("locks the role when editing and sends the member without it", async () => {
    const fetchMock = stubFetch({
      [`PATCH /api/v1/admin/organisations/${orgId}/staff/${member.id}`]: () =>
        jsonResponse(200, { ...member, firstName: "Nora" }),
      [`GET /api/v1/admin/organisations/${orgId}/staff`]: () => jsonResponse(200, { results: [], totalCount: 0 }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TeamMemberDrawer organisationId={orgId} actor={admin} member={member} open onClose={onClose} />,
    );
    expect(screen.getByRole("dialog", { name: "Edit team member" })).toBeTruthy();
    const role = screen.getByRole("combobox", { name: /Role/ });
    expect(role.getAttribute("aria-disabled")).toBe("true");
    expect(role.textContent).toBe(roleLabels.clinician_team_member);
    await user.clear(screen.getByLabelText(/First name/));
    await user.type(screen.getByLabelText(/First name/), "Nora");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(messages.teamMemberUpdated)).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toEqual({ firstName: "Nora", lastName: "Nurse", email: "nina@example.org" });
  });

  it("says the user already exists on 409 and something went wrong otherwise", async () => {
    let status = 409;
    stubFetch({
      [`POST /api/v1/admin/organisations/${orgId}/staff`]: () =>
        status === 409
          ? jsonResponse(409, {
              statusCode: 409,
              message: messages.teamMemberExists,
              errors: [{ field: "email", message: messages.teamMemberExists }],
            })
          : jsonResponse(500, { statusCode: 500, message: "boom" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberDrawer organisationId={orgId} actor={admin} member={null} open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText(/First name/), "Nina");
    await user.type(screen.getByLabelText(/Last name/), "Nurse");
    await user.type(screen.getByLabelText(/Email/), "nina@example.org");
    await user.click(screen.getByRole("combobox", { name: /Role/ }));
    await user.click(await screen.findByRole("option", { name: roleLabels.clinician_team_member }));
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(messages.teamMemberExists)).toBeTruthy();

    status = 500;
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), "other@example.org");
    await user.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(messages.somethingWentWrong)).toBeTruthy();
  });
});
