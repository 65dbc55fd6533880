import type { PatientLanguage } from "../rules/patient-language.js";
import { en, type PatientCatalogue } from "./en.js";

export { en as englishPatientText, type PatientCatalogue, type PatientTextKey } from "./en.js";
export { type PatientMailKey, patientMailText } from "./mail.js";

/**
 * Each language's catalogue, loaded when it is first needed: English is in every bundle, the others
 * are chunks of their own (a patient fetches one language, never five).
 */
export const patientTextLoaders: Record<PatientLanguage, () => Promise<PatientCatalogue>> = {
  en: async () => en,
  de: async () => (await import("./de.js")).de,
  fr: async () => (await import("./fr.js")).fr,
  it: async () => (await import("./it.js")).it,
  es: async () => (await import("./es.js")).es,
};
