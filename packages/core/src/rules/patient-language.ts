import { type PatientLanguage, patientLanguages } from "../patient-text/languages.js";
import type { Territory } from "./programs.js";

export { type PatientLanguage, patientLanguages };

export const isPatientLanguage = (value: unknown): value is PatientLanguage =>
  typeof value === "string" && (patientLanguages as readonly string[]).includes(value);

/** Each language's name in itself: what the language switch lists (a patient finds their own). */
export const patientLanguageNames: Record<PatientLanguage, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  it: "Italiano",
  es: "Español",
};

/** The languages offered in a program's territory, the program's default first. */
export const territoryLanguages: Record<Territory, readonly PatientLanguage[]> = {
  UK_IRE: ["en"],
  US: ["en", "es"],
  CH: ["de", "fr", "it", "en"],
};

/** The languages a patient may choose from: the territory's, or all when the program is not known yet. */
export const offeredLanguages = (territory: Territory | null | undefined): readonly PatientLanguage[] =>
  territory ? territoryLanguages[territory] : patientLanguages;

/**
 * The language a patient reads: their own choice (the account's, or the one made on this device)
 * when it is offered, else the first of the browser's languages that is offered, else the
 * program's default. A choice outside the territory (a patient of a Swiss program who chose Spanish
 * in a US one) gives way to the territory's languages: there are no texts of the program's staff
 * in it.
 */
export const negotiatePatientLanguage = ({
  chosen,
  browser,
  territory,
}: {
  chosen?: string | null;
  /** navigator.languages, most preferred first (e.g. "fr-CH", "de"). */
  browser: readonly string[];
  territory?: Territory | null;
}): PatientLanguage => {
  const offered = offeredLanguages(territory);
  if (isPatientLanguage(chosen) && offered.includes(chosen)) return chosen;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isPatientLanguage(primary) && offered.includes(primary)) return primary;
  }
  return offered[0] ?? "en";
};

const territoryRegions: Record<Territory, string> = { UK_IRE: "GB", US: "US", CH: "CH" };

/**
 * The locale that formats dates, times, numbers and units (Intl): the language in the program's
 * region, so a Swiss patient reading French sees 27.11.2026 and 38,2 °C (CLDR's fr-CH) and one
 * reading German 27.11.2026 and 38.2 °C (CLDR's de-CH, the Swiss German usage). Without a program,
 * the browser's own tag when it is of that language.
 */
export const formattingLocale = (
  language: PatientLanguage,
  territory: Territory | null | undefined,
  browser: readonly string[] = [],
): string => {
  if (territory) return `${language}-${territoryRegions[territory]}`;
  const own = browser.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language);
  return own ?? language;
};

/**
 * A text the program's staff write (consent message, care-team guidance) given per language
 * (issue 31 §3): language → text. The text without a language is the one in the program's default
 * language (its territory's first).
 */
export type StaffTextTranslations = Partial<Record<PatientLanguage, string>>;

/** The program's default language: its territory's first (the language its staff write in). */
export const programDefaultLanguage = (territory: Territory): PatientLanguage =>
  territoryLanguages[territory][0] ?? "en";

/**
 * A staff-written text as a patient reads it: the program's text in the patient's language when it
 * gave one, else its text in the program's default language, with the language it is in (the page
 * marks a text that is not in the patient's language, and sets its `lang`). Null when there is none.
 */
export const staffTextIn = (
  language: PatientLanguage,
  territory: Territory,
  text: string | null | undefined,
  translations: StaffTextTranslations | null | undefined,
): { text: string; language: PatientLanguage } | null => {
  const own = translations?.[language]?.trim();
  if (own) return { text: own, language };
  const defaultLanguage = programDefaultLanguage(territory);
  const fallback = text?.trim() ? text : translations?.[defaultLanguage]?.trim();
  return fallback ? { text: fallback, language: defaultLanguage } : null;
};

/** The languages of an Accept-Language header, most preferred first ("de-CH,de;q=0.9,en;q=0.5"). */
export const acceptLanguageTags = (header: string | undefined): string[] =>
  (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = Number(
        rest
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
