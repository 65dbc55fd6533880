import { logsApi, reportsApi } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { legalDocumentTexts } from "./documents.js";

/**
 * A clinical document must never describe what the product does not do: each feature the
 * Instructions for Use name is served by the running API.
 */
describe("the Instructions for Use describe only what exists", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const text = JSON.stringify(legalDocumentTexts["sciensuspro-instructions-for-use"]).toLowerCase();
  /** A phrase of the document, and the endpoints that make it true. */
  const features = [
    { phrase: "acknowledge", endpoints: [logsApi.validate, logsApi.revalidate] },
    { phrase: "highlighted", endpoints: [reportsApi.participantReport] },
    { phrase: "temperature", endpoints: [logsApi.upload, reportsApi.participantReport] },
  ];

  it("serves every feature the document names", () => {
    for (const { phrase, endpoints } of features) {
      if (!text.includes(phrase)) continue;
      for (const e of endpoints)
        expect(t.app.hasRoute({ method: e.method, url: e.path }), `${phrase}: ${e.path}`).toBe(true);
    }
  });

  it("names acknowledgement, so the check above is not empty", () => {
    expect(text).toContain("acknowledge");
  });
});
