import { randomUUID } from "node:crypto";
import { messages } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { languageStoryApp } from "../../../test/language-stories.js";

const NAUSEA = "10028813";
const GERMAN = "Übelkeit Grad 2: Trinken Sie in kleinen Schlucken und rufen Sie heute die Station an.";
const FRENCH = "Nausées de grade 2 : buvez par petites gorgées et appelez le service aujourd’hui.";
const ENGLISH = "Grade 2 nausea: sip small drinks and call the ward today.";

/**
 * Issue 31 §3 for the alert messages of the Symptom settings tab (hazards HAZ-003/HAZ-004): a
 * message the program attached to a symptom at a grade may be given per language; a patient who logs
 * that symptom at that grade reads it in their account's language when the program gave it there,
 * else in the program's default language, marked by the language it is in; always followed by whom
 * to call, in the message's language.
 */
describe("per-symptom alert messages in the patient's language", () => {
  const stories = languageStoryApp();

  /**
   * A hospital of its own ("Alpine Health 2") with one Swiss program ("Oncology 2", German first), its
   * admin Callum and nurse Nia, and a patient who joined, consented and chose `language` in the app.
   */
  const swissProgramWithPatient = async (language: string) => {
    const program = await stories.patientInLanguageProgram("CH", language);
    const { programId, admin } = program;
    const t = stories.app();
    const messagesUrl = `/api/v1/admin/projects/${programId}/severe-symptom-messages`;
    return {
      ...program,
      listMessages: (token = admin.token) => t.request({ method: "GET", url: messagesUrl, token }),
      createMessage: (payload: object, token = admin.token) =>
        t.request({ method: "POST", url: messagesUrl, token, payload }),
      updateMessage: (messageId: string, payload: object, token = admin.token) =>
        t.request({ method: "PATCH", url: `${messagesUrl}/${messageId}`, token, payload }),
      /** Attaches the message to a symptom at a grade (the tab's "Add symptom"). */
      addPair: async (messageId: string, identifier: string, grade: number) => {
        const added = await t.request({
          method: "POST",
          url: `${messagesUrl}/${messageId}/grades`,
          token: admin.token,
          payload: { identifier, grade },
        });
        expect(added.statusCode).toBe(201);
      },
      /** The patient logs nausea at a grade; the app is answered the messages to show. */
      logNausea: async (grade: number) => {
        const logged = await program.upload([
          { clientId: randomUUID(), logClass: "SYMPTOMS", date: program.at, logTypeId: NAUSEA, grade },
        ]);
        expect(logged.statusCode).toBe(200);
        return logged.json().alertMessages as {
          kind: string;
          grade: number;
          message: string;
          messageLanguage: string;
        }[];
      },
    };
  };

  it("answers a German patient who logs nausea at grade 2 the program's German message, a French reader the French one, an Italian reader the German one marked", async () => {
    const zurich = await swissProgramWithPatient("de");
    // The admin writes the message in German (the program's language) and in French and English, and
    // attaches it to nausea at grade 2.
    const created = await zurich.createMessage({
      message: GERMAN,
      messageTranslations: { fr: FRENCH, en: ENGLISH, it: "  " },
    });
    expect(created.statusCode).toBe(201);
    // A blank Italian text is no text: Italian readers read the German.
    expect(created.json()).toMatchObject({ message: GERMAN, messageTranslations: { fr: FRENCH, en: ENGLISH } });
    expect(created.json().messageTranslations).not.toHaveProperty("it");
    const messageId = created.json().id as string;
    await zurich.addPair(messageId, NAUSEA, 2);

    const [german] = await zurich.logNausea(2);
    expect(german).toMatchObject({ kind: "symptom", grade: 2, messageLanguage: "de" });
    expect(german?.message).toMatch(new RegExp(`^${GERMAN}\\n\\nRufen Sie Ward 7 nurses unter .+ an\\.`));

    await zurich.chooseLanguage("fr");
    const [french] = await zurich.logNausea(2);
    expect(french).toMatchObject({ kind: "symptom", grade: 2, messageLanguage: "fr" });
    expect(french?.message).toMatch(new RegExp(`^${FRENCH}\\n\\nAppelez Ward 7 nurses au .+\\.`));

    // Italian: no Italian text, so the German one, marked as German (never blank), the call line in German.
    await zurich.chooseLanguage("it");
    const [italian] = await zurich.logNausea(2);
    expect(italian).toMatchObject({ kind: "symptom", grade: 2, messageLanguage: "de" });
    expect(italian?.message).toMatch(new RegExp(`^${GERMAN}\\n\\nRufen Sie`));

    // Changing the German text without sending the other languages keeps them; sending them replaces them.
    const edited = await zurich.updateMessage(messageId, { message: `${GERMAN} Danke.` });
    expect(edited.json().messageTranslations).toEqual({ fr: FRENCH, en: ENGLISH });
    const withItalian = await zurich.updateMessage(messageId, {
      message: GERMAN,
      messageTranslations: { fr: FRENCH, it: "Nausea di grado 2: chiami il reparto oggi.", en: "" },
    });
    expect(withItalian.statusCode).toBe(200);
    expect(withItalian.json().messageTranslations).toEqual({
      fr: FRENCH,
      it: "Nausea di grado 2: chiami il reparto oggi.",
    });
    const [nowItalian] = await zurich.logNausea(2);
    expect(nowItalian).toMatchObject({ messageLanguage: "it" });
    expect(nowItalian?.message).toMatch(/^Nausea di grado 2: chiami il reparto oggi\.\n\n/);
    // The tab lists the message with its texts.
    expect((await zurich.listMessages()).json()).toEqual([
      expect.objectContaining({
        id: messageId,
        message: GERMAN,
        messageTranslations: { fr: FRENCH, it: "Nausea di grado 2: chiami il reparto oggi." },
      }),
    ]);
  });

  it("refuses the texts to a nurse without the edit permission and to another hospital's admin; checks them on the field like the message", async () => {
    const zurich = await swissProgramWithPatient("fr");
    const other = await swissProgramWithPatient("de");
    const created = await zurich.createMessage({ message: GERMAN });
    expect(created.statusCode).toBe(201);
    const messageId = created.json().id as string;
    await zurich.addPair(messageId, NAUSEA, 2);
    const before = (await zurich.listMessages()).json();
    expect(before).toEqual([expect.objectContaining({ message: GERMAN, messageTranslations: {} })]);

    // The nurse's role does not hold the Symptom settings' edit permission.
    const byNurse = await zurich.updateMessage(
      messageId,
      { message: GERMAN, messageTranslations: { fr: FRENCH } },
      zurich.nurse.token,
    );
    expect(byNurse.statusCode).toBe(403);
    expect(
      (await zurich.createMessage({ message: GERMAN, messageTranslations: { fr: FRENCH } }, zurich.nurse.token))
        .statusCode,
    ).toBe(403);
    // Another hospital's admin does not reach the program at all.
    const byOutsider = await zurich.updateMessage(
      messageId,
      { message: GERMAN, messageTranslations: { fr: FRENCH } },
      other.admin.token,
    );
    expect(byOutsider.statusCode).toBe(404);

    // The message's limit and words, on the exact field.
    const tooLong = await zurich.updateMessage(messageId, {
      message: GERMAN,
      messageTranslations: { fr: "x".repeat(501), it: "y".repeat(500) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(fieldErrors(tooLong)).toEqual([{ field: "messageTranslations.fr", message: messages.maxLength(500) }]);
    const tooLongNew = await zurich.createMessage({ message: GERMAN, messageTranslations: { en: "z".repeat(501) } });
    expect(tooLongNew.statusCode).toBe(422);
    expect(fieldErrors(tooLongNew)).toEqual([{ field: "messageTranslations.en", message: messages.maxLength(500) }]);
    const nul = await zurich.updateMessage(messageId, { message: GERMAN, messageTranslations: { fr: "a\u0000b" } });
    expect(nul.statusCode).toBe(422);
    expect(fieldErrors(nul)).toEqual([{ field: "messageTranslations.fr", message: messages.unsupportedCharacters }]);
    const unknown = await zurich.updateMessage(messageId, { message: GERMAN, messageTranslations: { pt: "Olá" } });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown).map((e) => e.field)).toContain("messageTranslations.pt");
    const notText = await zurich.updateMessage(messageId, { message: GERMAN, messageTranslations: { fr: 7 } });
    expect(notText.statusCode).toBe(422);
    expect(fieldErrors(notText).map((e) => e.field)).toEqual(["messageTranslations.fr"]);

    // Nothing of it was stored: the French reader still reads the German message, marked as German.
    expect((await zurich.listMessages()).json()).toEqual(before);
    const logged = await zurich.logNausea(2);
    expect(logged).toEqual([expect.objectContaining({ kind: "symptom", grade: 2, messageLanguage: "de" })]);
    expect(logged[0]?.message).toMatch(new RegExp(`^${GERMAN}\\n\\nRufen Sie`));
  });
});
