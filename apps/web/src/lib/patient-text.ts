import { setupI18n } from "@lingui/core";
import type { Territory } from "@openpro/core";
import {
  formattingLocale,
  isPatientLanguage,
  negotiatePatientLanguage,
  type PatientLanguage,
  type PatientTextKey,
  type PatientTexts,
  patientLanguageNames,
  patientSignInTextLoaders,
  patientTextLoaders,
  publicPageTextLoaders,
} from "@openpro/core/schema-free";
import { useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "./storage-keys";

/**
 * The language of the patient's screens (the patient app and the public pages), through Lingui's
 * runtime: ICU messages from core's catalogue (compiled at build time by vite.plugins.ts's
 * compiledPatientText, so the browser runs no message parser), one language loaded at a time, English
 * too: an entry shows its first screen once its language is loaded (showPatientLanguage), and the
 * patient app loads the app's texts only, the public pages theirs as well (bench/bundle-size.ts
 * counts that chunk as part of each page).
 * A module-level store, not a React provider: every patient screen (and a shared form a staff
 * screen also shows, in English) reads it without a provider around it.
 */
const i18n = setupI18n({ locale: "en", messages: {} });

/** Which texts this entry loads: the patient app's (the default), or with the public pages' own. */
let withPublicPages = false;
/** The public pages' entry (public-pages-app/main.tsx) loads their texts too, before its first screen. */
export const loadPublicPageTexts = () => {
  withPublicPages = true;
};
const loadTexts = async (language: PatientLanguage): Promise<PatientTexts> =>
  withPublicPages
    ? Object.assign({}, ...(await Promise.all([patientTextLoaders[language](), publicPageTextLoaders[language]()])))
    : patientTextLoaders[language]();
const loaded = new Set<string>();
const textsId = (language: PatientLanguage) => `${language}${withPublicPages ? "+public" : ""}`;

/** The language chosen on this device (before signing in, or when the account has none yet). */
const CHOSEN_KEY = "openpro.patient.language";

interface LanguageState {
  language: PatientLanguage;
  /** Formats dates, times and numbers: the language in the program's region (de-CH, es-US…). */
  locale: string;
  territory: Territory | null;
}

let state: LanguageState = { language: "en", locale: "en", territory: null };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);

export const readChosenLanguage = (): PatientLanguage | null => {
  const stored = readStorage(CHOSEN_KEY);
  return isPatientLanguage(stored) ? stored : null;
};

/**
 * The patient app opened on its sign-in screen (patient-app/main.tsx): its first language loads the
 * sign-in screen's texts alone (core's sign-in.ts, a small chunk), shows them, and fetches the rest
 * of the language right after, so that the sign-in stays within its budget (bench/bundle-size.ts).
 */
let signInFirst = false;
export const loadSignInTextsFirst = () => {
  signInFirst = true;
};

/** The language's whole texts, fetched after its sign-in texts were shown; the screens then render again. */
const loadRest = async (language: PatientLanguage) => {
  const id = textsId(language);
  if (loaded.has(id)) return;
  i18n.load(language, (await loadTexts(language)) as Record<string, string>);
  loaded.add(id);
  state = { ...state };
  for (const listener of listeners) listener();
};

/** Shows the patient's screens in this language (its catalogue fetched first when not yet loaded). */
export const showPatientLanguage = async (language: PatientLanguage, territory: Territory | null = state.territory) => {
  const id = textsId(language);
  if (!loaded.has(id) && signInFirst && !withPublicPages) {
    signInFirst = false;
    i18n.load(language, await patientSignInTextLoaders[language]());
    void loadRest(language).catch(() => undefined);
  } else if (!loaded.has(id)) {
    i18n.load(language, (await loadTexts(language)) as Record<string, string>);
    loaded.add(id);
  }
  const locale = formattingLocale(language, territory, browserLanguages());
  // Lingui formats the numbers inside messages (a plural's #) in the region's locale too.
  i18n.activate(language, [locale]);
  state = { language, territory, locale };
  if (typeof document !== "undefined") document.documentElement.lang = language;
  for (const listener of listeners) listener();
};

/** The patient chose a language with the switch: shown now and remembered on this device. */
export const choosePatientLanguage = async (language: PatientLanguage) => {
  writeStorage(CHOSEN_KEY, language);
  await showPatientLanguage(language);
};

/**
 * The language to show: the account's or this device's choice, else the browser's languages within
 * the program territory's (core's negotiatePatientLanguage). Called at start (no program known yet)
 * and again once the program, or the account, is known.
 */
export const settlePatientLanguage = async ({
  territory = state.territory,
  account = null,
}: {
  territory?: Territory | null;
  account?: string | null;
} = {}) => {
  const language = negotiatePatientLanguage({
    chosen: account ?? readChosenLanguage(),
    browser: browserLanguages(),
    territory,
  });
  if (language !== state.language || territory !== state.territory || !loaded.has(textsId(language)))
    await showPatientLanguage(language, territory);
};

/** Whether the language shown has a text for `key` (a code from the server may have none). */
export const hasPatientText = (key: string): key is PatientTextKey => key in (i18n.messages ?? {});

/** The message of `key` in the language shown, its {placeholders} filled in. */
export const t = (key: PatientTextKey, values?: Record<string, string | number>): string => i18n._(key, values);

const formats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (options: Intl.DateTimeFormatOptions) => {
  const id = `${state.locale} ${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(state.locale, options);
    formats.set(id, format);
  }
  return format;
};
/** A day (YYYY-MM-DD) at noon, so that no time zone moves it; an instant as it is. */
const instant = (value: string | Date) =>
  typeof value === "string" ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value) : value;
const formatWith = (options: Intl.DateTimeFormatOptions) => (value: string | Date) => {
  const at = instant(value);
  return Number.isNaN(at.getTime()) ? "" : dateFormat(options).format(at);
};

/** 27.11.2026 (de-CH), 27 Nov 2026 (en-GB), Nov 27, 2026 (en-US). */
export const formatDate = formatWith({ dateStyle: "medium" });
/** 27.11.2026, 08:15 (de-CH). */
export const formatDateTime = formatWith({ dateStyle: "medium", timeStyle: "short" });
export const formatTime = formatWith({ hour: "2-digit", minute: "2-digit" });
/** A calendar day as a heading: "Friday 27 November", "Freitag, 27. November". */
export const formatDay = formatWith({ weekday: "long", day: "numeric", month: "long" });
export const formatNumber = (value: number, maximumFractionDigits = 1) =>
  new Intl.NumberFormat(state.locale, { maximumFractionDigits }).format(value);
/** A measurement with its unit as the locale writes it: 38,2 °C (fr-CH), 38.2°C (en-GB), 70.5 kg. */
export const formatUnit = (
  value: number,
  unit: "celsius" | "fahrenheit" | "kilogram" | "pound",
  maximumFractionDigits = 1,
) => new Intl.NumberFormat(state.locale, { style: "unit", unit, maximumFractionDigits }).format(value);

/** A language's name in the language shown ("Englisch" on a German screen), else in itself. */
export const languageName = (language: PatientLanguage): string => {
  try {
    return new Intl.DisplayNames([state.locale], { type: "language" }).of(language) ?? patientLanguageNames[language];
  } catch {
    return patientLanguageNames[language];
  }
};

/**
 * The mark beside a text of the care team shown in another language than the patient's (none
 * written in theirs: issue 31 §3), "(auf Englisch)"; null when the text is in the language shown.
 */
export const otherLanguageMark = (language: PatientLanguage | undefined): string | null =>
  !language || language === state.language ? null : t("inLanguage", { language: languageName(language) });

const currentState = () => state;
/** The language shown, outside React. */
export const patientLanguageNow = (): PatientLanguage => state.language;

/**
 * The language shown, for the root of a patient entry: it keys its tree by the language, so every
 * screen renders again in a new language (the texts above are read at render, not subscribed one
 * by one), and for the switch.
 */
export const usePatientLanguage = (): Readonly<LanguageState> =>
  useSyncExternalStore(subscribe, currentState, currentState);
