import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type LegalDocumentId, type PatientLanguage, patientLanguages, type RichTextDocument } from "@openpro/core";
import { legalTextsFolder, legalTextsIn, readLegalText } from "./documents.js";

/**
 * Our translations of the legal texts a patient accepts (issue 31 §3): the licence agreement and
 * the privacy policy, for the patients' languages other than English, in
 * apps/server/content/legal/<language>/. Our own words, reviewed as docs/translations.md says. Each
 * translates one version of the English text (its front matter's translatesVersion and
 * translatesUpdatedAt): it is served only while that version is the one served, so a hospital's own
 * text (a new version) takes precedence over our translation of the old one until the hospital
 * gives its own translations.
 */
type Translated = Partial<Record<LegalDocumentId, Omit<RichTextDocument, "id" | "version" | "updatedAt">>>;
type TranslationLanguage = Exclude<PatientLanguage, "en">;

const languages = patientLanguages.filter((language): language is TranslationLanguage => language !== "en");
const strangers = readdirSync(legalTextsFolder).filter(
  (entry) => !(patientLanguages as readonly string[]).includes(entry),
);
if (strangers.length > 0)
  throw new Error(
    `${legalTextsFolder}: ${strangers.join(", ")} is no patient language: the folders are ${patientLanguages.join(", ")}`,
  );

const translations = languages.flatMap((language) =>
  legalTextsIn(language).map((id) => {
    const { fields, blocks } = readLegalText(language, id, {
      title: "text",
      translatesVersion: "text",
      translatesUpdatedAt: "instant",
    });
    const file = join(legalTextsFolder, language, `${id}.md`);
    const version = `${fields.translatesVersion} ${fields.translatesUpdatedAt}`;
    return { language, id, file, version, text: { title: fields.title, blocks } };
  }),
);

export const legalDocumentTranslations = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(translations.filter((t) => t.language === language).map((t) => [t.id, t.text])),
  ]),
) as Record<TranslationLanguage, Translated>;

/** The English version each document's translations translate (en/<documentId>.md's version and updatedAt). */
export const translatedVersions: Partial<Record<LegalDocumentId, string>> = {};
for (const { id, file, version } of translations) {
  // One English version per document: its translations are served, or not, together.
  const first = translations.find((t) => t.id === id);
  if (first && first.version !== version)
    throw new Error(
      `${file} translates version ${version} of ${id} but ${first.file} translates ${first.version}: all translations of a document translate the same English version`,
    );
  translatedVersions[id] = version;
}
