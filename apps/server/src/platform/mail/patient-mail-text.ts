import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import {
  negotiatePatientLanguage,
  type PatientLanguage,
  type PatientMailKey,
  patientLanguages,
  patientMailText,
  type Territory,
} from "@openpro/core";

/** One Lingui instance per language, its messages compiled once (the server may compile at run time). */
const instances = new Map<PatientLanguage, I18n>();
const instanceFor = (language: PatientLanguage) => {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n().setMessagesCompiler(compileMessage);
    i18n.load(language, patientMailText[language]);
    i18n.activate(language);
    instances.set(language, i18n);
  }
  return i18n;
};

/**
 * The language of an e-mail to a patient: their account's choice when their program's territory
 * offers it, else the territory's default (a patient who never chose gets the program's language).
 */
export const patientMailLanguage = (account: string | null | undefined, territory: Territory | null | undefined) =>
  negotiatePatientLanguage({ chosen: account, browser: [], territory });

/** The texts of a patient's e-mail in `language`, {placeholders} filled in. */
export const patientMail = (language: PatientLanguage) => {
  const i18n = instanceFor(patientLanguages.includes(language) ? language : "en");
  return (key: PatientMailKey, values?: Record<string, string | number>) => i18n._(key, values);
};
