import { describe, expect, it } from "vitest";
import { questionnaireMail } from "./engine.js";

const ctx = { settings: { publicUrl: "https://openpro.example", jwtSecret: "x".repeat(48) } } as Parameters<
  typeof questionnaireMail
>[0];

/** A consented patient of `territory` whose account chose `language` (null: never chose). */
const patient = (language: string | null, territory: "UK_IRE" | "US" | "CH") => ({
  userId: "8d1c9c1e-5c1a-4d55-9a7c-5f2a3b1c0d11",
  firstName: "Lena",
  email: "lena@example.ch",
  programName: "Brustzentrum Zürich",
  language,
  territory,
});

describe("a patient's questionnaire e-mail goes out in the account's language", () => {
  it("German for a Swiss patient who chose German, with the plural of the language", () => {
    const one = questionnaireMail(ctx, patient("de", "CH"), 1, false);
    expect(one.subject).toBe("Sie haben einen Fragebogen für Brustzentrum Zürich auszufüllen");
    expect(one.text).toContain("Guten Tag Lena");
    expect(one.text).toContain("Bitte öffnen Sie die OpenPRO-App, um zu antworten.");
    expect(one.html).toContain('<html lang="de">');
    const three = questionnaireMail(ctx, patient("de", "CH"), 3, true);
    expect(three.subject).toBe("Erinnerung: 3 Fragebogen von Brustzentrum Zürich schliessen bald");
    // The unsubscribe link still travels, in the language's footer.
    expect(three.text).toMatch(/Fragebogen-E-Mails abbestellen: https:\/\/openpro\.example\/unsubscribe\?/);
  });

  it("French and Spanish for the patients who chose them", () => {
    expect(questionnaireMail(ctx, patient("fr", "CH"), 2, false).subject).toBe(
      "Vous avez 2 questionnaires à remplir pour Brustzentrum Zürich",
    );
    expect(questionnaireMail(ctx, patient("es", "US"), 1, false).text).toContain(
      "Su equipo de atención le envió un cuestionario en Brustzentrum Zürich.",
    );
  });

  it("the program territory's language when the patient never chose, or chose one the territory does not offer", () => {
    expect(questionnaireMail(ctx, patient(null, "CH"), 1, false).html).toContain('<html lang="de">');
    expect(questionnaireMail(ctx, patient(null, "UK_IRE"), 1, false).subject).toBe(
      "You have a questionnaire to complete for Brustzentrum Zürich",
    );
    expect(questionnaireMail(ctx, patient("es", "UK_IRE"), 1, false).html).toContain('<html lang="en">');
  });
});
