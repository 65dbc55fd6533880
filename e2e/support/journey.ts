import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type ApiAnswer, apiClient } from "./api.js";
import { launchBrowser } from "./browser.js";
import { MailCapture } from "./mail-capture.js";
import { Product } from "./product.js";

/** The demo program most journeys work in (it has months of logs and a full care team). */
export const BREAST_PROGRAM = "Breast Cancer Symptom Monitoring";

/**
 * What every journey file starts from: the built product with its demo data, sending its mail
 * over real SMTP to a capture, its HTTP API, and (unless `browser: false`) one Chromium. Started
 * before the file's journeys and stopped after them; `browser` is there once they run.
 */
export const useProduct = (options: { browser?: boolean } = {}) => {
  const mail = new MailCapture();
  const product = new Product();
  let browser: Browser | undefined;

  beforeAll(async () => {
    await mail.start();
    await product.start({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
    if (options.browser !== false) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product.stop();
    await mail.stop();
  });

  return {
    mail,
    product,
    ...apiClient(product, mail),
    get browser(): Browser {
      if (!browser) throw new Error("The browser starts before the journeys (useProduct in the describe block).");
      return browser;
    },
  };
};

type Call = ReturnType<typeof apiClient>["call"];

/** A demo program's id, found by name in the caller's program list. */
export const demoProgramId = async (call: Call, token: string, name = BREAST_PROGRAM): Promise<string> => {
  const programs = (await call("GET", "/api/v1/admin/projects?_perPage=100", { token })).body.results as {
    projectId: string;
    name: string;
  }[];
  const program = programs.find((p) => p.name === name);
  expect(program, `${name} in the program list`).toBeDefined();
  return program!.projectId;
};

/** A consented patient as the participant list answers it. */
export interface ListedPatient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  inviteAccepted: boolean;
  openAlertCount?: number;
}

/** The program's consented patients who have an account (they can sign in to the app). */
export const patientsWithAccounts = async (call: Call, token: string, programId: string): Promise<ListedPatient[]> => {
  const answer: ApiAnswer = await call(
    "GET",
    `/api/v1/admin/projects/${programId}/users?statuses=CONSENTED&_perPage=50`,
    { token },
  );
  expect(answer.status).toBe(200);
  const patients = (answer.body.results as ListedPatient[]).filter((p) => p.inviteAccepted);
  expect(patients.length, "consented demo patients with an account").toBeGreaterThan(0);
  return patients;
};

/** A patient signs up with an invitation's or a program's code, agreeing to the policies; the answer (201). */
export const signUpWithCode = async (
  call: Call,
  patient: { inviteCode: string; email: string; password: string; firstName: string; lastName: string },
): Promise<ApiAnswer> => {
  const registered = await call("POST", "/api/v2/auth/register", {
    body: { ...patient, confirmPassword: patient.password, privacyPolicy: true, eula: true },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return registered;
};

/**
 * A program's team adds someone on the staff with a role (POST …/staff, 201); resolves with the code
 * of the invitation e-mailed to them (the {code} of its /join/{code} link).
 */
export const inviteToProgramTeam = async (
  journey: { call: Call; mail: MailCapture },
  token: string,
  programId: string,
  person: { firstName: string; lastName: string; email: string; role: string },
): Promise<string> => {
  const before = journey.mail.mails.length;
  const invited = await journey.call("POST", `/api/v1/admin/projects/${programId}/staff`, { token, body: person });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const invitation = await journey.mail.waitFor(person.email, /invited/, before);
  const code = invitation.text.match(/\/join\/([A-Za-z0-9_-]+)/)?.[1];
  expect(code, "the invitation's /join/{code} link").toBeDefined();
  return code!;
};
