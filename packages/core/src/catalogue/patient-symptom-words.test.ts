import { describe, expect, it } from "vitest";
import { type PatientLanguage, patientLanguages } from "../rules/patient-language.js";
import { ctcaeCatalogue } from "./ctcae.js";
import {
  englishSymptomWords,
  foldSearchText,
  gradeGroups,
  gradesOfGroup,
  loadSymptomWords,
  orderPatientSymptoms,
  patientGradeChoices,
  patientSymptomName,
  searchPatientSymptoms,
  symptomGradeGroup,
  symptomWordsIn,
} from "./patient-symptom-words.js";

const DYSPNEA = "10013963";
const ALOPECIA = "10001760";
const EPISTAXIS = "10015090";
const PPE = "10054524";
const DIARRHEA = "10012727";
const NAUSEA = "10028813";
const VOMITING = "10047700";
const FATIGUE = "10016256";
const WHEEZING = "10047924";
const ABDOMINAL_PAIN = "10000081";
const HEADACHE = "10019211";
const PALPITATIONS = "10033557";
const NAIL_LOSS = "10049281";
const NAIL_COLOUR = "10028691";

const found = (typed: string) => searchPatientSymptoms(ctcaeCatalogue, typed).map((s) => s.logTypeId);

describe("the symptom catalogue in the patient's own words", () => {
  it("gives every symptom a plain name of its own and at least one search term", () => {
    for (const symptom of ctcaeCatalogue) {
      const words = englishSymptomWords.symptoms[symptom.logTypeId];
      expect(words, `${symptom.name} (${symptom.logTypeId})`).toBeDefined();
      expect(words!.name.trim().length, symptom.name).toBeGreaterThan(0);
      expect(words!.searchTerms.length, symptom.name).toBeGreaterThan(0);
      for (const term of words!.searchTerms) expect(term, symptom.name).toBe(term.toLowerCase());
    }
    // Nothing is named for a code the catalogue does not hold.
    const codes = new Set(ctcaeCatalogue.map((s) => s.logTypeId));
    expect(Object.keys(englishSymptomWords.symptoms).filter((code) => !codes.has(code))).toEqual([]);
    expect(Object.keys(symptomGradeGroup).filter((code) => !codes.has(code))).toEqual([]);
    // Every plain name is different, so a patient can tell two symptoms apart.
    const names = ctcaeCatalogue.map((s) => patientSymptomName(s));
    expect(new Set(names).size).toBe(names.length);
  });

  it("names the symptoms the issue found in CTCAE words as a patient would", () => {
    const nameOf = (code: string) => patientSymptomName(ctcaeCatalogue.find((s) => s.logTypeId === code)!);
    expect(nameOf(DYSPNEA)).toBe("Shortness of breath");
    expect(nameOf(ALOPECIA)).toBe("Hair loss");
    expect(nameOf(EPISTAXIS)).toBe("Nosebleed");
    expect(nameOf(PPE)).toBe("Sore, red or peeling hands or feet");
    // The CTCAE term stays the catalogue's name, for staff, exports and FHIR.
    expect(ctcaeCatalogue.find((s) => s.logTypeId === DYSPNEA)!.name).toBe("Dyspnea");
  });

  it("finds symptoms by the words patients type, in UK and US spelling", () => {
    expect(found("breath")).toEqual(expect.arrayContaining([DYSPNEA, WHEEZING]));
    expect(found("hair")).toEqual([ALOPECIA]);
    expect(found("nosebleed")).toEqual([EPISTAXIS]);
    expect(found("Nosebleeds")).toEqual([EPISTAXIS]);
    expect(found("diarrhoea")).toEqual([DIARRHEA]);
    expect(found("diarrhea")).toEqual([DIARRHEA]);
    expect(found("sick")).toEqual(expect.arrayContaining([NAUSEA, VOMITING]));
    expect(found("tired")).toEqual([FATIGUE]);
    // Several words narrow the search; the CTCAE term still finds its symptom.
    expect(found("short of breath")).toEqual([DYSPNEA]);
    expect(found("dyspnea")).toEqual([DYSPNEA]);
    expect(found("  ")).toHaveLength(ctcaeCatalogue.length);
    expect(found("xylophone")).toEqual([]);
  });

  it("lists the program's prioritised symptoms first, in its order, then the rest by plain name", () => {
    const ordered = orderPatientSymptoms(ctcaeCatalogue, [PPE, DYSPNEA]).map((s) => s.logTypeId);
    expect(ordered.slice(0, 2)).toEqual([PPE, DYSPNEA]);
    const rest = orderPatientSymptoms(ctcaeCatalogue, [PPE, DYSPNEA])
      .slice(2)
      .map((s) => patientSymptomName(s));
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(orderPatientSymptoms(ctcaeCatalogue, [])).toHaveLength(ctcaeCatalogue.length);
  });

  it("offers grade choices in plain words, each the CTCAE grade it is stored as", () => {
    for (const group of gradeGroups) {
      const labels = englishSymptomWords.grades[group];
      for (const grade of gradesOfGroup[group]) expect(labels[grade]?.trim(), `${group} ${grade}`).toBeTruthy();
      expect(new Set(labels).size, group).toBe(labels.length);
    }
    expect(patientGradeChoices(DYSPNEA).map((c) => c.grade)).toEqual([0, 1, 2, 3, 4]);
    expect(patientGradeChoices(DYSPNEA)[2]!.label).toBe("When I do ordinary things, like walking on the flat");
    expect(patientGradeChoices(FATIGUE)[0]!.label).toBe("I don't have it");
    // Hair loss has no grade 3 or 4 in CTCAE: a patient cannot raise a severe-symptom alert with it.
    expect(patientGradeChoices(ALOPECIA).map((c) => c.grade)).toEqual([0, 1, 2]);
  });
});

/** What a patient reading `language` finds by typing `typed`. */
const foundIn = async (language: PatientLanguage, typed: string) =>
  searchPatientSymptoms(ctcaeCatalogue, typed, await loadSymptomWords(language)).map((s) => s.logTypeId);

describe("the symptom words in every patient language", () => {
  it.each(patientLanguages)("%s: every symptom has a plain name, search terms and grade words", async (language) => {
    const words = await loadSymptomWords(language);
    expect(words.language).toBe(language);
    for (const symptom of ctcaeCatalogue) {
      const own = words.symptoms[symptom.logTypeId];
      expect(own, `${language}: ${symptom.name} (${symptom.logTypeId})`).toBeDefined();
      expect(own!.name.trim().length, `${language}: ${symptom.name}`).toBeGreaterThan(0);
      expect(own!.searchTerms.length, `${language}: ${symptom.name}`).toBeGreaterThan(0);
      for (const term of own!.searchTerms) {
        expect(term.trim().length, `${language}: ${symptom.name}`).toBeGreaterThan(0);
        expect(term, `${language}: ${symptom.name}`).toBe(term.toLocaleLowerCase(language));
      }
    }
    const codes = new Set(ctcaeCatalogue.map((s) => s.logTypeId));
    expect(Object.keys(words.symptoms).filter((code) => !codes.has(code))).toEqual([]);
    const names = ctcaeCatalogue.map((s) => patientSymptomName(s, words));
    expect(new Set(names).size, `${language}: two symptoms share a name`).toBe(names.length);
    // Every grade each group offers has its words, and no two choices of a group read alike.
    for (const group of gradeGroups) {
      const labels = words.grades[group];
      expect(labels, `${language} ${group}`).toHaveLength(gradesOfGroup[group].length);
      for (const grade of gradesOfGroup[group])
        expect(labels[grade]?.trim(), `${language} ${group} ${grade}`).toBeTruthy();
      expect(new Set(labels).size, `${language} ${group}`).toBe(labels.length);
    }
    for (const symptom of ctcaeCatalogue) {
      const choices = patientGradeChoices(symptom.logTypeId, words);
      expect(choices.map((c) => c.grade)).toEqual([
        ...gradesOfGroup[symptomGradeGroup[symptom.logTypeId] ?? "general"],
      ]);
      for (const choice of choices) expect(choice.label, `${language} ${symptom.name}`).not.toBe("");
    }
  });

  it("gives each language its own words for the symptoms the issue names, once loaded", async () => {
    const nameIn = async (language: PatientLanguage, code: string) =>
      patientSymptomName(ctcaeCatalogue.find((s) => s.logTypeId === code)!, await loadSymptomWords(language));
    expect(await nameIn("de", DYSPNEA)).toBe("Atemnot");
    expect(await nameIn("de", ALOPECIA)).toBe("Haarausfall");
    expect(await nameIn("de", EPISTAXIS)).toBe("Nasenbluten");
    expect(await nameIn("fr", ALOPECIA)).toBe("Perte de cheveux");
    expect(await nameIn("fr", EPISTAXIS)).toBe("Saignement de nez");
    expect(await nameIn("it", EPISTAXIS)).toBe("Sangue dal naso");
    expect(await nameIn("it", ALOPECIA)).toBe("Perdita di capelli");
    expect(await nameIn("es", DYSPNEA)).toBe("Falta de aire");
    expect(await nameIn("es", ALOPECIA)).toBe("Caída del pelo");
    // Once loaded, the words are there at once (the app renders them without waiting).
    expect(symptomWordsIn("de").language).toBe("de");
    expect(patientGradeChoices(DYSPNEA, symptomWordsIn("fr"))[4]!.label).toBe(
      "Même au repos, et j'ai besoin d'aide tout de suite",
    );
    // A language the app does not have reads English.
    expect(symptomWordsIn("pt")).toBe(englishSymptomWords);
  });

  it.each([
    [
      "en",
      ["breath", "shortness of breath"],
      ["hair", "hair loss"],
      ["nosebleed", "nose bleed"],
      ["diarrhoea", "diarrhea"],
    ],
    [
      "de",
      ["Atemnot", "kurzatmig"],
      ["Haarausfall", "Haare"],
      ["Nasenbluten", "nase blutet"],
      ["Durchfall", "durchfal"],
    ],
    [
      "fr",
      ["essoufflement", "essouflement"],
      ["perte de cheveux", "cheveux"],
      ["saignement de nez", "nez qui saigne"],
      ["diarrhée", "diarée"],
    ],
    [
      "it",
      ["fiato corto", "affanno"],
      ["perdita di capelli", "capelli"],
      ["sangue dal naso", "epistassi"],
      ["diarrea", "diarea"],
    ],
    [
      "es",
      ["falta de aire", "me ahogo"],
      ["caída del pelo", "cabello"],
      ["sangrado por la nariz", "sangrado nasal"],
      ["diarrea", "diarea"],
    ],
  ] as const)(
    "%s: finds breath, hair, nosebleed and diarrhoea in the language's words and in English",
    async (language, breath, hair, nosebleed, diarrhoea) => {
      for (const typed of [...breath, "breath"])
        expect(await foundIn(language, typed), `${language} "${typed}"`).toContain(DYSPNEA);
      for (const typed of [...hair, "hair"])
        expect(await foundIn(language, typed), `${language} "${typed}"`).toEqual([ALOPECIA]);
      for (const typed of [...nosebleed, "nosebleed"])
        expect(await foundIn(language, typed), `${language} "${typed}"`).toEqual([EPISTAXIS]);
      for (const typed of [...diarrhoea, "diarrhoea", "diarrhea"])
        expect(await foundIn(language, typed), `${language} "${typed}"`).toEqual([DIARRHEA]);
      expect(await foundIn(language, "xylophone")).toEqual([]);
    },
  );

  it("ignores accents, case and ligatures, in the language's own way", async () => {
    // Typed without accents, in capitals, or with the accents the patient's keyboard gives.
    expect(await foundIn("fr", "DIARRHEE")).toEqual([DIARRHEA]);
    // "Mal au cœur" is nausea in French: the heart finds both.
    expect(await foundIn("fr", "coeur")).toEqual(expect.arrayContaining([PALPITATIONS, NAUSEA]));
    expect(await foundIn("fr", "cœur")).toEqual(await foundIn("fr", "coeur"));
    expect(await foundIn("es", "caida del pelo")).toEqual([ALOPECIA]);
    expect(await foundIn("es", "CAÍDA")).toEqual([ALOPECIA]);
    expect(await foundIn("es", "unas")).toEqual(expect.arrayContaining([NAIL_COLOUR, NAIL_LOSS]));
    expect(await foundIn("it", "pipi")).toEqual(await foundIn("it", "pipì"));
    // German: an umlaut typed as two letters or without its dots, "ß" as "ss".
    expect(await foundIn("de", "Übelkeit")).toEqual([NAUSEA]);
    expect(await foundIn("de", "uebelkeit")).toEqual([NAUSEA]);
    expect(await foundIn("de", "ubelkeit")).toEqual([NAUSEA]);
    expect(await foundIn("de", "Hand-Fuß-Syndrom")).toEqual([PPE]);
    expect(foldSearchText("Fuß", "de")).toBe(foldSearchText("Fuss", "de"));
    // German joins words: part of a word finds the compound.
    expect(await foundIn("de", "schmerzen")).toEqual(expect.arrayContaining([ABDOMINAL_PAIN, HEADACHE]));
    expect(await foundIn("de", "ausfall")).toEqual([ALOPECIA]);
    // Elsewhere a word is found from its start only: "ventre" is not inside another word.
    expect(foldSearchText("Über", "en")).toBe("uber");
  });
});
