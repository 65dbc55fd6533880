import { describe, expect, it } from "vitest";
import { ctcaeCatalogue } from "./ctcae.js";
import {
  englishSymptomWords,
  gradeGroups,
  gradesOfGroup,
  orderPatientSymptoms,
  patientGradeChoices,
  patientSymptomName,
  searchPatientSymptoms,
  symptomGradeGroup,
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
