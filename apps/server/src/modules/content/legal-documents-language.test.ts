import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.js";
import { legalDocumentTexts } from "./documents.js";
import { legalDocumentIn } from "./service.js";

/** Issue 31 §3: the licence agreement and privacy policy a patient accepts, in the patient's language. */
describe("the legal texts a patient accepts, in the patient's language", () => {
  let t: TestApp;
  const document = (id: string, query = "", headers: Record<string, string> = {}) =>
    t.request({ method: "GET", url: `/api/v1/content/${id}${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves the licence agreement and the privacy policy in the language the page asks for", async () => {
    const eula = await document("eula", "?lang=de");
    expect(eula.statusCode).toBe(200);
    expect(eula.json()).toMatchObject({ id: "eula", title: "Lizenzvereinbarung", language: "de", version: "1.0" });
    expect((await document("privacy-policy", "?lang=fr")).json()).toMatchObject({
      title: "Politique de confidentialité",
      language: "fr",
    });
    // No choice on the page: the browser's languages; none of ours: English.
    expect((await document("privacy-policy", "", { "accept-language": "pt-BR,it;q=0.8" })).json()).toMatchObject({
      title: "Informativa sulla privacy",
      language: "it",
    });
    expect((await document("eula", "?lang=klingon")).json()).toMatchObject({
      title: "End User Licence Agreement",
      language: "en",
    });
  });

  it("keeps every block of the English, in its order and kind, in each translation", async () => {
    for (const id of ["eula", "privacy-policy"] as const)
      for (const lang of ["de", "fr", "it", "es"]) {
        const translated = (await document(id, `?lang=${lang}`)).json();
        const shape = (blocks: { type: string; items?: string[] }[]) =>
          blocks.map((b) => `${b.type}${b.items ? b.items.length : ""}`);
        expect(shape(translated.blocks), `${id} ${lang}`).toEqual(shape(legalDocumentTexts[id].blocks));
      }
  });

  it("leaves the staff's documents in English whatever the browser's language", async () => {
    expect(
      (await document("sciensuspro-instructions-for-use", "", { "accept-language": "de-CH" })).json(),
    ).toMatchObject({ title: "Instructions for Use", language: "en" });
  });

  it("serves a hospital's own text over our translation of the text it replaced", () => {
    const hospital = {
      ...legalDocumentTexts,
      "privacy-policy": {
        ...legalDocumentTexts["privacy-policy"],
        title: "Privacy notice of Lakeside Hospital",
        version: "2.3",
        updatedAt: "2026-12-01T00:00:00.000Z",
      },
    };
    expect(legalDocumentIn("privacy-policy", { lang: "de" }, hospital)).toMatchObject({
      title: "Privacy notice of Lakeside Hospital",
      version: "2.3",
      language: "en",
    });
    // Its licence agreement is still ours: translated.
    expect(legalDocumentIn("eula", { lang: "de" }, hospital)).toMatchObject({ title: "Lizenzvereinbarung" });
  });
});
