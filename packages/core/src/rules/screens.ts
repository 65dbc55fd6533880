/** Which controls a staff user sees on the organisation and program screens. */
import { can, type Grants, isAdmin, isAdminType } from "../access.js";

const adminOrProgramAdmin = (a: Grants | null) => isAdmin(a) || can(a, "internal_program_admin");

export const organisationRules = {
  /** Create new organisation: (admin or internal program admin) plus view and create organisation. */
  canCreate: (a: Grants | null) =>
    adminOrProgramAdmin(a) && can(a, "view_organisations") && can(a, "create_organisation"),
  /** Rename: edit permission plus an admin-type role. */
  canRename: (a: Grants | null) => isAdminType(a) && can(a, "edit_organisation"),
  /** Delete icon: admin or internal program admin plus the delete permission. */
  canDelete: (a: Grants | null) => adminOrProgramAdmin(a) && can(a, "delete_organisation"),
  canViewTeam: (a: Grants | null) => can(a, "view_organisation_users"),
  canAddTeamMember: (a: Grants | null) => can(a, "create_organisation_users"),
  canRemoveTeamMember: (a: Grants | null) => can(a, "delete_organisation_users"),
};

export type ProgramSettingsSection =
  | "patient-enrolment"
  | "questionnaires"
  | "general"
  | "team"
  | "inviteCodes"
  | "delete-program";

export const programSettingsSections: { id: ProgramSettingsSection; label: string }[] = [
  { id: "patient-enrolment", label: "Patient enrolment" },
  { id: "questionnaires", label: "Questionnaire settings" },
  { id: "general", label: "Program settings" },
  { id: "team", label: "Team" },
  { id: "inviteCodes", label: "Invite codes" },
  { id: "delete-program", label: "Delete program" },
];

/** The settings tabs a user sees in the program page header, in order. */
export const visibleSettingsSections = (
  a: Grants | null,
  program: { inviteMode: string },
): { id: ProgramSettingsSection; label: string }[] => {
  const visible: Record<ProgramSettingsSection, boolean> = {
    "patient-enrolment": can(a, "view_project_users"),
    questionnaires: can(a, "view_questionnaire_schedules"),
    general: true,
    team: can(a, "view_project_staff_members"),
    inviteCodes: can(a, "view_public_invite_codes") && program.inviteMode === "public",
    "delete-program": can(a, "delete_project"),
  };
  return programSettingsSections.filter((s) => visible[s.id]);
};

export type ProgramGeneralTab = "generalProgramSettings" | "careTeamInformation" | "symptomsAlerts";

export const programGeneralTabs: { id: ProgramGeneralTab; label: string }[] = [
  { id: "generalProgramSettings", label: "General settings" },
  { id: "careTeamInformation", label: "Care team information" },
  { id: "symptomsAlerts", label: "Symptom settings" },
];

/** The tabs of the Program settings area: care team contacts need edit-project; symptom settings the view of the symptom severity threshold. */
export const visibleGeneralTabs = (a: Grants | null): { id: ProgramGeneralTab; label: string }[] => {
  const visible: Record<ProgramGeneralTab, boolean> = {
    generalProgramSettings: true,
    careTeamInformation: can(a, "edit_project"),
    symptomsAlerts: can(a, "view_project_symptom_severity_threshold"),
  };
  return programGeneralTabs.filter((t) => visible[t.id]);
};

/** Create program: which optional sections the form shows and enables. */
export const createProgramRules = (a: Grants | null) => ({
  patientProgramName: can(a, "view_patient_program_name") && can(a, "edit_patient_program_name"),
  projectPeriod: can(a, "view_patient_participation_duration") && can(a, "edit_patient_participation_duration"),
  disabledNotesVisible: can(a, "view_disable_meds_appointment_notes") && can(a, "edit_disable_meds_appointment_notes"),
  disabledNotesEnabled: can(a, "edit_disable_meds_appointment_notes"),
  inviteMode: can(a, "edit_public_invite_codes"),
  /** A private program's patients join only with invite codes: the kind is chosen by who manages them. */
  kind: can(a, "edit_public_invite_codes"),
  image: can(a, "upload_project_image") || can(a, "upload_image"),
});

/** The program settings form: which sections show, and which inputs the actor may change. */
export const programSettingsRules = (a: Grants | null) => {
  const edit = can(a, "edit_project");
  return {
    edit,
    patientProgramNameVisible: can(a, "view_patient_program_name"),
    patientProgramNameEnabled: edit && can(a, "edit_patient_program_name"),
    projectPeriod: can(a, "view_patient_participation_duration") && can(a, "edit_patient_participation_duration"),
    notesVisible: can(a, "view_disable_meds_appointment_notes") && can(a, "edit_disable_meds_appointment_notes"),
    notesEnabled: edit && can(a, "edit_disable_meds_appointment_notes"),
    articlesVisible: can(a, "view_project_articles") || edit,
    consentVisible: can(a, "view_project_consent_message"),
    consentEnabled: edit && can(a, "edit_project_consent_message"),
    temperatureVisible: can(a, "view_project_temperature_severity_threshold"),
    temperatureEnabled: edit && can(a, "edit_project_temperature_severity_threshold"),
    image: edit && (can(a, "upload_project_image") || can(a, "upload_image")),
  };
};
