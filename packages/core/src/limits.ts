/** The specification's constants: page sizes, text lengths, time limits, sign-in throttling. */
export const limits = {
  accessTokenTtlSeconds: 15 * 60,
  /** The client refreshes this long before the access token expires. */
  accessTokenRefreshLeadSeconds: 60,
  inactivitySignOutSeconds: 1800,
  sessionAbsoluteLifetimeSeconds: 12 * 60 * 60,
  otpLength: 6,
  otpTtlSeconds: 10 * 60,
  otpMaxAttempts: 5,
  /** Sends of a one-time code (first one included) per purpose and sign-in within the window. */
  otpMaxSendsPerWindow: 4,
  otpSendWindowSeconds: 10 * 60,
  otpVerifyDebounceMs: 1500,
  resetCodeLength: 8,
  resetCodeTtlSeconds: 30 * 60,
  passwordMinLength: 12,
  passwordMaxLength: 128,
  passwordMaxAgeDays: 180,
  loginFailuresPerAccount: 10,
  /** Wrong passwords per client address (a hospital's staff share one): security issue 29 §5. */
  loginFailuresPerIp: 100,
  loginRateWindowSeconds: 15 * 60,
  /** Wrong one-time codes (sign-in, sign-up, both kinds of reset code) per e-mail address, and per client address. */
  codeFailuresPerAccount: 10,
  codeFailuresPerIp: 100,
  codeFailureWindowSeconds: 15 * 60,
  pageSize: { organisations: 25, projects: 25, patients: 25, users: 10, appointments: 10 },
  maxSnackbars: 5,
  errorReportingSampleRate: 0.1,
  mobileBreakpointPx: 768,
  scrollGateThresholdPx: 100,
  scrollThrottleMs: 750,
  text: {
    organisationName: 250,
    teamName: 100,
    displayName: 500,
    email: 256,
    programName: 100,
    patientProgramName: 100,
    description: 300,
    releaseNotes: 100,
    feedback: 5000,
    personName: 100,
    careTeamName: 50,
    /** "Under 3000": the inputs stop at 2999. */
    careTeamText: 2999,
    consentMessage: 3000,
    disclaimer: 1000,
    adverseEventMessage: 500,
    temperatureMessage: 500,
    articleHeader: 100,
    articleUrl: 500,
  },
  /** Program-specific articles (links) a program may list. */
  articles: { max: 10 },
  /** Temperature alert thresholds, degrees Celsius. */
  temperature: { min: 20, max: 50 },
  careTeam: { maxContacts: 5, maxPhones: 2, maxEmails: 2 },
  image: { maxBytes: 5 * 1024 * 1024, maxFileNameLength: 50, types: ["image/png", "image/jpeg"] },
} as const;

export const PASSWORD_SPECIAL_CHARACTERS = `!@#$%^&*(),.?'":{}|<>`;
