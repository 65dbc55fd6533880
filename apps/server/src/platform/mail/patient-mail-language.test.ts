import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient } from "../../../test/factories.js";
import { addPatient, newPatient, userIdOf } from "../../../test/patients.js";
import { type SmtpInbox, startSmtp } from "../../../test/smtp.js";
import {
  addToProgram,
  insertOrganisation,
  insertProgram,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { smtpTransport } from "./mailer.js";

const PASSWORD = "Harbour-Lights-2026!";
const NEW_PASSWORD = "Quiet-Orchard-Swing-77!";

/**
 * Issue 31 §3: every e-mail to a patient goes out in the account's language (else the program
 * territory's default), through core's mail catalogue, over real SMTP. Staff mails stay English.
 */
describe("a patient's e-mails in the patient's language", () => {
  let smtp: SmtpInbox;
  let t: TestApp;
  let organisations = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ mailTransport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /**
   * A patient's account as the app's sign-up leaves it, with the account's language (the switch on
   * every patient page) and the territory it was made in.
   */
  const patientAccount = async (
    patient: { email: string; firstName: string },
    language: string | null,
    territory = "UK_IRE",
  ) => {
    await createPatient(t, { ...patient, password: PASSWORD });
    await t.ctx.db.updateTable("users").set({ language, territory }).where("email", "=", patient.email).execute();
  };
  /**
   * A hospital of its own ("Northbridge Health N") running the one program `name` in `territory`, and
   * its nurse Nia (an address of her own), signed in: the program's id and Nia's session.
   */
  const programWithNurse = async (name: string, territory: "CH" | "UK_IRE") => {
    const organisation = await insertOrganisation(t, `Northbridge Health ${++organisations}`);
    const programId = await insertProgram(t, { organisationId: organisation, name, territory });
    const email = `nia@${uniqueMailDomain()}`;
    const nurse = await staffSession(t, { email, role: "clinician_team_member" });
    await addToProgram(t, nurse.id, programId, "clinician_team_member");
    return { programId, nurse: { ...nurse, email } };
  };
  /** Brustzentrum Zürich, a Swiss program, and its nurse. */
  const zurichProgram = () => programWithNurse("Brustzentrum Zürich", "CH");
  /** Northbridge Heart, a UK program, and its nurse. */
  const londonProgram = () => programWithNurse("Northbridge Heart", "UK_IRE");
  const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });
  /** The nurse adds a patient to the Zürich program by Swiss social security number; the invitation goes out. */
  const inviteToZurich = async (
    zurich: { programId: string; nurse: { token: string } },
    firstName: string,
    email: string,
    socialSecurityNumber: string,
  ) => {
    const added = await addPatient(
      t,
      zurich.nurse.token,
      newPatient(zurich.programId, {
        firstName,
        email,
        patientIdType: "social_security_number",
        patientId: socialSecurityNumber,
      }),
    );
    expect(added.statusCode, added.body).toBe(201);
    await t.runJobs();
  };

  it("sends the reset code and the changed-password notice in German to a patient whose account chose German", async () => {
    await patientAccount({ email: "lena@patients.test", firstName: "Lena" }, "de");

    const asked = await post("/api/v2/auth/reset_password/email/send_otp", {
      email: "lena@patients.test",
      scope: "patient",
    });
    expect(asked.statusCode).toBe(200);
    await t.runJobs();
    const [codeMail] = smtp.to("lena@patients.test");
    expect(codeMail?.subject).toBe("Ihr OpenPRO-Passwort zurücksetzen");
    expect(codeMail?.text).toContain("Guten Tag Lena");
    expect(codeMail?.text).toMatch(/Der Code ist \d+ Minuten gültig\./);
    expect(codeMail?.html).toContain('<html lang="de">');
    const code = codeMail?.text?.match(/Ihr Code: ([0-9]{6})/)?.[1];
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(codeMail?.text).toMatch(/Code eingeben: http:\/\/openpro\.test\/me\/forgot-password/);
    expect(codeMail?.text).not.toMatch(/Hello|Your code|expires|Someone/);

    const reset = await post("/api/v2/auth/reset_password/email/reset", {
      email: "lena@patients.test",
      otpCode: code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      scope: "patient",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.runJobs();
    const changed = smtp.to("lena@patients.test").at(-1);
    expect(changed?.subject).toBe("Ihr OpenPRO-Passwort wurde geändert");
    expect(changed?.text).toContain("Wenn Sie das nicht waren, wenden Sie sich sofort an Ihr Behandlungsteam.");
  });

  it("invites a new patient of a Swiss program in the territory's first language, German; one who chose French in French", async () => {
    const zurich = await zurichProgram();
    await inviteToZurich(zurich, "Anna", "anna@patients.test", "756.1234.5678.97");
    const [invitation] = smtp.to("anna@patients.test");
    expect(invitation?.subject).toBe("Einladung zu Brustzentrum Zürich");
    expect(invitation?.text).toContain(
      "Ihr Behandlungsteam lädt Sie ein, mit der OpenPRO-App an Brustzentrum Zürich teilzunehmen.",
    );
    expect(invitation?.text).toContain("Er läuft 21 Tage nach dem ersten Versand ab.");
    expect(invitation?.text).toMatch(/Meine Einladung öffnen: http:\/\/openpro\.test\/invite\/\S+/);

    await patientAccount({ email: "claire@patients.test", firstName: "Claire" }, "fr", "CH");
    await inviteToZurich(zurich, "Claire", "claire@patients.test", "756.9217.0769.85");
    const [french] = smtp.to("claire@patients.test");
    expect(french?.subject).toBe("Vous êtes invité(e) à Brustzentrum Zürich");
    expect(french?.text).toContain("Ouvrez le lien et connectez-vous avec votre compte OpenPRO pour participer.");
    expect(await userIdOf(t, "claire@patients.test")).toBeTruthy();
  });

  it("keeps English for a patient of a UK program, whatever the account once chose, and for staff", async () => {
    const london = await londonProgram();
    await patientAccount({ email: "grace@patients.test", firstName: "Grace" }, "de");
    const added = await addPatient(
      t,
      london.nurse.token,
      newPatient(london.programId, { email: "grace@patients.test" }),
    );
    expect(added.statusCode, added.body).toBe(201);
    await t.runJobs();
    expect(smtp.to("grace@patients.test").at(-1)?.subject).toBe("You are invited to Northbridge Heart");

    await post("/api/v2/auth/reset_password/email/send_otp", { email: london.nurse.email });
    await t.runJobs();
    expect(smtp.to(london.nurse.email).at(-1)?.subject).toBe("Reset your OpenPRO password");
  });
});
