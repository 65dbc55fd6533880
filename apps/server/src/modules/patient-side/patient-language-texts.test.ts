import { patientServedText } from "@openpro/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { addPatient, giveConsent, newPatient, registerPatient, signUpForm, userIdOf } from "../../../test/patients.js";
import { changePermissions, programWithStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

const GERMAN_CONSENT = "**Sie entscheiden.** Ihr Behandlungsteam sieht, was Sie erfassen.";
const FRENCH_CONSENT = "**Vous décidez.** Votre équipe soignante voit ce que vous notez.";
const GERMAN_GUIDANCE = "Rufen Sie bei Fieber sofort an.";
const FRENCH_GUIDANCE = "Appelez tout de suite en cas de fièvre.";

/**
 * Issue 31 §3: what the program's staff write (the consent message, the care team's guidance) may be
 * given per language; a patient reads their language's, else the program's default language's,
 * marked by the language it is in; a program that wrote no consent shows OpenPRO's own in the
 * patient's language. Zurich Skin is a Swiss program (German first, then French, Italian, English).
 * Each story has a world of its own (beforeEach): Zurich Skin N of Alpine Health N with its admin
 * Callum, Harbour Lung N of Harbour Health N with its admin Olga, and Céline invited to Zurich Skin.
 */
describe("staff-written texts in the patient's language", () => {
  let t: TestApp;
  let n = 0;
  let celineEmail: string;
  let zurich: string;
  let elsewhere: string;
  /** Zurich Skin's program admin (Alpine Health). */
  let callum: { id: string; token: string };
  /** Program admin of another organisation: Zurich Skin is out of her reach. */
  let olga: { id: string; token: string };
  let celine = "";
  let code = "";

  const consentIn = (query: string, headers: Record<string, string> = {}) =>
    t.request({ method: "GET", url: `/api/v1/auth/users-invite/${encodeURIComponent(code)}${query}`, headers });
  const patchProgram = (token: string, programId: string, payload: object) =>
    t.request({ method: "PATCH", url: `/api/v1/admin/projects/${programId}`, token, payload });
  const contacts = (programId: string) => `/api/v1/admin/projects/${programId}/care-team-contacts`;
  const myPrograms = (query = "") => t.request({ method: "GET", url: `/api/v1/user/projects${query}`, token: celine });

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    n++;
    const domain = uniqueMailDomain();
    const alpine = await programWithStaff(t, {
      organisation: `Alpine Health ${n}`,
      program: `Zurich Skin ${n}`,
      territory: "CH",
      staff: { callum: { email: `callum@${domain}`, role: "clinical_project_admin" } },
    });
    zurich = alpine.programId;
    callum = alpine.staff.callum;
    const harbour = await programWithStaff(t, {
      organisation: `Harbour Health ${n}`,
      program: `Harbour Lung ${n}`,
      staff: { olga: { email: `olga@harbour-${domain}`, role: "clinical_project_admin" } },
    });
    elsewhere = harbour.programId;
    olga = harbour.staff.olga;
    celineEmail = `celine@${domain}`;
    celine = "";
    const added = await addPatient(
      t,
      callum.token,
      newPatient(zurich, {
        firstName: "Céline",
        lastName: "Rochat",
        email: celineEmail,
        patientIdType: "hospital_id",
        patientId: `H-ROCHAT-${n}`,
      }),
    );
    expect(added.statusCode).toBe(201);
    // The invitation is in German, the program's default language: its link read by its address.
    const mail = (await t.mailsTo(celineEmail)).at(-1);
    code = mail?.textBody.match(/\/invite\/([\w-]+)/)?.[1] ?? "";
    expect(code).not.toBe("");
  });
  afterAll(() => t.close());

  /** Callum gives the consent message in German (the default) and French. */
  const consentInGermanAndFrench = async () => {
    const saved = await patchProgram(callum.token, zurich, {
      consentMessage: GERMAN_CONSENT,
      consentMessageTranslations: { fr: FRENCH_CONSENT },
    });
    expect(saved.statusCode).toBe(200);
  };
  /** Céline signs up through her invitation and consents (her session in `celine`). */
  const celineJoins = async () => {
    const registered = await registerPatient(t, signUpForm(code, celineEmail));
    expect(registered.statusCode).toBe(201);
    celine = registered.json().accessToken;
    expect((await giveConsent(t, celine, zurich)).statusCode).toBe(200);
  };
  /** Céline's choice of French, remembered on her account. */
  const celineChoosesFrench = async () => {
    await t.ctx.db
      .updateTable("users")
      .set({ language: "fr" })
      .where("id", "=", await userIdOf(t, celineEmail))
      .execute();
  };

  it("shows a program without a consent message OpenPRO's own, in the language the page asks for", async () => {
    const french = await consentIn("?lang=fr");
    expect(french.statusCode).toBe(200);
    expect(french.json()).toMatchObject({
      consentMessage: patientServedText.fr.defaultConsentMessage,
      consentMessageLanguage: "fr",
    });
    // No choice on the page: the browser's languages, within the territory's.
    expect((await consentIn("", { "accept-language": "it-CH,it;q=0.9,en;q=0.5" })).json()).toMatchObject({
      consentMessage: patientServedText.it.defaultConsentMessage,
      consentMessageLanguage: "it",
    });
    // Neither: the program's default (German in Switzerland); a language the territory does not offer is not taken.
    expect((await consentIn("")).json().consentMessageLanguage).toBe("de");
    expect((await consentIn("?lang=es", { "accept-language": "es-US" })).json()).toMatchObject({
      consentMessage: patientServedText.de.defaultConsentMessage,
      consentMessageLanguage: "de",
    });
    // Nonsense is ignored, never refused (an older app may send anything).
    expect((await consentIn("?lang=klingon")).statusCode).toBe(200);
  });

  it("lets the program admin give the consent message per language, and reads it back", async () => {
    const saved = await patchProgram(callum.token, zurich, {
      consentMessage: GERMAN_CONSENT,
      consentMessageTranslations: { fr: FRENCH_CONSENT, it: "  " },
    });
    expect(saved.statusCode).toBe(200);
    const program = (
      await t.request({ method: "GET", url: `/api/v1/admin/projects/${zurich}`, token: callum.token })
    ).json();
    // A language left blank is not stored: its patients read the default language's text.
    expect(program).toMatchObject({
      consentMessage: GERMAN_CONSENT,
      consentMessageTranslations: { fr: FRENCH_CONSENT },
    });
    expect(program.consentMessageTranslations).not.toHaveProperty("it");
    // Only the patients' languages.
    const unknown = await patchProgram(callum.token, zurich, { consentMessageTranslations: { pt: "Consentimento" } });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown).map((e) => e.field)).toContain("consentMessageTranslations.pt");
  });

  it("serves the patient's language's consent, else the default language's, marked by its language", async () => {
    await consentInGermanAndFrench();
    expect((await consentIn("?lang=fr")).json()).toMatchObject({
      consentMessage: FRENCH_CONSENT,
      consentMessageLanguage: "fr",
    });
    expect((await consentIn("?lang=it")).json()).toMatchObject({
      consentMessage: GERMAN_CONSENT,
      consentMessageLanguage: "de",
    });
    expect((await consentIn("?lang=de")).json()).toMatchObject({
      consentMessage: GERMAN_CONSENT,
      consentMessageLanguage: "de",
    });
  });

  it("refuses the consent's languages to staff without the consent permission, or outside their program", async () => {
    await consentInGermanAndFrench();
    await changePermissions(t, callum.id, { revoke: ["edit_project_consent_message"] });
    const refused = await patchProgram(callum.token, zurich, { consentMessageTranslations: { fr: "Autre" } });
    expect(refused.statusCode).toBe(403);
    // Another organisation's admin does not learn the program exists.
    expect((await patchProgram(olga.token, zurich, { consentMessageTranslations: { fr: "Autre" } })).statusCode).toBe(
      404,
    );
    // Without the view permission the texts are left out of the program, in every language.
    await changePermissions(t, callum.id, { revoke: ["view_project_consent_message"] });
    const hidden = (
      await t.request({ method: "GET", url: `/api/v1/admin/projects/${zurich}`, token: callum.token })
    ).json();
    expect(hidden).toMatchObject({ consentMessage: null, consentMessageTranslations: {} });
    // Nothing refused was saved: the patient still reads the French text given before.
    expect((await consentIn("?lang=fr")).json().consentMessage).toBe(FRENCH_CONSENT);
  });

  it("gives the care team's guidance per language; the patient reads theirs, else the default's, marked", async () => {
    const created = await t.request({
      method: "POST",
      url: contacts(zurich),
      token: callum.token,
      payload: {
        careTeamName: "Dermatologie",
        generalGuidance: GERMAN_GUIDANCE,
        generalGuidanceTranslations: { fr: FRENCH_GUIDANCE },
        contactPhones: ["+41 44 255 11 11"],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ generalGuidanceTranslations: { fr: FRENCH_GUIDANCE } });
    // An older client replaces the contact without the translations: they stay.
    const replaced = await t.request({
      method: "PATCH",
      url: `${contacts(zurich)}/${created.json().id}`,
      token: callum.token,
      payload: {
        careTeamName: "Dermatologie USZ",
        generalGuidance: GERMAN_GUIDANCE,
        contactPhones: ["+41 44 255 11 11"],
      },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().generalGuidanceTranslations).toEqual({ fr: FRENCH_GUIDANCE });

    await celineJoins();
    const guidanceIn = async (query: string) =>
      ((await myPrograms(query)).json().results[0].careTeam as Record<string, unknown>[]).find(
        (c) => c.careTeamName === "Dermatologie USZ",
      );
    expect(await guidanceIn("?lang=fr")).toMatchObject({
      generalGuidance: FRENCH_GUIDANCE,
      generalGuidanceLanguage: "fr",
    });
    const italian = await guidanceIn("?lang=it");
    expect(italian).toMatchObject({ generalGuidance: GERMAN_GUIDANCE, generalGuidanceLanguage: "de" });
    // The patient reads one language; the others are not sent.
    expect(italian).not.toHaveProperty("generalGuidanceTranslations");
    // Without a language asked for, the account's choice.
    await celineChoosesFrench();
    expect((await guidanceIn(""))?.generalGuidance).toBe(FRENCH_GUIDANCE);
  });

  it("refuses the guidance's languages outside the admin's program and without the care-team permission", async () => {
    const payload = {
      careTeamName: "Night line",
      generalGuidance: GERMAN_GUIDANCE,
      generalGuidanceTranslations: { fr: FRENCH_GUIDANCE },
      contactPhones: ["+41 44 255 11 11"],
    };
    expect((await t.request({ method: "POST", url: contacts(zurich), token: olga.token, payload })).statusCode).toBe(
      404,
    );
    const permission = "edit_project";
    await changePermissions(t, callum.id, { revoke: [permission] });
    expect((await t.request({ method: "POST", url: contacts(zurich), token: callum.token, payload })).statusCode).toBe(
      403,
    );
    // Her own program's contact is hers to translate.
    expect((await t.request({ method: "POST", url: contacts(elsewhere), token: olga.token, payload })).statusCode).toBe(
      201,
    );
  });

  it("shows the app's reminders in the patient's language; one stored before keys were, as it was stored", async () => {
    await celineJoins();
    await celineChoosesFrench();
    const patientId = await userIdOf(t, celineEmail);
    const row = { programId: zurich, patientId, kind: "symptom-reminder", readAt: null };
    await t.ctx.db
      .insertInto("patientNotifications")
      .values([
        {
          ...row,
          title: "Time to log your symptoms",
          body: "Please log: Fatigue.",
          sourceKey: "symptom-reminder:old",
          createdAt: new Date("2026-03-01T09:00:00Z"),
        },
        {
          ...row,
          title: "Time to log your symptoms",
          body: "Please log: Fatigue, Nausea.",
          messageKey: "symptomReminder",
          messageValues: JSON.stringify({ logTypeIds: ["10016256", "10028813"] }),
          sourceKey: "symptom-reminder:new",
          createdAt: new Date("2026-03-02T09:00:00Z"),
        },
      ])
      .execute();
    const notes = await t.request({
      method: "GET",
      url: `/api/v1/user/projects/${zurich}/notifications`,
      token: celine,
    });
    expect(notes.statusCode).toBe(200);
    const [fresh, old] = notes.json().results as { title: string; body: string }[];
    expect(fresh?.title).toBe(patientServedText.fr.symptomReminderTitle);
    expect(fresh?.body).toMatch(/^Veuillez noter : .+, .+\.$/);
    expect(fresh?.body).not.toMatch(/Fatigue, Nausea/);
    expect(old).toMatchObject({ title: "Time to log your symptoms", body: "Please log: Fatigue." });
  });
});
