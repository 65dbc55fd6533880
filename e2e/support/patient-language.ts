import {
  englishSymptomWords,
  loadSymptomWords,
  type PatientLanguage,
  type PatientTextKey,
  patientServedText,
  patientTextLoaders,
  publicPageTextLoaders,
  type SymptomWords,
} from "@openpro/core";
import type { Page } from "playwright-core";

type Texts = Partial<Record<PatientTextKey, string>>;

/** Every text a patient's screens may show in `language`: the app's, the public pages' own. */
const catalogueIn = async (language: PatientLanguage): Promise<Texts> => ({
  ...(await patientTextLoaders[language]()),
  ...(await publicPageTextLoaders[language]()),
});

/** An ICU message as the screen shows it: quotes unescaped, simple {placeholders} filled in. */
const fill = (message: string, values: Record<string, string | number> = {}) =>
  message.replace(/''/g, "'").replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * A patient's language as the journeys read it: `say` gives a message of the catalogue as the
 * screen shows it (simple placeholders only), `words` the symptom words.
 */
export const patientLanguage = async (language: PatientLanguage) => {
  const texts = await catalogueIn(language);
  const words: SymptomWords = await loadSymptomWords(language);
  return {
    language,
    words,
    say: (key: PatientTextKey, values?: Record<string, string | number>) => {
      const message = texts[key];
      if (message === undefined) throw new Error(`No "${key}" in the ${language} catalogue`);
      return fill(message, values);
    },
  };
};

/**
 * The English a patient of another language must not meet: every text of the English catalogues
 * (the app's and the public pages') whose translation differs (so "OpenPRO" or "OK" are not
 * counted), the parts of a message around its placeholders when long enough to mean something,
 * and the English symptom names and grade choices.
 */
const englishLeftOver = async (language: PatientLanguage): Promise<string[]> => {
  const [english, translated, words] = await Promise.all([
    catalogueIn("en"),
    catalogueIn(language),
    loadSymptomWords(language),
  ]);
  const phrases = new Set<string>();
  for (const [key, message] of Object.entries(english) as [PatientTextKey, string][]) {
    if (!message || translated[key] === message) continue;
    if (message.includes("{")) {
      // "{count, plural, …}" and the like: their words are checked through their static parts.
      for (const part of message.replace(/''/g, "'").split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
        if (part.trim().length >= 12) phrases.add(part.trim());
    } else if (message.length >= 4) phrases.add(fill(message));
  }
  // A name the language writes alike ("Constipation" in French) is that language's too.
  const own = new Set([
    ...Object.values(words.symptoms).map((symptom) => symptom.name),
    ...Object.values(words.grades).flat(),
  ]);
  for (const symptom of Object.values(englishSymptomWords.symptoms))
    if (!own.has(symptom.name)) phrases.add(symptom.name);
  for (const grade of Object.values(englishSymptomWords.grades).flat()) if (!own.has(grade)) phrases.add(grade);
  // The texts the server serves in the patient's language (the default consent, Markdown): each
  // sentence of the English as the screen shows it.
  for (const [key, message] of Object.entries(patientServedText.en) as [keyof typeof patientServedText.en, string][]) {
    if (patientServedText[language][key] === message) continue;
    for (const sentence of message.replace(/\*\*/g, "").split(/\n+|(?<=[.:;])\s+/))
      if (!sentence.includes("{") && sentence.replace(/^- /, "").trim().length >= 12)
        phrases.add(sentence.replace(/^- /, "").trim());
  }
  return [...phrases];
};

/**
 * What a screen shows a person, read and heard: its visible text and the names assistive technology
 * reads (aria-label, title, alt, placeholder; a form field's value is theirs and left out). The
 * parts `staffWritten` selects are left out: a program's own texts (its name, its consent message)
 * are in the language its staff write them in.
 */
const screenText = (page: Page, staffWritten: readonly string[]) =>
  page.evaluate((excluded) => {
    let text = document.body.innerText;
    for (const selector of excluded)
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector)))
        text = text.replace(element.innerText, "");
    const attributes = Array.from(document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")).flatMap(
      (element) =>
        ["aria-label", "title", "alt", "placeholder"]
          .map((name) => element.getAttribute(name))
          .filter((value): value is string => !!value),
    );
    return [document.title, text, ...attributes].join("\n");
  }, staffWritten);

/** The English phrases of the catalogues found on the screen (whole words, case as written). */
export const englishOnScreen = async (
  page: Page,
  language: PatientLanguage,
  staffWritten: readonly string[] = [],
): Promise<string[]> => {
  const text = await screenText(page, staffWritten);
  const literal = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return (await englishLeftOver(language)).filter((phrase) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${literal(phrase)}(?![\\p{L}\\p{N}])`, "u").test(text),
  );
};
