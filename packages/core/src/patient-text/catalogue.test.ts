import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { patientLanguages } from "../rules/patient-language.js";
import { en } from "./en.js";
import { enPublic } from "./en-public.js";
import { englishPatientText } from "./english.js";
import { patientMailText, patientTextLoaders, publicPageTextLoaders } from "./index.js";
import { patientServedText } from "./served.js";

/** A language's whole catalogue: the app's texts and the public pages' own. */
const loadAll = async (language: (typeof patientLanguages)[number]) => ({
  ...(await patientTextLoaders[language]()),
  ...(await publicPageTextLoaders[language]()),
});

/** The {arguments} a message fills in (plural arguments included), from Lingui's compiled form. */
const argumentsOf = (message: string): string[] => {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      if (typeof node[0] === "string" && node.length >= 1 && node.length <= 3 && !Array.isArray(node[0])) {
        if (node.length === 1 || typeof node[1] === "string") found.add(node[0]);
      }
      for (const child of node) walk(child);
    } else if (node && typeof node === "object") for (const child of Object.values(node)) walk(child);
  };
  for (const part of compileMessage(message) as unknown[]) if (typeof part !== "string") walk(part);
  found.delete("#");
  return [...found].sort();
};

describe("the patients' catalogue in every language", () => {
  it.each(patientLanguages)(
    "%s has every English key, no other, each a valid ICU message filling in the same arguments",
    async (language) => {
      // Each file has its English file's keys, no other (a key in the wrong file is missing where it is read).
      expect(Object.keys(await patientTextLoaders[language]()).sort()).toEqual(Object.keys(en).sort());
      expect(Object.keys(await publicPageTextLoaders[language]()).sort()).toEqual(Object.keys(enPublic).sort());
      const catalogue = await loadAll(language);
      for (const [key, message] of Object.entries(catalogue)) {
        expect(message.trim(), `${language}.${key} is empty`).not.toBe("");
        expect(() => compileMessage(message), `${language}.${key}`).not.toThrow();
        expect(argumentsOf(message), `${language}.${key}`).toEqual(
          argumentsOf(englishPatientText[key as keyof typeof englishPatientText]),
        );
      }
    },
  );

  it.each(patientLanguages.filter((language) => language !== "en"))(
    "%s is translated: its sentences are not the English ones",
    async (language) => {
      const catalogue = await loadAll(language);
      // Names, units and symbols read the same in every language (and a plural of units may: "# minutes"); whole sentences must not.
      const sentences = Object.entries(englishPatientText).filter(
        ([, message]) => message.split(" ").length >= 3 && !message.includes("plural"),
      );
      const untranslated = sentences.filter(
        ([key, message]) => catalogue[key as keyof typeof englishPatientText] === message,
      );
      expect(untranslated.map(([key]) => key)).toEqual([]);
    },
  );

  it("keeps its plurals by each language's rules (one entry, several entries)", async () => {
    const de = await patientTextLoaders.de();
    expect(argumentsOf(de.waitingToSend)).toEqual(["count"]);
    expect(de.waitingToSend).toMatch(/one \{# Eintrag/);
    expect(de.waitingToSend).toMatch(/other \{# Einträge/);
  });
});

describe("the e-mails to patients in every language", () => {
  it.each(patientLanguages)(
    "%s has every English key, each a valid ICU message filling in the same arguments",
    (language) => {
      const mail = patientMailText[language];
      expect(Object.keys(mail).sort()).toEqual(Object.keys(patientMailText.en).sort());
      for (const [key, message] of Object.entries(mail)) {
        expect(message.trim(), `${language}.${key} is empty`).not.toBe("");
        expect(() => compileMessage(message), `${language}.${key}`).not.toThrow();
        expect(argumentsOf(message), `${language}.${key}`).toEqual(
          argumentsOf(patientMailText.en[key as keyof typeof patientMailText.en]),
        );
        if (language !== "en" && message.split(" ").length >= 3)
          expect(message, `${language}.${key} is the English`).not.toBe(
            patientMailText.en[key as keyof typeof patientMailText.en],
          );
      }
    },
  );
});

describe("the texts the server serves to patients in every language", () => {
  it.each(patientLanguages)("%s has every English key, each a valid ICU message, translated", (language) => {
    const served = patientServedText[language];
    expect(Object.keys(served).sort()).toEqual(Object.keys(patientServedText.en).sort());
    for (const [key, message] of Object.entries(served)) {
      const english = patientServedText.en[key as keyof typeof patientServedText.en];
      expect(message.trim(), `${language}.${key} is empty`).not.toBe("");
      expect(() => compileMessage(message), `${language}.${key}`).not.toThrow();
      expect(argumentsOf(message), `${language}.${key}`).toEqual(argumentsOf(english));
      if (language !== "en") expect(message, `${language}.${key} is the English`).not.toBe(english);
    }
  });
});
