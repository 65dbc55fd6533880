import { describe, expect, it } from "vitest";
import { permissionGroupLabel, permissionLabel } from "./user-edit-form";

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
