import { z } from "zod";
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
    response: richTextDocumentSchema,
  }),
} as const;
