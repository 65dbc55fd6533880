import { describe, expect, it } from "vitest";
import { formattingLocale, negotiatePatientLanguage, offeredLanguages } from "./patient-language.js";

describe("the language a patient reads", () => {
  it("offers the territory's languages: UK/Ireland English, the US English and Spanish, Switzerland four", () => {
    expect(offeredLanguages("UK_IRE")).toEqual(["en"]);
    expect(offeredLanguages("US")).toEqual(["en", "es"]);
    expect(offeredLanguages("CH")).toEqual(["de", "fr", "it", "en"]);
    expect(offeredLanguages(null)).toEqual(["en", "de", "fr", "it", "es"]);
  });

  it("first follows the browser's languages within the territory's", () => {
    expect(negotiatePatientLanguage({ browser: ["fr-CH", "de"], territory: "CH" })).toBe("fr");
    expect(negotiatePatientLanguage({ browser: ["es-US", "en"], territory: "US" })).toBe("es");
    // A Spanish browser in a Swiss program: Spanish is not offered there, the next browser language is.
    expect(negotiatePatientLanguage({ browser: ["es", "it-IT"], territory: "CH" })).toBe("it");
    // Nothing offered among the browser's: the program's default language.
    expect(negotiatePatientLanguage({ browser: ["ja-JP"], territory: "CH" })).toBe("de");
    expect(negotiatePatientLanguage({ browser: ["de-DE"], territory: "UK_IRE" })).toBe("en");
    expect(negotiatePatientLanguage({ browser: [], territory: "US" })).toBe("en");
    // Before the program is known (the app's sign-in): any of the five.
    expect(negotiatePatientLanguage({ browser: ["it_CH"] })).toBe("it");
  });

  it("then keeps the patient's own choice, when their program's territory offers it", () => {
    expect(negotiatePatientLanguage({ chosen: "fr", browser: ["de-CH"], territory: "CH" })).toBe("fr");
    expect(negotiatePatientLanguage({ chosen: "es", browser: ["de-CH"], territory: "CH" })).toBe("de");
    expect(negotiatePatientLanguage({ chosen: "klingon", browser: ["en-US"], territory: "US" })).toBe("en");
  });

  it("formats dates and numbers as the patient's region writes them: a Swiss patient reads 27.11.2026 and 38,2 °C", () => {
    const day = new Date("2026-11-27T10:00:00Z");
    const fever = (locale: string) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: "celsius", maximumFractionDigits: 1 })
        .format(38.2)
        .replace(/\s/gu, " "); // a narrow no-break space in CLDR's French
    const date = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: "Europe/Zurich" }).format(day);
    expect(formattingLocale("fr", "CH")).toBe("fr-CH");
    expect(date(formattingLocale("fr", "CH"))).toBe("27.11.2026");
    expect(fever(formattingLocale("fr", "CH"))).toBe("38,2 °C");
    expect(date(formattingLocale("de", "CH"))).toBe("27.11.2026");
    expect(date(formattingLocale("en", "UK_IRE"))).toBe("27/11/2026");
    expect(date(formattingLocale("es", "US"))).toBe("27/11/2026");
    expect(date(formattingLocale("en", "US"))).toBe("11/27/2026");
    // Without a program, the browser's own tag of that language.
    expect(formattingLocale("de", null, ["fr-CH", "de-AT"])).toBe("de-AT");
  });
});
