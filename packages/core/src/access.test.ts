import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminOnlyRoles,
  assignableRoles,
  can,
  defaultPermissionsByRole,
  isAdmin,
  isAdminType,
  isPermission,
  type Permission,
  permissionGroups,
  permissions,
  permissionsInProgram,
  programLanding,
  programTabAllowed,
  programTabs,
  type Role,
  roleLabels,
  roles,
  rolesGranting,
  shellRules,
} from "./access.js";

const grants = (...list: string[]) => ({ permissions: list });
const asRole = (role: Role) => grants(...defaultPermissionsByRole[role]);
const adminTypeRoles: Role[] = ["superadmin", "internal_tester", "internal_program_admin"];
const otherRoles = roles.filter((r) => !adminTypeRoles.includes(r));

describe("the permission catalogue", () => {
  it("lists every permission once", () => {
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(permissions).toEqual(Object.values(permissionGroups).flat());
  });

  it("every default permission of every role is in the catalogue", () => {
    for (const role of roles) {
      for (const permission of defaultPermissionsByRole[role]) {
        expect(isPermission(permission), `${role}: ${permission}`).toBe(true);
      }
      expect(new Set(defaultPermissionsByRole[role]).size, role).toBe(defaultPermissionsByRole[role].length);
    }
  });

  it("has a label for every role and nothing else", () => {
    expect(Object.keys(roleLabels).sort()).toEqual([...roles].sort());
    for (const role of roles) expect(roleLabels[role].trim()).not.toBe("");
  });

  it("isPermission refuses look-alikes", () => {
    expect(isPermission("view_project")).toBe(true);
    expect(isPermission("VIEW_PROJECT")).toBe(false);
    expect(isPermission("view_project ")).toBe(false);
    expect(isPermission("")).toBe(false);
  });

  it("gives the special-weight flags only to the matching admin-type roles", () => {
    expect(defaultPermissionsByRole.superadmin).toContain("admin");
    expect(defaultPermissionsByRole.internal_tester).toContain("internal_tester");
    expect(defaultPermissionsByRole.internal_tester).not.toContain("admin");
    expect(defaultPermissionsByRole.internal_program_admin).toContain("internal_program_admin");
    expect(defaultPermissionsByRole.internal_program_admin).not.toContain("admin");
    for (const role of otherRoles) {
      for (const flag of ["admin", "internal_tester", "internal_program_admin"] as Permission[]) {
        expect(defaultPermissionsByRole[role], `${role} has ${flag}`).not.toContain(flag);
      }
      expect(isAdminType(asRole(role)), role).toBe(false);
    }
    for (const role of adminTypeRoles) expect(isAdminType(asRole(role)), role).toBe(true);
  });

  it("keeps identifying patient data away from life-sciences roles", () => {
    for (const role of ["life_sciences_project_admin", "life_sciences_team_member"] as Role[]) {
      expect(defaultPermissionsByRole[role]).not.toContain("view_project_user");
      expect(defaultPermissionsByRole[role]).not.toContain("export_project_data_identifiable");
      expect(defaultPermissionsByRole[role]).toContain("view_project_users_anonymised");
    }
  });
});

describe("assignableRoles", () => {
  it("never offers an admin-only role to a non-admin-type actor", () => {
    for (const role of otherRoles) {
      const choices = assignableRoles(asRole(role));
      for (const hidden of adminTypeRoles) expect(choices, role).not.toContain(hidden);
      // Everyone may hand out their own role.
      expect(choices, role).toContain(role);
    }
    expect(assignableRoles(null)).toEqual([]);
    expect(assignableRoles(grants())).toEqual([]);
  });

  it("offers a clinical admin only roles whose permissions it holds: not Clinical Program Admin", () => {
    expect(assignableRoles(asRole("clinician_admin"))).toEqual(["clinician_admin", "clinician_team_member"]);
    expect(assignableRoles(asRole("clinical_project_admin"))).toContain("clinician_team_member");
    expect(assignableRoles(asRole("clinical_project_admin"))).not.toContain("life_sciences_project_admin");
  });

  it("shows every role to admin-type actors", () => {
    for (const flag of ["admin", "internal_tester", "internal_program_admin"]) {
      expect(assignableRoles(grants(flag))).toEqual(roles);
    }
    for (const role of adminTypeRoles) expect(assignableRoles(asRole(role))).toEqual(roles);
  });

  it("property: a non-admin-type actor can assign only roles whose every permission it holds", () => {
    const ordinary = fc.subarray(
      permissions.filter((p) => !["admin", "internal_tester", "internal_program_admin"].includes(p)),
    );
    fc.assert(
      fc.property(ordinary, (list) => {
        const actor = grants(...list);
        for (const role of assignableRoles(actor)) {
          expect(adminOnlyRoles).not.toContain(role);
          for (const p of defaultPermissionsByRole[role]) expect(list).toContain(p);
        }
      }),
    );
  });
});

describe("shellRules", () => {
  it("shows the organisations breadcrumb only to admin-type holders of view_organisations", () => {
    expect(shellRules.showOrganisationsBreadcrumb(grants("internal_program_admin", "view_organisations"))).toBe(true);
    expect(shellRules.showOrganisationsBreadcrumb(grants("view_organisations"))).toBe(false);
    expect(shellRules.showOrganisationsBreadcrumb(grants("admin"))).toBe(false);
    expect(shellRules.showOrganisationsBreadcrumb(null)).toBe(false);
  });

  it("programs breadcrumb and create program follow their permissions", () => {
    expect(shellRules.showProgramsBreadcrumb(grants("view_projects"))).toBe(true);
    expect(shellRules.showProgramsBreadcrumb(grants("view_project"))).toBe(false);
    expect(shellRules.showCreateProgram(grants("create_project"))).toBe(true);
    expect(shellRules.showCreateProgram(asRole("clinician_team_member"))).toBe(false);
  });

  it("shows patient search to view_project_user holders who are not admin", () => {
    expect(shellRules.showSearchPatients(asRole("clinician_team_member"))).toBe(true);
    expect(shellRules.showSearchPatients(grants("view_project_user", "admin"))).toBe(false);
    expect(shellRules.showSearchPatients(asRole("superadmin"))).toBe(false);
    expect(shellRules.showSearchPatients(asRole("life_sciences_team_member"))).toBe(false);
    // Internal program admins are admin-type but not admin: they do see the search.
    expect(shellRules.showSearchPatients(asRole("internal_program_admin"))).toBe(true);
  });

  it("links the logo to users for admin-type only, opens /admin for admin only", () => {
    expect(shellRules.logoLinksToUsers(asRole("internal_tester"))).toBe(true);
    expect(shellRules.logoLinksToUsers(asRole("clinical_project_admin"))).toBe(false);
    expect(shellRules.canOpenAdmin(asRole("superadmin"))).toBe(true);
    expect(shellRules.canOpenAdmin(asRole("internal_tester"))).toBe(false);
    expect(shellRules.canOpenAdmin(asRole("internal_program_admin"))).toBe(false);
    expect(shellRules.canOpenAdmin(null)).toBe(false);
  });

  it("sends everyone home to /programs, admins too (a bare Users page was no place to land)", () => {
    expect(shellRules.canOpenUsers(grants("view_user"))).toBe(true);
    expect(shellRules.homeRoute(asRole("superadmin"))).toBe("/programs");
    expect(shellRules.homeRoute(asRole("clinician_team_member"))).toBe("/programs");
    expect(shellRules.homeRoute(null)).toBe("/programs");
  });
});

describe("predicates", () => {
  it("can, isAdmin and isAdminType read the granted flags only", () => {
    expect(can(grants("view_user"), "view_user")).toBe(true);
    expect(can(grants("view_users"), "view_user")).toBe(false);
    expect(can(undefined, "view_user")).toBe(false);
    expect(isAdmin(grants("admin"))).toBe(true);
    expect(isAdmin(grants("internal_tester"))).toBe(false);
    expect(isAdminType(grants("internal_tester"))).toBe(true);
    expect(isAdminType(null)).toBe(false);
  });
});

describe("a program's role is the role in that program (security issue 29 §2-§3)", () => {
  const account = (role: Role) => ({ role, permissions: [...defaultPermissionsByRole[role]] });

  it("gives a Clinical Program Admin made a Clinical team member of a program only the team member's rights there", () => {
    const inProgram = permissionsInProgram(account("clinical_project_admin"), {
      programRole: "clinician_team_member",
      organisationRole: null,
    });
    expect(inProgram).toContain("view_project_users");
    for (const p of ["export_project_data_identifiable", "erase_patient_data", "view_audit_log"] as const)
      expect(inProgram).not.toContain(p);
  });

  it("property: never more than the account holds, and exactly the account's grants where the roles match", () => {
    fc.assert(
      fc.property(fc.constantFrom(...otherRoles), fc.constantFrom(...roles), fc.boolean(), (own, team, viaProgram) => {
        const actor = account(own);
        const inProgram = permissionsInProgram(actor, {
          programRole: viaProgram ? team : null,
          organisationRole: viaProgram ? null : team,
        });
        for (const p of inProgram) expect(actor.permissions).toContain(p);
        if (team === own) expect(inProgram).toEqual(actor.permissions);
        else for (const p of inProgram) expect(defaultPermissionsByRole[team]).toContain(p);
      }),
    );
  });

  it("prefers the program team's role to the organisation team's, and grants nothing without either or for a role it does not know", () => {
    const actor = account("clinical_project_admin");
    expect(
      permissionsInProgram(actor, {
        programRole: "life_sciences_team_member",
        organisationRole: "clinical_project_admin",
      }),
    ).not.toContain("view_project_users");
    expect(permissionsInProgram(actor, { programRole: null, organisationRole: null })).toEqual([]);
    expect(permissionsInProgram(actor, { programRole: "head_of_everything", organisationRole: null })).toEqual([]);
  });

  it("keeps an admin-type account's rights in every program", () => {
    const admin = account("superadmin");
    expect(permissionsInProgram(admin, { programRole: "life_sciences_team_member", organisationRole: null })).toEqual(
      admin.permissions,
    );
  });

  it("lists the roles under which a listing across programs shows a program", () => {
    expect(rolesGranting("view_audit_log", "clinician_team_member")).toEqual(
      expect.arrayContaining(["clinical_project_admin", "internal_program_admin", "clinician_team_member"]),
    );
    expect(rolesGranting("view_audit_log", null)).not.toContain("clinician_team_member");
  });

  it("opens a program on a tab the role may see, for every default role", () => {
    for (const role of roles) {
      const inProgram = { permissions: defaultPermissionsByRole[role] };
      const landing = programLanding(inProgram);
      expect(programTabAllowed[landing](inProgram), role).toBe(true);
      expect(programTabs).toContain(landing);
    }
    expect(programLanding(asRole("life_sciences_team_member"))).toBe("reports");
    expect(programLanding(asRole("life_sciences_project_admin"))).toBe("reports");
    expect(programLanding(asRole("clinician_team_member"))).toBe("participants");
    expect(programTabAllowed.participants(asRole("life_sciences_team_member"))).toBe(false);
  });
});
