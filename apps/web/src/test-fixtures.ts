import type { CurrentUser, DailyReport, Program, RichTextDocument } from "@openpro/core";
import { fromWire, type Program as WebProgram } from "./lib/wire";

/** A program as GET /admin/projects returns it: open, individual invites, nothing configured. */
export const programFixture = (over: Partial<Program> = {}): Program => ({
  projectId: "33333333-3333-4333-8333-333333333333",
  name: "Program",
  patientProgramName: null,
  description: null,
  territory: "UK_IRE",
  organisationId: "11111111-1111-4111-8111-111111111111",
  organisationName: "Alpha Health",
  startDate: "2026-01-01",
  endDate: null,
  endedAt: null,
  inviteMode: "individual",
  kind: "individual",
  isPrivate: false,
  imageUrl: null,
  thumbnailUrl: null,
  closed: false,
  isProjectActive: true,
  adverseEventReportingMessage: null,
  consentMessage: null,
  disclaimer: null,
  temperatureMin: null,
  temperatureMax: null,
  temperatureMessage: null,
  defaultAlertMessage: null,
  articles: [],
  consentedPatientsCount: 0,
  availableQuestionnaireTypes: [],
  populateNvAppointments: false,
  projectPeriod: null,
  disabledNoteTypes: [],
  defaultPatientIdType: null,
  customPatientIdName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  canView: true,
  ...over,
});

/**
 * The grants that show the program fields the create and settings forms share (program-fields.tsx): the name
 * patients see, the participation period and the note types turned off, each viewed and edited.
 */
export const sharedProgramFieldPermissions = [
  "view_patient_program_name",
  "edit_patient_program_name",
  "view_patient_participation_duration",
  "edit_patient_participation_duration",
  "view_disable_meds_appointment_notes",
  "edit_disable_meds_appointment_notes",
] as const;

/** The same program as the web's components see it, its id named `programId` (lib/wire.ts). */
export const programViewFixture = (over: Partial<Program> = {}): WebProgram => fromWire(programFixture(over));

/**
 * A signed-in staff user as GET /api/v1/current returns them: Ann Lee, a clinician of the clinical
 * scope who may view programs, whose password is current, with no sign-in code pending and the
 * instructions for use acknowledged. A story names what its user differs in.
 */
export const signedInStaffUser = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: "4f1c0d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f",
  firstName: "Ann",
  lastName: "Lee",
  displayName: null,
  email: "ann@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects"],
  passwordExpireDate: null,
  otpRequired: false,
  instructionsAcknowledged: true,
  language: null,
  ...over,
});

/** Nia, a nurse with no permissions of her own: the staff user of the password-change stories. */
export const nurseNia = (over: Partial<CurrentUser> = {}): CurrentUser =>
  signedInStaffUser({
    id: "n1",
    firstName: "Nia",
    lastName: "Okafor",
    email: "nia@clinic.test",
    permissions: [],
    ...over,
  });

/** The instructions for use as GET /api/v1/content/sciensuspro-instructions-for-use returns them: one paragraph. */
export const instructionsForUseFixture = (text = "Read the alerts every morning."): RichTextDocument => ({
  id: "sciensuspro-instructions-for-use",
  title: "Instructions for use",
  version: "1",
  updatedAt: "2026-01-01T00:00:00.000Z",
  blocks: [{ type: "paragraph", text }],
});

/** A patient's daily report as GET …/reports/{date} returns it: nothing logged that day unless `over` says. */
export const dailyReportFixture = (date: string, over: Partial<DailyReport> = {}): DailyReport => ({
  date,
  feelings: [],
  symptoms: [],
  temperatures: [],
  weights: [],
  medicationEvents: [],
  appointments: [],
  activities: [],
  steps: [],
  ...over,
});

/** GET /admin/outbox's first page holding one stored sign-in code mail to Ann; `text` is the mail's text. */
export const outboxWithSignInCode = (text = "Your code is 123456") => ({
  results: [
    {
      id: "m1",
      to: "ann@example.org",
      subject: "Your sign-in code",
      text,
      status: "stored",
      createdAt: "2026-11-21T10:00:00.000Z",
      sentAt: null,
    },
  ],
  totalCount: 1,
});
