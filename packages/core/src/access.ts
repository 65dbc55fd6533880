/** Roles, the permission catalogue of the three specification documents, and default grants. */

export const roles = [
  "superadmin",
  "internal_tester",
  "internal_program_admin",
  "life_sciences_project_admin",
  "clinical_project_admin",
  "clinician_admin",
  "life_sciences_team_member",
  "clinician_team_member",
] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  superadmin: "Super admin",
  internal_tester: "Internal tester",
  internal_program_admin: "Internal program admin",
  life_sciences_project_admin: "Lifesciences Program Admin",
  clinical_project_admin: "Clinical Program Admin",
  clinician_admin: "Clinical Admin",
  life_sciences_team_member: "Lifesciences team member",
  clinician_team_member: "Clinical team member",
};

/** Roles only an admin-type user may assign. */
export const adminOnlyRoles: readonly Role[] = ["superadmin", "internal_tester", "internal_program_admin"];

/** A program's own page as patients see it: its image, consent message, name for patients and participation period. */
const programPagePermissions = [
  "upload_project_image",
  "upload_image",
  "view_project_consent_message",
  "edit_project_consent_message",
  "view_patient_program_name",
  "edit_patient_program_name",
  "view_patient_participation_duration",
  "edit_patient_participation_duration",
] as const;

/** The note types a program turns off (medicines, appointment notes), and its severity thresholds. */
const programNotesAndThresholdPermissions = [
  "view_disable_meds_appointment_notes",
  "edit_disable_meds_appointment_notes",
  "view_project_temperature_severity_threshold",
  "edit_project_temperature_severity_threshold",
  "view_project_symptom_severity_threshold",
  "edit_project_symptom_severity_threshold",
] as const;

/** What a care team reads of one patient's record (the dashboard's widgets and logs), and acknowledging a log. */
const patientRecordPermissions = [
  "view_user_dashboard",
  "view_user_dashboard_reports",
  "view_user_dashboard_weight",
  "view_user_dashboard_filters",
  "view_user_dashboard_calendar",
  "view_user_dashboard_temperature",
  "view_user_symptom_logs",
  "view_user_symptom_red_flags",
  "validate_user_log",
  "view_user_trends",
  "view_user_medication_adherence",
  "view_user_activities",
] as const;

/**
 * The permission catalogue. Values are lowercase snake_case; the same flags are sometimes written
 * in upper case (VIEW_PROJECT_USERS = view_project_users).
 */
export const permissionGroups = {
  "Special weight": ["admin", "internal_tester", "internal_program_admin"],
  "Users and roles": ["view_user", "edit_user", "delete_user", "view_roles", "edit_user_roles"],
  Projects: [
    "view_projects",
    "view_project",
    "create_project",
    "edit_project",
    "delete_project",
    "view_project_articles",
    ...programPagePermissions,
    "view_questionnaire_settings_outcomes_measures",
    "edit_questionnaire_settings_outcomes_measures",
    ...programNotesAndThresholdPermissions,
  ],
  Organisations: [
    "view_organisations",
    "view_organisation",
    "create_organisation",
    "edit_organisation",
    "delete_organisation",
    "view_organisation_users",
    "create_organisation_users",
    "delete_organisation_users",
  ],
  "Project users (patients)": [
    "view_project_user",
    "view_project_users",
    "view_project_users_anonymised",
    "edit_project_user",
    "delete_project_user",
    "invite_project_users",
    "withdraw_consent_project_users",
    "view_project_users_symptom_counts",
  ],
  "Project staff": [
    "view_project_staff_members",
    "create_project_staff_member",
    "edit_project_staff_member",
    "delete_project_staff_member",
  ],
  Questionnaires: [
    "view_questionnaire_schedules",
    "create_questionnaire_schedule",
    "edit_questionnaire_schedule",
    "delete_questionnaire_schedule",
    "view_custom_questionnaire_types",
    "create_custom_questionnaire_types",
    "export_project_questionnaires_report",
    "view_user_questionnaire_event_results",
  ],
  "Patient data": [
    ...patientRecordPermissions,
    "export_project_data_anonymised",
    "export_project_data_identifiable",
    /** Erase a patient's personal data on request (GDPR Art. 17, under the program's retention rule). */
    "erase_patient_data",
    "view_user_eq5d",
    "view_project_symptom_data",
    "view_project_temperature_data",
    "view_project_weight_data",
    "view_project_activity_data",
    "view_appointment_notes",
    "download_patient_report",
    "view_severity_thresholds",
    "edit_severity_thresholds",
    "view_articles",
    "create_nurse_visit_appointments",
    "view_nurse_visit_appointments",
  ],
  "Public invite codes": ["view_public_invite_codes", "create_public_invite_codes", "edit_public_invite_codes"],
  /** The audit viewer: admins see every entry, anyone else the entries of the programs in their reach. */
  Audit: ["view_audit_log"],
} as const;

export type Permission = (typeof permissionGroups)[keyof typeof permissionGroups][number];
export const permissions: readonly Permission[] = Object.values(permissionGroups).flat() as Permission[];
const permissionSet = new Set<string>(permissions);
export const isPermission = (value: string): value is Permission => permissionSet.has(value);

const projectViews: Permission[] = ["view_projects", "view_project", "view_project_articles"];
const patientCare: Permission[] = [
  "view_project_user",
  "view_project_users",
  "view_project_users_symptom_counts",
  "invite_project_users",
  "edit_project_user",
  "withdraw_consent_project_users",
  // The program dashboard (the Reports tab) is where a care team sees its program's trends.
  "view_project_symptom_data",
  "view_project_temperature_data",
  ...patientRecordPermissions,
  "view_user_eq5d",
  "view_user_questionnaire_event_results",
  "view_questionnaire_schedules",
  "create_questionnaire_schedule",
  "delete_questionnaire_schedule",
  "view_appointment_notes",
  "download_patient_report",
  "view_severity_thresholds",
  "view_nurse_visit_appointments",
  "create_nurse_visit_appointments",
  "view_public_invite_codes",
];
const programSettings: Permission[] = [
  "edit_project",
  ...programPagePermissions,
  ...programNotesAndThresholdPermissions,
  "view_project_staff_members",
  "create_project_staff_member",
  "edit_project_staff_member",
  "delete_project_staff_member",
  "edit_questionnaire_schedule",
  "view_custom_questionnaire_types",
  "create_custom_questionnaire_types",
  "export_project_questionnaires_report",
  "create_public_invite_codes",
  "edit_public_invite_codes",
  "edit_severity_thresholds",
  "view_articles",
];
/** Life-sciences staff see programme-level data without identifying patients. */
const anonymisedResearch: Permission[] = [
  "view_project_users_anonymised",
  "export_project_data_anonymised",
  "view_project_symptom_data",
  "view_project_temperature_data",
  "view_project_weight_data",
  "view_project_activity_data",
  "export_project_questionnaires_report",
  "view_questionnaire_schedules",
  "view_project_staff_members",
];

const without = (list: readonly Permission[], removed: readonly Permission[]) =>
  list.filter((p) => !removed.includes(p));
const unique = (...lists: (readonly Permission[])[]) => [...new Set(lists.flat())];

export const defaultPermissionsByRole: Record<Role, readonly Permission[]> = {
  superadmin: without(permissions, ["internal_tester", "internal_program_admin"]),
  internal_tester: without(permissions, ["admin", "internal_program_admin", "delete_user", "edit_user_roles"]),
  internal_program_admin: unique(
    ["internal_program_admin", "view_organisations", "view_organisation", "create_organisation"],
    ["edit_organisation", "delete_organisation", "view_organisation_users", "create_organisation_users"],
    ["delete_organisation_users", "create_project", "delete_project", "view_roles", "view_user"],
    projectViews,
    programSettings,
    patientCare,
    ["delete_project_user", "export_project_data_identifiable", "view_questionnaire_settings_outcomes_measures"],
    ["view_audit_log", "erase_patient_data"],
  ),
  life_sciences_project_admin: unique(
    ["view_organisation", "create_project"],
    projectViews,
    programSettings,
    anonymisedResearch,
  ),
  clinical_project_admin: unique(
    ["view_organisation", "create_project", "delete_project_user", "export_project_data_identifiable"],
    // The program admin of a clinical program answers "who opened this patient's record?" (issue 13)
    // and carries out erasure requests (held with the identifiable export, as the rule goes).
    ["view_audit_log", "erase_patient_data"],
    projectViews,
    programSettings,
    patientCare,
  ),
  clinician_admin: unique(
    ["view_organisation", "view_project_staff_members", "create_project_staff_member", "delete_project_user"],
    projectViews,
    patientCare,
  ),
  life_sciences_team_member: unique(projectViews, anonymisedResearch),
  clinician_team_member: unique(projectViews, patientCare),
};

/** An actor's granted flags, as the server resolves them on each request. */
export interface Grants {
  permissions: readonly string[];
}

export const can = (actor: Grants | null | undefined, permission: Permission): boolean =>
  !!actor && actor.permissions.includes(permission);

/** "Admin-type": admin, internal tester or internal program admin. */
export const isAdminType = (actor: Grants | null | undefined): boolean =>
  can(actor, "admin") || can(actor, "internal_tester") || can(actor, "internal_program_admin");

export const isAdmin = (actor: Grants | null | undefined): boolean => can(actor, "admin");

/**
 * Which roles an actor may assign to a team member: no one grants what they do not hold. An
 * admin-type actor may assign every role; anyone else only the roles whose default permissions
 * are all among their own (never an admin-only role).
 */
export const assignableRoles = (actor: Grants | null | undefined): readonly Role[] =>
  isAdminType(actor)
    ? roles
    : roles.filter((r) => !adminOnlyRoles.includes(r) && defaultPermissionsByRole[r].every((p) => can(actor, p)));

/** Shell rules (who sees which area), evaluated identically by the side menu and the server. */
export const shellRules = {
  showOrganisationsBreadcrumb: (a: Grants | null) => isAdminType(a) && can(a, "view_organisations"),
  showProgramsBreadcrumb: (a: Grants | null) => can(a, "view_projects"),
  showSearchPatients: (a: Grants | null) => can(a, "view_project_user") && !isAdmin(a),
  logoLinksToUsers: (a: Grants | null) => isAdminType(a),
  showCreateProgram: (a: Grants | null) => can(a, "create_project"),
  canOpenUsers: (a: Grants | null) => can(a, "view_user"),
  canOpenAdmin: (a: Grants | null) => isAdmin(a),
  /** The audit log: admins see every entry, program admins (view_audit_log) their programs' entries. */
  canOpenAudit: (a: Grants | null) => can(a, "view_audit_log"),
  /** Everyone lands on Programs: an admin landed on a bare Users page, away from the work (issue 33). */
  homeRoute: (_a: Grants | null) => "/programs",
};

/**
 * What a staff member may do in one program: the permissions of the role that program's team
 * assigned them (or, without a program membership, the role of the organisation team that reaches
 * it), never more than their account holds. Admin-type accounts keep their account's rights
 * everywhere. A role we do not know grants nothing. (Security issue 29 §2: rights come with the
 * role a program gave, not with the account.)
 */
export const permissionsInProgram = (
  account: Grants & { role: string | null },
  roles: { programRole: string | null; organisationRole: string | null },
): Permission[] => {
  const accountPermissions = account.permissions.filter(isPermission);
  if (isAdminType(account)) return accountPermissions;
  const role = roles.programRole ?? roles.organisationRole;
  if (!role) return [];
  // The same role as the account's: the account's own grants are that role's for this person
  // (an admin may have tailored them); another role: its defaults, within what the account holds.
  if (role === account.role) return accountPermissions;
  const granted = (defaultPermissionsByRole as Record<string, readonly Permission[] | undefined>)[role];
  if (!granted) return [];
  return accountPermissions.filter((p) => granted.includes(p));
};

/**
 * The team roles under which a staff member holds `permission` in a program (their account holding
 * it): the roles whose defaults include it, and their account's own role (whose grants are the
 * account's). What listings across programs filter by, as permissionsInProgram decides one program.
 */
export const rolesGranting = (permission: Permission, accountRole: string | null): string[] => {
  const granting: string[] = roles.filter((role) => defaultPermissionsByRole[role].includes(permission));
  if (accountRole && !granting.includes(accountRole)) granting.push(accountRole);
  return granting;
};

/** The tabs of a program, in the order its header shows them. */
export const programTabs = ["reports", "participants", "settings"] as const;
export type ProgramTabName = (typeof programTabs)[number];

/**
 * Which of a program's tabs a caller may open, from their permissions IN that program (the
 * program's `myPermissions`), as the server will answer them: no offered tab leads to a 403
 * (security issue 29 §3). Settings show what the role may see of them, whatever it is.
 */
export const programTabAllowed: Record<ProgramTabName, (grants: Grants | null) => boolean> = {
  reports: (g) =>
    can(g, "view_project_symptom_data") ||
    can(g, "view_project_temperature_data") ||
    can(g, "export_project_data_anonymised") ||
    can(g, "export_project_data_identifiable") ||
    can(g, "export_project_questionnaires_report"),
  participants: (g) => can(g, "view_project_users"),
  settings: (g) => can(g, "view_project"),
};

/**
 * Where a program opens: its participant list for a care team, else the first tab the caller may
 * open (the reports for life-sciences roles), else its settings.
 */
export const programLanding = (grants: Grants | null): ProgramTabName =>
  programTabAllowed.participants(grants)
    ? "participants"
    : (programTabs.find((tab) => programTabAllowed[tab](grants)) ?? "settings");
