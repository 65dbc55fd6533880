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
import type { Db } from "../../db/kysely.js";

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

/**
 * The language of the e-mails to an account: a patient's choice (users.language) within the territory
 * of `programId`, else of the program they joined last; English for staff (their screens are English).
 */
export const accountMailLanguage = async (db: Db, userId: string, programId?: string): Promise<PatientLanguage> => {
  const user = await db.selectFrom("users").select(["language", "scope"]).where("id", "=", userId).executeTakeFirst();
  if (user?.scope !== "patient") return "en";
  const program = programId
    ? await db.selectFrom("programs").select("territory").where("id", "=", programId).executeTakeFirst()
    : await db
        .selectFrom("programPatients as pp")
        .innerJoin("programs as p", "p.id", "pp.programId")
        .select("p.territory")
        .where("pp.userId", "=", userId)
        .orderBy("pp.createdAt", "desc")
        .limit(1)
        .executeTakeFirst();
  return patientMailLanguage(user.language, program?.territory ?? null);
};
