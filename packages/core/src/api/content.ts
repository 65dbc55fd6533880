import { z } from "zod";
import { patientLanguages } from "../rules/patient-language.js";
import { endpoint } from "./endpoint.js";

export const legalDocuments = [
  "eula",
  "privacy-policy",
  "terms-conditions",
  "sciensuspro-instructions-for-use",
] as const;
export type LegalDocumentId = (typeof legalDocuments)[number];

/** Rich text as typed blocks, so that no HTML from the server is ever injected into a page. */
export const richTextBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: z.string() }),
  z.object({ type: z.literal("paragraph"), text: z.string() }),
  z.object({ type: z.literal("list"), items: z.array(z.string()) }),
]);
export type RichTextBlock = z.infer<typeof richTextBlockSchema>;

export const richTextDocumentSchema = z.object({
  id: z.enum(legalDocuments),
  title: z.string(),
  version: z.string(),
  updatedAt: z.string(),
  blocks: z.array(richTextBlockSchema),
});
export type RichTextDocument = z.infer<typeof richTextDocumentSchema>;

export const contentApi = {
  document: endpoint({
    method: "GET",
    path: "/api/v1/content/:documentId",
    summary: "A legal document (EULA, privacy policy, terms, instructions for use) as rich text.",
    tags: ["content"],
    auth: false,
    params: z.strictObject({ documentId: z.enum(legalDocuments) }),
    /**
     * The reader's language (en, de, fr, it, es; else the Accept-Language header's): the licence
     * agreement and the privacy policy are served in it when there is a text in it (issue 31 §3).
     */
    query: z.object({ lang: z.string().max(35).optional() }).optional(),
    response: richTextDocumentSchema.extend({
      /** The language the document is in (English when there is none in the reader's). */
      language: z.enum(patientLanguages).optional(),
    }),
  }),
} as const;
