import {
  defaultPermissionsByRole,
  type Grants,
  messages,
  type Program,
  roleLabels,
  type TeamMember,
} from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import type { TeamRef } from "../api";
import { ProgramTeam } from "./program-team";
import { TeamMemberDrawer } from "./team-member-drawer";

const orgId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const orgTeam: TeamRef = { kind: "organisation", organisationId: orgId };

const member: TeamMember = {
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  firstName: "Nina",
  lastName: "Nurse",
  displayName: null,
  email: "nina@example.org",
  role: "clinician_team_member",
  inviteAccepted: false,
};

/** A Clinical Program Admin: it may assign only roles whose permissions it holds. */
const nonAdmin: Grants = {
  permissions: [...defaultPermissionsByRole.clinical_project_admin, "create_organisation_users"],
};
const admin: Grants = { permissions: ["admin", "view_organisations", "create_organisation_users"] };

const openRoleOptions = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("combobox", { name: /Role/ }));
  return (await screen.findAllByRole("option")).map((o) => o.textContent);
};

describe("the team member drawer (organisation team)", () => {
  it("shows the spec's messages after a submit", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={null} open onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Add team member" })).toBeTruthy();
    // Nothing changed: Invite is disabled (document 1 §5, decision 031); the first press after a change shows
    // what is missing.
    expect(screen.getByRole("button", { name: "Invite" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/Display name/), "Sister Nina");
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
    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={nonAdmin} member={null} open onClose={vi.fn()} />);
    const options = await openRoleOptions(user);
    expect(options).not.toContain(roleLabels.superadmin);
    expect(options).not.toContain(roleLabels.internal_tester);
    expect(options).not.toContain(roleLabels.internal_program_admin);
    // No one grants what they do not hold: the life-sciences roles carry permissions it lacks.
    expect(options).toEqual([
      roleLabels.clinical_project_admin,
      roleLabels.clinician_admin,
      roleLabels.clinician_team_member,
    ]);
  });

  it("offers every role to an admin", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={null} open onClose={vi.fn()} />);
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
    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={member} open onClose={onClose} />);
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

  it("sends a display name only when it changed, and empty to clear it", async () => {
    const named = { ...member, displayName: "Sister Nina" };
    const fetchMock = stubFetch({
      [`PATCH /api/v1/admin/organisations/${orgId}/staff/${member.id}`]: () => jsonResponse(200, named),
      [`GET /api/v1/admin/organisations/${orgId}/staff`]: () => jsonResponse(200, { results: [], totalCount: 0 }),
    });
    const user = userEvent.setup();
    const view = renderWithProviders(
      <TeamMemberDrawer team={orgTeam} actor={admin} member={named} open onClose={vi.fn()} />,
    );
    // Nothing changed: Save is disabled (document 1 §5, decision 031).
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/First name/), "a");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty("displayName");
    view.unmount();

    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={named} open onClose={vi.fn()} />);
    await user.clear(screen.getByLabelText(/Display name/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ displayName: "" });
  });

  it("enables Save only while the form differs from the member, and Invite only once something was typed", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    const view = renderWithProviders(
      <TeamMemberDrawer team={orgTeam} actor={admin} member={member} open onClose={vi.fn()} />,
    );
    const save = () => screen.getByRole("button", { name: "Save" });
    expect(save().hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/Last name/), "s");
    expect(save().hasAttribute("disabled")).toBe(false);
    // The change undone: the form is the member again, so there is nothing to save.
    await user.type(screen.getByLabelText(/Last name/), "{Backspace}");
    expect(save().hasAttribute("disabled")).toBe(true);
    view.unmount();

    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={null} open onClose={vi.fn()} />);
    const invite = () => screen.getByRole("button", { name: "Invite" });
    expect(invite().hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/First name/), "N");
    expect(invite().hasAttribute("disabled")).toBe(false);
    await user.clear(screen.getByLabelText(/First name/));
    expect(invite().hasAttribute("disabled")).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
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
    renderWithProviders(<TeamMemberDrawer team={orgTeam} actor={admin} member={null} open onClose={vi.fn()} />);
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

const projectId = "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d";
const staffPath = `/api/v1/admin/projects/${projectId}/staff`;

const program = (over: Partial<Program> = {}): Program =>
  programFixture({ projectId, name: "Breast Care", organisationId: orgId, organisationName: "Northbridge", ...over });

const ada: TeamMember = {
  id: "6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e",
  firstName: "Ada",
  lastName: "Admin",
  displayName: null,
  email: "ada@example.org",
  role: "clinical_project_admin",
  inviteAccepted: true,
};
const ben: TeamMember = {
  id: "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
  firstName: "Ben",
  lastName: "Brown",
  displayName: null,
  email: "ben@example.org",
  role: "clinician_team_member",
  inviteAccepted: false,
};

const programAdmin: Grants = {
  permissions: [
    ...defaultPermissionsByRole.clinical_project_admin,
    "view_project_staff_members",
    "create_project_staff_member",
    "edit_project_staff_member",
    "delete_project_staff_member",
  ],
};
const viewer: Grants = { permissions: ["view_project_staff_members"] };

const listed =
  (...members: TeamMember[]) =>
  () =>
    jsonResponse(200, { results: members, totalCount: members.length });

/** On the program's Team tab, an admin invites Ben Brown as a clinician; returns the drawer. */
const inviteBenAsClinician = async () => {
  const user = userEvent.setup();
  renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
  await user.click(await screen.findByRole("button", { name: "Add team member" }));
  const drawer = await screen.findByRole("dialog", { name: "Add team member" });
  await user.type(within(drawer).getByLabelText(/First name/), "Ben");
  await user.type(within(drawer).getByLabelText(/Last name/), "Brown");
  await user.type(within(drawer).getByLabelText(/Email/), "ben@example.org");
  await user.click(within(drawer).getByRole("combobox", { name: /Role/ }));
  await user.click(await screen.findByRole("option", { name: roleLabels.clinician_team_member }));
  await user.click(within(drawer).getByRole("button", { name: "Invite" }));
  return drawer;
};

describe("the program Team tab", () => {
  it("lists the members in the order served, with their role labels and invite state", async () => {
    stubFetch({ [`GET ${staffPath}`]: listed(ada, ben) });
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={viewer} />);
    expect(screen.getByRole("heading", { level: 2, name: "Team" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Program team" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual(["Ada", "Ben"]);
    expect(within(rows[0]!).getByText("ada@example.org")).toBeTruthy();
    expect(within(rows[0]!).getByText(roleLabels.clinical_project_admin)).toBeTruthy();
    expect(within(rows[0]!).getByText("Yes")).toBeTruthy();
    expect(within(rows[1]!).getByText(roleLabels.clinician_team_member)).toBeTruthy();
    expect(within(rows[1]!).getByText("No")).toBeTruthy();
    // A viewer may only look.
    expect(screen.queryByRole("button", { name: "Add team member" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Re-send invite/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
  });

  it("offers the add drawer from the empty state's click here, only when allowed", async () => {
    stubFetch({ [`GET ${staffPath}`]: listed() });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ProgramTeam program={fromWire(program())} actor={viewer} />);
    expect(await screen.findByText(messages.programTeamEmpty)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "click here" })).toBeNull();
    unmount();

    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await user.click(await screen.findByRole("button", { name: "click here" }));
    expect(await screen.findByRole("dialog", { name: "Add team member" })).toBeTruthy();
  });

  it("validates the add drawer and puts the 409 message on the e-mail field", async () => {
    const fetchMock = stubFetch({
      [`GET ${staffPath}`]: listed(ada),
      [`POST ${staffPath}`]: () =>
        jsonResponse(409, {
          statusCode: 409,
          message: messages.teamMemberExists,
          errors: [{ field: "email", message: messages.teamMemberExists }],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await screen.findByRole("table", { name: "Program team" });
    await user.click(screen.getByRole("button", { name: "Add team member" }));
    const drawer = await screen.findByRole("dialog", { name: "Add team member" });
    expect(within(drawer).getByRole("button", { name: "Invite" }).hasAttribute("disabled")).toBe(true);
    await user.type(within(drawer).getByLabelText(/Display name/), "Dr Ada");
    await user.click(within(drawer).getByRole("button", { name: "Invite" }));
    expect(await within(drawer).findByText(messages.teamMemberFirstNameRequired)).toBeTruthy();
    expect(within(drawer).getByText(messages.teamMemberLastNameRequired)).toBeTruthy();
    expect(within(drawer).getByText(messages.teamMemberEmailRequired)).toBeTruthy();
    expect(within(drawer).getByText(messages.required)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(within(drawer).getByLabelText(/First name/), "Ada");
    await user.type(within(drawer).getByLabelText(/Last name/), "Admin");
    await user.type(within(drawer).getByLabelText(/Email/), "ada@example.org");
    await user.click(within(drawer).getByRole("combobox", { name: /Role/ }));
    await user.click(await screen.findByRole("option", { name: roleLabels.clinician_team_member }));
    await user.click(within(drawer).getByRole("button", { name: "Invite" }));
    const email = within(drawer).getByLabelText(/Email/);
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(within(drawer).getByText(messages.teamMemberExists)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Add team member" })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post![1]?.body))).toEqual({
      firstName: "Ada",
      lastName: "Admin",
      displayName: "Dr Ada",
      email: "ada@example.org",
      role: "clinician_team_member",
    });
  });

  it("invites a member and says so", async () => {
    let members = [ada];
    stubFetch({
      [`GET ${staffPath}`]: () => jsonResponse(200, { results: members, totalCount: members.length }),
      [`POST ${staffPath}`]: () => {
        members = [ada, ben];
        return jsonResponse(201, ben);
      },
    });
    await inviteBenAsClinician();
    expect(await screen.findByText(messages.teamMemberInvited)).toBeTruthy();
    expect(await screen.findByText("ben@example.org")).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Add team member" })).toBeNull());
  });

  it("shows a failure's server message under the form", async () => {
    stubFetch({
      [`GET ${staffPath}`]: listed(ada),
      [`POST ${staffPath}`]: () => jsonResponse(400, { statusCode: 400, message: "This program is closed" }),
    });
    const drawer = await inviteBenAsClinician();
    expect(await within(drawer).findByText("This program is closed")).toBeTruthy();
  });

  it("hides the admin-only roles from a non-admin", async () => {
    stubFetch({ [`GET ${staffPath}`]: listed(ada) });
    const user = userEvent.setup();
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await user.click(await screen.findByRole("button", { name: "Add team member" }));
    const options = await openRoleOptions(user);
    expect(options).toEqual([
      roleLabels.clinical_project_admin,
      roleLabels.clinician_admin,
      roleLabels.clinician_team_member,
    ]);
  });

  it("edits in the same drawer with the role locked", async () => {
    const fetchMock = stubFetch({
      [`GET ${staffPath}`]: listed(ada, ben),
      [`PATCH ${staffPath}/${ben.id}`]: () => jsonResponse(200, { ...ben, lastName: "Black" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await user.click(await screen.findByRole("button", { name: "Edit Ben Brown" }));
    const drawer = await screen.findByRole("dialog", { name: "Edit team member" });
    expect(within(drawer).getByRole("combobox", { name: /Role/ }).getAttribute("aria-disabled")).toBe("true");
    await user.clear(within(drawer).getByLabelText(/Last name/));
    await user.type(within(drawer).getByLabelText(/Last name/), "Black");
    await user.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.teamMemberUpdated)).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch![1]?.body))).toEqual({
      firstName: "Ben",
      lastName: "Black",
      email: "ben@example.org",
    });
  });

  it("offers Re-send invite only for members who have not accepted, with the permission, in an open program", async () => {
    const fetchMock = stubFetch({
      [`GET ${staffPath}`]: listed(ada, ben),
      [`POST ${staffPath}/${ben.id}/invite`]: () => jsonResponse(200, { message: messages.teamInviteResent }),
    });
    const user = userEvent.setup();
    const first = renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await screen.findByRole("table", { name: "Program team" });
    expect(screen.queryByRole("button", { name: "Re-send invite to Ada Admin" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Re-send invite to Ben Brown" }));
    expect(await screen.findByText(messages.teamInviteResent)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `${staffPath}/${ben.id}/invite`,
      expect.objectContaining({ method: "POST" }),
    );
    first.unmount();

    const closed = renderWithProviders(
      <ProgramTeam program={fromWire(program({ closed: true }))} actor={programAdmin} />,
    );
    await screen.findByRole("table", { name: "Program team" });
    expect(screen.queryByRole("button", { name: /Re-send invite/ })).toBeNull();
    closed.unmount();

    const noCreate: Grants = { permissions: ["view_project_staff_members", "edit_project_staff_member"] };
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={noCreate} />);
    await screen.findByRole("table", { name: "Program team" });
    expect(screen.queryByRole("button", { name: /Re-send invite/ })).toBeNull();
  });

  it.each([
    ["Delete profile", "true"],
    ["Keep profile", "false"],
  ])("removes from the program after the confirmation (%s sends deleteProfile=%s)", async (choice, flag) => {
    let members = [ada, ben];
    const fetchMock = stubFetch({
      [`GET ${staffPath}`]: () => jsonResponse(200, { results: members, totalCount: members.length }),
      [`DELETE ${staffPath}/${ben.id}?deleteProfile=${flag}`]: () => {
        members = [ada];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await user.click(await screen.findByRole("button", { name: "Actions for Ben Brown" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove from program" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove from program?" });
    expect(within(dialog).getByText(`${messages.adminCannotBeDeleted}.`)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: choice }));
    expect(await screen.findByText(messages.teamMemberRemoved)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText("ben@example.org")).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => url === `${staffPath}/${ben.id}?deleteProfile=${flag}`)).toBe(true);
  });

  it("shows the server's refusal in the confirmation and Cancel leaves the member", async () => {
    stubFetch({
      [`GET ${staffPath}`]: listed(ada, ben),
      [`DELETE ${staffPath}/${ada.id}?deleteProfile=true`]: () =>
        jsonResponse(409, { statusCode: 409, message: messages.cannotDeleteYourself }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramTeam program={fromWire(program())} actor={programAdmin} />);
    await user.click(await screen.findByRole("button", { name: "Actions for Ada Admin" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove from program" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove from program?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete profile" }));
    expect(await within(dialog).findByText(messages.cannotDeleteYourself)).toBeTruthy();
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Remove from program?" })).toBeNull());
    expect(screen.getByText("ada@example.org")).toBeTruthy();
  });
});
