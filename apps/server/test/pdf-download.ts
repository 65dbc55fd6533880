import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { pdfText } from "./pdf.js";

/**
 * Checks that an answer is a PDF downloaded as `fileName` (200, application/pdf, an attachment of
 * that name, a file that starts as a PDF does): its bytes and the text a PDF reader extracts.
 */
export const pdfAttachment = (answer: LightMyRequestResponse, fileName: string) => {
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/pdf");
  expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
  const pdf = answer.rawPayload;
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return { pdf, text: pdfText(pdf) };
};
