import { randomUUID } from "node:crypto";
import { messages, patientServedText } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { languageStoryApp } from "../../../test/language-stories.js";

const NAUSEA = "10028813";
const GERMAN = "Sie haben ein schweres Symptom gemeldet. Rufen Sie sofort die Onkologie-Pflege an.";
const FRENCH = "Vous avez signalé un symptôme grave. Appelez tout de suite les soins d’oncologie.";
const ENGLISH = "Severe symptom: call the oncology line now, day or night.";

/**
 * Issue 31 §3 for the alert messages a patient is shown after an upload (hazards HAZ-003/HAZ-004):
 * the program's message in the patient's account language when the program gave one there, else its
 * default language's, marked by the language it is in; OpenPRO's own text (while the program keeps
 * it) in the patient's language. Always followed by whom to call, in the message's language.
 */
describe("alert messages in the patient's language", () => {
  const stories = languageStoryApp();

  /**
   * A hospital of its own with one program in `territory`, its admin Callum and nurse Nia, and a
   * patient who joined, consented and chose `language` in the app; the admin also sets the program's
   * own alert messages (its settings page).
   */
  const programWithPatient = async (territory: "CH" | "US", language: string) => {
    const program = await stories.patientInLanguageProgram(territory, language);
    return {
      ...program,
      setProgramMessages: async (payload: object) => {
        const saved = await stories.app().request({
          method: "PATCH",
          url: `/api/v1/admin/projects/${program.programId}`,
          token: program.admin.token,
          payload,
        });
        expect(saved.statusCode).toBe(200);
      },
    };
  };

  it("answers a German patient the program's alert message in German after a grade-3 upload, and one who reads French in French", async () => {
    const zurich = await programWithPatient("CH", "de");
    // Switzerland: German is the program's language; the admin adds the French text in the alert settings.
    await zurich.setProgramMessages({ defaultAlertMessage: GERMAN });
    const saved = await zurich.saveSettings({
      escalationMinutes: 60,
      severeSymptomMessageTranslations: { fr: FRENCH },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      defaultLanguage: "de",
      otherLanguages: ["fr", "it", "en"],
      severeSymptomMessage: GERMAN,
      severeSymptomMessageTranslations: { fr: FRENCH },
    });

    const logged = await zurich.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: zurich.at, logTypeId: NAUSEA, grade: 3 },
    ]);
    expect(logged.statusCode).toBe(200);
    const [answer] = logged.json().alertMessages;
    expect(answer).toMatchObject({ kind: "symptom", grade: 3, messageLanguage: "de" });
    // The message, then whom to call in the same language; the numbers also apart, to tap.
    expect(answer.message).toMatch(new RegExp(`^${GERMAN}\\n\\nRufen Sie Ward 7 nurses unter .+ an\\.`));
    expect(answer.message).toContain("Im Notfall rufen Sie 144 (Sanitätsnotruf) oder 112 an.");
    expect(answer.callNumbers).toEqual([{ careTeamName: "Ward 7 nurses", phone: "+442079460000" }]);

    // The same patient switches the app to French: the French text, the call line in French.
    await zurich.chooseLanguage("fr");
    const inFrench = await zurich.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: zurich.at, logTypeId: NAUSEA, grade: 3 },
    ]);
    const [french] = inFrench.json().alertMessages;
    expect(french.messageLanguage).toBe("fr");
    expect(french.message).toMatch(new RegExp(`^${FRENCH}\n\nAppelez Ward 7 nurses au .+\\.`));
    expect(french.message).toContain("En cas d’urgence, appelez le 144 (urgences sanitaires) ou 112.");
    // Italian: no Italian text given, so the program's German one, marked as German (never blank).
    await zurich.chooseLanguage("it");
    const inItalian = await zurich.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: zurich.at, logTypeId: NAUSEA, grade: 4 },
    ]);
    expect(inItalian.json().alertMessages[0]).toMatchObject({ messageLanguage: "de" });
    expect(inItalian.json().alertMessages[0].message).toMatch(new RegExp(`^${GERMAN}\n\nRufen Sie`));
  });

  it("answers a Spanish patient with no Spanish text the program's default message, marked as English; OpenPRO's own temperature message in Spanish", async () => {
    const boston = await programWithPatient("US", "es");
    // The program wrote its own severe-symptom message, in English only; it kept OpenPRO's temperature message.
    await boston.setProgramMessages({ defaultAlertMessage: ENGLISH });
    const logged = await boston.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: boston.at, logTypeId: NAUSEA, grade: 3 },
      { clientId: randomUUID(), logClass: "TEMPERATURE", date: boston.at, value: 102.2, unit: "F" },
    ]);
    expect(logged.statusCode).toBe(200);
    const [symptom, temperature] = logged.json().alertMessages;
    expect(symptom).toMatchObject({ kind: "symptom", messageLanguage: "en" });
    expect(symptom.message).toMatch(
      new RegExp(`^${ENGLISH}\n\nCall Ward 7 nurses on .+\\. In an emergency call 911\\.$`),
    );
    expect(temperature).toMatchObject({ kind: "temperature", messageLanguage: "es" });
    expect(temperature.message).toMatch(
      new RegExp(
        `^${patientServedText.es.defaultTemperatureAlertMessage}\n\nLlame a Ward 7 nurses al .+\\. En caso de emergencia, llame al 911\\.$`,
      ),
    );
    expect(temperature.emergencyNumbers).toEqual([{ number: "911", service: "" }]);

    // Once the program gives its Spanish text, she reads it.
    const spanish = "Síntoma grave: llame ahora a la línea de oncología, de día o de noche.";
    expect(
      (await boston.saveSettings({ escalationMinutes: 60, severeSymptomMessageTranslations: { es: spanish } }))
        .statusCode,
    ).toBe(200);
    const again = await boston.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: boston.at, logTypeId: NAUSEA, grade: 3 },
    ]);
    expect(again.json().alertMessages[0]).toMatchObject({ messageLanguage: "es" });
    expect(again.json().alertMessages[0].message).toMatch(new RegExp(`^${spanish}\n\nLlame a Ward 7 nurses`));
  });

  it("refuses the texts to a nurse without the edit permission and to another hospital's admin; checks them on the field like the default", async () => {
    const zurich = await programWithPatient("CH", "de");
    const other = await programWithPatient("CH", "de");
    const before = (await zurich.settings()).json();
    expect(before).toMatchObject({ severeSymptomMessageTranslations: {}, temperatureMessageTranslations: {} });

    // The nurse's role does not hold the alert settings' edit permission.
    const byNurse = await zurich.saveSettings(
      { escalationMinutes: 60, severeSymptomMessageTranslations: { fr: FRENCH } },
      zurich.nurse.token,
    );
    expect(byNurse.statusCode).toBe(403);
    // Another hospital's admin does not reach the program at all.
    const byOutsider = await zurich.saveSettings(
      { escalationMinutes: 60, severeSymptomMessageTranslations: { fr: FRENCH } },
      other.admin.token,
    );
    expect(byOutsider.statusCode).toBe(404);

    // The default's limit and message, on the exact field.
    const tooLong = await zurich.saveSettings({
      escalationMinutes: 60,
      severeSymptomMessageTranslations: { fr: "x".repeat(501) },
      temperatureMessageTranslations: { it: "y".repeat(501) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(fieldErrors(tooLong)).toEqual(
      expect.arrayContaining([
        { field: "severeSymptomMessageTranslations.fr", message: messages.maxLength(500) },
        { field: "temperatureMessageTranslations.it", message: messages.maxLength(500) },
      ]),
    );
    const nul = await zurich.saveSettings({
      escalationMinutes: 60,
      severeSymptomMessageTranslations: { fr: "a\u0000b" },
    });
    expect(nul.statusCode).toBe(422);
    expect(fieldErrors(nul)).toEqual([
      { field: "severeSymptomMessageTranslations.fr", message: messages.unsupportedCharacters },
    ]);
    const unknown = await zurich.saveSettings({
      escalationMinutes: 60,
      severeSymptomMessageTranslations: { pt: "Olá" },
    });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown).map((e) => e.field)).toContain("severeSymptomMessageTranslations.pt");

    // Nothing of it was stored; the patient still reads OpenPRO's own message, in German.
    expect((await zurich.settings()).json()).toEqual(before);
    const logged = await zurich.upload([
      { clientId: randomUUID(), logClass: "SYMPTOMS", date: zurich.at, logTypeId: NAUSEA, grade: 3 },
    ]);
    expect(logged.json().alertMessages[0]).toMatchObject({ messageLanguage: "de" });
    expect(logged.json().alertMessages[0].message).toMatch(
      new RegExp(`^${patientServedText.de.defaultSymptomAlertMessage}\n\n`),
    );
  });
});
