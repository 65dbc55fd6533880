import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newPhoneContext } from "./support/browser.js";
import { demoProgramId, signUpWithCode, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectHeading, expectVisible } from "./support/journeys.js";

/** The demo's open-enrolment program and its public code. */
const LUNG_CODE = "LUNG7K4P";
const NEW_PASSWORD = "Quiet-Orchard-Swing-77!";
const PATIENT_PASSWORD = "Harbour-Lights-2026!";

/**
 * A patient comes back, on a phone (390 × 844): they forgot their password, they open their
 * invitation again after joining, they open the program's public code although they already take
 * part. Each time they end in the app, never at a dead end ("Invalid link") or a second consent.
 */
describe("a patient comes back to OpenPRO on their phone", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let staff = "";
  let breastId = "";

  /** A fresh phone: nothing signed in, nothing remembered. */
  const newPhone = async (): Promise<Page> => (await newPhoneContext(journey.browser, product.baseUrl)).newPage();

  /** "Rosa, invited by the nurse, who joined from her e-mailed link and consented": her invitation link. */
  const joinedThroughHerLink = async (email: string, nhsNumber: string) => {
    const before = mail.mails.length;
    const added = await call("POST", "/api/v1/users", {
      token: staff,
      body: {
        firstName: "Rosa",
        lastName: "Díaz",
        email,
        patientIdType: "nhs_number",
        patientId: nhsNumber,
        projectId: breastId,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const invitation = await mail.waitFor(email, /You are invited/, before);
    const link = new URL(invitation.text.match(/Open my invitation: (\S+)/)![1]!);
    const inviteCode = link.pathname.split("/").at(-1)!;
    const registered = await signUpWithCode(call, {
      inviteCode,
      email,
      password: PATIENT_PASSWORD,
      firstName: "Rosa",
      lastName: "Díaz",
    });
    const consent = await call("PATCH", `/api/v1/user/project/${breastId}/consent`, {
      token: registered.body.accessToken,
      body: { consentGiven: true },
    });
    expect(consent.status).toBe(200);
    return link.pathname;
  };

  beforeAll(async () => {
    staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    breastId = await demoProgramId(call, staff);
  });

  it("forgets the password, sets a new one with an e-mailed code and is back in the app", async () => {
    const email = "rosa.forgets@example.org";
    await joinedThroughHerLink(email, "9434765919");
    const phone = await newPhone();
    await phone.goto("/me/login");
    await expectHeading(phone, "Sign in");
    await phone.getByRole("link", { name: "Forgot your password?" }).click();
    await phone.waitForURL(/\/me\/forgot-password$/);
    await expectHeading(phone, "Set a new password");
    await expectAccessible(phone, "me-forgot-password");

    const before = mail.mails.length;
    await phone.getByRole("textbox", { name: "E-mail address" }).fill(email);
    await phone.getByRole("button", { name: "E-mail me a code" }).click();
    await expectVisible(phone.getByRole("status").filter({ hasText: email }));
    await expectAccessible(phone, "me-forgot-password-code");
    const resetMail = await mail.waitFor(email, /Reset your OpenPRO password/, before);
    // The mail leads back to this page, for a patient who closed it meanwhile.
    expect(resetMail.text).toContain(`/me/forgot-password?email=${encodeURIComponent(email)}`);
    const code = mail.codeIn(resetMail);

    // A wrong code first: said plainly, and the patient tries again.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await phone.getByRole("textbox", { name: "Code from the e-mail" }).fill(wrong);
    await phone.getByRole("button", { name: "Next" }).click();
    await expectVisible(phone.getByRole("alert").filter({ hasText: "This code is not right" }));
    await phone.getByRole("textbox", { name: "Code from the e-mail" }).fill(code);
    await phone.getByRole("button", { name: "Next" }).click();

    const password = phone.getByLabel(/^Password/);
    await expectVisible(password);
    await password.fill(NEW_PASSWORD);
    await phone.getByLabel(/^Type the password again/).fill(NEW_PASSWORD);
    await expectAccessible(phone, "me-forgot-password-new");
    await phone.getByRole("button", { name: "Save and sign in" }).click();

    // Straight into the app: no second sign-in.
    await phone.waitForURL(/\/me$/);
    await expectHeading(phone, "Your health diary");
    await expectAccessible(phone, "me-home-after-reset");
    const login = await call("POST", "/api/v2/auth/login", {
      body: { email, password: NEW_PASSWORD, scope: "patient" },
    });
    expect(login.status).toBe(200);
  });

  it("reopens the invitation link after joining and is led to sign in, then into the app", async () => {
    const email = "rosa.returns@example.org";
    const invitation = await joinedThroughHerLink(email, "4010232137");
    const phone = await newPhone();
    await phone.goto(invitation);
    // Not "Invalid link": the sign-in, with her address already filled in.
    await phone.waitForURL(/\/me\/login\?email=/);
    await expectHeading(phone, "Sign in");
    expect(await phone.getByRole("textbox", { name: "E-mail address" }).inputValue()).toBe(email);
    await expectAccessible(phone, "me-login-from-used-invitation");
    await phone.getByLabel(/^Password/).fill(PATIENT_PASSWORD);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await phone.waitForURL(/\/me$/);
    await expectHeading(phone, "Your health diary");
    await expectAccessible(phone, "me-home-from-used-invitation");
  });

  it("opens the program's public code while already taking part and goes to the app, not the consent", async () => {
    const email = "sam.enrolled@example.org";
    // Sam joined the open program with its code a week ago and consented.
    const registered = await signUpWithCode(call, {
      inviteCode: LUNG_CODE,
      email,
      password: PATIENT_PASSWORD,
      firstName: "Sam",
      lastName: "Okafor",
    });
    const mine = await call("GET", "/api/v1/auth/users-invite/LUNG7K4P");
    const consent = await call("PATCH", `/api/v1/user/project/${mine.body.programId}/consent`, {
      token: registered.body.accessToken,
      body: { consentGiven: true },
    });
    expect(consent.status).toBe(200);

    const phone = await newPhone();
    await phone.goto(`/invite/${LUNG_CODE}`);
    await expectHeading(phone, `Join ${mine.body.programName}`);
    await expectAccessible(phone, "invite-public-code");
    await phone.getByRole("button", { name: "Sign in" }).first().click();
    const signIn = phone.getByRole("form", { name: "Sign in" });
    await signIn.getByRole("textbox", { name: /E-?mail/ }).fill(email);
    await signIn.getByLabel(/^Password/).fill(PATIENT_PASSWORD);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    // Already taking part: the app, with the session of this sign-in.
    await phone.waitForURL(/\/me$/);
    await expectHeading(phone, "Your health diary");
    expect(phone.url()).not.toContain("auth-consent");
    await expectAccessible(phone, "me-home-from-public-code");
  });
});
