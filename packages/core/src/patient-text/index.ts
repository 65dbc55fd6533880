import type { PatientAppKey, PatientCatalogue } from "./en.js";
import type { PublicPageCatalogue, PublicPageKey } from "./en-public.js";
import type { PatientLanguage } from "./languages.js";
import type { SignInTextKey } from "./sign-in.js";

export type { PatientAppKey, PatientCatalogue } from "./en.js";
export type { PublicPageCatalogue, PublicPageKey } from "./en-public.js";
export { type PatientMailKey, patientMailText } from "./mail.js";
export { type SignInTextKey, signInTextKeys } from "./sign-in.js";

/** Every key of the patients' screens: the patient app's (en.ts) and the public pages' own (en-public.ts). */
export type PatientTextKey = PatientAppKey | PublicPageKey;
/** A language's texts as a screen loads them. */
export type PatientTexts = Partial<Record<PatientTextKey, string>>;

/**
 * The patient app's texts in each language, loaded when first needed: a chunk per language (English
 * too), so a patient fetches one language, never five, and the app never the public pages' texts.
 */
export const patientTextLoaders: Record<PatientLanguage, () => Promise<PatientCatalogue>> = {
  en: async () => (await import("./en.js")).en,
  de: async () => (await import("./de.js")).de,
  fr: async () => (await import("./fr.js")).fr,
  it: async () => (await import("./it.js")).it,
  es: async () => (await import("./es.js")).es,
};

/**
 * The patient app's sign-in screen's texts in each language (sign-in.ts), a small chunk per language:
 * the app loads them alone when it opens on its sign-in, and the rest of the language right after.
 */
export const patientSignInTextLoaders: Record<PatientLanguage, () => Promise<Record<SignInTextKey, string>>> = {
  en: async () => (await import("./en-sign-in.js")).enSignIn,
  de: async () => (await import("./de-sign-in.js")).deSignIn,
  fr: async () => (await import("./fr-sign-in.js")).frSignIn,
  it: async () => (await import("./it-sign-in.js")).itSignIn,
  es: async () => (await import("./es-sign-in.js")).esSignIn,
};

/** The public pages' own texts in each language (en-public.ts…), a chunk per language. */
export const publicPageTextLoaders: Record<PatientLanguage, () => Promise<PublicPageCatalogue>> = {
  en: async () => (await import("./en-public.js")).enPublic,
  de: async () => (await import("./de-public.js")).dePublic,
  fr: async () => (await import("./fr-public.js")).frPublic,
  it: async () => (await import("./it-public.js")).itPublic,
  es: async () => (await import("./es-public.js")).esPublic,
};
