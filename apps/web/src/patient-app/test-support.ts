import type { CurrentUser, PatientMedication, PatientProgram } from "@openpro/core";
import { fakeJwt, jsonResponse, stubFetch } from "../test-utils";
import { storeMeTokens } from "./session";

/** What the patient app's tests answer each "METHOD path" with (test-utils' stubFetch). */
type FetchAnswers = Parameters<typeof stubFetch>[0];

/** The program the patient app's tests sign into. */
export const programId = "33333333-3333-4333-8333-333333333333";

/** A program as GET /user/projects shows it to its patient: "Heart care at home", in the UK, nothing set up. */
export const patientProgram = (over: Partial<PatientProgram> = {}): PatientProgram => ({
  programId,
  name: "Heart care at home",
  disclaimer: null,
  disabledNoteTypes: [],
  careTeam: [],
  articles: [],
  prioritisedSymptoms: [],
  territory: "UK_IRE",
  ...over,
});

/** A patient's account as GET /current (or the sign-in) answers it: Freya Hill, no language chosen yet. */
export const patientAccount = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: "p1",
  firstName: "Freya",
  lastName: "Hill",
  displayName: null,
  email: "freya@example.org",
  userRole: null,
  scope: "patient",
  permissions: [],
  passwordExpireDate: null,
  otpRequired: false,
  instructionsAcknowledged: true,
  language: null,
  ...over,
});

/** Patient p1 signed in to the /me app, with an access token good for 15 minutes (returned). */
export const signInPatient = (): string => {
  const accessToken = fakeJwt(Math.floor(Date.now() / 1000) + 900);
  storeMeTokens({ accessToken, refreshToken: "r1" }, "p1");
  return accessToken;
};

/**
 * A signed-in patient on the /me app, taking part in `programs` (one "Heart care at home" unless
 * given); fetch answers their account, their programs and the `answers` given. Returns the fetch mock.
 */
export const signInPatientAnswering = ({
  programs = [patientProgram()],
  account = patientAccount(),
  answers = {},
}: {
  programs?: PatientProgram[];
  account?: CurrentUser;
  answers?: FetchAnswers;
} = {}) => {
  signInPatient();
  return stubFetch({
    "GET /api/v1/current": () => jsonResponse(200, account),
    "GET /api/v1/user/projects": () => jsonResponse(200, { results: programs }),
    ...answers,
  });
};

/** The server's answer to a log upload: every log created, `alertMessages` raised by the first. */
export const answerLogUpload =
  (alertMessages: object[] = []) =>
  (init: RequestInit | undefined) => {
    const { logs } = JSON.parse(String(init?.body)) as { logs: { clientId: string }[] };
    return jsonResponse(200, {
      results: logs.map((l) => ({ clientId: l.clientId, logId: "log-1", status: "created" })),
      alertMessages: alertMessages.map((a) => ({ clientId: logs[0]?.clientId, ...a })),
    });
  };

/** Tamoxifen 20 mg once a day on the patient's list, no dose recorded yet. */
export const tamoxifen = (over: Partial<PatientMedication> = {}): PatientMedication => ({
  medicationId: "m1",
  clientId: "c1",
  name: "Tamoxifen",
  dosage: "20 mg",
  dosageUnit: null,
  frequency: "ONCE_DAILY",
  snomedId: null,
  startDate: "2026-11-01",
  endDate: null,
  lastDose: null,
  ...over,
});

/** The server's answer to doses sent: each one created; the doses are kept in `sent`. */
export const answerDoses = (sent: unknown[]) => (init: RequestInit | undefined) => {
  const { events } = JSON.parse(String(init?.body)) as { events: { clientId: string }[] };
  sent.push(...events);
  return jsonResponse(200, { results: events.map((e) => ({ clientId: e.clientId, logId: "e1", status: "created" })) });
};
