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
  /** The patient's language (core's patientLanguages); null: the program territory's default. */
  language: string | null;
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
  /** The times of the most recent hits within the window (sliding-window limits, migration 0019). */
  hitTimes: ColumnType<Date[], unknown, unknown>;
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
  /** The client's User-Agent header (migration 0015). */
  userAgent: string | null;
  /** Set by the chaining trigger (migration 0015): the row's place in the hash chain. */
  chainPosition: Generated<number>;
  /** Set by the chaining trigger: sha256(previous hash || audit_log_canonical(row)), hex. */
  hash: Generated<string>;
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
  /** The URI the organisation's patient index knows its hospital numbers by (null: our default). */
  fhirHospitalNumberSystem: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The consent message per language (migration 0029); consentMessage is the program default language's. */
  consentMessageTranslations: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
  disclaimer: ColumnType<string | null, string | null | undefined, string | null>;
  /** numeric: node-postgres returns it as text, PGlite may not; read through Number(). */
  temperatureMin: ColumnType<string | number | null, number | null | undefined, number | null>;
  temperatureMax: ColumnType<string | number | null, number | null | undefined, number | null>;
  temperatureMessage: ColumnType<string | null, string | null | undefined, string | null>;
  /** Shown after a severe grade the program gave no message of its own (null: the territory default). */
  defaultAlertMessage: ColumnType<string | null, string | null | undefined, string | null>;
  /** The default alert message per language (migration 0030); defaultAlertMessage is the program default language's. */
  defaultAlertMessageTranslations: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
  /** The temperature message per language (migration 0030); temperatureMessage is the program default language's. */
  temperatureMessageTranslations: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
  articles: ColumnType<ProgramArticle[], string | undefined, string>;
  createdAt: CreatedAt;
  /** Outcome measures: the licensed instrument codes the program uses (migration 0010). */
  availableQuestionnaireTypes: Generated<string[]>;
  /** Years the program's patient data is kept after it ends (migration 0017). */
  retentionYears: Generated<number>;
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
  /** Unresolved (Open or Taken) alerts; kept by a trigger on alerts (0012-alerts). */
  openAlertCount: Generated<number>;
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** [{ cancerType, cancerStage, diagnosisDate }] */
  cancerTypes: ColumnType<unknown, string | undefined, string>;
  /** Personal data erased (migration 0017): when, on which ground; the year of birth kept for research. */
  erasedAt: Timestamp | null;
  erasureGround: "never_consented" | "retention_over" | "no_legal_ground" | null;
  birthYear: number | null;
  /** What the patient gave THIS program at consent (migration 0019); no other program reads it. */
  dob: ColumnType<string | null, string | null | undefined, string | null>;
  sex: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The guidance per language (migration 0029); generalGuidance is the program default language's. */
  generalGuidanceTranslations: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
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

/** A dose the patient undid: its client id, so undoing again answers the same (migration 0027). */
export interface MedicationEventUndosTable {
  patientId: string;
  clientId: string;
  programId: string;
  undoneAt: Timestamp;
}

// program dashboard: daily roll-ups kept by triggers (migration 0009); read-only for the application.
export interface ProgramSymptomDaysTable {
  programId: string;
  logTypeId: string;
  localDate: string;
  consentDate: string;
  grade0: number;
  grade1: number;
  grade2: number;
  grade3: number;
  grade4: number;
  severe: number;
}

export interface ProgramTemperatureDaysTable {
  programId: string;
  localDate: string;
  consentDate: string;
  readings: number;
  valueSum: string;
  valueSquareSum: string;
  high: number;
  low: number;
}

// program dashboard: medication doses per name and day, kept by triggers (migration 0016); read-only.
export interface ProgramMedicationDaysTable {
  programId: string;
  name: string;
  localDate: string;
  logged: number;
  skipped: number;
  covered: number;
}

// questionnaire settings (migration 0010)
export interface QuestionnaireTypesTable {
  id: Generated<string>;
  programId: string | null;
  kind: "hardcoded" | "custom";
  code: "EQ5D" | "BN20" | "QLQC30" | "FACTG" | null;
  name: string;
  /** The custom scheme (core questionnaires/custom-scheme.ts); null for the licensed instruments. */
  specification: ColumnType<unknown | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  deletedAt: Timestamp | null;
}

export interface QuestionnaireBatchesTable {
  id: Generated<string>;
  programId: string;
  name: string;
  createdAt: CreatedAt;
  deletedAt: Timestamp | null;
}

export interface QuestionnaireBatchMembersTable {
  batchId: string;
  questionnaireTypeId: string;
  memberOrder: number;
}

export interface QuestionnairePlansTable {
  id: Generated<string>;
  programId: string;
  name: string;
  createdAt: CreatedAt;
  deletedAt: Timestamp | null;
}

export interface QuestionnairePlanMembersTable {
  planId: string;
  /** 1-based */
  memberOrder: number;
  memberType: "questionnaire" | "batch";
  questionnaireTypeId: string | null;
  questionnaireBatchId: string | null;
  schedulingType: "delay" | "delay_with_condition" | null;
  conditionType: Generated<"always" | "completion" | "question">;
  condition: ColumnType<{ questionId: string; answer: string } | null, string | null | undefined, string | null>;
  delay: Generated<number>;
  delayUnit: Generated<"days" | "weeks" | "months">;
  delayType: "from_completion" | "from_delivery" | null;
  frequency: string | null;
  frequencyCustom: number | null;
  numberToSend: Generated<number>;
  responseWindow: Generated<number>;
  responseWindowUnit: Generated<"days" | "weeks" | "months">;
}

// appointments
export interface NurseVisitAppointmentsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  appointmentType: string;
  date: ColumnType<string, string, string>;
  startTime: string | null;
  endTime: string | null;
  isDraft: boolean;
  mode: string;
  status: string;
  withWhom: string | null;
  notes: string | null;
  startsAt: Timestamp;
  endsAt: Timestamp;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

// symptom settings and alerts (0012-alerts)
export interface PrioritisedSymptomsTable {
  programId: string;
  logTypeId: string;
  position: number;
}

export interface SevereSymptomMessagesTable {
  id: Generated<string>;
  programId: string;
  message: string;
  /** The message per language (migration 0032); message is the program default language's. */
  messageTranslations: ColumnType<Partial<Record<string, string>>, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SevereSymptomGradesTable {
  id: Generated<string>;
  programId: string;
  messageId: string;
  logTypeId: string;
  grade: number;
  createdAt: Timestamp;
}

export interface SymptomRemindersTable {
  id: Generated<string>;
  programId: string;
  logTypeIds: string[];
  offsetAmount: number;
  offsetPeriod: "days" | "weeks" | "months";
  durationAmount: number | null;
  durationPeriod: "days" | "weeks" | "months" | null;
  intervalAmount: number | null;
  intervalPeriod: "days" | "weeks" | "months" | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PatientNotificationsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  kind: string;
  title: string;
  body: string;
  /** The served text's key (core's patientServedText), rendered in the patient's language when read; null before migration 0029. */
  messageKey: ColumnType<string | null, string | null | undefined, string | null>;
  messageValues: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  sourceKey: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
}

export interface AlertSettingsTable {
  programId: string;
  escalationMinutes: number;
  updatedAt: Timestamp;
}

export interface StaffAlertPreferencesTable {
  userId: string;
  emailOnNewAlert: boolean;
  updatedAt: Timestamp;
}

export interface AlertsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  kind: "symptom" | "temperature";
  triggerKey: string;
  logTypeId: string | null;
  grade: number | null;
  temperature: number | null;
  severity: number;
  status: Generated<"open" | "taken" | "closed">;
  raisedAt: Timestamp;
  lastLogAt: Timestamp;
  logCount: Generated<number>;
  ownerId: string | null;
  takenAt: Timestamp | null;
  closedAt: Timestamp | null;
  closedBy: string | null;
  closeAction: string | null;
  closeNote: string | null;
  escalatedAt: Timestamp | null;
}

export interface AlertLogsTable {
  alertId: string;
  logId: string;
  programId: string;
}

// questionnaire delivery (migration 0011)
export interface QuestionnaireSchedulesTable {
  id: Generated<string>;
  programId: string;
  /** null: program level (every consented patient). */
  patientId: string | null;
  itemType: "hardcoded" | "questionnaire" | "batch" | "plan";
  scheduleType: Generated<"RECURRING" | "ALWAYS_ON">;
  questionnaireTypeId: string | null;
  questionnaireBatchId: string | null;
  questionnairePlanId: string | null;
  name: string;
  description: string | null;
  frequency: number;
  numberToSend: number;
  responseWindow: number;
  startDay: number | null;
  startDate: ColumnType<string | null, string | null | undefined, string | null>;
  instructionsForPatient: string | null;
  deferredMemberOrder: number | null;
  deferredTo: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: string | null;
  createdAt: Timestamp;
  deletedAt: Timestamp | null;
}

export interface QuestionnaireEventsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  scheduleId: string;
  questionnaireTypeId: string;
  planMemberOrder: number;
  occurrence: number;
  batchMemberOrder: number;
  dueDate: ColumnType<string, string, string>;
  windowClosesAt: Timestamp;
  remindAt: Timestamp | null;
  state: "DUE" | "IN_PROGRESS" | "COMPLETED" | "MISSED";
  answeredCount: Generated<number>;
  questionCount: Generated<number>;
  createdAt: Timestamp;
  notifiedAt: Timestamp | null;
  remindedAt: Timestamp | null;
  startedAt: Timestamp | null;
  completedAt: Timestamp | null;
  submitClientId: string | null;
  scores: ColumnType<unknown | null, string | null | undefined, string | null>;
}

export interface QuestionnaireAnswersTable {
  eventId: string;
  programId: string;
  patientId: string;
  questionId: string;
  value: ColumnType<unknown, string | null, string | null>;
  skipped: boolean;
  answeredAt: Timestamp;
}

// research exports (0014-exports)
export interface ResearchExportsTable {
  id: Generated<string>;
  programId: string;
  requestedBy: string | null;
  format: "csv" | "xlsx";
  anonymised: boolean;
  status: "queued" | "running" | "ready" | "failed";
  /** bigint: node-postgres returns it as text; read through Number(). */
  rowsDone: ColumnType<string | number, number | undefined, number>;
  rowsTotal: ColumnType<string | number | null, number | null | undefined, number | null>;
  fileName: string | null;
  contentType: string | null;
  byteSize: ColumnType<string | number | null, number | null | undefined, number | null>;
  error: string | null;
  createdAt: Timestamp;
  startedAt: Timestamp | null;
  completedAt: Timestamp | null;
}

export interface ResearchExportChunksTable {
  exportId: string;
  seq: number;
  data: Buffer;
}

// FHIR bulk exports (migration 0013)
export interface FhirExportsTable {
  id: Generated<string>;
  programId: string;
  requestedBy: string;
  requestUrl: string;
  resourceTypes: string[];
  since: Timestamp | null;
  status: "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELLED";
  progress: string | null;
  error: string | null;
  createdAt: Timestamp;
  startedAt: Timestamp | null;
  completedAt: Timestamp | null;
}

export interface SmartClientsTable {
  id: Generated<string>;
  organisationId: string;
  /** The client's account: its access tokens are sessions of it. */
  userId: string;
  name: string;
  jwks: ColumnType<unknown, string | null, string | null>;
  jwksUrl: string | null;
  scopes: string[];
  createdBy: string | null;
  createdAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface SmartClientAssertionsTable {
  clientId: string;
  jti: string;
  expiresAt: Timestamp;
}

export interface FhirExportPartsTable {
  exportId: string;
  resourceType: string;
  part: number;
  resourceCount: number;
  ndjson: string;
}

// the worklist of patients gone quiet (migration 0025)
export interface WorklistSettingsTable {
  programId: string;
  quietDays: number;
  updatedAt: Timestamp;
}

export interface WorklistContactsTable {
  id: Generated<string>;
  programId: string;
  patientId: string;
  outcome: "called" | "left_message" | "unwell_or_admitted" | "no_answer";
  note: string | null;
  contactedBy: string | null;
  contactedAt: Timestamp;
}

/** A patient's calendar day with a log; kept by triggers on patient_logs. */
export interface PatientLogDaysTable {
  programId: string;
  localDate: ColumnType<string, string, string>;
  patientId: string;
}

/**
 * One enrolment's days logged (migration 0028): its latest calendar day with a log and a 32-bit
 * map of the days before it (bit i: lastLogDay − i); kept by triggers on patient_log_days.
 */
export interface WorklistLogDaysSummariesTable {
  programId: string;
  patientId: string;
  lastLogDay: string;
  logDayBits: number;
}

/** Each enrolment's latest answered and latest missed questionnaire (migration 0033, kept by triggers). */
export interface WorklistQuestionnaireSummariesTable {
  programId: string;
  patientId: string;
  lastCompletedAt: Date | null;
  lastMissedClosesAt: Date | null;
}

// Web Push to the patient web app (migration 0026)
export interface PushSubscriptionsTable {
  id: Generated<string>;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: string[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
  lastSuccessAt: Timestamp | null;
}

/** The e-mail a push delivery sends when no subscription takes it. */
export interface PushFallbackMail {
  to: string;
  category: string;
  mail: { subject: string; text: string; html: string };
}

export interface PushDeliveriesTable {
  id: Generated<string>;
  userId: string;
  programId: string;
  kind: string;
  eventKey: string;
  fallbackMail: Json<PushFallbackMail | null> | null;
  createdAt: Timestamp;
  doneAt: Timestamp | null;
  outcome: "pushed" | "mailed" | "none" | null;
}

export interface PushSettingsTable {
  programId: string;
  quietStartMinute: number;
  quietEndMinute: number;
  updatedAt: Timestamp;
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
  medicationEventUndos: MedicationEventUndosTable;
  programSymptomDays: ProgramSymptomDaysTable;
  programTemperatureDays: ProgramTemperatureDaysTable;
  programMedicationDays: ProgramMedicationDaysTable;
  nurseVisitAppointments: NurseVisitAppointmentsTable;
  questionnaireTypes: QuestionnaireTypesTable;
  questionnaireBatches: QuestionnaireBatchesTable;
  questionnaireBatchMembers: QuestionnaireBatchMembersTable;
  questionnairePlans: QuestionnairePlansTable;
  questionnairePlanMembers: QuestionnairePlanMembersTable;
  questionnaireSchedules: QuestionnaireSchedulesTable;
  questionnaireEvents: QuestionnaireEventsTable;
  questionnaireAnswers: QuestionnaireAnswersTable;
  prioritisedSymptoms: PrioritisedSymptomsTable;
  severeSymptomMessages: SevereSymptomMessagesTable;
  severeSymptomGrades: SevereSymptomGradesTable;
  symptomReminders: SymptomRemindersTable;
  patientNotifications: PatientNotificationsTable;
  alertSettings: AlertSettingsTable;
  staffAlertPreferences: StaffAlertPreferencesTable;
  alerts: AlertsTable;
  alertLogs: AlertLogsTable;
  researchExports: ResearchExportsTable;
  researchExportChunks: ResearchExportChunksTable;
  fhirExports: FhirExportsTable;
  fhirExportParts: FhirExportPartsTable;
  smartClients: SmartClientsTable;
  smartClientAssertions: SmartClientAssertionsTable;
  worklistSettings: WorklistSettingsTable;
  worklistContacts: WorklistContactsTable;
  patientLogDays: PatientLogDaysTable;
  worklistLogDaysSummaries: WorklistLogDaysSummariesTable;
  worklistQuestionnaireSummaries: WorklistQuestionnaireSummariesTable;
  pushSubscriptions: PushSubscriptionsTable;
  pushDeliveries: PushDeliveriesTable;
  pushSettings: PushSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type EnrolmentUpdate = Updateable<ProgramPatientsTable>;
