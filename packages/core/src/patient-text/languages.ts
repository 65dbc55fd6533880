/**
 * The languages of everything a patient reads (the patient app, the public pages, the e-mails to a
 * patient): issue 31 §3. Staff screens stay in English. Defined beside the texts, which need nothing
 * else of the rules: rules/ may read patient-text/ (an alert's call line), never the other way.
 */
export const patientLanguages = ["en", "de", "fr", "it", "es"] as const;
export type PatientLanguage = (typeof patientLanguages)[number];
