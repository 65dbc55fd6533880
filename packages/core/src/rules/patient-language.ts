import type { Territory } from "./programs.js";

/**
 * The languages of everything a patient reads (the patient app, the public pages, the e-mails to a
 * patient): issue 31 §3. Staff screens stay in English.
 */
export const patientLanguages = ["en", "de", "fr", "it", "es"] as const;
export type PatientLanguage = (typeof patientLanguages)[number];

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
