import { type AdminUser, type Grants, messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { permissionGroupLabel, permissionLabel, UserEditForm } from "./user-edit-form";

describe("the user permissions form's words", () => {
  it("names permissions as the screens do: programs and patients, not projects and users", () => {
    expect(permissionLabel("view_project_users")).toBe("View patients");
    expect(permissionLabel("edit_project_user")).toBe("Edit patient");
    expect(permissionLabel("view_projects")).toBe("View programs");
    expect(permissionLabel("upload_project_image")).toBe("Upload program image");
    expect(permissionLabel("validate_user_log")).toBe("Validate patient log");
    expect(permissionLabel("view_disable_meds_appointment_notes")).toBe("View disable medications appointment notes");
    for (const code of ["view_project_users_symptom_counts", "delete_project", "create_projects"])
      expect(permissionLabel(code)).not.toMatch(/project/);
  });

  it("names the groups without the catalogue's jargon", () => {
    expect(permissionGroupLabel("Special weight")).toBe("Administrator rights");
    expect(permissionGroupLabel("Projects")).toBe("Programs");
    expect(permissionGroupLabel("Project users (patients)")).toBe("Patients");
    expect(permissionGroupLabel("Audit")).toBe("Audit");
  });
});

const userId = "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d";
const nina: AdminUser = {
  id: userId,
  firstName: "Nina",
  lastName: "Nurse",
  email: "nina@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects", "view_project_users"],
  dob: null,
  dateCreated: "2025-03-01T10:00:00.000Z",
  privacyPolicy: true,
  eula: true,
  marketingConsent: false,
  emailVerified: true,
};
const admin: Grants = { permissions: ["admin", "view_user", "edit_user", "delete_user"] };
const catalogue = {
  permissions: ["view_projects", "view_project_users", "edit_project_user"],
  groups: [
    { name: "Projects", permissions: ["view_projects"] },
    { name: "Project users (patients)", permissions: ["view_project_users", "edit_project_user"] },
  ],
  roles: [],
};

const renderForm = (handlers: Parameters<typeof stubFetch>[0] = {}) => {
  const fetchMock = stubFetch({ "GET /api/v1/admin/permissions": () => jsonResponse(200, catalogue), ...handlers });
  renderWithProviders(<UserEditForm user={nina} actor={admin} onDeleted={vi.fn()} />);
  return { fetchMock, user: userEvent.setup() };
};
const save = () => screen.getByRole("button", { name: "Save" });
const permission = (name: string) => screen.findByRole("checkbox", { name });

describe("the user edit form", () => {
  it("enables Save only while a name, the e-mail or a permission differs from the user's", async () => {
    const { user } = renderForm();
    expect(save().hasAttribute("disabled")).toBe(true);
    await user.click(await permission("Edit patient"));
    expect(save().hasAttribute("disabled")).toBe(false);
    // Unticked again: the permissions are the user's, so there is nothing to save.
    await user.click(await permission("Edit patient"));
    expect(save().hasAttribute("disabled")).toBe(true);
    // Unticked and ticked again: the same permissions, whatever the order of the clicks.
    await user.click(await permission("View patients"));
    expect(save().hasAttribute("disabled")).toBe(false);
    await user.click(await permission("View patients"));
    expect(save().hasAttribute("disabled")).toBe(true);

    await user.type(screen.getByRole("textbox", { name: /First name/ }), "h");
    expect(save().hasAttribute("disabled")).toBe(false);
    await user.type(screen.getByRole("textbox", { name: /First name/ }), "{Backspace}");
    expect(save().hasAttribute("disabled")).toBe(true);
  });

  it("keeps Save disabled while a changed name is not valid, says why once the field is left, unless permissions changed", async () => {
    const { user } = renderForm();
    await user.clear(screen.getByRole("textbox", { name: /First name/ }));
    expect(save().hasAttribute("disabled")).toBe(true);
    expect(screen.queryByText(messages.firstNameRequired)).toBeNull();
    await user.tab();
    expect(await screen.findByText(messages.firstNameRequired)).toBeTruthy();
    // "Save is enabled when permissions changed or the form is dirty and valid" (document 1).
    await user.click(await permission("Edit patient"));
    expect(save().hasAttribute("disabled")).toBe(false);
  });

  it("sends only what changed, then takes the saved user as the new baseline", async () => {
    const { user, fetchMock } = renderForm({
      [`PATCH /api/v1/admin/users/${userId}`]: (init) =>
        jsonResponse(200, { ...nina, ...JSON.parse(String(init?.body)) }),
      "GET /api/v1/admin/users": () => jsonResponse(200, { results: [], totalCount: 0 }),
    });
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "-Smith");
    await user.click(await permission("Edit patient"));
    await user.click(save());
    expect(await screen.findByText(messages.userUpdated)).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      lastName: "Nurse-Smith",
      permissions: ["edit_project_user", "view_project_users", "view_projects"],
    });
    expect(save().hasAttribute("disabled")).toBe(true);
  });
});
