import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  role: string | null;
  scope: "clinical" | "patient";
  passwordHash: string | null;
  passwordChangedAt: Timestamp | null;
  permissions: string[];
  dob: ColumnType<string | null, string | null | undefined, string | null>;
  territory: string | null;
  privacyPolicy: Generated<boolean>;
  eula: Generated<boolean>;
  marketingConsent: Generated<boolean>;
  emailVerified: Generated<boolean>;
  instructionsAcknowledgedAt: Timestamp | null;
  sex: string | null;
  questionnaireReminders: Generated<boolean>;
  dateCreated: CreatedAt;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  userId: string;
  scope: "clinical" | "patient";
  otpVerified: boolean;
  createdAt: CreatedAt;
  lastActivityAt: Timestamp;
  absoluteExpiresAt: Timestamp;
  endedAt: Timestamp | null;
  endedReason: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  sessionId: string;
  tokenHash: string;
  createdAt: CreatedAt;
  usedAt: Timestamp | null;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  userId: string;
  sessionId: string | null;
  purpose: "login" | "signup" | "password_reset" | "password_reset_code";
  codeHash: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  consumedAt: Timestamp | null;
  voidedAt: Timestamp | null;
}

export interface RateLimitCountersTable {
  key: string;
  windowStart: Timestamp;
  hits: number;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  actorUserId: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  programId: string | null;
  patientId: string | null;
  outcome: "success" | "failure" | "refused";
  requestId: string | null;
  /** The X-Request-Id a client sent, kept apart: never the server's request id. */
  clientRequestId: string | null;
  ip: string | null;
  details: Json<Record<string, unknown>> | null;
}

export interface JobsTable {
  id: Generated<string>;
  name: string;
  payload: Json<Record<string, unknown>>;
  runAt: Timestamp;
  attempts: Generated<number>;
  maxAttempts: number;
  lockedUntil: Timestamp | null;
  lockedBy: string | null;
  completedAt: Timestamp | null;
  failedAt: Timestamp | null;
  lastError: string | null;
  singletonKey: string | null;
  createdAt: CreatedAt;
}

export interface MailsTable {
  id: Generated<string>;
  /** Insertion order, for mails written in the same instant. */
  seq: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  category: string;
  status: "queued" | "sent" | "failed" | "stored";
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  lastError: string | null;
}

export interface FeedbackTable {
  id: Generated<string>;
  userId: string | null;
  text: string;
  createdAt: CreatedAt;
}

export interface OrganisationsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  createdAt: CreatedAt;
}

export interface OrganisationStaffTable {
  organisationId: string;
  userId: string;
  role: string;
  inviteAccepted: boolean;
  createdAt: CreatedAt;
}

export interface ProgramsTable {
  id: Generated<string>;
  organisationId: string;
  name: string;
  patientProgramName: string | null;
  description: string | null;
  territory: "UK_IRE" | "US" | "CH";
  startDate: ColumnType<string, string, string>;
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  endedAt: Timestamp | null;
  inviteMode: "individual" | "public";
  isPrivate: Generated<boolean>;
  populateNvAppointments: Generated<boolean>;
  participationWeeks: number | null;
  adverseEventReportingMessage: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  disabledNoteTypes: Generated<string[]>;
  defaultPatientIdType: string | null;
  customPatientIdName: string | null;
  consentMessage: string | null;
  disclaimer: ColumnType<string | null, string | null | undefined, string | null>;
  /** numeric: node-postgres returns it as text, PGlite may not; read through Number(). */
  temperatureMin: ColumnType<string | number | null, number | null | undefined, number | null>;
  temperatureMax: ColumnType<string | number | null, number | null | undefined, number | null>;
  temperatureMessage: ColumnType<string | null, string | null | undefined, string | null>;
  articles: ColumnType<ProgramArticle[], string | undefined, string>;
  createdAt: CreatedAt;
}

export interface ProgramArticle {
  articleId: string;
  header: string;
  url: string;
}

export interface ProgramStaffTable {
  programId: string;
  userId: string;
  role: string;
  inviteAccepted: boolean;
  createdAt: CreatedAt;
}

export interface StaffInvitesTable {
  id: Generated<string>;
  userId: string;
  organisationId: string | null;
  programId: string | null;
  codeHash: string;
  invitedBy: string | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

/** Images are kept in the database, so every server process can serve them. */
export interface UploadedImagesTable {
  id: Generated<string>;
  fileName: string;
  contentType: string;
  image: Buffer;
  thumbnail: Buffer;
  uploadedBy: string | null;
  createdAt: CreatedAt;
}

export interface ProgramPatientsTable {
  id: Generated<string>;
  programId: string;
  userId: string;
  firstName: string;
  lastName: string;
  inviteEmail: string;
  consentedEmail: string | null;
  patientIdType: string | null;
  patientId: string | null;
  status: string;
  verificationStatus: Generated<string>;
  consentGiven: Generated<boolean>;
  dateConsentGiven: Timestamp | null;
  dateConsentRevoked: Timestamp | null;
  inviteAcceptedAt: Timestamp | null;
  enrolledWith: "individual" | "public";
  createdBy: string | null;
  createdAt: Timestamp;
  /** Open (unacknowledged) symptom logs at a danger grade; kept by a trigger on patient_logs. */
  severeSymptomsCount: Generated<number>;
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** [{ cancerType, cancerStage, diagnosisDate }] */
  cancerTypes: ColumnType<unknown, string | undefined, string>;
}

export interface PatientStatusHistoryTable {
  id: Generated<string>;
  programId: string;
  enrolmentId: string;
  status: string;
  at: Timestamp;
  actorUserId: string | null;
}

export interface PatientVerificationHistoryTable {
  id: Generated<string>;
  programId: string;
  enrolmentId: string;
  verificationStatus: string;
  at: Timestamp;
  actorUserId: string | null;
}

export interface PatientInvitesTable {
  id: Generated<string>;
  programId: string;
  enrolmentId: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  remindersSent: Generated<number>;
}

export interface PublicInviteCodesTable {
  id: Generated<string>;
  programId: string;
  code: string;
  createdAt: Timestamp;
  dateExpires: Timestamp;
  deactivatedAt: Timestamp | null;
  createdBy: string | null;
}

export interface CareTeamContactsTable {
  id: Generated<string>;
  programId: string;
  careTeamName: string;
  generalGuidance: string;
  hoursOfOperation: string;
  contactPhones: string[];
  contactEmails: string[];
  position: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
  updatedAt: Timestamp;
}

export interface PatientLogsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  clientId: string;
  logClass: string;
  loggedAt: Timestamp;
  localDate: ColumnType<string, string, string>;
  utcOffsetMinutes: number;
  logTypeId: string | null;
  grade: number | null;
  isDanger: Generated<boolean>;
  value: number | null;
  unit: string | null;
  originalValue: number | null;
  originalUnit: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  note: string | null;
  validationStatus: "Acknowledged" | "Removed" | null;
  validationReason: string | null;
  validatedBy: string | null;
  validatedAt: Timestamp | null;
  receivedAt: Timestamp;
}

export interface PatientMedicationsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  clientId: string;
  name: string;
  dosage: string | null;
  dosageUnit: string | null;
  frequency: string;
  snomedId: string | null;
  startDate: ColumnType<string, string, string>;
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MedicationEventsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  medicationId: string;
  clientId: string;
  status: "LOGGED" | "SKIPPED";
  takenAt: Timestamp;
  localDate: ColumnType<string, string, string>;
  utcOffsetMinutes: number;
  skipReason: string | null;
  notes: string | null;
  receivedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  oneTimeCodes: OneTimeCodesTable;
  rateLimitCounters: RateLimitCountersTable;
  auditLog: AuditLogTable;
  jobs: JobsTable;
  mails: MailsTable;
  feedback: FeedbackTable;
  organisations: OrganisationsTable;
  organisationStaff: OrganisationStaffTable;
  programs: ProgramsTable;
  programStaff: ProgramStaffTable;
  appSettings: AppSettingsTable;
  staffInvites: StaffInvitesTable;
  uploadedImages: UploadedImagesTable;
  programPatients: ProgramPatientsTable;
  patientStatusHistory: PatientStatusHistoryTable;
  patientVerificationHistory: PatientVerificationHistoryTable;
  patientInvites: PatientInvitesTable;
  publicInviteCodes: PublicInviteCodesTable;
  careTeamContacts: CareTeamContactsTable;
  patientLogs: PatientLogsTable;
  patientMedications: PatientMedicationsTable;
  medicationEvents: MedicationEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type EnrolmentUpdate = Updateable<ProgramPatientsTable>;
