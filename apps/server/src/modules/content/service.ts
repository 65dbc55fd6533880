import {
  acceptLanguageTags,
  type LegalDocumentId,
  negotiatePatientLanguage,
  type PatientLanguage,
  type RichTextDocument,
} from "@openpro/core";
import { legalDocumentTexts } from "./documents.js";
import { legalDocumentTranslations, translatedVersions } from "./documents-translated.js";

/**
 * A legal document in the reader's language (issue 31 §3): the page's choice (`lang`), else the
 * browser's Accept-Language, else English. The installation's own text (apps/server/content/legal/en/*.md, which an
 * operator or hospital replaces with theirs) takes precedence: our translation is served only while
 * the English text is the version it translates; otherwise, and for a document we did not
 * translate, the installation's text is served as it is.
 */
export const legalDocumentIn = (
  documentId: LegalDocumentId,
  wish: { lang?: string | undefined; acceptLanguage?: string | undefined },
  installation: Record<LegalDocumentId, RichTextDocument> = legalDocumentTexts,
) => {
  const own = installation[documentId];
  const language: PatientLanguage = negotiatePatientLanguage({
    chosen: wish.lang,
    browser: acceptLanguageTags(wish.acceptLanguage),
    territory: null,
  });
  const translation = language === "en" ? undefined : legalDocumentTranslations[language][documentId];
  if (translation && translatedVersions[documentId] === `${own.version} ${own.updatedAt}`)
    return { ...own, ...translation, language };
  return { ...own, language: "en" as const };
};
