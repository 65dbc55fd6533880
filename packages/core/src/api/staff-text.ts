import { z } from "zod";
import { messages } from "../messages.js";
import { patientLanguages } from "../rules/patient-language.js";

/**
 * A staff-written text given per language (issue 31 §3), beside the text in the program's default
 * language: { de: "…", fr: "…" }. Only the patients' languages; an empty text leaves that language
 * out (the patient then reads the default language's, marked). Optional on every contract, so an
 * older client that sends none changes none.
 */
export const staffTextTranslationsInput = (max: number) =>
  z.partialRecord(z.enum(patientLanguages), z.string().trim().max(max, messages.maxLength(max)));

/** The per-language texts as stored and answered (languages with a text only). */
export const staffTextTranslationsSchema = z.partialRecord(z.enum(patientLanguages), z.string());

/** Drops the languages left empty: what is stored. */
export const filledTranslations = (translations: Partial<Record<string, string>>): Partial<Record<string, string>> =>
  Object.fromEntries(Object.entries(translations).filter(([, text]) => !!text?.trim()));
