import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LegalDocumentId, legalDocuments, type RichTextDocument } from "@openpro/core";
import { type FrontMatterField, parseMarkdownDocument } from "./markdown.js";

/**
 * The legal texts of an OpenPRO installation, read once at start-up from Markdown files in
 * apps/server/content/legal/<language>/<documentId>.md: en/ holds the installation's own texts,
 * the other languages our translations (documents-translated.ts). An operator or a hospital
 * replaces the files with their own and restarts (docs/translations.md says how they are written);
 * a file that cannot be read as a legal text stops the start with its path and line.
 */
export const legalTextsFolder = (() => {
  // The package's folder, from src/modules/content (tsx, vitest) as from the bundle in dist/ (`npm start`).
  const start = dirname(fileURLToPath(import.meta.url));
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@openpro/server")
      return join(folder, "content", "legal");
    if (dirname(folder) === folder) throw new Error(`The folder of @openpro/server was not found above ${start}`);
  }
})();

/** The documents a language's folder holds, in legalDocuments' order; any other file stops the start. */
export const legalTextsIn = (language: string): LegalDocumentId[] => {
  const folder = join(legalTextsFolder, language);
  const files = existsSync(folder) ? readdirSync(folder) : [];
  const unknown = files.filter((file) => !legalDocuments.some((id) => file === `${id}.md`));
  if (unknown.length > 0)
    throw new Error(
      `${folder}: ${unknown.join(", ")} is no legal text: the files are named ${legalDocuments.map((id) => `${id}.md`).join(", ")}`,
    );
  return legalDocuments.filter((id) => files.includes(`${id}.md`));
};

export const readLegalText = <K extends string>(
  language: string,
  documentId: LegalDocumentId,
  fields: Record<K, FrontMatterField>,
) => {
  const file = join(legalTextsFolder, language, `${documentId}.md`);
  return parseMarkdownDocument(readFileSync(file, "utf8"), { source: file, fields });
};

const present = legalTextsIn("en");
const englishText = (id: LegalDocumentId): RichTextDocument => {
  if (!present.includes(id))
    throw new Error(`${join(legalTextsFolder, "en", `${id}.md`)}: the English text is missing`);
  const { fields, blocks } = readLegalText("en", id, { title: "text", version: "text", updatedAt: "instant" });
  return { id, title: fields.title, version: fields.version, updatedAt: fields.updatedAt, blocks };
};

export const legalDocumentTexts = Object.fromEntries(legalDocuments.map((id) => [id, englishText(id)])) as Record<
  LegalDocumentId,
  RichTextDocument
>;
