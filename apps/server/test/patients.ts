import { nhsNumberCheckDigit } from "@openpro/core";
import type { TestApp } from "./test-app.js";

/**
 * Helpers for the patient stories: program set-up the API cannot do in one step, the care team's
 * calls, and the links a patient finds in their mailbox, taken apart as the web app does.
 */

export const PATIENT_PASSWORD = "Harbour-Lights-2026!";
export const DAY_SECONDS = 86_400;

/** Program flags set by an admin elsewhere (public invite mode, private kind, ended). */
export const setProgram = async (
  t: TestApp,
  programId: string,
  changes: { inviteMode?: "individual" | "public"; isPrivate?: boolean; endedAt?: Date | null; territory?: string },
) => {
  await t.ctx.db
    .updateTable("programs")
    .set(changes as never)
    .where("id", "=", programId)
    .execute();
};

export const userIdOf = async (t: TestApp, email: string) =>
  (await t.ctx.db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow())
    .id;

/**
 * A valid NHS number of its own for each serial (10 serials apart never meet): the serial's
 * digits and a zero, or the next number whose check digit exists, and the check digit.
 */
export const nhsNumber = (serial: number): string => {
  for (let base = serial * 10; ; base++) {
    const firstNine = String(base).padStart(9, "0");
    const check = nhsNumberCheckDigit(firstNine);
    if (check !== null) return `${firstNine}${check}`;
  }
};

export const newPatient = (projectId: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@patients.test",
  patientIdType: "nhs_number",
  patientId: "943 476 5919",
  projectId,
  ...extra,
});

export const addPatient = (t: TestApp, token: string, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/v1/users", token, payload });

export const listPatients = (t: TestApp, token: string, programId: string, query: Record<string, string> = {}) =>
  t.request({
    method: "GET",
    url: `/api/v1/admin/projects/${programId}/users?${new URLSearchParams(query).toString()}`,
    token,
  });

/**
 * A patient the care team added through the API with an identifier, who has since consented and
 * told this program her date of birth and sex (kept on the enrolment, as the demographics step
 * leaves them). The account itself carries another date, `accountDob`, so that a test shows staff
 * read only what the patient gave the program. She consented now, or at `consentedAt`.
 */
export const addConsentedPatient = async (
  t: TestApp,
  token: string,
  programId: string,
  person: { firstName: string; lastName: string; email: string; patientIdType: string; patientId: string },
  given: { dob: string; sex: "female" | "male"; accountDob?: string; consentedAt?: string },
) => {
  const added = await addPatient(t, token, newPatient(programId, person));
  if (added.statusCode !== 201) throw new Error(`adding ${person.email} failed: ${added.statusCode} ${added.body}`);
  const enrolment = await t.ctx.db
    .selectFrom("programPatients")
    .select(["id", "userId"])
    .where("programId", "=", programId)
    .where("inviteEmail", "=", person.email.toLowerCase())
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable("programPatients")
    .set({
      status: "CONSENTED",
      consentGiven: true,
      dateConsentGiven: given.consentedAt ? new Date(given.consentedAt) : t.clock.now(),
      dob: given.dob,
      sex: given.sex,
    })
    .where("id", "=", enrolment.id)
    .execute();
  await t.ctx.db
    .updateTable("users")
    .set({ dob: given.accountDob ?? given.dob, sex: given.sex })
    .where("id", "=", enrolment.userId as string)
    .execute();
  return enrolment;
};

/** The one row of a patient in a program's enrolment list (found by e-mail). */
export const enrolmentOf = async (t: TestApp, token: string, programId: string, email: string) => {
  const list = await listPatients(t, token, programId, { term: email });
  if (list.statusCode !== 200) throw new Error(`list failed: ${list.statusCode} ${list.body}`);
  const row = (list.json().results as { email: string }[]).find((r) => r.email === email.toLowerCase());
  if (!row) throw new Error(`${email} is not in the list`);
  return row as {
    id: string;
    status: string;
    statusHistory: { status: string; date: string }[];
    verificationStatus: string;
    verificationStatusHistory: { verificationStatus: string; dateUpdated: string }[];
    consentGiven: boolean;
    dateConsentGiven: string | null;
    dateConsentRevoked: string | null;
    inviteAccepted: boolean;
    enrolledWith: string;
    patientId: string | null;
    patientIdType: string | null;
    firstName: string;
    lastName: string;
    email: string;
  };
};

/** The personal invitation links e-mailed to someone, oldest first ("Open my invitation: URL"). */
export const inviteLinks = async (t: TestApp, email: string) =>
  (await t.mailsTo(email)).flatMap((mail) => {
    const match = mail.textBody.match(/Open my invitation: (\S+)/);
    if (!match) return [];
    const url = new URL(match[1]!);
    return [{ url, subject: mail.subject, textBody: mail.textBody, code: url.pathname.split("/").at(-1)! }];
  });

export const lastInviteCode = async (t: TestApp, email: string) => {
  const link = (await inviteLinks(t, email)).at(-1);
  if (!link) throw new Error(`No invitation was e-mailed to ${email}`);
  return link.code;
};

/** The unsubscribe link of the newest reminder mail, decoded as the unsubscribe page does. */
export const unsubscribeLink = async (t: TestApp, email: string) => {
  const mail = (await t.mailsTo(email)).reverse().find((m) => m.textBody.includes("/unsubscribe?"));
  const match = mail?.textBody.match(/(https?:\/\/\S+\/unsubscribe\?\S+)/);
  if (!match) throw new Error(`No unsubscribe link was e-mailed to ${email}`);
  const url = new URL(match[1]!);
  return {
    url,
    email: Buffer.from(url.searchParams.get("email") ?? "", "base64").toString("utf8"),
    userId: url.searchParams.get("userId") ?? "",
    token: url.searchParams.get("token") ?? "",
  };
};

export const inviteInfo = (t: TestApp, code: string) =>
  t.request({ method: "GET", url: `/api/v1/auth/users-invite/${encodeURIComponent(code)}` });

export const signUpForm = (inviteCode: string, email: string, extra: Record<string, unknown> = {}) => ({
  inviteCode,
  email,
  password: PATIENT_PASSWORD,
  confirmPassword: PATIENT_PASSWORD,
  privacyPolicy: true,
  eula: true,
  firstName: "Grace",
  lastName: "Hopper",
  ...extra,
});

export const registerPatient = (t: TestApp, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/v2/auth/register", payload });

export const patientLogin = (t: TestApp, email: string, inviteCode?: string, password = PATIENT_PASSWORD) =>
  t.request({
    method: "POST",
    url: "/api/v2/auth/login",
    payload: { email, password, scope: "patient", ...(inviteCode ? { inviteCode } : {}) },
  });

/** A patient signs in to the app (with `PATIENT_PASSWORD` unless told otherwise): the session's access token. */
export const signInPatient = async (t: TestApp, email: string, password = PATIENT_PASSWORD) => {
  const response = await patientLogin(t, email, undefined, password);
  if (response.statusCode !== 200) throw new Error(`patient sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().accessToken as string;
};

export const giveConsent = (t: TestApp, token: string, programId: string, consentGiven = true) =>
  t.request({
    method: "PATCH",
    url: `/api/v1/user/project/${programId}/consent`,
    token,
    payload: { consentGiven },
  });

/** Takes an added patient through the e-mailed link to a patient session; returns its access token. */
export const acceptInvite = async (
  t: TestApp,
  email: string,
  names: { firstName?: string; lastName?: string } = {},
) => {
  const code = await lastInviteCode(t, email);
  const registered = await registerPatient(t, signUpForm(code, email, names));
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  return registered.json().accessToken as string;
};

/** Rows of the audit log for one action, oldest first. */
export const auditRows = (t: TestApp, action: string) =>
  t.ctx.db
    .selectFrom("auditLog")
    .select(["action", "programId", "patientId", "actorUserId", "outcome"])
    .where("action", "=", action)
    .orderBy("at")
    .execute();

/**
 * A patient the care team added through the API (as `staffToken`), who took the e-mailed invitation
 * and consented in the app: her account id and her patient session. `names` are those she is added
 * and signs up with (Grace Hopper by default). With `consentsAt` the clock is moved there after she
 * is added, so that she joins and consents later than the day she was added.
 */
export const consentedPatient = async (
  t: TestApp,
  staffToken: string,
  programId: string,
  person: { email: string; firstName?: string; lastName?: string } & Record<string, unknown>,
  { consentsAt }: { consentsAt?: string } = {},
): Promise<{ userId: string; token: string }> => {
  const added = await addPatient(t, staffToken, newPatient(programId, person));
  if (added.statusCode !== 201) throw new Error(`adding ${person.email} answered ${added.statusCode} ${added.body}`);
  if (consentsAt) t.clock.set(consentsAt);
  const names = {
    ...(person.firstName ? { firstName: person.firstName } : {}),
    ...(person.lastName ? { lastName: person.lastName } : {}),
  };
  const token = await acceptInvite(t, person.email, names);
  const consented = await giveConsent(t, token, programId);
  if (consented.statusCode !== 200) throw new Error(`${person.email} consenting answered ${consented.statusCode}`);
  return { userId: await userIdOf(t, person.email), token };
};
